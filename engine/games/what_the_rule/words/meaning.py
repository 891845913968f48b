"""What a phrase means, before it is written in the rule language: a small tree of
conditions on the card offered and the cards before it.

A condition reads cards by how far back they are: 0 is the card offered, 1 the card before
it (`previous`), 2 the one before that (`previous_2`), 3 `previous_3`. A rule is a list of
constraints that must all hold. A constraint that reads the cards before leaves alone the
cards that have none so far back (clarification plain-words-first): "the same colour as the
card before" lets any card start the row.

>>> Rule((Has(0, Desc.of(colour={"black"})),)).machine()
'card.colour == "black"'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.games.what_the_rule.shapes import COLOURS, COUNTS, FILLS, SHAPES

ATTRIBUTES = ("colour", "fill", "shape", "count")
DOMAINS: dict[str, tuple[object, ...]] = {"colour": COLOURS, "fill": FILLS, "shape": SHAPES,
                                          "count": COUNTS}
CARDS = ("card", "previous", "previous_2", "previous_3")

OR, AND, NOT, ATOM = 0, 1, 2, 3   # how tightly a piece of the rule language binds


@dataclass(frozen=True, slots=True)
class Desc:
    """Cards described by what they show: for each attribute named, the values allowed."""

    limits: tuple[tuple[str, frozenset[object]], ...] = ()

    @classmethod
    def of(cls, **values: Iterable[object]) -> Desc:
        return Desc(tuple((name, frozenset(values[name])) for name in ATTRIBUTES
                          if name in values))

    def get(self, name: str) -> frozenset[object] | None:
        return next((values for attr, values in self.limits if attr == name), None)

    def both(self, other: Desc) -> Desc:
        """Cards that are both (an attribute named twice keeps the values common to both)."""
        merged: dict[str, frozenset[object]] = {}
        for name, values in (*self.limits, *other.limits):
            merged[name] = merged[name] & values if name in merged else values
        return Desc.of(**merged)

    @property
    def empty(self) -> bool:
        return any(not (values & set(DOMAINS[name])) for name, values in self.limits)

    @property
    def whole(self) -> bool:
        """Every card fits the description."""
        return all(set(DOMAINS[name]) <= values for name, values in self.limits)

    @property
    def out_of_range(self) -> list[int]:
        return sorted(value for name, values in self.limits if name == "count"
                      for value in values if isinstance(value, int) and value not in COUNTS)

    def single(self) -> tuple[str, frozenset[object]] | None:
        """The one attribute it limits, if just one."""
        kept = [(name, values) for name, values in self.limits
                if not set(DOMAINS[name]) <= values]
        return kept[0] if len(kept) == 1 else None

    def machine(self, at: int) -> tuple[str, int]:
        parts = [_test(CARDS[at], name, values) for name, values in self.limits
                 if not set(DOMAINS[name]) <= values]
        if not parts:
            return "True", ATOM
        return " and ".join(parts), (AND if len(parts) > 1 else ATOM)


def _test(card: str, name: str, values: frozenset[object]) -> str:
    """One attribute of one card against the values allowed (a card that is not there, a
    count of 0, never passes)."""
    kept: list[Any] = [value for value in DOMAINS[name] if value in values]
    if len(kept) == 1:
        return f"{card}.{name} == {_literal(kept[0])}"
    if name == "count" and card == "card":
        if kept == [2, 4, 6]:
            return "card.count % 2 == 0"
        if kept == [1, 3, 5]:
            return "card.count % 2 == 1"
        if kept == list(range(kept[0], kept[-1] + 1)):
            if kept[0] == 1:
                return f"card.count <= {kept[-1]}"
            if kept[-1] == 6:
                return f"card.count >= {kept[0]}"
            return f"{kept[0]} <= card.count <= {kept[-1]}"
    if name != "count" and len(kept) == len(DOMAINS[name]) - 1:
        missing = next(value for value in DOMAINS[name] if value not in values)
        if card == "card":
            return f"{card}.{name} != {_literal(missing)}"
    return f"{card}.{name} in ({', '.join(_literal(value) for value in kept)})"


def _literal(value: object) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


class Cond:
    """A condition on the card offered and the cards before it."""

    def machine(self) -> tuple[str, int]:
        raise NotImplementedError

    @property
    def depth(self) -> int:
        """How many cards back it reads."""
        raise NotImplementedError

    @property
    def says_first(self) -> bool:
        """It says itself what happens at the start of the row."""
        return False

    def parts(self) -> tuple[Cond, ...]:
        return ()


def _inner(cond: Cond, least: int) -> str:
    text, binds = cond.machine()
    return text if binds >= least else f"({text})"


@dataclass(frozen=True, slots=True)
class Has(Cond):
    """The card `at` places back fits the description."""

    at: int
    desc: Desc

    def machine(self) -> tuple[str, int]:
        return self.desc.machine(self.at)

    @property
    def depth(self) -> int:
        return self.at


@dataclass(frozen=True, slots=True)
class Same(Cond):
    """Two cards have the same value of an attribute (`alike`), or different ones; the
    attribute "parity" is the count's being odd or even."""

    name: str
    alike: bool = True
    left: int = 0
    right: int = 1

    def machine(self) -> tuple[str, int]:
        sign = "==" if self.alike else "!="
        if self.name == "parity":
            return (f"{CARDS[self.left]}.count % 2 {sign} {CARDS[self.right]}.count % 2",
                    ATOM)
        return f"{CARDS[self.left]}.{self.name} {sign} {CARDS[self.right]}.{self.name}", ATOM

    @property
    def depth(self) -> int:
        return max(self.left, self.right)


