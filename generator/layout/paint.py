"""Each element type drawn into its box: text, rect, image, icon, shapes and pattern."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.printing.art import art_size
from generator.printing.drawing import (
    Circle,
    Clip,
    Fill,
    Icon,
    Item,
    Outline,
    Picture,
    Stroke,
    is_colour,
    mix,
    readable_on,
)
from generator.printing.icons import icon_aspect
from generator.printing.reports import Overflow
from generator.printing.units import Box, mm

from .fields import Fields, fill_in
from .inline import known_icons
from .look import Look, Placed
from .measures import length
from .model import Element
from .text_element import SetText, set_text

PAPER = "#ffffff"
INK = "#1a1a1a"


@dataclass(frozen=True, slots=True)
class Drawn:
    """Where one element went on one side, and how its text was set (for the layout checks)."""

    name: str
    type: str
    box: Box
    ink: Box | None = None          # where its marks reach (None: nothing drawn)
    colour: str | None = None       # text and icons: their colour
    ground: str | None = None       # the colour under it (None: a picture, not known)
    text: SetText | None = None
    overflow: Overflow | None = None
    missing: str = ""
    source: Path | None = None      # an image's file
    origin: tuple[str, int | None, int | None, str] = ("", None, None, "")


_MIX = re.compile(r"mix\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*,\s*(\d+(?:\.\d+)?)%\s*\)")


def colour_of(value: str | None, look: Look, fields: Fields, default: str) -> str:
    """A colour as the layout writes it, as #rrggbb ("auto" is the caller's): #rrggbb, a
    name from the layout's colours, a {field}, or mix(A, B, N%): A moved N% towards B."""
    if value is None:
        return default
    value = fill_in(value, fields) if "{" in value else value
    if is_colour(value):
        return value
    mixed = _MIX.fullmatch(value)
    if mixed is not None:
        first, second = (colour_of(part, look, fields, default) for part in mixed.group(1, 2))
        return mix(first, second, min(100.0, float(mixed[3])) / 100)
    return look.colours.get(value, default)


def ground_under(items: list[Item], box: Box) -> str | None:
    """The colour drawn last under the middle of `box`: paper when nothing is, None when a
    picture is (its colour there is not known)."""
    found = _drawn_under(items, box.centre_x, box.centre_y)
    return PAPER if found == "" else found


def _drawn_under(items: list[Item] | tuple[Item, ...], x: float, y: float) -> str | None:
    """The colour of the last item under (x, y), None for a picture, "" for nothing; inside
    a clip too (a picture cropped to its box)."""
    for item in reversed(items):
        if not isinstance(item, Fill | Picture | Clip) or not (
                item.box.x <= x <= item.box.right and item.box.y <= y <= item.box.top):
            continue
        if isinstance(item, Fill):
            return item.colour
        if isinstance(item, Picture):
            return None
        found = _drawn_under(item.items, x, y)
        if found != "":
            return found
    return ""


def paint_element(element: Placed, box: Box, look: Look, fields: Fields, below: list[Item],
                  ident: str, kind: str) -> tuple[list[Item], Drawn] | None:
    """The items of one element in `box`, and its record; None when it draws nothing (a text
    or picture whose field is empty on this card)."""
    spec = element.spec
    painter = _PAINTERS[spec.type or "rect"]
    return painter(element, spec, box, look, fields, below, ident, kind)


def _text(element: Placed, spec: Element, box: Box, look: Look, fields: Fields,
          below: list[Item], ident: str, kind: str) -> tuple[list[Item], Drawn] | None:
    words = fill_in(spec.text or "", fields).strip()
    if not words:
        return None
    ground = ground_under(below, box)
    if spec.colour == "auto":
        colour = readable_on(ground or PAPER)
    else:
        colour = colour_of(spec.colour, look, fields, INK)
    red = look.colours.get("red", "#c8102e") if colour == INK or spec.colour is None else None
    set_as = set_text(words, spec, box, look, colour=colour, red=red)
    overflow = None if set_as.fits else Overflow(ident=ident, kind=kind, part=element.name,
                                                 size_pt=set_as.size)
    items: list[Item] = list(set_as.items)
    if not set_as.fits:
        items = [Clip(set_as.region, tuple(items))]
    return items, Drawn(element.name, "text", box, set_as.ink, colour, ground, set_as,
                        overflow, set_as.missing, origin=element.origin)


