"""Backs drawn as each card's own (`back-leaks`, the dynamic half): every card of a kind
must get the same back, or players can tell the cards apart from behind.

The static half (generator.layout.check_reads) finds a back template reading a field that
differs from card to card. Here each card's back is drawn from the back template with
everything the card has, and the drawings are compared: any difference is a leak, whatever
made it. A back template that reads nothing beyond the back's own fields cannot differ, and
is not drawn again.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.language.parse import ExpressionError
from generator.printing.composed import Composed
from generator.printing.errors import PrintError
from generator.printing.faces import CardBack, CardFace
from generator.printing.sizes import CardSize

from .check_sides import fields_read, likeness
from .compose import Side, compose_side
from .fields import BACK_FIELDS, back_fields, front_fields
from .look import Look, Placed
from .measures import MeasureError
from .turning import CannotTurn


@dataclass(frozen=True, slots=True)
class BackLeak:
    """Two cards of one section whose backs come out different, and the element that
    differs."""

    section: str
    template: str
    element: Placed
    first: str
    second: str


def back_leaks(look: Look, fronts: list[CardFace], backs: list[CardBack], size: CardSize,
               bleed_mm: float) -> Iterator[BackLeak]:
    """Per section, the first card whose back differs from the section's first card's."""
    sections: dict[str, list[tuple[CardFace, CardBack]]] = {}
    for face, back in zip(fronts, backs, strict=True):
        sections.setdefault(back.section, []).append((face, back))
    for section, cards in sections.items():
        elements = look.back_template(section) or ()
        read = fields_read(elements) - set(BACK_FIELDS)
        if not read:
            continue
        template = look.template_name(section, "back")
        drawn: dict[object, tuple[str, Composed]] = {}
        for face, back in cards:
            fields = {**front_fields(face, look.labels), **back_fields(back, look.labels)}
            key = likeness(fields, read)
            if key in drawn:
                continue
            try:
                composed = compose_side(look, Side(elements, fields, f"{back.kind} back",
                                                   back.kind), size, bleed_mm)
            except (PrintError, MeasureError, CannotTurn, ExpressionError):
                continue  # reported where the side is drawn for the other checks
            drawn[key] = (face.ident, composed)
            first_card, first = next(iter(drawn.values()))
            element = _difference(elements, first, composed)
            if element is not None:
                yield BackLeak(section, template, element, first_card, face.ident)
                break


def _difference(elements: tuple[Placed, ...], first: Composed,
                other: Composed) -> Placed | None:
    """The first element drawn differently on two sides (or on one only); None when the
    two sides are the same."""
    if first.items == other.items:
        return None
    before = {record.name: record for record in first.placed}
    after = {record.name: record for record in other.placed}
    for element in elements:
        if before.get(element.name) != after.get(element.name):
            return element
    return elements[0] if elements else None


__all__ = ["BackLeak", "back_leaks"]
