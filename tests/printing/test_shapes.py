"""Circles and polygons in PDFs and PNGs, the registry of face designs and the "shapes" design."""

from __future__ import annotations

import itertools
import math
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.printing import CardBack, CardFace, PrintError, find_size, sheet_layout, write_pnp
from generator.printing.design import Composed, compose_front
from generator.printing.drawing import Circle, Fill, Item, Polygon, rgb
from generator.printing.face_designs import (
    FACE_DESIGNS,
    compose_face,
    find_design,
    register_face_design,
)
from generator.printing.pdf import Painter, new_canvas, save
from generator.printing.png import render_png
from generator.printing.shape_face import FILLS, LAYOUTS, SHAPES
from generator.printing.sizes import CARD_SIZES, CardSize
from generator.printing.units import Box, mm, to_inch

from .pdfread import painted

RED, BLUE, GREEN, INK = "#c8102e", "#1f6feb", "#2e8b57", "#000000"
WHITE = (255, 255, 255)
DPI = 300


def shapes(ident: str = "s1", **details: str) -> CardFace:
    return CardFace(kind="shape", label="SHAPE", number=None, text="", accent="#000000",
                    ident=ident, design="shapes", details=tuple(details.items()))


def triangle(x: float, y: float, side: float) -> tuple[tuple[float, float], ...]:
    """An equilateral triangle, point up, centred on its centroid (x, y)."""
    radius = side / math.sqrt(3)
    return ((x - side / 2, y - radius / 2), (x + side / 2, y - radius / 2), (x, y + radius))


# Drawing: the same geometry in a PDF and in a PNG.

def test_polygon_box_reaches_to_the_mitred_corners() -> None:
    square = Polygon(((0, 0), (10, 0), (10, 10), (0, 10)), None, INK, 2.0)
    assert square.box == Box(-1, -1, 12, 12)
    assert Polygon(((0, 0), (10, 0), (10, 10), (0, 10)), INK).box == Box(0, 0, 10, 10)
    peak = Polygon(triangle(0, 0, 30), None, INK, 2.0)
    apex = 30 / math.sqrt(3)
    assert peak.box.top == pytest.approx(apex + 2.0)  # a 60° mitre reaches a full width out
    assert Circle(5, 5, 4, None, INK, 2.0).box == Box(0, 0, 10, 10)
    assert Circle(5, 5, 4, INK).box == Box(1, 1, 8, 8)


def test_circles_and_polygons_are_written_to_the_pdf(tmp_path: Path) -> None:
    path = tmp_path / "shapes.pdf"
    canvas = new_canvas(path, (200, 200), title="shapes", subject="test")
    Painter(canvas).draw([Circle(100, 100, 40, RED, BLUE, 3.0),
                          Polygon(((10, 10), (60, 10), (35, 50)), GREEN),
                          Polygon(((10, 110), (60, 110), (35, 150)), None, INK, 2.0),
                          Circle(150, 30, 10, None, None)])  # nothing to paint: nothing drawn
    save(canvas)
    reader = PdfReader(path)
    circle, filled, outlined = painted(reader, reader.pages[0])
    assert circle.operator == "B*" and circle.curves == 4
    assert circle.fill == pytest.approx([v / 255 for v in rgb(RED)], abs=1e-5)
    assert circle.stroke == pytest.approx([v / 255 for v in rgb(BLUE)], abs=1e-5)
    assert circle.width == 3.0
    assert {(round(x), round(y)) for x, y in circle.points} == {
        (140, 100), (100, 140), (60, 100), (100, 60)}
    assert filled.operator == "f*" and filled.points == ((10, 10), (60, 10), (35, 50))
    assert filled.fill == pytest.approx([v / 255 for v in rgb(GREEN)], abs=1e-5)
    assert outlined.operator == "S" and outlined.width == 2.0
    assert outlined.points == ((10, 110), (60, 110), (35, 150))


