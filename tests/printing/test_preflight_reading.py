"""Preflight reads a PDF's content streams only to place images, and each stream once: a
form drawn on every page is read once, and a file without images has none read at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdf.generic
import pytest
from PIL import Image
from reportlab.lib.units import inch  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from generator.printing import preflight, write_pnp
from generator.printing.preflight import check_pdf

from .conftest import deck

PAGES = 3


def count_stream_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one for each content stream preflight reads."""
    reads: list[int] = []

    class Counted(pypdf.generic.ContentStream):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            reads.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(pypdf.generic, "ContentStream", Counted)
    return reads


def nested_forms(tmp_path: Path) -> Path:
    """Three pages, each drawing form "outer" twice and an image of its own; "outer" draws
    form "inner" twice, once doubled in size; "inner" draws a 300-pixel image an inch wide."""
    picture = tmp_path / "picture.png"
    Image.new("RGB", (300, 300), (10, 100, 200)).save(picture)
    path = tmp_path / "forms.pdf"
    canvas = Canvas(str(path), pagesize=(8 * inch, 8 * inch))
    canvas.beginForm("inner")
    canvas.drawImage(str(picture), 0, 0, inch, inch)
    canvas.endForm()
    canvas.beginForm("outer")
    canvas.saveState()
    canvas.scale(2, 2)
    canvas.doForm("inner")
    canvas.restoreState()
    canvas.doForm("inner")
    canvas.endForm()
    for _ in range(PAGES):
        for column in range(2):
            canvas.saveState()
            canvas.translate(column * 3 * inch, 0)
            canvas.doForm("outer")
            canvas.restoreState()
        canvas.drawImage(str(picture), 5 * inch, 5 * inch, inch / 2, inch / 2)
        canvas.showPage()
    canvas.save()
    return path


def test_forms_are_read_once_and_every_image_they_draw_is_placed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = nested_forms(tmp_path)
    reads = count_stream_reads(monkeypatch)
    check = check_pdf(path)
    assert len(reads) == PAGES + 2  # each page, and each of the two forms once
    assert [(image.page, image.dpi) for image in check.images] == [
        (page, dpi) for page in range(1, PAGES + 1) for dpi in (150, 300, 150, 300, 600)]
    assert check.images[0].drawn_mm == pytest.approx((50.8, 50.8))
    problems = [line for line in preflight([path]).problems if "image" in line]
    assert problems == [f"forms.pdf, page {page}: an image prints at only 150 dpi."
                        for page in range(1, PAGES + 1) for _ in range(2)]


def test_a_file_without_images_has_no_stream_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fronts, backs = deck(12)
    pnp = write_pnp(tmp_path / "pnp.pdf", fronts, backs).path
    reads = count_stream_reads(monkeypatch)
    check = check_pdf(pnp)
    assert reads == []
    assert check.images == ()
    assert {(font.name, font.embedded) for font in check.fonts} == {
        ("DejaVuSans", True), ("DejaVuSans-Bold", True)}
