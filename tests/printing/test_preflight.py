"""Preflight reads files back and reports what a print shop would check."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from generator.printing import (
    CardFace,
    find_size,
    preflight,
    write_pnp,
    write_shop_pdf,
    write_shop_pngs,
)
from generator.printing.design import compose_front
from generator.printing.drawing import Clip, Text
from generator.printing.fonts import REGULAR
from generator.printing.preflight import PdfCheck, PngCheck, outside_safe_zone
from generator.printing.units import Box, mm

from .conftest import deck


def test_clean_outputs_pass(tmp_path: Path, art: Path) -> None:
    fronts, backs = deck(6)
    fronts[0] = CardFace(kind="trigger", label="TRIGGER", number=1, text="Art.",
                         accent="#1f6feb", art=art, ident="t1")
    pnp = write_pnp(tmp_path / "pnp.pdf", fronts, backs, paper="letter").path
    shop = write_shop_pdf(tmp_path / "dtc.pdf", fronts, backs).paths[0]
    write_shop_pngs(tmp_path / "tgc", fronts, backs)
    report = preflight([pnp, shop, tmp_path / "tgc"], fronts=fronts, backs=backs)
    assert report.ok, report.problems
    pdfs = [f for f in report.files if isinstance(f, PdfCheck)]
    pngs = [f for f in report.files if isinstance(f, PngCheck)]
    assert len(pdfs) == 2 and len(pngs) == 6 + 2  # six fronts, a trigger and an action back
    assert pdfs[0].page_sizes_mm == ((215.9, 279.4, 2),)  # six cards: one 6-up sheet
    assert pdfs[0].trim_mm is None
    assert pdfs[1].trim_mm == pytest.approx((3.175, 3.175, 63.5, 88.9), abs=0.01)
    assert pdfs[1].bleed_mm == pytest.approx((0, 0, 69.85, 95.25), abs=0.01)
    for check in pdfs:
        assert {(f.name, f.embedded) for f in check.fonts} == {
            ("DejaVuSans", True), ("DejaVuSans-Bold", True)}
        (image,) = check.images
        assert image.pixels == (600, 400) and image.dpi > 300
    assert all(p.dpi == 300 and p.size_mm == pytest.approx((69.85, 95.25), abs=0.01)
               for p in pngs)
    # One line a file, one for the folder of PNGs: each PNG is counted, none listed.
    pnp_line, shop_line, tgc_line = report.lines()
    assert pnp_line.startswith("pnp.pdf: 2 pages of 215.90 × 279.40 mm")
    assert "TrimBox 63.50 × 88.90 mm" in shop_line and "fonts embedded: DejaVuSans" in shop_line
    assert tgc_line == "tgc/: 8 PNGs of 825 × 1125 px, 300 dpi = 69.9 × 95.3 mm"


def test_a_folder_of_pngs_is_one_line_and_only_the_failing_ones_are_named(
        tmp_path: Path) -> None:
    folder = tmp_path / "shop"
    folder.mkdir()
    for n in range(1, 41):
        Image.new("RGB", (825, 1125)).save(folder / f"front-{n:03d}.png", dpi=(300, 300))
    Image.new("RGB", (825, 1125)).save(folder / "front-041.png")  # no dpi
    lines = preflight([folder]).lines()
    assert lines == ["shop/: 41 PNGs: 40 of 825 × 1125 px, 300 dpi = 69.9 × 95.3 mm; "
                     "1 of 825 × 1125 px, no dpi",
                     "problem: front-041.png declares no dpi; shops want 300."]


def test_problems_are_found(tmp_path: Path) -> None:
    small = tmp_path / "small.png"
    Image.new("RGB", (60, 40), (0, 0, 0)).save(small)  # no dpi, and far too few pixels
    fronts, backs = deck(2)
    fronts[1] = CardFace(kind="action", label="ACTION", number=2, text="spill " * 900,
                         accent="#c2410c", art=small, ident="a2")
    pnp = write_pnp(tmp_path / "pnp.pdf", fronts, backs).path
    helvetica = tmp_path / "helvetica.pdf"
    canvas = Canvas(str(helvetica))
    canvas.drawString(100, 100, "base-14")
    canvas.save()
    report = preflight([pnp, helvetica, small], fronts=fronts, backs=backs)
    problems = "\n".join(report.problems)
    assert not report.ok
    assert "an image prints at only" in problems
    assert "helvetica.pdf uses the base-14 font Helvetica" in problems
    assert "small.png declares no dpi" in problems
    assert "a2: the text does not fit" in problems
    assert [o.ident for o in report.overflow] == ["a2"]
    assert report.outside_safe_zone == ()  # overflowing text is clipped inside its box


def test_text_outside_the_safe_zone_is_found() -> None:
    card = find_size("poker")
    side = compose_front(deck(1)[0][0], card, 3)
    assert outside_safe_zone(side) == []
    stray = Text(mm(1), mm(1), "near the edge", REGULAR, 8, "#000000")
    corner = Clip(Box(-mm(3), -mm(3), mm(10), mm(10)), (stray,))  # clipped, still too far out
    gone = Clip(Box(-mm(3), -mm(3), mm(2), mm(2)), (stray,))  # clipped away entirely
    inside = Clip(card.safe, (Text(mm(1), mm(40), "clipped to safety", REGULAR, 8, "#000000"),))
    moved = replace(side, items=(*side.items, stray, inside))
    assert outside_safe_zone(moved) == [stray]
    assert outside_safe_zone(replace(side, items=(corner,))) == [stray]
    assert outside_safe_zone(replace(side, items=(gone,))) == []