def _rect(element: Placed, spec: Element, box: Box, look: Look, fields: Fields,
          below: list[Item], ident: str, kind: str) -> tuple[list[Item], Drawn]:
    radius = length(spec.radius, box.w) if spec.radius is not None else 0.0
    items: list[Item] = []
    if spec.fill is not None:
        items.append(Fill(box, colour_of(spec.fill, look, fields, PAPER), radius))
    if spec.stroke is not None:
        width = length(spec.stroke_width, box.w) if spec.stroke_width is not None else 0.75
        items.append(Outline(box, colour_of(spec.stroke, look, fields, INK), width, radius))
        box = box.inset(-width / 2)
    return items, Drawn(element.name, "rect", box, box, origin=element.origin)


def _image(element: Placed, spec: Element, box: Box, look: Look, fields: Fields,
           below: list[Item], ident: str, kind: str) -> tuple[list[Item], Drawn] | None:
    src = fill_in(spec.src or "", fields).strip()
    if not src:
        return None
    path = Path(src)
    width, height = art_size(path)
    fit = spec.fit or "contain"
    if fit == "stretch":
        placed = box
    else:
        scale = (min if fit == "contain" else max)(box.w / width, box.h / height)
        w, h = width * scale, height * scale
        placed = Box(box.centre_x - w / 2, box.centre_y - h / 2, w, h)
    item: Item = Picture(placed, path)
    ink = placed
    if fit == "cover":
        item = Clip(box, (item,))
        ink = box
    return [item], Drawn(element.name, "image", box, ink, source=path, origin=element.origin)


def _pattern(element: Placed, spec: Element, box: Box, look: Look, fields: Fields,
             below: list[Item], ident: str, kind: str) -> tuple[list[Item], Drawn]:
    colour = colour_of(spec.stroke, look, fields, INK)
    spacing = length(spec.spacing, box.w) if spec.spacing is not None else mm(4.0)
    width = length(spec.stroke_width, box.w) if spec.stroke_width is not None else 0.6
    marks: list[Item] = []
    if spec.pattern == "dots":
        rows, cols = int(box.h / spacing) + 2, int(box.w / spacing) + 2
        marks = [Circle(box.x + col * spacing + (spacing / 2 if row % 2 else 0.0),
                        box.y + row * spacing, width, colour)
                 for row in range(rows) for col in range(cols)]
    else:
        steps = int((box.w + box.h) / spacing) + 2
        for step in range(steps):
            offset = step * spacing
            marks.append(Stroke(box.x + offset - box.h, box.y, box.x + offset, box.top, colour,
                                width))
            if spec.pattern == "lattice":
                marks.append(Stroke(box.x + offset, box.y, box.x + offset - box.h, box.top,
                                    colour, width))
    return [Clip(box, tuple(marks))], Drawn(element.name, "pattern", box, box,
                                            origin=element.origin)


def _shapes(element: Placed, spec: Element, box: Box, look: Look, fields: Fields,
            below: list[Item], ident: str, kind: str) -> tuple[list[Item], Drawn] | None:
    from generator.printing.shape_face import shapes_in

    padding = length(spec.padding, box.w) if spec.padding is not None else 0.0
    region = box.inset(padding)
    card_colour = str(fields.get("colour", "white"))
    default = PAPER if card_colour == "black" else "#000000"
    ink = colour_of(spec.ink, look, fields, default)
    shape, count, fill = (str(fields.get("shape", "")), fields.get("count", 0),
                          str(fields.get("fill", "filled")))
    if not shape or not isinstance(count, int) or count < 1:
        return None
    items = shapes_in(region, shape, count, fill != "unfilled" and fill != "outlined", ink)
    return items, Drawn(element.name, "shapes", box, region, ink, ground_under(below, box),
                        origin=element.origin)


def _icon(element: Placed, spec: Element, box: Box, look: Look, fields: Fields,
          below: list[Item], ident: str, kind: str) -> tuple[list[Item], Drawn] | None:
    """The icon named (or the {field} naming it), from the layout's icons then the built-in
    set, fitted in the box less its padding; without `colour:` it keeps its own colours.
    Nothing is drawn for an empty name or one no icon has (the checks report it)."""
    name = fill_in(spec.icon or "", fields).strip().strip(":")
    path = known_icons(look).get(name)
    if path is None:
        return None
    padding = length(spec.padding, box.w) if spec.padding is not None else 0.0
    region = box.inset(padding)
    ground = ground_under(below, region)
    colour: str | None = None
    if spec.colour == "auto":
        colour = readable_on(ground or PAPER)
    elif spec.colour is not None:
        colour = colour_of(spec.colour, look, fields, INK)
    icon = Icon(region, path, colour)
    return [icon], Drawn(element.name, "icon", box, icon.art_box(icon_aspect(path)), colour,
                         ground, source=path, origin=element.origin)


_PAINTERS = {"text": _text, "rect": _rect, "image": _image, "pattern": _pattern,
             "shapes": _shapes, "icon": _icon}
