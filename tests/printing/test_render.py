"""Pages rendered with pdftoppm (poppler) and looked at pixel by pixel. Skipped without it."""

from __future__ import annotations

import functools
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from generator.printing import CardBack, CardFace, find_size, sheet_layout, write_pnp
from generator.printing.units import Box, mm, to_inch

from .conftest import red_pixels

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm")

DPI = 300
BLUE, ORANGE = "#1f6feb", "#c2410c"


@functools.cache
def render(pdf: Path, page: int) -> Image.Image:
    """Page `page` of `pdf` at 300 dpi (rendered once per test run)."""
    prefix = pdf.with_name(f"{pdf.stem}-{page}")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png",
                    "-singlefile", str(pdf), str(prefix)], check=True)
    with Image.open(prefix.with_suffix(".png")) as image:
        return image.convert("RGB")


def pixel_box(box: Box, page_height: float) -> tuple[int, int, int, int]:
    def px(points: float) -> int:
        return round(to_inch(points) * DPI)
    return (px(box.x), px(page_height - box.top), px(box.right), px(page_height - box.y))


def mean(image: Image.Image, box: tuple[int, int, int, int]) -> list[float]:
    return list(ImageStat.Stat(image.crop(box)).mean)


def grey(image: Image.Image, x: int, y: int) -> int:
    value = image.getpixel((x, y))
    assert isinstance(value, int)
    return value


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    kinds = ["trigger", "action", "action", "trigger", "trigger", "action", "action", "action",
             "trigger"]
    fronts = [CardFace(kind=k, label=k.upper(), number=n, text="Play ♥ on ♦, then ♠ on ♣.",
                       accent=BLUE if k == "trigger" else ORANGE, ident=f"c{n}")
              for n, k in enumerate(kinds, start=1)]
    backs = [CardBack(kind=k, label=k.upper(), deck_name="Render",
                      accent=BLUE if k == "trigger" else ORANGE) for k in kinds]
    path = tmp_path_factory.mktemp("render") / "sheet.pdf"
    write_pnp(path, fronts, backs, paper="a4", bleed_mm=0)
    return path


def frame_colour(image: Image.Image, trim: Box, page_height: float) -> str:
    """Blue or orange: the colour of the card's left frame, sampled inside the trim."""
    strip = Box(trim.x + mm(0.5), trim.centre_y - mm(5), mm(2), mm(10))
    red, _, blue = mean(image, pixel_box(strip, page_height))
    return "blue" if blue > red else "orange"


def test_backs_land_behind_their_fronts(sheet: Path) -> None:
    layout = sheet_layout(paper="a4", size=find_size("poker"), bleed_mm=0)
    height = layout.page.h
    front, back = render(sheet, 1), render(sheet, 2)
    assert front.size[0] == pytest.approx(210 / 25.4 * DPI, abs=1)
    assert front.size[1] == pytest.approx(297 / 25.4 * DPI, abs=1)
    for slot in range(9):
        assert frame_colour(front, layout.fronts[slot].trim, height) == frame_colour(
            back, layout.backs[slot].trim, height)
    # Row one reads trigger, action, action on the front and so, mirrored, the other way round.
    row = [frame_colour(back, layout.fronts[slot].trim, height) for slot in range(3)]
    assert row == ["orange", "orange", "blue"]


def test_hearts_and_diamonds_print_red(sheet: Path) -> None:
    layout = sheet_layout(paper="a4", size=find_size("poker"), bleed_mm=0)
    image = render(sheet, 1).crop(pixel_box(layout.fronts[4].trim, layout.page.h))
    assert red_pixels(image) > 200


