"""Write a checked deck's print files and rulebook into a folder, and preflight them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.deck import LoadedDeck
from generator.pipeline.faces import faces_for

if TYPE_CHECKING:
    from generator.pipeline import SheetOptions
from generator.printing import (
    CARD_SIZES,
    DEFAULT_BLEED_MM,
    PrintError,
    find_size,
    preflight,
    sheet_layout,
    write_pnp,
    write_shop_pdf,
    write_shop_pngs,
)
from generator.printing.reports import MissingGlyphs, Overflow, SheetSummary
from generator.printing.sheet_rules import RULES
from generator.printing.sheets import back_offset_note
from generator.rulebook import PAPER_NAMES, rulebook_filename, rulebook_papers, write_rulebook


@dataclass(frozen=True, slots=True)
class Written:
    path: Path
    what: str
    pages: int | None
    size: int
    unit: str = ""  # the target ("pnp-a4") or rulebook ("rulebook-a4") that wrote it
    kept: bool = False  # left as the last build wrote it: nothing it depends on changed
    problems: tuple[str, ...] = ()  # text that did not fit or glyphs missing in it


@dataclass
class Rendered:
    files: list[Written] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    preflight: list[str] = field(default_factory=list)


def card_size(deck: LoadedDeck) -> str:
    return deck.info.card_size if deck.info is not None else "poker"


def verify_per_page(deck: LoadedDeck, targets: tuple[str, ...], per_page: int | None) -> None:
    """Raise a PrintError at once if a print-and-play sheet cannot hold `per_page` cards."""
    if per_page is None or card_size(deck).lower() not in CARD_SIZES:
        return  # an unknown card size is the checker's to report
    size = find_size(card_size(deck))
    for target in targets:
        if target in ("pnp-a4", "pnp-letter"):
            try:
                sheet_layout(paper=target.split("-")[1], size=size, bleed_mm=DEFAULT_BLEED_MM,
                             per_page=per_page)
            except PrintError as error:
                raise PrintError(f"{target}: {error}") from None


def output_units(targets: tuple[str, ...]) -> list[str]:
    """What a build writes, in order: each target, then a rulebook per paper."""
    return [*targets, *(f"rulebook-{paper}" for paper in rulebook_papers(targets))]


def render_all(deck: LoadedDeck, folder: Path, targets: tuple[str, ...],
               say: Callable[[str], None], sheets: SheetOptions | None = None,
               kept: dict[str, list[Written]] | None = None) -> Rendered:
    """Write every target's files into `folder`, print-and-play sheets as `sheets` says.

    The units in `kept` are not drawn again: their files (already in place) are listed as
    they are, and preflighted with the rest.
    """
    if sheets is None:
        from generator.pipeline import SheetOptions

        sheets = SheetOptions()
    kept = kept or {}
    fronts, backs = faces_for(deck)
    name = deck.info.name if deck.info is not None else deck.deck_id
    size = card_size(deck)
    ident = deck.deck_id
    rendered = Rendered()
    trouble: set[str] = set()  # text that did not fit, glyphs missing: described once
    for target in targets:
        if target in kept:
            rendered.files += kept[target]
            trouble.update(problem for written in kept[target] for problem in written.problems)
        elif target in ("pnp-a4", "pnp-letter"):
            paper = target.split("-")[1]
            say(f"print-and-play sheets, {paper.upper() if paper == 'a4' else 'US Letter'}")
            sheet = write_pnp(folder / f"{ident}-{target}.pdf", fronts, backs, paper=paper,
                              size=size, deck_name=name, per_page=sheets.per_page,
                              back_offset_mm=sheets.back_offset_mm)
            problems = _described(sheet.overflow, sheet.missing_glyphs)
            rendered.files.append(Written(sheet.path, _sheet_words(sheet, sheets),
                                          sheet.pages, sheet.file_bytes, target,
                                          problems=problems))
            trouble.update(problems)
        elif target == "dtc":
            say("print-shop PDF (DriveThruCards-style)")
            shop = write_shop_pdf(folder / f"{ident}-dtc.pdf", fronts, backs, profile="dtc",
                                  deck_name=name)
            problems = _described(shop.overflow, shop.missing_glyphs)
            for path in shop.paths:
                rendered.files.append(Written(
                    path, f"print shop: one side a page, {shop.card_size}, bleed "
                    f"{shop.bleed_mm:g} mm, {shop.order} order", shop.pages, path.stat().st_size,
                    target, problems=problems))
            trouble.update(problems)
        elif target in ("tgc", "mpc"):
            say(f"print-shop PNGs ({target.upper()})")
            pngs = write_shop_pngs(folder / f"{ident}-{target}", fronts, backs, profile=target)
            total = sum((pngs.directory / file).stat().st_size for file in pngs.files)
            rendered.files.append(Written(
                pngs.directory, f"{pngs.fronts} fronts and {pngs.backs} distinct backs as "
                f"PNGs of {pngs.pixels[0]} × {pngs.pixels[1]} px ({pngs.profile}); README.txt "
                f"says which back goes with which front", None, total, target,
                problems=_described(pngs.overflow, pngs.missing_glyphs)))
            trouble.update(rendered.files[-1].problems)
    for paper in rulebook_papers(targets):  # one per print-and-play paper, A4 when none
        unit = f"rulebook-{paper}"
        if unit in kept:
            rendered.files += kept[unit]
            continue
        say(f"rulebook, {PAPER_NAMES[paper]}")
        book = write_rulebook(folder / rulebook_filename(ident, paper), deck, paper=paper)
        rendered.files.append(Written(book.path, f"rulebook, {PAPER_NAMES[paper]}", book.pages,
                                      book.file_bytes, unit))
    say("preflight")
    report = preflight([written.path for written in rendered.files], fronts=fronts,
                       backs=backs, size=size)
    rendered.preflight = report.lines()
    rendered.problems = sorted(trouble | set(report.problems))
    return rendered


def _sheet_words(sheet: SheetSummary, sheets: SheetOptions) -> str:
    """E.g. "home printing, 8-up: ... (the most that fit with every mark inside a 5 mm
    printer margin); backs moved +1 mm across and +0 mm up"."""
    chosen = ("as asked" if sheets.per_page is not None else
              f"the most that fit with every mark and word inside a "
              f"{RULES.printer_margin_mm:g} mm printer margin")
    moved = back_offset_note(sheet.back_offset_mm)
    return f"home printing, {sheet.layout} ({chosen})" + (f"; backs {moved}" if moved else "")


def _described(overflow: tuple[Overflow, ...],
               missing: tuple[MissingGlyphs, ...]) -> tuple[str, ...]:
    return tuple(sorted({item.describe() for item in overflow}
                        | {item.describe() for item in missing}))
