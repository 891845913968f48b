"""Every side a deck prints, drawn from its look once, for the layout checks.

Fronts that read the same values of the fields their template reads come out the same, so
each such set of fronts is drawn once; each section's back is drawn once. A side that cannot
be drawn at all (an element whose box cannot be worked out, a picture given a quarter turn)
is reported, naming the element, instead of stopping the check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.language.parse import ExpressionError
from generator.issues import Issue, make_issue
from generator.printing.composed import Composed
from generator.printing.errors import PrintError
from generator.printing.faces import CardBack, CardFace
from generator.printing.sizes import CardSize
from generator.printing.units import Box

from .check_reads import TEXT_KEYS
from .compose import Side, compose_side
from .fields import Fields, Value, back_fields, front_fields, names_in
from .findings import Who
from .look import Look, Placed
from .measures import MeasureError, resolve_box
from .paint import Drawn
from .turning import CannotTurn

CARD_FIELD = re.compile(r"\bcard\.([a-z_][a-z0-9_]*)")
# What an element type reads from the card besides its {fields}: shapes draw the card's own.
READS_ITSELF = {"shapes": ("colour", "shape", "count", "fill")}


@dataclass(frozen=True, slots=True)
class DrawnSide:
    """One side as it prints, with the cards it stands for."""

    who: Who
    template: str
    elements: tuple[Placed, ...]
    fields: Fields
    composed: Composed

    def drawn(self) -> Iterator[tuple[Placed, Drawn]]:
        """Each element drawn on this side, with the element it was drawn from."""
        by_name = {element.name: element for element in self.elements}
        for record in self.composed.placed:
            if isinstance(record, Drawn) and record.name in by_name:
                yield by_name[record.name], record


def fields_read(elements: Iterable[Placed]) -> frozenset[str]:
    """Every field a template's elements read, in {fields}, `when:` or by their type."""
    names: set[str] = set()
    for element in elements:
        spec = element.spec
        for key in TEXT_KEYS:
            names.update(names_in(getattr(spec, key) or ""))
        names.update(CARD_FIELD.findall(spec.when or ""))
        names.update(READS_ITSELF.get(spec.type or "", ()))
    return frozenset(names)


def likeness(fields: Fields, read: frozenset[str]) -> tuple[tuple[str, Value | None], ...]:
    """What of `fields` a template reading `read` can show: sides alike here come out alike."""
    return tuple((name, fields.get(name)) for name in sorted(read))


def drawn_sides(look: Look, fronts: list[CardFace], backs: list[CardBack], size: CardSize,
                bleed_mm: float, issues: list[Issue]) -> Iterator[DrawnSide]:
    """Each distinct front, then each section's back, drawn; what cannot be drawn is added
    to `issues`."""
    alike: dict[tuple[object, ...], tuple[str, tuple[Placed, ...], Fields, list[str]]] = {}
    reads: dict[str, frozenset[str]] = {}
    for face in fronts:
        template = look.template_name(face.section, "front")
        elements = look.front_template(face.section) or ()
        if template not in reads:
            reads[template] = fields_read(elements)
        fields = front_fields(face, look.labels)
        key = (template, likeness(fields, reads[template]))
        alike.setdefault(key, (template, elements, fields, []))[3].append(face.ident)
    for template, elements, fields, cards in alike.values():
        who = Who(tuple(cards))
        side = _drawn(look, Side(elements, fields, cards[0], "front"), size, bleed_mm, who,
                      template, issues)
        if side is not None:
            yield side
    done: set[str] = set()
    for back in backs:
        if back.section in done:
            continue
        done.add(back.section)
        template = look.template_name(back.section, "back")
        elements = look.back_template(back.section) or ()
        fields = back_fields(back, look.labels)
        side = _drawn(look, Side(elements, fields, f"{back.kind} back", back.kind), size,
                      bleed_mm, Who((), back.section), template, issues)
        if side is not None:
            yield side


def _drawn(look: Look, side: Side, size: CardSize, bleed_mm: float, who: Who, template: str,
           issues: list[Issue]) -> DrawnSide | None:
    try:
        composed = compose_side(look, side, size, bleed_mm)
    except (PrintError, ExpressionError):
        return None  # a picture that cannot be read, a `when:` that cannot: both reported
    except (MeasureError, CannotTurn) as error:
        issues.append(_undrawable(side.elements, size, bleed_mm, who, template, error))
        return None
    return DrawnSide(who, template, side.elements, side.fields, composed)


def _undrawable(elements: tuple[Placed, ...], size: CardSize, bleed_mm: float, who: Who,
                template: str, error: Exception) -> Issue:
    """The issue for a side that cannot be drawn, at the element that stops it."""
    boxes: dict[str, Box] = {"trim": size.trim, "bleed": size.bleed_box(bleed_mm),
                             "safe": size.safe}
    culprit = elements[0] if elements else None
    for element in elements:
        spec = element.spec
        try:
            resolve_box(spec.box, boxes)
        except MeasureError:
            culprit = element
            break
        turns = [spec.turn or 0, *(spec.repeat or [])]
        if spec.type == "image" and any(turn % 180 for turn in turns):
            culprit = element
            break
    where = culprit.origin if culprit is not None else ("", None, None, "")
    named = f'The template "{template}"'
    if culprit is not None:
        named = f'The element "{culprit.name}" of the template "{template}"'
    return make_issue("bad-value", f"{named} cannot be drawn on {', '.join(who.ids())}: "
                      f"{str(error).rstrip('.')}.", *where)


__all__ = ["DrawnSide", "drawn_sides", "fields_read", "likeness"]
