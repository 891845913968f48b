"""Pages rendered to pictures with poppler's pdftoppm (skipped where it is not installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from .conftest import Built

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                reason="pdftoppm (poppler-utils) is not installed")
DPI = 40


def render(pdf: Path, page: int, folder: Path) -> Image.Image:
    stem = folder / f"page{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png",
                    "-singlefile", str(pdf), str(stem)], check=True, capture_output=True)
    return Image.open(stem.with_suffix(".png")).convert("L")


def ink(image: Image.Image) -> float:
    """The share of the page that is not white."""
    histogram = image.histogram()
    return 1 - sum(histogram[240:]) / sum(histogram)


def test_pages_render_with_ink_on_them(book: Built, tmp_path: Path) -> None:
    pages = (1, book.summary.page_of("quick-reference"), book.summary.pages)
    for page in pages:
        image = render(book.path, page, tmp_path)
        assert image.size == (round(210 / 25.4 * DPI), round(297 / 25.4 * DPI))
        assert 0.005 < ink(image) < 0.5, f"page {page} looks blank or black"


def test_the_quick_reference_fills_its_page_without_spilling(book: Built, tmp_path: Path) -> None:
    image = render(book.path, book.summary.page_of("quick-reference"), tmp_path)
    width, height = image.size
    body = image.crop((0, 0, width, int(height * 0.88)))  # above the footer
    rows = [ImageStat.Stat(body.crop((0, y, width, y + 1))).mean[0] for y in range(body.height)]
    inked = [y for y, mean in enumerate(rows) if mean < 250]
    assert inked and inked[-1] / height > 0.5  # the page is well used, not a stub
