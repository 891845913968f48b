"""What `hrdeck build` can write, by name: each print target and how it writes its files.

TARGETS keeps the order `all` writes them in; a new target is one `register_target` call. The
print engine (and so reportlab) is imported only when a target is written, so naming and
checking targets stays cheap.

A base game may also have sheets of its own printed beside its cards (What the Rule?!'s score
sheet): GAME_SHEETS, by game, each written once for every paper the build prints on, as the
rulebook is. A game's sheets are registered by the module its declaration names for its
printing (see `engine.games`), loaded when they are first asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from engine.games import load_part
from generator.pipeline.cmyk_target import CMYK_TARGET
from generator.printing.reports import MissingGlyphs, Overflow, SheetSummary
from generator.printing.sheet_rules import RULES

if TYPE_CHECKING:
    from generator.deck import LoadedDeck
    from generator.pipeline.sheet_options import SheetOptions
    from generator.printing.faces import CardBack, CardFace


@dataclass(frozen=True, slots=True)
class Written:
    path: Path
    what: str
    pages: int | None
    size: int
    unit: str = ""  # the target ("pnp-a4") or rulebook ("rulebook-a4") that wrote it
    kept: bool = False  # left as the last build wrote it: nothing it depends on changed
    problems: tuple[str, ...] = ()  # text that did not fit or glyphs missing in it


@dataclass(frozen=True, slots=True, kw_only=True)
class Job:
    """What a target writes: a deck's cards, into `folder`, in files named after `ident`."""

    folder: Path
    ident: str
    deck_name: str
    size: str  # the card size's name
    fronts: Sequence[CardFace]
    backs: Sequence[CardBack]
    sheets: SheetOptions
    say: Callable[[str], None]


# Writes a target's files and returns what it wrote and the problems found (each described once).
Writer = Callable[["PrintTarget", Job], tuple[list[Written], tuple[str, ...]]]


@dataclass(frozen=True, slots=True, kw_only=True)
class PrintTarget:
    name: str
    description: str
    write: Writer
    default: bool = False  # written when the build names no target
    paper: str | None = None  # a print-and-play target's paper, which its sheets must fit


TARGETS: dict[str, PrintTarget] = {}


def register_target(target: PrintTarget) -> None:
    """Add `target` after those already known; a name is registered once."""
    if target.name in TARGETS:
        raise ValueError(f'There is already a build target called "{target.name}".')
    TARGETS[target.name] = target


def unregister_target(name: str) -> None:
    """Forget a target (a test's game's)."""
    TARGETS.pop(name, None)


def default_targets() -> tuple[str, ...]:
    """The targets written when none is named, in registry order."""
    return tuple(name for name, target in TARGETS.items() if target.default)


