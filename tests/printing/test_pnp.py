"""Print-and-play PDFs read back with pypdf: pages, card positions, duplex, marks, text."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from generator.printing import CardFace, PrintError, find_size, sheet_layout, write_pnp
from generator.printing.drawing import Stroke
from generator.printing.furniture import stroke_box
from generator.printing.units import Box, mm, to_mm

from .conftest import HOSTILE, PRINTED_HOSTILE, deck, unique_backs
from .pdfread import Line, lines, placements, size_mm, verify_fonts_embedded

POKER = find_size("poker")


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def same_ends(a: Stroke | Line, b: Stroke | Line) -> bool:
    """Whether two lines run between the same points, give or take 0.01 pt."""
    return all(abs(u - v) <= 0.01 for u, v in zip((a.x1, a.y1, a.x2, a.y2),
                                                  (b.x1, b.y1, b.x2, b.y2), strict=True))


def near(a: Box, b: Box, tolerance_mm: float = 0.1) -> bool:
    return all(abs(x - y) <= tolerance_mm for x, y in zip(a.in_mm(), b.in_mm(), strict=True))


@pytest.mark.parametrize(("paper", "width", "height"),
                         [("a4", 210.0, 297.0), ("letter", 215.9, 279.4)])
def test_pages_are_the_paper_size(tmp_path: Path, paper: str, width: float,
                                  height: float) -> None:
    fronts, backs = deck(20)
    summary = write_pnp(tmp_path / "cards.pdf", fronts, backs, paper=paper)
    reader = PdfReader(summary.path)
    sheets = -(-20 // summary.per_page)
    assert summary.pages == len(reader.pages) == 2 * sheets
    for page in reader.pages:
        assert size_mm(page) == pytest.approx((width, height), abs=0.1)
    assert summary.file_bytes == summary.path.stat().st_size
    assert summary.cards == 20


def test_summary_says_which_layout_fits(tmp_path: Path) -> None:
    fronts, backs = deck(3)
    letter = write_pnp(tmp_path / "l.pdf", fronts, backs, paper="letter", bleed_mm=3)
    assert letter.per_page == 8 and letter.layout.startswith("8-up") and "turned" in letter.layout
    a4 = write_pnp(tmp_path / "a.pdf", fronts, backs, paper="a4", bleed_mm=3)
    assert a4.per_page == 8 and a4.layout.startswith("8-up: 2 × 4 cards turned a quarter, A4")
    flat = write_pnp(tmp_path / "f.pdf", fronts, backs, paper="a4", bleed_mm=0)
    assert flat.per_page == 9
    chosen = write_pnp(tmp_path / "c.pdf", fronts, backs, paper="a4", bleed_mm=3, per_page=6)
    assert chosen.per_page == 6 and "turned" in chosen.layout
    with pytest.raises(PrintError, match="do not fit"):
        write_pnp(tmp_path / "x.pdf", fronts, backs, paper="letter", bleed_mm=3, per_page=9)
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(("paper", "bleed", "offset"), [
    ("a4", 0.0, (0.0, 0.0)), ("a4", 3.0, (0.0, 0.0)), ("letter", 3.0, (1.2, -0.8))])
def test_cards_in_the_pdf_are_where_the_layout_says(tmp_path: Path, paper: str, bleed: float,
                                                     offset: tuple[float, float]) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=bleed, back_offset_mm=offset)
    count = layout.per_page + 2  # a full sheet and a partial one
    fronts, backs = unique_backs(count)
    path = tmp_path / "cards.pdf"
    write_pnp(path, fronts, backs, paper=paper, bleed_mm=bleed, back_offset_mm=offset)
    reader = PdfReader(path)
    width, height = POKER.trim.w, POKER.trim.h
    page_width = layout.page.w
    for sheet in range(2):
        front_page, back_page = reader.pages[2 * sheet], reader.pages[2 * sheet + 1]
        on_front = placements(reader, front_page)
        on_back = placements(reader, back_page)
        cards = range(sheet * layout.per_page, min(count, (sheet + 1) * layout.per_page))
        assert len(on_front) == len(on_back) == len(cards)
        for slot, (front, back) in enumerate(zip(on_front, on_back, strict=True)):
            front_box, back_box = front.box(width, height), back.box(width, height)
            assert near(front_box, layout.fronts[slot].trim)
            assert near(back_box, layout.backs[slot].trim)
            # Long-edge duplex: the back is the front mirrored across the vertical centre line.
            assert near(back_box, front_box.mirror_x(page_width).moved(mm(offset[0]),
                                                                       mm(offset[1])))
            assert back.degrees == -front.degrees == (-90 if layout.template.turned else 0)
        # The n-th form on each page belongs to the n-th card of the sheet: read their text.
        front_text, back_text = front_page.extract_text(), back_page.extract_text()
        assert [int(n) for n in re.findall(r"K(\d+)", front_text)] == list(cards)
        assert [int(n) for n in re.findall(r"B(\d+)", back_text)] == list(cards)


@pytest.mark.parametrize(("paper", "size", "bleed"), [
    ("a4", "poker", 0.0), ("a4", "poker", 3.0), ("letter", "poker", 3.0), ("a4", "mini", 3.0),
    ("letter", "bridge", 0.0)])
def test_crop_marks_in_the_pdf_are_the_layouts_and_never_cross_a_trim(
        tmp_path: Path, paper: str, size: str, bleed: float) -> None:
    layout = sheet_layout(paper=paper, size=find_size(size), bleed_mm=bleed)
    fronts, backs = deck(layout.per_page)
    path = tmp_path / "cards.pdf"
    write_pnp(path, fronts, backs, paper=paper, size=size, bleed_mm=bleed)
    reader = PdfReader(path)
    for page, marks, cards in ((reader.pages[0], layout.front_marks, layout.fronts),
                               (reader.pages[1], layout.back_marks, layout.backs)):
        drawn = lines(reader, page)
        for mark in marks.strokes:
            colour = (0, 0, 0) if mark.colour == "#000000" else (1, 1, 1)
            assert any(same_ends(mark, line) and line.colour == colour for line in drawn), mark
        for line in drawn:
            box = line.box.inset(0.01)  # the PDF rounds coordinates to a hundredth of a point
            assert not any(box.overlaps(p.trim) for p in cards), "a line crosses a trim"
        # Every black mark over a card's bleed lies on a white band that shows on any colour.
        for mark in marks.ink:
            if any(stroke_box(mark).overlaps(p.cell) for p in cards):
                assert any(stroke_box(halo).contains(stroke_box(mark), 0.01)
                           for halo in marks.halos), mark


@pytest.mark.parametrize(("paper", "bleed", "turned"), [("a4", 0.0, False), ("a4", 3.0, False),
                                                        ("letter", 3.0, True)])
def test_scale_bar_measures_fifty_millimetres(tmp_path: Path, paper: str, bleed: float,
                                              turned: bool) -> None:
    fronts, backs = deck(9)
    path = tmp_path / "cards.pdf"
    write_pnp(path, fronts, backs, paper=paper, bleed_mm=bleed)
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=bleed)
    assert layout.bar is not None and (layout.bar.turns != 0) == turned
    reader = PdfReader(path)
    in_bar = [line for line in lines(reader, reader.pages[0])
              if layout.bar.box.inset(-0.01).contains(line.box)]
    longest = max(in_bar, key=lambda line: max(line.box.w, line.box.h))
    assert to_mm(longest.box.h if turned else longest.box.w) == pytest.approx(50.0, abs=0.01)
    assert len(in_bar) == 1 + 6  # the bar and its ticks
    text = reader.pages[0].extract_text()
    assert "Print at 100%" in text and "50 mm" in text
    assert "flip on long edge" in reader.pages[1].extract_text()


def test_every_card_text_is_in_the_pdf(tmp_path: Path) -> None:
    fronts, backs = deck(12, deck_name="Hidden Rules")
    path = tmp_path / "cards.pdf"
    write_pnp(path, fronts, backs, paper="a4", bleed_mm=3, deck_name="Hidden Rules")
    reader = PdfReader(path)
    text = squash("".join(page.extract_text() for page in reader.pages))
    for card in fronts:
        assert squash(card.text) in text
        assert squash(card.heading) in text
    assert "♥" in text and "♠" in text
    assert text.count("HiddenRules") >= 12


def test_fonts_are_embedded_dejavu_only(tmp_path: Path) -> None:
    fronts, backs = deck(5)
    path = tmp_path / "cards.pdf"
    write_pnp(path, fronts, backs)
    assert verify_fonts_embedded(path) == {"DejaVuSans", "DejaVuSans-Bold"}
    assert b"Helvetica" not in path.read_bytes()


def test_hostile_text_prints_literally(tmp_path: Path) -> None:
    fronts = [CardFace(kind="trigger", label="TRIGGER", number=1, text=HOSTILE,
                       accent="#1f6feb", title=HOSTILE[:16], ident="evil")]
    _, backs = deck(1)
    path = tmp_path / "cards.pdf"
    summary = write_pnp(path, fronts, backs, deck_name=HOSTILE)
    reader = PdfReader(path)
    text = reader.pages[0].extract_text().replace("\n", " ")
    assert PRINTED_HOSTILE in text and HOSTILE[:16] in text
    assert verify_fonts_embedded(path) == {"DejaVuSans", "DejaVuSans-Bold"}
    assert not summary.overflow


def test_text_that_cannot_fit_is_reported_and_still_drawn(tmp_path: Path) -> None:
    fronts, backs = deck(3)
    fronts[1] = CardFace(kind="action", label="ACTION", number=2, accent="#c2410c",
                         text="far too many words " * 120, ident="a2")
    summary = write_pnp(tmp_path / "cards.pdf", fronts, backs)
    assert [(o.ident, o.part, o.size_pt) for o in summary.overflow] == [("a2", "text", 7.0)]
    assert "a2" in summary.overflow[0].describe()
    text = PdfReader(summary.path).pages[0].extract_text()
    assert "far too many words" in text


def test_missing_glyphs_are_in_the_summary(tmp_path: Path) -> None:
    fronts, backs = deck(2)
    fronts[0] = CardFace(kind="trigger", label="TRIGGER", number=1, accent="#1f6feb",
                         text="Say 你好", ident="t1")
    summary = write_pnp(tmp_path / "cards.pdf", fronts, backs)
    assert [(m.ident, m.characters) for m in summary.missing_glyphs] == [("t1", "你好")]


def test_bad_inputs_are_print_errors(tmp_path: Path) -> None:
    fronts, backs = deck(3)
    with pytest.raises(PrintError, match="3 fronts were given with 2 backs"):
        write_pnp(tmp_path / "x.pdf", fronts, backs[:2])
    with pytest.raises(PrintError, match="no cards"):
        write_pnp(tmp_path / "x.pdf", [], [])
    with pytest.raises(PrintError, match='Did you mean "poker"'):
        write_pnp(tmp_path / "x.pdf", fronts, backs, size="pokr")
    with pytest.raises(PrintError, match="paper"):
        write_pnp(tmp_path / "x.pdf", fronts, backs, paper="a5")
    bad = [CardFace(kind="x", label="X", number=1, text="t", accent="blue", ident="x1")]
    with pytest.raises(PrintError, match="x1"):
        write_pnp(tmp_path / "x.pdf", bad, backs[:1])
    assert list(tmp_path.iterdir()) == []


def test_art_is_drawn(tmp_path: Path, art: Path) -> None:
    fronts, backs = deck(2)
    fronts[0] = CardFace(kind="trigger", label="TRIGGER", number=1, text="With a picture.",
                         accent="#1f6feb", art=art, ident="t1")
    path = tmp_path / "cards.pdf"
    write_pnp(path, fronts, backs)
    reader = PdfReader(path)
    forms: Any = reader.pages[0]["/Resources"]["/XObject"]  # type: ignore[index]
    images = [x for form in forms.values()
              for x in (form.get_object()["/Resources"].get("/XObject") or {}).values()
              if x.get_object()["/Subtype"] == "/Image"]
    assert len(images) == 1 and images[0].get_object()["/Width"] == 600
