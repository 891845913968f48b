"""Write a checked deck's print files and rulebook into a folder, and preflight them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.build.faces import faces_for
from generator.deck import LoadedDeck

if TYPE_CHECKING:
    from generator.build import SheetOptions
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
from generator.printing.reports import MissingGlyphs, Overflow
from generator.rulebook import PAPER_NAMES, rulebook_filename, rulebook_papers, write_rulebook


@dataclass(frozen=True, slots=True)
class Written:
    path: Path
    what: str
    pages: int | None
    size: int


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


def render_all(deck: LoadedDeck, folder: Path, targets: tuple[str, ...],
               say: Callable[[str], None], sheets: SheetOptions | None = None) -> Rendered:
    """Write every target's files into `folder`, print-and-play sheets as `sheets` says."""
    if sheets is None:
        from generator.build import SheetOptions

        sheets = SheetOptions()
    fronts, backs = faces_for(deck)
    name = deck.info.name if deck.info is not None else deck.deck_id
    size = card_size(deck)
    ident = deck.deck_id
    rendered = Rendered()
    trouble: set[str] = set()  # text that did not fit, glyphs missing: described once
    for target in targets:
        if target in ("pnp-a4", "pnp-letter"):
            paper = target.split("-")[1]
            say(f"print-and-play sheets, {paper.upper() if paper == 'a4' else 'US Letter'}")
            sheet = write_pnp(folder / f"{ident}-{target}.pdf", fronts, backs, paper=paper,
                              size=size, deck_name=name, per_page=sheets.per_page,
                              back_offset_mm=sheets.back_offset_mm)
            rendered.files.append(Written(sheet.path, f"home printing, {sheet.layout}",
                                          sheet.pages, sheet.file_bytes))
            trouble.update(_described(sheet.overflow, sheet.missing_glyphs))
        elif target == "dtc":
            say("print-shop PDF (DriveThruCards-style)")
            shop = write_shop_pdf(folder / f"{ident}-dtc.pdf", fronts, backs, profile="dtc",
                                  deck_name=name)
            for path in shop.paths:
                rendered.files.append(Written(
                    path, f"print shop: one side a page, {shop.card_size}, bleed "
                    f"{shop.bleed_mm:g} mm, {shop.order} order", shop.pages, path.stat().st_size))
            trouble.update(_described(shop.overflow, shop.missing_glyphs))
        elif target in ("tgc", "mpc"):
            say(f"print-shop PNGs ({target.upper()})")
            pngs = write_shop_pngs(folder / f"{ident}-{target}", fronts, backs, profile=target)
            total = sum((pngs.directory / file).stat().st_size for file in pngs.files)
            rendered.files.append(Written(
                pngs.directory, f"{len(pngs.files)} PNGs of {pngs.pixels[0]} × "
                f"{pngs.pixels[1]} px ({pngs.profile})", None, total))
    for paper in rulebook_papers(targets):  # one per print-and-play paper, A4 when none
        say(f"rulebook, {PAPER_NAMES[paper]}")
        book = write_rulebook(folder / rulebook_filename(ident, paper), deck, paper=paper)
        rendered.files.append(Written(book.path, f"rulebook, {PAPER_NAMES[paper]}", book.pages,
                                      book.file_bytes))
    say("preflight")
    report = preflight([written.path for written in rendered.files], fronts=fronts,
                       backs=backs, size=size)
    rendered.preflight = report.lines()
    rendered.problems = sorted(trouble | set(report.problems))
    return rendered


def _described(overflow: tuple[Overflow, ...], missing: tuple[MissingGlyphs, ...]) -> set[str]:
    return {item.describe() for item in overflow} | {item.describe() for item in missing}