def test_scale_bar_and_crop_marks_are_printed_true_to_size(sheet: Path) -> None:
    layout = sheet_layout(paper="a4", size=find_size("poker"), bleed_mm=0)
    assert layout.bar is not None
    image = render(sheet, 1).convert("L")
    left, top, right, bottom = pixel_box(layout.bar.box.inset(-mm(2), 0), layout.page.h)
    longest = 0
    for y in range(top, bottom + 1):
        run = 0
        for x in range(left, right + 1):
            run = run + 1 if grey(image, x, y) < 128 else 0
            longest = max(longest, run)
    expected = 50 / 25.4 * DPI
    assert abs(longest - expected) <= 3, (longest, expected)
    # A crop mark above the first card's left trim line, in the top margin.
    trim = layout.fronts[0].trim
    x = round(to_inch(trim.x) * DPI)
    y = round(to_inch(layout.page.h - layout.grid.top - mm(3)) * DPI)
    assert min(grey(image, x + dx, y) for dx in (-1, 0, 1)) < 128


@pytest.fixture(scope="module")
def bleed_sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A4 9-up and Letter 8-up, both with 3 mm bleed, one dark card among blue ones."""
    fronts = [CardFace(kind="k", label="K", number=n, text="Short.", ident=f"k{n}",
                       accent="#1a1a1a" if n == 4 else BLUE) for n in range(1, 10)]
    backs = [CardBack(kind="k", label="K", deck_name="D", accent=BLUE) for _ in fronts]
    folder = tmp_path_factory.mktemp("bleed")
    paths = {}
    for paper in ("a4", "letter"):
        paths[paper] = folder / f"{paper}.pdf"
        write_pnp(paths[paper], fronts, backs, paper=paper, bleed_mm=3)
    return paths


def longest_dark_run(image: Image.Image, box: Box, page_height: float, vertical: bool) -> int:
    """The longest run of dark pixels along rows (or columns) of `box`."""
    left, top, right, bottom = pixel_box(box, page_height)
    longest = 0
    outer = range(left, right + 1) if vertical else range(top, bottom + 1)
    for a in outer:
        run = 0
        for b in (range(top, bottom + 1) if vertical else range(left, right + 1)):
            run = run + 1 if grey(image, *((a, b) if vertical else (b, a))) < 128 else 0
            longest = max(longest, run)
    return longest


def test_ticks_beside_each_card_print_black_on_white_over_any_colour(
        bleed_sheets: dict[str, Path]) -> None:
    layout = sheet_layout(paper="a4", size=find_size("poker"), bleed_mm=3)
    image = render(bleed_sheets["a4"], 1).convert("L")
    height = layout.page.h
    for slot in (0, 3):  # blue, then the dark card
        trim = layout.fronts[slot].trim
        x = round(to_inch(trim.x + mm(2)) * DPI)  # along the card's top edge, near its corner
        y = round(to_inch(height - trim.top) * DPI)
        # Just outside the trim line: the black tick (0.5 pt is 2 pixels at 300 dpi) ...
        assert min(grey(image, x, y - dy) for dy in (0, 1, 2)) < 100
        # ... on a white band, then the bleed in the card's own colour.
        assert max(grey(image, x, y - dy) for dy in (3, 4, 5)) > 200
        colour = grey(image, x, y + 5)  # the card's frame, inside the trim
        assert colour < 230
        assert abs(grey(image, x, round(y - to_inch(mm(1.5)) * DPI)) - colour) < 20
        # Half way along the edge there is no tick: the bleed is the card's colour up to the trim.
        middle = round(to_inch(trim.centre_x) * DPI)
        assert all(abs(grey(image, middle, y - dy) - colour) < 20 for dy in (1, 3, 5))


def test_turned_scale_bar_on_letter_measures_fifty_millimetres(
        bleed_sheets: dict[str, Path]) -> None:
    layout = sheet_layout(paper="letter", size=find_size("poker"), bleed_mm=3)
    assert layout.bar is not None and layout.bar.turns == 1 and layout.note is not None
    image = render(bleed_sheets["letter"], 1).convert("L")
    longest = longest_dark_run(image, layout.bar.box.inset(0, -mm(2)), layout.page.h,
                               vertical=True)
    assert abs(longest - 50 / 25.4 * DPI) <= 3, longest
    # The note is printed, turned, in its spot.
    left, top, right, bottom = pixel_box(layout.note.box, layout.page.h)
    assert mean(image, (left, top, right, bottom))[0] < 250