def _write_pnp(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
    from generator.printing import write_pnp

    paper = target.paper
    if paper is None:
        raise ValueError(f"The target {target.name} names no paper for its sheets.")
    job.say(f"print-and-play sheets, {paper.upper() if paper == 'a4' else 'US Letter'}")
    sheet = write_pnp(job.folder / f"{job.ident}-{target.name}.pdf", job.fronts, job.backs,
                      paper=paper, size=job.size, deck_name=job.deck_name,
                      per_page=job.sheets.per_page, back_offset_mm=job.sheets.back_offset_mm)
    problems = described(sheet.overflow, sheet.missing_glyphs)
    return [Written(sheet.path, _sheet_words(sheet, job.sheets), sheet.pages, sheet.file_bytes,
                    target.name, problems=problems)], problems


def _write_shop_pdf(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
    from generator.printing import write_shop_pdf

    job.say("print-shop PDF (DriveThruCards-style)")
    shop = write_shop_pdf(job.folder / f"{job.ident}-{target.name}.pdf", job.fronts, job.backs,
                          profile=target.name, deck_name=job.deck_name)
    problems = described(shop.overflow, shop.missing_glyphs)
    return [Written(path, f"print shop: one side a page, {shop.card_size}, bleed "
                    f"{shop.bleed_mm:g} mm, {shop.order} order", shop.pages,
                    path.stat().st_size, target.name, problems=problems)
            for path in shop.paths], problems


def _write_shop_pngs(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
    from generator.printing import write_shop_pngs

    job.say(f"print-shop PNGs ({target.name.upper()})")
    pngs = write_shop_pngs(job.folder / f"{job.ident}-{target.name}", job.fronts, job.backs,
                           profile=target.name)
    total = sum((pngs.directory / file).stat().st_size for file in pngs.files)
    problems = described(pngs.overflow, pngs.missing_glyphs)
    return [Written(
        pngs.directory, f"{pngs.fronts} fronts and {pngs.backs} distinct backs as "
        f"PNGs of {pngs.pixels[0]} × {pngs.pixels[1]} px ({pngs.profile}); README.txt "
        f"says which back goes with which front", None, total, target.name,
        problems=problems)], problems


def _write_cmyk_pdf(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
    """The shop PDF in CMYK as one PDF/X-1a file, preflighted (see cmyk_target)."""
    from generator.printing.inks import InkOptions, find_inks
    from generator.printing.pdfx import PDFX_CONFORMANCE, write_pdfx

    job.say("print-shop PDF in CMYK (PDF/X-1a)")
    inks = find_inks(job.sheets.inks or InkOptions())
    pdfx = write_pdfx(job.folder / f"{job.ident}-{target.name}.pdf", job.fronts, job.backs,
                      inks=inks, deck_name=job.deck_name)
    problems = described(pdfx.overflow, pdfx.missing_glyphs)
    return [Written(pdfx.path, f"print shop in CMYK: {PDFX_CONFORMANCE} through "
                    f"{pdfx.profile}, ink at most {pdfx.ink_limit:g}%; one side a page, "
                    f"{pdfx.card_size}, bleed {pdfx.bleed_mm:g} mm", pdfx.pages,
                    pdfx.file_bytes, target.name, problems=problems)], problems


def _write_tts(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
    from generator.pipeline.publish import published_path
    from generator.printing.tts import write_tts

    job.say("Tabletop Simulator sheets")
    tts = write_tts(job.folder / f"{job.ident}-tts", job.fronts, job.backs, ident=job.ident,
                    deck_name=job.deck_name, size=job.size, base_url=job.sheets.tts_url,
                    image_folder=published_path(job.folder) / f"{job.ident}-tts")
    where = (f"at {job.sheets.tts_url}" if job.sheets.tts_url else
             "on this computer (file:///)")
    problems = described(tts.overflow, tts.missing_glyphs)
    return [Written(
        tts.directory, f"Tabletop Simulator: {tts.cards} cards in {tts.decks} deck(s), one "
        f"per back, on {tts.sheets} face sheet(s) of {tts.pixels[0]} × {tts.pixels[1]} px "
        f"cards, the images named {where}; {job.ident}.json goes in TTS's Saved Objects "
        "(README.txt says where, and how to play online)", None, tts.file_bytes,
        target.name, problems=problems)], problems


def _write_vtt(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
    from generator.printing.vtt import VTT_DPI, write_vtt

    job.say("card pictures for virtual tables")
    vtt = write_vtt(job.folder / f"{job.ident}-vtt", job.fronts, job.backs, ident=job.ident,
                    deck_name=job.deck_name, size=job.size)
    problems = described(vtt.overflow, vtt.missing_glyphs)
    return [Written(
        vtt.directory, f"virtual tables: {vtt.images} card pictures and {vtt.backs} back(s) "
        f"of {vtt.pixels[0]} × {vtt.pixels[1]} px ({VTT_DPI} dpi, trim only); "
        f"manifest.json lists the {vtt.cards} cards", None, vtt.file_bytes, target.name,
        problems=problems)], problems


def _sheet_words(sheet: SheetSummary, sheets: SheetOptions) -> str:
    """E.g. "home printing, 8-up: ... (the most that fit with every mark inside a 5 mm
    printer margin); backs moved +1 mm across and +0 mm up"."""
    from generator.printing.sheets import back_offset_note

    chosen = ("as asked" if sheets.per_page is not None else
              f"the most that fit with every mark and word inside a "
              f"{RULES.printer_margin_mm:g} mm printer margin")
    moved = back_offset_note(sheet.back_offset_mm)
    return f"home printing, {sheet.layout} ({chosen})" + (f"; backs {moved}" if moved else "")


def described(overflow: Sequence[Overflow], missing: Sequence[MissingGlyphs]
              ) -> tuple[str, ...]:
    """Text that did not fit and glyphs missing, each described once, sorted."""
    return tuple(sorted({item.describe() for item in overflow}
                        | {item.describe() for item in missing}))


for _target in (
    PrintTarget(name="pnp-a4", description="print-and-play sheets on A4, backs mirrored for "
                "double-sided printing", write=_write_pnp, default=True, paper="a4"),
    PrintTarget(name="pnp-letter", description="print-and-play sheets on US Letter, backs "
                "mirrored for double-sided printing", write=_write_pnp, default=True,
                paper="letter"),
    PrintTarget(name="dtc", description="a print-shop PDF, one side a page with bleed "
                "(DriveThruCards-style)", write=_write_shop_pdf, default=True),
    PrintTarget(name="tgc", description="print-shop PNGs, one a card side (The Game Crafter)",
                write=_write_shop_pngs),
    PrintTarget(name="mpc", description="print-shop PNGs, one a card side (MakePlayingCards)",
                write=_write_shop_pngs),
    PrintTarget(name=CMYK_TARGET, description="print-shop PDF in CMYK, PDF/X-1a "
                "(DriveThruCards' upload)", write=_write_cmyk_pdf),
    PrintTarget(name="tts", description="Tabletop Simulator: face sheets, backs and a saved "
                "object to load", write=_write_tts),
    PrintTarget(name="vtt", description="virtual tables: a PNG per card picture and a "
                "manifest.json", write=_write_vtt),
):
    register_target(_target)

# Targets whose pictures are for screens: the print shops' preflight does not check them.
SCREEN_TARGETS = frozenset({"tts", "vtt"})


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSheet:
    """A page a base game's build prints beside the cards, on each paper of the build."""

    name: str  # in its file's name and the build's units: "score-sheet"
    game: str  # the base game whose decks get it
    what: str  # in the build's summary: "score sheet"
    # Writes the sheet for `deck` to the path on the paper ("a4", "letter"), atomically;
    # returns the number of pages.
    write: Callable[[Path, LoadedDeck, str], int]

    def filename(self, ident: str, paper: str) -> str:
        """ "what-the-rule-score-sheet-a4.pdf" """
        return f"{ident}-{self.name}-{paper}.pdf"


GAME_SHEETS: dict[str, dict[str, GameSheet]] = {}


def register_game_sheet(sheet: GameSheet) -> None:
    """Make `sheet` part of every build of a deck over its game; a name is registered once
    per game."""
    sheets = GAME_SHEETS.setdefault(sheet.game, {})
    if sheet.name in sheets:
        raise ValueError(f'{sheet.game} already has a sheet called "{sheet.name}".')
    sheets[sheet.name] = sheet


def unregister_game_sheet(game: str, name: str) -> None:
    GAME_SHEETS.get(game, {}).pop(name, None)


def game_sheets(game: str) -> tuple[GameSheet, ...]:
    """The sheets a build of a deck over `game` prints, in the order they were registered."""
    if game not in GAME_SHEETS:
        load_part(game, "printing")
    return tuple(GAME_SHEETS.get(game, {}).values())
