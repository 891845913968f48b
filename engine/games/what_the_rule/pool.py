"""The rules bots think of: a master bot leads with one of them, and a player bot guesses
one that fits everything seen so far in the round (see `policies`).

The ten starter rules, the seed's own examples, every simple condition on one attribute of
the card and its opposite, two such conditions on different attributes joined by `and` or
`or`, and the card compared with the one before; each rule reading the row says what the
first card does. Some are the same rule written two ways, as a player's guess may be.
"""

from __future__ import annotations

import itertools

from engine.games.what_the_rule.shapes import SHAPES
from engine.games.what_the_rule.starters import STARTER_RULES

_EXAMPLES = (
    'card.colour == "white"',                              # white cards only (the seed)
    'card.shape == "circle" or card.shape == "triangle"',  # only circle or triangle
    "first or card.colour != previous.colour",             # alternate black and white
    "card.count == (position - 1) % 6 + 1",                # ascending 1 to 6, then again
)

# simple conditions on the card, by the attribute they read
_CONDITIONS: dict[str, tuple[str, ...]] = {
    "shape": tuple(f'card.shape == "{shape}"' for shape in SHAPES),
    "colour": ('card.colour == "white"',),
    "fill": ('card.fill == "filled"',),
    "count": (*(f"card.count == {count}" for count in (1, 6)),
              *(f"card.count <= {count}" for count in (2, 3, 4)),
              "card.count % 2 == 0"),
}


def _simple() -> list[str]:
    rules = []
    for condition in itertools.chain.from_iterable(_CONDITIONS.values()):
        rules += [condition, f"not ({condition})"]
    return rules


def _pairs() -> list[str]:
    rules = []
    for first, second in itertools.combinations(_CONDITIONS, 2):
        for one, other in itertools.product(_CONDITIONS[first][:3], _CONDITIONS[second][:2]):
            rules += [f"{one} and {other}", f"{one} or {other}"]
    return rules


def _follow() -> list[str]:
    rules = [f"first or card.{name} {sign} previous.{name}"
             for name in ("shape", "colour", "fill", "count") for sign in ("==", "!=")]
    return [*rules, "first or card.count > previous.count",
            "first or card.count < previous.count",
            "first or card.count > previous.count or card.count == 1",
            "first or card.count == previous.count or card.shape == previous.shape"]


POOL: tuple[str, ...] = tuple(dict.fromkeys(
    (*(starter.rule for starter in STARTER_RULES), *_EXAMPLES, *_simple(), *_pairs(),
     *_follow())))
