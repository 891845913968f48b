"""The 5 mm rule, proved on rendered pages: a home printer that leaves the outer 5 mm of the
paper blank still prints a mark for every cut, and every piece that any cutting order leaves
still shows the marks for the cuts it needs. Skipped without pdftoppm (poppler)."""

from __future__ import annotations

import dataclasses
import itertools
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from generator.printing import CardBack, CardFace, sheets, write_pnp
from generator.printing.layout import SheetLayout
from generator.printing.marks import Marks
from generator.printing.units import to_inch

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm")

DPI = 300
MARGIN_MM = 5.0  # what many home printers leave blank
NEAR_MM = 0.35  # how far from the cut line a mark may lie and still show the line
RUN_MM = 1.5  # the least length of mark along the line that a cutter can line a blade up with
ACCENTS = ("#1f6feb", "#1a1a1a", "#f2f2f2", "#c2410c")  # blue, near black, near white, orange


def px(points: float) -> int:
    return round(to_inch(points) * DPI)


def mm_px(millimetres: float) -> int:
    return round(millimetres / 25.4 * DPI)


def render(pdf: Path, page: int) -> Image.Image:
    prefix = pdf.with_name(f"{pdf.stem}-{page}")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-gray",
                    "-png", "-singlefile", str(pdf), str(prefix)], check=True)
    with Image.open(prefix.with_suffix(".png")) as image:
        return image.convert("L")


def blank_border(image: Image.Image) -> Image.Image:
    """What a printer with a 5 mm unprintable margin puts on paper."""
    printed = image.copy()
    draw = ImageDraw.Draw(printed)
    edge, (w, h) = mm_px(MARGIN_MM), image.size
    for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
        draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=255)
    return printed


@dataclasses.dataclass
class Sheet:
    layout: SheetLayout
    whole: list[Image.Image]  # fronts, backs as drawn
    marked: list[Image.Image]  # the same as printed (5 mm border blanked)
    bare: list[Image.Image]  # as printed, drawn without any mark


