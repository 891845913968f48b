"""What a rule of What the Rule?! reads: the card offered, the cards already in the row of
accepted cards, and where the card would go.

A rule says which card may come next. `card` is the card offered; `previous`, `previous_2`
and `previous_3` are the last, second-last and third-last cards of the row; `position` is
the place the card would take (1 for the first card of a row) and `first` says the row is
empty. Before the row holds them, `previous`… are "no card": its shape, fill and colour are
"" and its count 0, so a comparison with a real value is false. A rule that reads the row
must say what it does with the first card (the checker's `first-card-unsaid`): `first or
…` accepts any first card, `not first and …` refuses them all.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.what_the_rule.shapes import COLOURS, COUNTS, DECK, DESIGNS, FILLS, SHAPES, Design
from engine.language.helpers import HELPERS
from engine.language.schema import FieldSpec, Schema, Type

NAME = "what-the-rule"
HISTORY = ("previous", "previous_2", "previous_3")  # the row, last card first
LONGEST_ROW = len(DECK)


class ShapeView:
    """A card as a rule reads it (shared, one per design), or no card."""

    __slots__ = ("code", "colour", "count", "fill", "id", "shape")

    def __init__(self, design: Design | None) -> None:
        self.id = -1
        if design is None:
            self.code, self.shape, self.fill, self.colour, self.count = "", "", "", "", 0
        else:
            self.code, self.shape, self.fill = design.code, design.shape, design.fill
            self.colour, self.count = design.colour, design.count

    def __repr__(self) -> str:
        return f"ShapeView({self.code or 'no card'})"


VIEWS: tuple[ShapeView, ...] = tuple(ShapeView(design) for design in DESIGNS)
NO_CARD = ShapeView(None)
ALL_VIEWS: tuple[ShapeView, ...] = (*VIEWS, NO_CARD)
for _position, _view in enumerate(ALL_VIEWS):
    _view.id = _position

_CARD = {spec.name: spec for spec in (
    FieldSpec("shape", Type.STR, '"circle", "triangle" or "square"', domain=SHAPES),
    FieldSpec("count", Type.INT, "how many shapes: 1 to 6 (0 for no card)",
              domain=(0, *COUNTS)),
    FieldSpec("fill", Type.STR, '"filled" or "unfilled"', domain=FILLS),
    FieldSpec("colour", Type.STR, 'the card\'s colour: "white" or "black" (its shapes are '
              "the other)", domain=COLOURS),
)}

_FIELDS = {spec.name: spec for spec in (
    FieldSpec("card", Type.CARD, "the card offered", domain=VIEWS),
    FieldSpec("previous", Type.CARD, "the last card of the row (no card when the row is "
              "empty)", domain=ALL_VIEWS),
    FieldSpec("previous_2", Type.CARD, "the card before it (no card when the row holds "
              "fewer than two)", domain=ALL_VIEWS),
    FieldSpec("previous_3", Type.CARD, "the card before that (no card when the row holds "
              "fewer than three)", domain=ALL_VIEWS),
    FieldSpec("position", Type.INT, "the place the card would take in the row: 1 for the "
              "first", domain=tuple(range(1, LONGEST_ROW + 1))),
    FieldSpec("first", Type.BOOL, "the row is empty: the card would be its first",
              domain=(False, True)),
)}

WTR_SCHEMA = Schema(game=NAME, fields=_FIELDS, attributes={Type.CARD: _CARD},
                    helpers=HELPERS)


class Situation:
    """One card offered to a row: what a rule is asked about."""

    __slots__ = ("card", "first", "position", "previous", "previous_2", "previous_3")

    def __init__(self, row: Sequence[ShapeView], card: ShapeView, position: int) -> None:
        self.card = card
        self.position = position
        self.first = position == 1
        length = len(row)
        self.previous = row[-1] if length else NO_CARD
        self.previous_2 = row[-2] if length > 1 else NO_CARD
        self.previous_3 = row[-3] if length > 2 else NO_CARD


def situation(row: Sequence[Design], card: Design) -> Situation:
    """The situation of `card` offered after the accepted cards `row`."""
    return Situation([VIEWS[design.index] for design in row[-3:]], VIEWS[card.index],
                     len(row) + 1)