def card(items: list[Item]) -> Composed:
    """A 1 in square card of `items` with no bleed."""
    trim = Box(0, 0, 72, 72)
    return Composed(items=tuple(items), trim=trim, bleed=trim, safe=trim)


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The colour at card point (x, y) of a 1 in card drawn at 300 dpi."""
    scale = DPI / 72
    value = image.getpixel((int(x * scale), int(image.height - y * scale)))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def test_circles_and_polygons_are_drawn_in_pngs() -> None:
    points = triangle(54, 20, 24)
    image = render_png(card([Circle(20, 52, 12, RED, BLUE, 2.0), Polygon(points, GREEN),
                             Circle(54, 52, 10, None, BLUE, 2.0),
                             Polygon(triangle(20, 18, 20), None, RED, 2.0)]),
                       size_px=(DPI, DPI), dpi=DPI)
    assert pixel(image, 20, 52) == rgb(RED)  # filled inside
    assert pixel(image, 20 + 12, 52) == rgb(BLUE)  # the outline is centred on the edge
    assert pixel(image, 20 + 14, 52) == WHITE
    assert pixel(image, 54, 20) == rgb(GREEN)
    assert pixel(image, 54, points[0][1] - 1) == WHITE  # below the base
    assert pixel(image, points[2][0] + 4, points[2][1] - 2) == WHITE  # beside the point
    assert pixel(image, 54, 52) == WHITE  # an outline alone leaves the inside alone
    assert pixel(image, 54, 52 + 10) == rgb(BLUE)
    assert pixel(image, 20, 18) == WHITE
    apex = 18 + 20 / math.sqrt(3)
    assert pixel(image, 20, apex + 1.5) == rgb(RED)  # the mitre reaches past the corner
    assert pixel(image, 20, apex + 2.5) == WHITE


# The registry of face designs.

def test_the_designs_are_registered_by_name() -> None:
    assert list(FACE_DESIGNS)[:2] == ["text", "shapes"]
    assert FACE_DESIGNS["text"] is compose_front
    face = CardFace(kind="trigger", label="TRIGGER", number=1, text="Hi.", accent=BLUE)
    poker = find_size("poker")
    assert compose_face(face, poker, 3) == compose_front(face, poker, 3)
    with pytest.raises(ValueError, match="already"):
        register_face_design("text", compose_front)


def test_an_unknown_design_names_the_card_and_the_designs(tmp_path: Path) -> None:
    face = CardFace(kind="trigger", label="TRIGGER", number=7, text="x", accent=BLUE,
                    ident="t7", design="shape")
    with pytest.raises(PrintError, match=r'^t7: there is no card design "shape"; the designs '
                                         r'are text, shapes.* Did you mean "shapes"\?'):
        find_design(face)
    with pytest.raises(PrintError, match=r"^t7: "):
        compose_face(face, find_size("poker"), 3)
    back = CardBack(kind="trigger", label="TRIGGER", deck_name="D", accent=BLUE)
    with pytest.raises(PrintError, match=r"^t7: "):
        write_pnp(tmp_path / "cards.pdf", [face], [back])
    assert not list(tmp_path.iterdir())


def test_a_registered_design_is_used_by_the_writers(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    used: list[str] = []

    def plain(face: CardFace, size: CardSize, bleed_mm: float, style: object = None
              ) -> Composed:
        used.append(face.ident)
        bleed = size.bleed_box(bleed_mm)
        return Composed(items=(Fill(bleed, GREEN),), trim=size.trim, bleed=bleed,
                        safe=size.safe)

    monkeypatch.setitem(FACE_DESIGNS, "plain", plain)
    face = CardFace(kind="k", label="K", number=None, text="", accent=BLUE, ident="p1",
                    design="plain")
    write_pnp(tmp_path / "plain.pdf", [face], [CardBack(kind="k", label="K", deck_name="D",
                                                        accent=BLUE)])
    assert "p1" in used


# The "shapes" design.

def shape_items(side: Composed) -> list[Circle | Polygon]:
    found = [item for item in side.items if isinstance(item, Circle | Polygon)]
    assert len(found) == len(side.items) - 1
    return found


def same(these: Sequence[Sequence[float]], those: Sequence[Sequence[float]]) -> bool:
    """The same tuples of numbers (give or take rounding), in any order."""
    def order(values: Sequence[Sequence[float]]) -> list[float]:
        return [v for value in sorted(values, key=lambda v: [round(x, 3) for x in v])
                for v in value]
    return order(these) == pytest.approx(order(those), abs=1e-6)


LANDSCAPE = CardSize(name="landscape", width_mm=88.0, height_mm=63.0)


@pytest.mark.parametrize("size", [*CARD_SIZES.values(), LANDSCAPE], ids=lambda s: s.name)
@pytest.mark.parametrize("shape", SHAPES)
def test_shapes_are_apart_inside_the_safe_zone_and_symmetric(size: CardSize, shape: str) -> None:
    sizes = set()
    for count, fill in itertools.product(LAYOUTS, FILLS):
        side = compose_face(shapes(shape=shape, count=str(count), fill=fill), size, 3)
        found = shape_items(side)
        assert len(found) == count
        boxes = [item.box for item in found]
        for box in boxes:
            assert side.safe.contains(box), (count, fill, box)
        for one, other in itertools.combinations(boxes, 2):
            assert not one.inset(-mm(2)).overlaps(other), (count, fill)  # 2 mm or more apart
        # Symmetric about the card's vertical centre line, shape by shape and point by point.
        width = side.trim.w
        assert same([box.corners() for box in boxes],
                    [box.mirror_x(width).corners() for box in boxes])
        points = [point for item in found if isinstance(item, Polygon) for point in item.points]
        assert same(points, [(width - x, y) for x, y in points])
        assert len({(round(box.w, 6), round(box.h, 6)) for box in boxes}) == 1  # identical
        sizes.add((round(boxes[0].w, 6), round(boxes[0].h, 6)))
        if fill == "unfilled":
            assert all(item.fill is None and item.width >= 1.0 for item in found)
        else:
            assert all(item.outline is None for item in found)
    assert len(sizes) == 1  # the same size at every count, filled or outlined


def test_a_black_card_covers_its_bleed_and_has_white_shapes() -> None:
    for fill in FILLS:
        side = compose_face(shapes(shape="triangle", count="5", fill=fill, colour="black"),
                            find_size("poker"), 3)
        background = side.items[0]
        assert isinstance(background, Fill) and background.colour == "#000000"
        assert background.box == side.bleed and side.bleed.contains(side.trim)
        assert {item.fill or item.outline for item in shape_items(side)} == {"#ffffff"}
    white = compose_face(shapes(shape="circle", count="1"), find_size("poker"), 3)
    assert white.items[0] == Fill(white.bleed, "#ffffff")
    assert {item.fill for item in shape_items(white)} == {"#000000"}


@pytest.mark.parametrize(("details", "message"), [
    ({"count": "2"}, "the shape is missing"),
    ({"shape": "hexagon", "count": "2"}, 'the shape is "hexagon"; it must be circle, triangle'),
    ({"shape": "circle"}, "the count is missing"),
    ({"shape": "circle", "count": "7"}, 'the count is "7"; it must be 1, 2, 3, 4, 5 or 6'),
    ({"shape": "circle", "count": "two"}, 'the count is "two"'),
    ({"shape": "circle", "count": "1", "fill": "striped"}, 'the fill is "striped"'),
    ({"shape": "circle", "count": "1", "colour": "red"}, 'the colour is "red"'),
    ({"shape": "circle", "count": "1", "color": "red"}, 'no detail "color"'),
])
def test_bad_details_name_the_card(details: dict[str, str], message: str) -> None:
    with pytest.raises(PrintError, match=f"^s9: .*{message}"):
        compose_face(shapes("s9", **details), find_size("poker"), 3)


def test_a_detail_given_twice_is_an_error() -> None:
    face = CardFace(kind="shape", label="SHAPE", number=None, text="", accent=INK, ident="s2",
                    design="shapes", details=(("shape", "circle"), ("shape", "square"),
                                              ("count", "1")))
    with pytest.raises(PrintError, match=r'^s2: the detail "shape" is given twice'):
        compose_face(face, find_size("poker"), 3)


def test_unfilled_is_the_games_word_and_outlined_still_reads() -> None:
    poker = find_size("poker")
    for shape in SHAPES:
        unfilled = compose_face(shapes(shape=shape, count="4", fill="unfilled"), poker, 3)
        outlined = compose_face(shapes(shape=shape, count="4", fill="outlined"), poker, 3)
        assert unfilled == outlined
        assert all(item.fill is None for item in shape_items(unfilled))
    with pytest.raises(PrintError, match="it must be filled, unfilled or outlined"):
        compose_face(shapes(shape="circle", count="1", fill="empty"), poker, 3)


def test_details_ignore_case_and_spaces() -> None:
    side = compose_face(shapes(shape=" Square", count="3 ", fill="OUTLINED"),
                        find_size("poker"), 3)
    assert len(shape_items(side)) == 3


# A sheet of shape cards, printed and looked at.

SHEET = [("circle", 1, "filled", "white"), ("triangle", 2, "unfilled", "black"),
         ("square", 3, "filled", "black"), ("circle", 4, "unfilled", "white"),
         ("triangle", 5, "filled", "white"), ("square", 6, "outlined", "black")]


def write_sheet(path: Path) -> None:
    fronts = [shapes(f"s{n}", shape=shape, count=str(count), fill=fill, colour=colour)
              for n, (shape, count, fill, colour) in enumerate(SHEET, start=1)]
    backs = [CardBack(kind="shape", label="SHAPES", deck_name="Shapes", accent="#336699")
             ] * len(fronts)
    summary = write_pnp(path, fronts, backs, paper="a4")
    assert summary.pages == 2 and not summary.overflow and not summary.missing_glyphs


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm")
def test_a_sheet_of_shape_cards_prints_as_composed(tmp_path: Path) -> None:
    pdf = tmp_path / "shapes.pdf"
    write_sheet(pdf)
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", "1", "-l", "1", "-png", "-singlefile",
                    str(pdf), str(tmp_path / "page")], check=True)
    with Image.open(tmp_path / "page.png") as page:
        image = page.convert("RGB")
    layout = sheet_layout(paper="a4", size=find_size("poker"), bleed_mm=3)

    def colour(x: float, y: float) -> str:
        px = image.getpixel((round(to_inch(x) * DPI), round(to_inch(layout.page.h - y) * DPI)))
        assert isinstance(px, tuple)
        return "black" if sum(px[:3]) < 3 * 60 else "white" if min(px[:3]) > 195 else "grey"

    # In the middle of the card: a shape for odd counts (1, 3, 5), the card between shapes
    # for even ones; the card's own colour just inside each corner of the trim.
    middle = ["black", "black", "white", "white", "black", "black"]
    for slot, (_, _, _, card_colour) in enumerate(SHEET):
        trim = layout.fronts[slot].trim
        assert colour(trim.centre_x, trim.centre_y) == middle[slot], slot
        inside = trim.inset(mm(1))
        for x, y in itertools.product((inside.x, inside.right), (inside.y, inside.top)):
            assert colour(x, y) == card_colour, slot
