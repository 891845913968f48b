"""A shortcut for `equivalence`: two rules that judge every card alike in every situation,
reachable or not, are the same rule, and that is often far cheaper to see than the
situations a row can reach.

Here each card before the card offered is only what the rules read at its own place (or no
card), each independently of the others, and the row's length one of the stand-ins the
rules cannot tell apart (`row_length`). That is more situations than a row can reach, but
each is small: `previous.fill` and `previous_3.shape` read alone give 3 × 4 cases, where the
row would have to keep all it reads further back. When the two rules part somewhere here,
the place may be unreachable: `equivalence` then explores the row as usual.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import Design
from engine.games.what_the_rule.view import (
    HISTORY,
    LONGEST_ROW,
    NO_CARD,
    VIEWS,
    ShapeView,
    Situation,
)


def cases(cards: Sequence[ShapeView], before: Sequence[Sequence[ShapeView]],
          places: Sequence[int]) -> int:
    """How many card offers `agree_everywhere` tries."""
    return len(cards) * math.prod(len(options) for options in before) * len(places)


def places_to_try(first: Rule, second: Rule, key: Callable[[int], int]) -> list[int]:
    """The places (1 for the first card) that stand for every length the rules can tell."""
    fields = first.parsed.fields | second.parsed.fields
    if "position" in fields:
        return sorted({key(length) + 1 for length in range(LONGEST_ROW)})
    return [1, 2] if "first" in fields else [2]


def cards_before(read_at: Callable[[str], list[list[Design]]],
                 depth: int) -> list[list[ShapeView]]:
    """At each place back in the row, a card for each kind the rules tell apart there, and
    no card."""
    return [[*(VIEWS[members[0].index] for members in read_at(field)), NO_CARD]
            for field in HISTORY[:depth]]


def agree_everywhere(first: Rule, second: Rule, cards: Sequence[ShapeView],
                     before: Sequence[Sequence[ShapeView]], places: Sequence[int]) -> bool:
    """Whether the rules judge each card alike in every combination (see the module)."""
    a, b = first.test, second.test
    situation = Situation([], cards[0], 1)
    for place in places:
        situation.position, situation.first = place, place == 1
        for row in itertools.product(*before):
            for name, card in zip(HISTORY, row, strict=False):
                setattr(situation, name, card)
            for card in cards:
                situation.card = card
                if bool(a(situation)) != bool(b(situation)):
                    return False
    return True