@dataclass(frozen=True, slots=True)
class Step(Cond):
    """The card shows `by` shapes more (less, when negative) than the card `at` back;
    `wrap`: counting round, so after six comes one (or before one, six)."""

    by: int
    at: int = 1
    wrap: bool = False

    def machine(self) -> tuple[str, int]:
        back = CARDS[self.at]
        if self.wrap:
            shift = (self.by - 1) % len(COUNTS)
            inside = f"{back}.count % 6" if shift == 0 else f"({back}.count + {shift}) % 6"
            return f"card.count == {inside} + 1", ATOM
        sign = "+" if self.by > 0 else "-"
        return f"card.count == {back}.count {sign} {abs(self.by)}", ATOM

    @property
    def depth(self) -> int:
        return self.at


@dataclass(frozen=True, slots=True)
class Compare(Cond):
    """The card's count against the count of the card `at` back (`op`: < <= > >=)."""

    op: str
    at: int = 1

    def machine(self) -> tuple[str, int]:
        return f"card.count {self.op} {CARDS[self.at]}.count", ATOM

    @property
    def depth(self) -> int:
        return self.at


@dataclass(frozen=True, slots=True)
class Total(Cond):
    """The card and the card `at` back show `total` shapes between them."""

    total: int
    at: int = 1

    def machine(self) -> tuple[str, int]:
        return f"card.count + {CARDS[self.at]}.count == {self.total}", ATOM

    @property
    def depth(self) -> int:
        return self.at


