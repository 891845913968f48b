"""Checking and composing the card sides a writer was given, and gathering what went wrong."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .composed import Composed
from .drawing import is_colour
from .errors import PrintError
from .face_designs import compose_card_back, compose_face, find_design
from .faces import CardBack, CardFace
from .reports import MissingGlyphs, Overflow
from .sizes import CardSize


def verify_sides(fronts: Sequence[CardFace], backs: Sequence[CardBack]) -> None:
    """Raise PrintError unless there is at least one card, one back per front, known designs
    and good colours."""
    if not fronts:
        raise PrintError("There are no cards to print.")
    if len(backs) != len(fronts):
        raise PrintError(f"Every card needs its back: {len(fronts)} fronts were given with "
                         f"{len(backs)} backs.")
    for face in fronts:
        if face.look is None:
            find_design(face)
        if not is_colour(face.accent):
            raise PrintError(f'{face.ident or face.label}: the colour "{face.accent}" is not '
                             f"written as #rrggbb.")
    for back in backs:
        if not is_colour(back.accent):
            raise PrintError(f'The {back.kind} back: the colour "{back.accent}" is not '
                             f"written as #rrggbb.")


@dataclass(slots=True)
class Composer:
    """Composes sides for one output, once each, and remembers what did not fit."""

    size: CardSize
    bleed_mm: float
    overflow: list[Overflow] = field(default_factory=list)
    missing: list[MissingGlyphs] = field(default_factory=list)
    _backs: dict[CardBack, Composed] = field(default_factory=dict)
    _seen: set[CardFace] = field(default_factory=set)

    def front(self, face: CardFace) -> Composed:
        side = compose_face(face, self.size, self.bleed_mm)
        if face not in self._seen:
            self._seen.add(face)
            self.overflow.extend(side.overflow)
            self.missing.extend(side.missing)
        return side

    def back(self, back: CardBack) -> Composed:
        side = self._backs.get(back)
        if side is None:
            side = self._backs[back] = compose_card_back(back, self.size, self.bleed_mm)
            self.overflow.extend(side.overflow)
            self.missing.extend(side.missing)
        return side