def _build(folder: Path, paper: str, monkeypatch: pytest.MonkeyPatch) -> Sheet:
    fronts = [CardFace(kind=f"k{n}", label="K", number=n, text="Words on a card.",
                       accent=ACCENTS[n % 4], ident=f"k{n}") for n in range(8)]
    backs = [CardBack(kind=f"k{n}", label="K", deck_name="Cut", accent=ACCENTS[(n + 1) % 4])
             for n in range(8)]
    seen: list[SheetLayout] = []
    real = sheets.sheet_layout

    def without_marks(**kwargs: object) -> SheetLayout:
        layout = real(**kwargs)  # type: ignore[arg-type]
        seen.append(layout)
        return dataclasses.replace(layout, front_marks=Marks((), ()),
                                   back_marks=Marks((), ()))

    marked_pdf, bare_pdf = folder / f"{paper}.pdf", folder / f"{paper}-bare.pdf"
    write_pnp(marked_pdf, fronts, backs, paper=paper, bleed_mm=3)
    with monkeypatch.context() as patch:
        patch.setattr(sheets, "sheet_layout", without_marks)
        write_pnp(bare_pdf, fronts, backs, paper=paper, bleed_mm=3)
    whole = [render(marked_pdf, p) for p in (1, 2)]
    return Sheet(seen[0], whole, [blank_border(page) for page in whole],
                 [blank_border(render(bare_pdf, p)) for p in (1, 2)])


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheet(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Sheet:
    with pytest.MonkeyPatch.context() as patch:
        return _build(tmp_path_factory.mktemp("cut"), request.param, patch)


def marks_only(sheet: Sheet, page: int) -> Image.Image:
    """255 where a printed mark changed the page, 0 elsewhere."""
    diff = ImageChops.difference(sheet.marked[page], sheet.bare[page])
    return diff.point(lambda v: 255 if v > 60 else 0)


def trims(sheet: Sheet, page: int) -> list[tuple[int, int, int, int]]:
    """Each card's trim in pixels (left, top, right, bottom) on front (0) or back (1) page."""
    placements = sheet.layout.fronts if page == 0 else sheet.layout.backs
    height = sheet.layout.page.h
    return [(px(p.trim.x), px(height - p.trim.top), px(p.trim.right), px(height - p.trim.y))
            for p in placements]


def longest_run(values: list[bool]) -> int:
    best = run = 0
    for value in values:
        run = run + 1 if value else 0
        best = max(best, run)
    return best


def mark_along(mask: Image.Image, line: int, vertical: bool, span: tuple[int, int]) -> int:
    """The longest stretch (pixels) of mark along the cut line at `line`, within `span`."""
    near = mm_px(NEAR_MM)
    if vertical:
        band = mask.crop((line - near, span[0], line + near + 1, span[1]))
    else:
        band = mask.crop((span[0], line - near, span[1], line + near + 1)).transpose(
            Image.Transpose.ROTATE_90)
    values, width = band.tobytes(), band.width
    return longest_run([any(values[r * width:(r + 1) * width]) for r in range(band.height)])


def pieces(xs: list[int], ys: list[int], size: tuple[int, int]) -> Iterator[
        tuple[tuple[int, int], tuple[int, int]]]:
    """Every rectangle a guillotine can leave: each side the paper's edge or a cut line."""
    w, h = size
    for (left, right) in itertools.combinations([0, *xs, w], 2):
        for (top, bottom) in itertools.combinations([0, *ys, h], 2):
            yield (left, right), (top, bottom)


@pytest.mark.parametrize("page", [0, 1], ids=["fronts", "backs"])
def test_every_piece_any_cutting_order_leaves_shows_its_remaining_cuts(sheet: Sheet,
                                                                       page: int) -> None:
    mask = marks_only(sheet, page)
    cards = trims(sheet, page)
    xs = sorted({x for c in cards for x in (c[0], c[2])})
    ys = sorted({y for c in cards for y in (c[1], c[3])})
    assert len(xs) == 2 * 2 and len(ys) == 2 * 4  # eight cards, two by four
    need = mm_px(RUN_MM)
    checked = 0
    found: dict[tuple[int, bool, tuple[int, int]], int] = {}  # pieces share cut lines

    def mark_at(line: int, vertical: bool, span: tuple[int, int]) -> int:
        key = (line, vertical, span)
        if key not in found:
            found[key] = mark_along(mask, line, vertical, span)
        return found[key]

    for (left, right), (top, bottom) in pieces(xs, ys, mask.size):
        holds_card = any(left <= c[0] and c[2] <= right and top <= c[1] and c[3] <= bottom
                         for c in cards)
        if not holds_card:
            continue  # waste: nothing left to cut
        for x in (x for x in xs if left < x < right):
            assert mark_at(x, True, (top, bottom)) >= need, (
                f"piece x {left}-{right}, y {top}-{bottom}: no mark for the cut at x={x}")
            checked += 1
        for y in (y for y in ys if top < y < bottom):
            assert mark_at(y, False, (left, right)) >= need, (
                f"piece x {left}-{right}, y {top}-{bottom}: no mark for the cut at y={y}")
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("page", [0, 1], ids=["fronts", "backs"])
def test_no_mark_lies_on_a_card(sheet: Sheet, page: int) -> None:
    mask = marks_only(sheet, page)
    inset = mm_px(NEAR_MM)
    for left, top, right, bottom in trims(sheet, page):
        inside = mask.crop((left + inset, top + inset, right - inset, bottom - inset))
        assert inside.getbbox() is None, "a mark would stay on the cut card"


@pytest.mark.parametrize("page", [0, 1], ids=["fronts", "backs"])
def test_nothing_but_bleed_lies_in_the_unprintable_margin(sheet: Sheet, page: int) -> None:
    """Cards' trims, marks, the heading, the note and the scale bar are all printed: on the
    page as drawn, with the cards' bleed whited out, the outer 5 mm is blank."""
    layout = sheet.layout
    height = layout.page.h
    image = sheet.whole[page].copy()
    draw = ImageDraw.Draw(image)
    edge = mm_px(MARGIN_MM)
    for p in layout.fronts if page == 0 else layout.backs:
        trim = (px(p.trim.x), px(height - p.trim.top), px(p.trim.right), px(height - p.trim.y))
        assert min(trim[:2]) >= edge and trim[2] <= image.width - edge
        assert trim[3] <= image.height - edge
        cell = (px(p.cell.x), px(height - p.cell.top), px(p.cell.right), px(height - p.cell.y))
        outer = (cell[0] - 1, cell[1] - 1, cell[2] + 1, cell[3] + 1)  # anti-aliased edges
        draw.rectangle(outer, fill=255)
    inked = ImageChops.invert(image).point(lambda v: 255 if v > 40 else 0)
    box = inked.getbbox()
    assert box is not None  # the furniture and marks are there ...
    assert box[0] >= edge and box[1] >= edge  # ... and all inside the printable area
    assert box[2] <= image.width - edge and box[3] <= image.height - edge
