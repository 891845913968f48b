"""Drawing a card side from its template: each element, in order, into drawing items.

Composing is pure arithmetic on boxes, as the print engine's: the items it returns are
replayed onto a PDF canvas or a PNG by the writers. Alongside, it records where each element
went and how its text was set (`Drawn`), which the layout checks read.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.printing.composed import Composed
from generator.printing.drawing import Item
from generator.printing.faces import CardBack, CardFace
from generator.printing.reports import MissingGlyphs, Overflow
from generator.printing.sizes import CardSize
from generator.printing.units import Box

from .fields import Fields, back_fields, card_view, condition_fields, front_fields, holds
from .look import Look, Placed
from .measures import resolve_box
from .paint import Drawn, paint_element
from .turning import turn_item


@dataclass(frozen=True, slots=True)
class Side:
    """What one side is drawn from: its elements, its fields and who it is, for reports."""

    elements: tuple[Placed, ...]
    fields: Fields
    ident: str
    kind: str


def compose_front_with(look: Look, face: CardFace, size: CardSize, bleed_mm: float) -> Composed:
    elements = look.front_template(face.section) or ()
    return compose_side(look, Side(elements, front_fields(face, look.labels), face.ident,
                                   face.kind), size, bleed_mm)


def compose_back_with(look: Look, back: CardBack, size: CardSize, bleed_mm: float) -> Composed:
    elements = look.back_template(back.section) or ()
    return compose_side(look, Side(elements, back_fields(back, look.labels),
                                   f"{back.kind} back", back.kind), size, bleed_mm)


def compose_side(look: Look, side: Side, size: CardSize, bleed_mm: float) -> Composed:
    boxes = {"trim": size.trim, "bleed": size.bleed_box(bleed_mm), "safe": size.safe}
    key = condition_fields(side.fields)
    view = None
    items: list[Item] = []
    drawn: list[Drawn] = []
    overflow: list[Overflow] = []
    missing: list[MissingGlyphs] = []
    order = sorted(enumerate(side.elements), key=lambda pair: (pair[1].spec.layer or 0, pair[0]))
    centre = (size.trim.centre_x, size.trim.centre_y)
    for _, element in order:
        spec = element.spec
        if spec.when:
            view = view or card_view(side.fields, key)
            if not holds(spec.when, view, key):
                continue
        box = _box_of(element, size, bleed_mm, boxes)
        own = spec.turn // 90 if spec.turn else 0
        frame = box if own % 2 == 0 else _swapped(box)
        painted = paint_element(element, frame, look, side.fields, items, side.ident, side.kind)
        if painted is None:
            continue
        pieces, record = painted
        if own:
            pieces = [turn_item(piece, own, (box.centre_x, box.centre_y)) for piece in pieces]
        for turns in spec.repeat or [0]:
            quarter = turns // 90
            items.extend(turn_item(piece, quarter, centre) for piece in pieces)
        drawn.append(record)
        if record.overflow is not None:
            overflow.append(record.overflow)
        if record.missing:
            missing.append(MissingGlyphs(ident=side.ident, kind=side.kind,
                                         characters=record.missing))
    return Composed(items=tuple(items), trim=boxes["trim"], bleed=boxes["bleed"],
                    safe=boxes["safe"], overflow=tuple(overflow), missing=tuple(missing),
                    placed=tuple(drawn))


@dataclass(frozen=True, eq=False)
class LookDrawer:
    """Draws a deck's card sides from its look (`generator.printing.faces.CardLook`)."""

    look: Look

    def front(self, face: CardFace, size: CardSize, bleed_mm: float) -> Composed:
        return compose_front_with(self.look, face, size, bleed_mm)

    def back(self, back: CardBack, size: CardSize, bleed_mm: float) -> Composed:
        return compose_back_with(self.look, back, size, bleed_mm)


_BOXES: dict[tuple[int, CardSize, float], tuple[Placed, Box]] = {}


def _box_of(element: Placed, size: CardSize, bleed_mm: float, boxes: dict[str, Box]) -> Box:
    """The element's box on a card of `size`, worked out once."""
    key = (id(element), size, bleed_mm)
    found = _BOXES.get(key)
    if found is None or found[0] is not element:
        if len(_BOXES) > 4096:
            _BOXES.clear()
        found = _BOXES[key] = (element, resolve_box(element.spec.box, boxes))
    return found[1]


def _swapped(box: Box) -> Box:
    """A box of the same centre with width and height swapped (for a quarter-turned element)."""
    return Box(box.centre_x - box.h / 2, box.centre_y - box.w / 2, box.h, box.w)


__all__ = ["LookDrawer", "Side", "compose_back_with", "compose_front_with", "compose_side"]
