"""Write a checked deck's print files and rulebook into a folder, and preflight them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from engine.games import load_part
from generator.deck import LoadedDeck
from generator.pipeline.beside import Step, draw_in_two
from generator.pipeline.cmyk_target import CMYK_TARGET, with_designer_colours
from generator.pipeline.faces import faces_for
from generator.pipeline.sheet_options import SheetOptions
from generator.pipeline.targets import SCREEN_TARGETS, TARGETS, GameSheet, Job, game_sheets
from generator.pipeline.targets import Written as Written  # still importable from here
from generator.printing import (
    CARD_SIZES,
    DEFAULT_BLEED_MM,
    PrintError,
    find_size,
    preflight,
    sheet_layout,
)
from generator.printing.inks import InkOptions
from generator.rulebook import PAPER_NAMES, rulebook_filename, rulebook_papers, write_rulebook
from generator.rulebook.books import no_book_reason


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
        paper = TARGETS[target].paper if target in TARGETS else None
        if paper is not None:
            try:
                sheet_layout(paper=paper, size=size, bleed_mm=DEFAULT_BLEED_MM,
                             per_page=per_page)
            except PrintError as error:
                raise PrintError(f"{target}: {error}") from None


def book_papers(deck: LoadedDeck, targets: tuple[str, ...]) -> tuple[str, ...]:
    """The papers a build of `deck` prints its rulebook on: none when there is no book."""
    return rulebook_papers(targets) if no_book_reason(deck) is None else ()


def sheet_units(deck: LoadedDeck, targets: tuple[str, ...]
                ) -> list[tuple[str, GameSheet, str]]:
    """The base game's own sheets a build writes (a score sheet), each on every paper the
    rulebook would be printed on: (unit, sheet, paper)."""
    game = deck.info.base_game if deck.info is not None else ""
    return [(f"{sheet.name}-{paper}", sheet, paper) for sheet in game_sheets(game)
            for paper in rulebook_papers(targets)]


def output_units(deck: LoadedDeck, targets: tuple[str, ...]) -> list[str]:
    """What a build writes, in order: each target, a rulebook per paper, then the game's
    sheets per paper."""
    return [*targets, *(f"rulebook-{paper}" for paper in book_papers(deck, targets)),
            *(unit for unit, _, _ in sheet_units(deck, targets))]


def _book(folder: Path, deck: LoadedDeck, paper: str,
          appendix: bool) -> tuple[list[Written], tuple[str, ...]]:
    book = write_rulebook(folder / rulebook_filename(deck.deck_id, paper), deck, paper=paper,
                          appendix=appendix)
    return [Written(book.path, f"rulebook, {PAPER_NAMES[paper]}", book.pages, book.file_bytes,
                    f"rulebook-{paper}")], ()


def _game_sheet(folder: Path, deck: LoadedDeck, sheet: GameSheet, paper: str,
                unit: str) -> tuple[list[Written], tuple[str, ...]]:
    path = folder / sheet.filename(deck.deck_id, paper)
    pages = sheet.write(path, deck, paper)
    return [Written(path, f"{sheet.what}, {PAPER_NAMES[paper]}", pages, path.stat().st_size,
                    unit)], ()


def with_pdfx_verdicts(lines: list[str], files: list[Written], sheets: SheetOptions
                       ) -> list[str]:
    """The preflight's lines, each PDF/X file's with the PDF/X preflight's verdict added (the
    file passed it when it was written; a kept one is read again, as every kept file is)."""
    from generator.printing.pdfx_preflight import preflight_pdfx

    limit = (sheets.inks or InkOptions()).ink_limit
    verdicts = {f"{written.path.name}: ": preflight_pdfx(written.path, ink_limit=limit)
                for written in files if written.unit == CMYK_TARGET}
    out = []
    for line in lines:
        start = next((name for name in verdicts if line.startswith(name)), None)
        if start is None:
            out.append(line)
            continue
        out.append(f"{line}; {verdicts[start].line()}")
        out += [f"problem: {start}{sentence}" for sentence in verdicts[start].sentences()]
    return out


def render_all(deck: LoadedDeck, folder: Path, targets: tuple[str, ...],
               say: Callable[[str], None], sheets: SheetOptions | None = None,
               kept: dict[str, list[Written]] | None = None, *,
               book_appendix: bool = False) -> Rendered:
    """Write every target's files into `folder`, print-and-play sheets as `sheets` says, and
    each rulebook with its appendix for designers and referees when `book_appendix` is set.

    The units in `kept` are not drawn again: their files (already in place) are listed as
    they are, and preflighted with the rest.
    """
    if sheets is None:
        sheets = SheetOptions()
    kept = kept or {}
    load_part(deck.info.base_game if deck.info is not None else "", "printing")  # its faces
    fronts, backs = faces_for(deck)
    if CMYK_TARGET in targets:
        sheets = with_designer_colours(deck, sheets)
    name = deck.info.name if deck.info is not None else deck.deck_id
    size = card_size(deck)
    ident = deck.deck_id
    job = Job(folder=folder, ident=ident, deck_name=name, size=size, fronts=fronts, backs=backs,
              sheets=sheets, say=say)
    rendered = Rendered()
    trouble: set[str] = set()  # text that did not fit, glyphs missing: described once
    quiet = replace(job, say=lambda _: None)  # for a file drawn in the other process
    steps: list[Step] = []
    for target in targets:
        if target in TARGETS and target not in kept:
            steps.append((target, 1, partial(TARGETS[target].write, TARGETS[target], quiet)))
    for paper in book_papers(deck, targets):  # one per print-and-play paper, A4 when none
        unit = f"rulebook-{paper}"
        if unit not in kept:
            steps.append((unit, 3, partial(_book, folder, deck, paper, book_appendix)))
    for unit, sheet, paper in sheet_units(deck, targets):
        if unit not in kept:
            steps.append((unit, 1, partial(_game_sheet, folder, deck, sheet, paper, unit)))
    say("drawing the print files and the rulebook")
    drawn = draw_in_two(steps)
    for unit in output_units(deck, targets):
        if unit in kept:
            rendered.files += kept[unit]
            trouble.update(problem for written in kept[unit] for problem in written.problems)
        elif unit in drawn:
            files, problems = drawn[unit]
            rendered.files += files
            trouble.update(problems)
    say("preflight")
    report = preflight([written.path for written in rendered.files  # shops' checks only
                        if written.unit not in SCREEN_TARGETS], fronts=fronts,
                       backs=backs, size=size)
    rendered.preflight = with_pdfx_verdicts(report.lines(), rendered.files, sheets)
    rendered.problems = sorted(trouble | set(report.problems))
    return rendered
