"""What a card face is made of: a flat list of shapes in card coordinates (points, y up).

Composing a face (design.py) is pure arithmetic that produces these; pdf.py replays them onto a
reportlab canvas and png.py onto a Pillow image, so both outputs share one layout.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path

from .fonts import ascent, descent, text_width
from .units import Box

_HEX = re.compile(r"#[0-9a-fA-F]{6}")


@dataclass(frozen=True, slots=True)
class Fill:
    box: Box
    colour: str
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Outline:
    box: Box
    colour: str
    width: float
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Stroke:
    """A straight line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: str
    width: float


def cos_sin(turns: int) -> tuple[int, int]:
    """Cosine and sine of `turns` quarter turns anticlockwise."""
    return ((1, 0), (0, 1), (-1, 0), (0, -1))[turns % 4]


@dataclass(frozen=True, slots=True)
class Text:
    """One run of text in one font and colour; (x, y) is the start of its baseline.

    `turns` quarter turns anticlockwise turn it about that point: 1 reads bottom to top.
    """

    x: float
    y: float
    text: str
    font: str
    size: float
    colour: str
    turns: int = 0

    @property
    def box(self) -> Box:
        """Where the glyphs can reach: the advance width by ascent plus descent (turned)."""
        down = descent(self.font, self.size)
        width, up = text_width(self.text, self.font, self.size), ascent(self.font, self.size)
        if not self.turns % 4:
            return Box(self.x, self.y - down, width, up + down)
        cos, sin = cos_sin(self.turns)
        corners = [(self.x + u * cos - v * sin, self.y + u * sin + v * cos)
                   for u in (0.0, width) for v in (-down, up)]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True, slots=True)
class Picture:
    box: Box
    path: Path


@dataclass(frozen=True, slots=True)
class Icon:
    """An icon file (SVG or PNG) scaled to fit `box` keeping its proportions, centred.

    `colour` None keeps the art's own colours; a #rrggbb colour recolours it (an SVG's
    currentColor, and every colour of a one-colour SVG; a PNG through its alpha). `turns`
    quarter turns anticlockwise turn the art inside its box, as `Text.turns` turns text.
    """

    box: Box
    source: Path
    colour: str | None = None
    turns: int = 0

    def turned(self, turns: int, pivot: tuple[float, float]) -> Icon:
        """This icon turned `turns` quarter turns anticlockwise about `pivot`."""
        cos, sin = cos_sin(turns)
        px, py = pivot
        corners = [(px + (x - px) * cos - (y - py) * sin, py + (x - px) * sin + (y - py) * cos)
                   for x in (self.box.x, self.box.right) for y in (self.box.y, self.box.top)]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        box = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        return Icon(box, self.source, self.colour, (self.turns + turns) % 4)

    def art_box(self, aspect: float) -> Box:
        """Where the art lands in `box` for an icon `aspect` (width / height) wide, turned."""
        if self.turns % 2:
            aspect = 1 / aspect
        box = self.box
        width = min(box.w, box.h * aspect)
        height = width / aspect
        return Box(box.x + (box.w - width) / 2, box.y + (box.h - height) / 2, width, height)


@dataclass(frozen=True, slots=True)
class Clip:
    """Shapes drawn only inside `box` (used for text that overflowed at the smallest size)."""

    box: Box
    items: tuple[Item, ...]


