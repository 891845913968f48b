"""Shapes the painter formats once and writes again (`draw_again`, `_once`) give the very
bytes that drawing them afresh gives."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.printing import CardBack, CardFace, write_pnp
from generator.printing.drawing import Clip, Fill, Item, Picture, Stroke, Text
from generator.printing.fonts import REGULAR
from generator.printing.pdf import Painter, new_canvas, save
from generator.printing.units import Box

from .conftest import deck

MARKS: tuple[Item, ...] = (
    Stroke(10, 10, 40, 10, "#ffffff", 1.5),
    Stroke(10, 10, 40, 10, "#000000", 0.5),
    Stroke(10, 20, 10, 50, "#000000", 0.5),
    Clip(Box(0, 0, 60, 60), (Stroke(0, 0, 60, 60, "#c8102e", 0.75),)),
    Text(12, 30, "sheet ♥ <b>", REGULAR, 6.5, "#1a1a1a"),
)


def pdf(path: Path, page: Callable[[Painter, int], None], pages: int = 3) -> bytes:
    canvas = new_canvas(path, (200.0, 200.0), title="t", subject="s")
    painter = Painter(canvas)
    for number in range(pages):
        page(painter, number)
        painter.new_page()
    save(canvas)
    return path.read_bytes()


def marks_page(again: bool) -> Callable[[Painter, int], None]:
    """A page of MARKS between other shapes; the second page starts with a colour set."""
    def page(painter: Painter, number: int) -> None:
        if number == 1:
            painter.draw([Fill(Box(0, 0, 5, 5), "#000000")])
        (painter.draw_again if again else painter.draw)(MARKS)
        painter.draw([Stroke(0, 100, 100, 100, "#000000", 0.5)])  # after them: state carried
    return page


def test_repeated_marks_are_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = pdf(tmp_path / "plain.pdf", marks_page(again=False), pages=4)
    drawn: list[bool] = []
    draw = Painter.draw

    def counted(painter: Painter, items: Iterable[Item]) -> None:
        drawn.append(items is MARKS)
        draw(painter, items)

    monkeypatch.setattr(Painter, "draw", counted)
    again = pdf(tmp_path / "again.pdf", marks_page(again=True), pages=4)
    assert again == plain
    assert drawn.count(True) == 2  # from each starting colour once; then repeated
    assert len(PdfReader(tmp_path / "again.pdf").pages) == 4


def test_pictures_are_drawn_afresh_on_every_page(tmp_path: Path) -> None:
    art = tmp_path / "art.png"
    Image.new("RGB", (30, 20), (40, 160, 90)).save(art)
    items: tuple[Item, ...] = (Picture(Box(10, 10, 30, 20), art), *MARKS[:2])

    plain = pdf(tmp_path / "plain.pdf", lambda painter, _: painter.draw(items))
    again = pdf(tmp_path / "again.pdf", lambda painter, _: painter.draw_again(items))
    assert again == plain
    reader = PdfReader(tmp_path / "again.pdf")
    assert [len(page.images) for page in reader.pages] == [1, 1, 1]  # each page has it


def test_shapes_and_placements_formatted_once_are_the_same_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fronts, backs = deck(20)
    fronts[3] = CardFace(kind="shape", label="SHAPE", number=4, text="", accent="#2e7d32",
                         design="shapes", details=(("shape", "triangle"), ("count", "3")))
    backs[3] = CardBack(kind="shape", label="SHAPE", deck_name="D", accent="#2e7d32")
    rects: list[Box] = []
    new_rect = Painter._new_rect

    def counted(painter: Painter, box: Box, radius: float, *, stroke: int, fill: int) -> None:
        rects.append(box)
        new_rect(painter, box, radius, stroke=stroke, fill=fill)

    monkeypatch.setattr(Painter, "_new_rect", counted)
    once = write_pnp(tmp_path / "once.pdf", fronts, backs, bleed_mm=2).path.read_bytes()
    # Each bleed, panel and plaque (and the sheet's few others) is formatted once.
    assert 4 <= len(rects) < 20

    monkeypatch.setattr(Painter, "_once", lambda self, key, draw, **_: draw())
    every_time = write_pnp(tmp_path / "every.pdf", fronts, backs, bleed_mm=2).path.read_bytes()
    assert once == every_time