@dataclass(frozen=True, slots=True)
class Place(Cond):
    """The card's place in the row, counted from 1, leaves one of `rests` by `every`."""

    every: int
    rests: frozenset[int]

    def machine(self) -> tuple[str, int]:
        if len(self.rests) == 1:
            return f"position % {self.every} == {next(iter(self.rests))}", ATOM
        kept = ", ".join(str(rest) for rest in sorted(self.rests))
        return f"position % {self.every} in ({kept})", ATOM

    @property
    def depth(self) -> int:
        return 0

    @property
    def says_first(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class First(Cond):
    """The card would be the first of the row."""

    def machine(self) -> tuple[str, int]:
        return "first", ATOM

    @property
    def depth(self) -> int:
        return 0

    @property
    def says_first(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Const(Cond):
    value: bool

    def machine(self) -> tuple[str, int]:
        return ("True" if self.value else "False"), ATOM

    @property
    def depth(self) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class Not(Cond):
    inner: Cond

    def machine(self) -> tuple[str, int]:
        plain = negated(self.inner)
        if not isinstance(plain, Not):
            return plain.machine()
        return f"not {_inner(self.inner, NOT)}", NOT

    @property
    def depth(self) -> int:
        return self.inner.depth

    @property
    def says_first(self) -> bool:
        return self.inner.says_first

    def parts(self) -> tuple[Cond, ...]:
        return (self.inner,)


@dataclass(frozen=True, slots=True)
class AllOf(Cond):
    items: tuple[Cond, ...]

    def machine(self) -> tuple[str, int]:
        return " and ".join(_inner(item, AND) for item in self.items), AND

    @property
    def depth(self) -> int:
        return max(item.depth for item in self.items)

    @property
    def says_first(self) -> bool:
        return any(item.says_first for item in self.items)

    def parts(self) -> tuple[Cond, ...]:
        return self.items


@dataclass(frozen=True, slots=True)
class AnyOf(Cond):
    items: tuple[Cond, ...]

    def machine(self) -> tuple[str, int]:
        return " or ".join(_inner(item, AND) for item in self.items), OR

    @property
    def depth(self) -> int:
        return max(item.depth for item in self.items)

    @property
    def says_first(self) -> bool:
        return any(item.says_first for item in self.items)

    def parts(self) -> tuple[Cond, ...]:
        return self.items


@dataclass(frozen=True, slots=True)
class If(Cond):
    """When `when` holds, `then` must."""

    when: Cond
    then: Cond

    def machine(self) -> tuple[str, int]:
        return AnyOf((negated(self.when), self.then)).machine()

    @property
    def depth(self) -> int:
        return max(self.when.depth, self.then.depth)

    @property
    def says_first(self) -> bool:
        return self.when.says_first or self.then.says_first

    def parts(self) -> tuple[Cond, ...]:
        return (self.when, self.then)


@dataclass(frozen=True, slots=True)
class Pair(Cond):
    """Two conditions hold together or not at all (`equal`), or exactly one holds."""

    left: Cond
    right: Cond
    equal: bool

    def machine(self) -> tuple[str, int]:
        sign = "==" if self.equal else "!="
        return f"({self.left.machine()[0]}) {sign} ({self.right.machine()[0]})", ATOM

    @property
    def depth(self) -> int:
        return max(self.left.depth, self.right.depth)

    def parts(self) -> tuple[Cond, ...]:
        return (self.left, self.right)


def negated(cond: Cond) -> Cond:
    if isinstance(cond, Not):
        return cond.inner
    if isinstance(cond, Has):
        single = cond.desc.single()
        if single is not None:
            name, values = single
            rest = frozenset(set(DOMAINS[name]) - values)
            return Has(cond.at, Desc.of(**{name: rest}))
    if isinstance(cond, Same):
        return Same(cond.name, not cond.alike, cond.left, cond.right)
    if isinstance(cond, Place):
        return Place(cond.every, frozenset(set(range(cond.every)) - cond.rests))
    return Not(cond)


@dataclass(frozen=True, slots=True)
class Rule:
    """Constraints that must all hold; each leaves alone a row too short for what it
    reads."""

    constraints: tuple[Cond, ...]

    def __post_init__(self) -> None:
        flat: list[Cond] = []
        for cond in self.constraints:
            flat += cond.items if isinstance(cond, AllOf) else (cond,)
        object.__setattr__(self, "constraints", tuple(flat))

    def machine(self) -> str:
        parts = [guarded(cond) for cond in self.constraints
                 if not (isinstance(cond, Const) and cond.value)]
        if not parts:
            return "True"
        if len(parts) == 1:
            return parts[0].machine()[0]
        return AllOf(tuple(parts)).machine()[0]


def guarded(cond: Cond) -> Cond:
    """The constraint, true wherever the row is too short for what it reads."""
    depth = cond.depth
    if depth == 0 or cond.says_first:
        return cond
    short: Cond = First() if depth == 1 else _Short(depth)
    if isinstance(cond, AnyOf):
        return AnyOf((short, *cond.items))
    if isinstance(cond, If):
        return AnyOf((short, negated(cond.when), cond.then))
    return AnyOf((short, cond))


@dataclass(frozen=True, slots=True)
class _Short(Cond):
    """The row holds fewer than `depth` cards."""

    reach: int

    def machine(self) -> tuple[str, int]:
        return f"position <= {self.reach}", ATOM

    @property
    def depth(self) -> int:
        return 0

    @property
    def says_first(self) -> bool:
        return True
