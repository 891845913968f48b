"""The "shapes" card design: one to six identical shapes on a plain white or black card.

A face's details say which: shape (circle, triangle or square), count (1 to 6), fill (filled,
the default, or unfilled, the game's word for shapes drawn in outline; "outlined" is read as
unfilled too) and colour (the card's: white, the default, or black; the shapes
take the other). The card's colour covers the whole bleed. Every count is laid out on the same
grid of cells, two across and three down the safe zone (turned on a landscape card), so a shape
is the same size on every card of one size and a count reads at a glance, as dice pips do:

    1 ●      2 ●      3 ●      4 ● ●     5 ● ●     6 ● ●
             ●        ●        ● ●        ●        ● ●
                      ●                  ● ●       ● ●

What the Rule?!'s look (templates/layouts/what-the-rule.yaml) lays its shapes out with
`shapes_in`, the same grid, inside a box of its own that keeps the corner indices clear.
"""

from __future__ import annotations

import math

from .design import STYLE, Composed, FaceStyle
from .drawing import Circle, Fill, Item, Point, Polygon
from .errors import PrintError
from .faces import CardFace
from .sizes import CardSize
from .units import Box

SHAPES = ("circle", "triangle", "square")
FILLS = ("filled", "unfilled")
FILL_WORDS = {"filled": "filled", "unfilled": "unfilled", "outlined": "unfilled"}
COLOURS = {"white": "#ffffff", "black": "#000000"}  # the card's colour; shapes take the other
DETAILS = ("shape", "count", "fill", "colour")

GRID = (2, 3)  # cells across and down that every layout fits in
# Shape centres in cells from the middle of the safe zone (x right, y up), by count.
LAYOUTS: dict[int, tuple[Point, ...]] = {
    1: ((0.0, 0.0),),
    2: ((0.0, 0.5), (0.0, -0.5)),
    3: ((0.0, 1.0), (0.0, 0.0), (0.0, -1.0)),
    4: ((-0.5, 0.5), (0.5, 0.5), (-0.5, -0.5), (0.5, -0.5)),
    5: ((-0.5, 1.0), (0.5, 1.0), (0.0, 0.0), (-0.5, -1.0), (0.5, -1.0)),
    6: ((-0.5, 1.0), (0.5, 1.0), (-0.5, 0.0), (0.5, 0.0), (-0.5, -1.0), (0.5, -1.0)),
}
SHARE = 0.76  # a circle's width as a share of its cell; the rest keeps neighbours apart
SQUARE = math.sqrt(math.pi) / 2  # a square's side, as a share of that: the circle's area
TRIANGLE = 1.1  # a triangle's side, likewise: it looks the size of the others
OUTLINE = 0.07  # an outline's width as a share of a circle's width
MIN_OUTLINE_PT = 1.0  # thinner lines may not print


def compose_shapes(face: CardFace, size: CardSize, bleed_mm: float,
                   style: FaceStyle = STYLE) -> Composed:
    """The front of a "shapes" card (`style` is the text design's and is not used)."""
    shape, count, filled, colour = _details(face)
    trim, safe, bleed = size.trim, size.safe, size.bleed_box(bleed_mm)
    ink = COLOURS["black" if colour == "white" else "white"]
    items: list[Item] = [Fill(bleed, COLOURS[colour])]
    items += shapes_in(safe, shape, count, filled, ink)
    return Composed(items=tuple(items), trim=trim, bleed=bleed, safe=safe)


def shapes_in(region: Box, shape: str, count: int, filled: bool, ink: str) -> list[Item]:
    """`count` shapes laid out in `region` on the dice-pip grid, in `ink`."""
    cell, spots = _layout(region, min(max(count, 1), max(LAYOUTS)))
    width = cell * SHARE
    line = 0.0 if filled else max(MIN_OUTLINE_PT, width * OUTLINE)
    return [_shape(shape, x, y, width, ink, line) for x, y in spots]


def _layout(safe: Box, count: int) -> tuple[float, list[Point]]:
    """The cell size and the centre of each of `count` shapes in `safe`."""
    across, down = GRID if safe.h >= safe.w else GRID[::-1]
    cell = min(safe.w / across, safe.h / down)
    spots = LAYOUTS[count] if safe.h >= safe.w else tuple((y, x) for x, y in LAYOUTS[count])
    return cell, [(safe.centre_x + x * cell, safe.centre_y + y * cell) for x, y in spots]


def _shape(shape: str, x: float, y: float, width: float, ink: str, line: float) -> Item:
    """A shape whose ink (outline included) is centred on (x, y); filled when `line` is 0.

    An outline lies half outside the path it strokes, so an outlined shape's path is smaller
    by that much, and filled and outlined shapes come out the same size.
    """
    fill, outline = (ink, None) if not line else (None, ink)
    if shape == "circle":
        return Circle(x, y, width / 2 - line / 2, fill, outline, line)
    if shape == "square":
        half = width * SQUARE / 2 - line / 2
        return Polygon(((x - half, y - half), (x + half, y - half), (x + half, y + half),
                        (x - half, y + half)), fill, outline, line)
    # An equilateral triangle, point up, its ink as high above (x, y) as below. Its mitred
    # outline reaches line / 2 beyond each side, so its path has √3 × line less of a side.
    side = width * TRIANGLE
    middle = y - side * math.sqrt(3) / 12  # the centroid, a third of the way up the ink
    side -= math.sqrt(3) * line
    radius = side / math.sqrt(3)
    return Polygon(((x - side / 2, middle - radius / 2), (x + side / 2, middle - radius / 2),
                    (x, middle + radius)), fill, outline, line)


def _details(face: CardFace) -> tuple[str, int, bool, str]:
    """(shape, count, filled, card colour) from the face's details, or a PrintError."""
    name = face.ident or face.heading
    values: dict[str, str] = {}
    for key, value in face.details:
        if key not in DETAILS:
            raise PrintError(f'{name}: the "shapes" design has no detail "{key}"; its details '
                             f"are {', '.join(DETAILS)}.")
        if key in values:
            raise PrintError(f'{name}: the detail "{key}" is given twice.')
        values[key] = value.strip().lower()

    def choice(key: str, choices: tuple[str, ...], default: str | None = None) -> str:
        value = values.get(key, default)
        if value not in choices:
            given = "is missing" if value is None else f'is "{value}"'
            raise PrintError(f"{name}: the {key} {given}; it must be {', '.join(choices[:-1])} "
                             f"or {choices[-1]}.")
        return value

    count = choice("count", tuple(str(count) for count in LAYOUTS))
    fill = FILL_WORDS[choice("fill", tuple(FILL_WORDS), "filled")]
    return (choice("shape", SHAPES), int(count), fill == "filled",
            choice("colour", tuple(COLOURS), "white"))