MITER_LIMIT = 10.0  # PDF's default: a corner sharper than about 11.5 degrees is bevelled

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle about (x, y), filled in `fill` and outlined `width` wide in `outline` (None:
    not filled, not outlined). As in PDF, the outline is centred on the edge."""

    x: float
    y: float
    radius: float
    fill: str | None
    outline: str | None = None
    width: float = 0.0

    @property
    def box(self) -> Box:
        """Where its ink reaches: half the outline lies outside the radius."""
        reach = self.radius + (self.width / 2 if self.outline else 0.0)
        return Box(self.x - reach, self.y - reach, 2 * reach, 2 * reach)


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon through `points`, filled and outlined as a Circle is (mitred corners)."""

    points: tuple[Point, ...]
    fill: str | None
    outline: str | None = None
    width: float = 0.0

    @property
    def box(self) -> Box:
        """Where its ink reaches, mitred corners of the outline included."""
        reach = [*self.points, *(point for piece in self.outline_pieces() for point in piece)]
        xs, ys = [x for x, _ in reach], [y for _, y in reach]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def outline_pieces(self) -> list[tuple[Point, ...]]:
        """The outline's ink as convex pieces, as PDF strokes it: a band along each side and
        a mitre at each corner (a bevel past MITER_LIMIT). Empty when there is no outline."""
        if not self.outline or self.width <= 0:
            return []
        half, points = self.width / 2, self.points
        pieces: list[tuple[Point, ...]] = []
        for index, (x, y) in enumerate(points):
            before, after = points[index - 1], points[(index + 1) % len(points)]
            nx, ny = _normal(before, (x, y))
            mx, my = _normal((x, y), after)
            ax, ay = after
            pieces.append(((x + mx * half, y + my * half), (ax + mx * half, ay + my * half),
                           (ax - mx * half, ay - my * half), (x - mx * half, y - my * half)))
            # The corner's outer side is the one the path turns away from.
            side = -1.0 if nx * my - ny * mx > 0 else 1.0
            start = (x + side * nx * half, y + side * ny * half)
            end = (x + side * mx * half, y + side * my * half)
            cos = max(-1.0, min(1.0, nx * mx + ny * my))
            ratio = 1 / math.sqrt((1 + cos) / 2) if cos > -1 else math.inf  # mitre / width
            if ratio <= MITER_LIMIT:
                bx, by = nx + mx, ny + my
                scale = side * half * ratio / math.hypot(bx, by)
                pieces.append(((x, y), start, (x + bx * scale, y + by * scale), end))
            else:
                pieces.append(((x, y), start, end))
        return pieces


def _normal(start: Point, end: Point) -> Point:
    """The unit vector a quarter turn anticlockwise from the direction start to end."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    return -dy / length, dx / length


Item = Fill | Outline | Stroke | Text | Picture | Icon | Clip | Circle | Polygon


def walk_text(items: tuple[Item, ...], clip: Box | None = None) -> list[tuple[Text, Box | None]]:
    """Every Text in `items`, each with the clip box it is drawn inside (or None)."""
    found: list[tuple[Text, Box | None]] = []
    for item in items:
        if isinstance(item, Text):
            found.append((item, clip))
        elif isinstance(item, Clip):
            found.extend(walk_text(item.items, item.box))
    return found


def rgb(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' as three 0-255 integers.

    >>> rgb("#c8102e")
    (200, 16, 46)
    """
    if not _HEX.fullmatch(colour):
        raise ValueError(f'"{colour}" is not a colour written as #rrggbb.')
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def is_colour(colour: str) -> bool:
    return bool(_HEX.fullmatch(colour))


def mix(colour: str, other: str, amount: float) -> str:
    """`colour` moved `amount` (0 to 1) of the way towards `other`."""
    mixed = (round(a + (b - a) * amount) for a, b in zip(rgb(colour), rgb(other), strict=True))
    return "#{:02x}{:02x}{:02x}".format(*mixed)


def luminance(colour: str) -> float:
    """Relative luminance (0 black to 1 white) as WCAG defines it."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(value) for value in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@functools.lru_cache(maxsize=256)  # asked for every card, of a deck's few colours
def readable_on(background: str, *, dark: str = "#1a1a1a", light: str = "#ffffff") -> str:
    """Whichever of `dark` and `light` has the higher contrast against `background`."""
    lum = luminance(background)
    on_dark = (lum + 0.05) / (luminance(dark) + 0.05)
    on_light = (luminance(light) + 0.05) / (lum + 0.05)
    return dark if on_dark >= on_light else light
