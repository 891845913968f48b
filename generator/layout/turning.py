"""Drawing items turned by quarter turns about a point: for turned elements, and for corner
indices repeated upside down."""

from __future__ import annotations

from generator.printing.drawing import (
    Circle,
    Clip,
    Fill,
    Item,
    Outline,
    Picture,
    Point,
    Polygon,
    Stroke,
    Text,
    cos_sin,
)
from generator.printing.units import Box


class CannotTurn(ValueError):
    """An item that cannot be drawn turned (a picture, by a quarter turn)."""


def turn_point(point: Point, turns: int, pivot: Point) -> Point:
    cos, sin = cos_sin(turns)
    x, y = point[0] - pivot[0], point[1] - pivot[1]
    return pivot[0] + x * cos - y * sin, pivot[1] + x * sin + y * cos


def turn_box(box: Box, turns: int, pivot: Point) -> Box:
    corners = [turn_point(corner, turns, pivot) for corner in
               ((box.x, box.y), (box.right, box.top))]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def turn_item(item: Item, turns: int, pivot: Point) -> Item:
    """`item` turned `turns` quarter turns anticlockwise about `pivot`."""
    if not turns % 4:
        return item
    if isinstance(item, Fill):
        return Fill(turn_box(item.box, turns, pivot), item.colour, item.radius)
    if isinstance(item, Outline):
        return Outline(turn_box(item.box, turns, pivot), item.colour, item.width, item.radius)
    if isinstance(item, Stroke):
        (x1, y1), (x2, y2) = (turn_point((item.x1, item.y1), turns, pivot),
                              turn_point((item.x2, item.y2), turns, pivot))
        return Stroke(x1, y1, x2, y2, item.colour, item.width)
    if isinstance(item, Text):
        x, y = turn_point((item.x, item.y), turns, pivot)
        return Text(x, y, item.text, item.font, item.size, item.colour,
                    (item.turns + turns) % 4)
    if isinstance(item, Circle):
        x, y = turn_point((item.x, item.y), turns, pivot)
        return Circle(x, y, item.radius, item.fill, item.outline, item.width)
    if isinstance(item, Polygon):
        return Polygon(tuple(turn_point(point, turns, pivot) for point in item.points),
                       item.fill, item.outline, item.width)
    if isinstance(item, Clip):
        return Clip(turn_box(item.box, turns, pivot),
                    tuple(turn_item(inner, turns, pivot) for inner in item.items))
    if isinstance(item, Picture):
        raise CannotTurn("a picture cannot be turned")
    turned = getattr(item, "turned", None)  # items that know how to turn themselves
    if turned is None:
        raise CannotTurn(f"a {type(item).__name__} cannot be turned")
    result: Item = turned(turns, pivot)
    return result
