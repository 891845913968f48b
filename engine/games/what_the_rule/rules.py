"""A rule of What the Rule?!: an expression that is true of every card that may come next.

    rule = Rule.parse('card.shape != "circle"')
    rule.accepts(row, card)

The expression is checked against the game's schema (`view`): the card's shape, count,
fill and colour, the last cards of the row, and the position. It never runs as Python.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.games.what_the_rule.shapes import Design
from engine.games.what_the_rule.view import HISTORY, WTR_SCHEMA, situation
from engine.language.compile import compile_trigger
from engine.language.parse import Trigger, parse_trigger


@dataclass(frozen=True, slots=True)
class Rule:
    source: str
    parsed: Trigger
    test: Callable[[Any], bool]

    @classmethod
    def parse(cls, source: str) -> Rule:
        """The rule written `source` (an `ExpressionError` names what is wrong with it)."""
        parsed = parse_trigger(source, WTR_SCHEMA)
        return cls(source=parsed.source, parsed=parsed,
                   test=compile_trigger(parsed, WTR_SCHEMA))

    def accepts(self, row: Sequence[Design], card: Design) -> bool:
        """Whether `card` may follow the accepted cards `row`."""
        return bool(self.test(situation(row, card)))

    @property
    def history(self) -> int:
        """How many cards back in the row it reads (0 to 3)."""
        return max((depth for depth, name in enumerate(HISTORY, 1)
                    if name in self.parsed.fields), default=0)

    @property
    def reads_the_row(self) -> bool:
        return self.history > 0

    @property
    def says_what_comes_first(self) -> bool:
        """A rule reading the row names the first card's case (`first` or `position`)."""
        return not self.reads_the_row or bool({"first", "position"} & self.parsed.fields)
