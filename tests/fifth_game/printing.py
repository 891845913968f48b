"""What a build of a fifth-game deck prints of its own: the "big-number" face its number
cards are drawn with, a print target listing the deck's cards on one page ("card-list"),
and a tally sheet beside the rulebook."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from generator.deck import LoadedDeck
from generator.pipeline.targets import GameSheet, Job, PrintTarget, Written
from generator.printing.atomic import atomic_path
from generator.printing.design import STYLE, Composed, FaceStyle
from generator.printing.drawing import Fill, Item, Text
from generator.printing.faces import CardFace
from generator.printing.fonts import BOLD, REGULAR, text_width
from generator.printing.pdf import Painter, new_canvas, save
from generator.printing.sizes import CardSize, find_paper
from generator.printing.units import Box, mm
from tests.fifth_game.cards import DESIGN
from tests.fifth_game.game import NAME

INK = "#1a1a1a"
PAPER = "#ffffff"

__all__ = ["DESIGN", "TALLY_SHEET", "TARGET", "compose_number"]


def _centred(text: str, box: Box, y: float, font: str, size: float, colour: str) -> Text:
    return Text(box.centre_x - text_width(text, font, size) / 2, y, text, font, size, colour)


def compose_number(face: CardFace, size: CardSize, bleed_mm: float,
                   style: FaceStyle = STYLE) -> Composed:
    """The accent over the bleed, a white panel, the label at the top and the number large."""
    trim, safe, bleed = size.trim, size.safe, size.bleed_box(bleed_mm)
    panel = Box(safe.x, safe.y, safe.w, safe.h)
    items: list[Item] = [Fill(bleed, face.accent), Fill(panel, PAPER, radius=mm(2))]
    items.append(_centred(face.heading, panel, panel.y + panel.h - mm(8), BOLD, 12, face.accent))
    items.append(_centred(face.text, panel, panel.centre_y - mm(10), BOLD, 72, INK))
    return Composed(items=tuple(items), trim=trim, bleed=bleed, safe=safe)


def _write_page(path: Path, title: str, lines: Sequence[str], paper: str = "a4") -> None:
    """One page: a title and a line each, written atomically."""
    width, height = (mm(side) for side in find_paper(paper))
    page = Box(0.0, 0.0, width, height)
    items: list[Item] = [Text(mm(20), height - mm(25), title, BOLD, 16, INK)]
    items += [Text(mm(20), height - mm(40) - mm(7) * row, line, REGULAR, 11, INK)
              for row, line in enumerate(lines)]
    with atomic_path(path) as temporary:
        canvas = new_canvas(temporary, (page.w, page.h), title=title, subject=title)
        Painter(canvas).draw(items)
        canvas.showPage()
        save(canvas)


def _write_card_list(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
    job.say("the deck's cards, listed on one page")
    path = job.folder / f"{job.ident}-{target.name}.pdf"
    _write_page(path, f"{job.deck_name}: the cards",
                [f"{front.heading} shows {front.text}" for front in job.fronts])
    return [Written(path, "the deck's cards listed on one page", 1, path.stat().st_size,
                    target.name)], ()


def _write_tally(path: Path, deck: LoadedDeck, paper: str) -> int:
    name = deck.info.name if deck.info is not None else deck.deck_id
    rows = [f"Player {seat}: ____________   right guesses: ______" for seat in range(1, 5)]
    _write_page(path, f"{name}: tally of right guesses", rows, paper)
    return 1


TARGET = PrintTarget(name="card-list", description="Higher or Lower: the deck's cards "
                     "listed on one page", write=_write_card_list)
TALLY_SHEET = GameSheet(name="tally-sheet", game=NAME, what="tally sheet", write=_write_tally)
