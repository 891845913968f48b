"""Are two rules the same rule? Decided exactly, with a shortest counterexample when not.

Two rules are the same when they accept exactly the same cards in every situation a game can
reach. A row only ever grows by cards the rule accepts, so the situations are explored from
the empty row, one accepted card at a time (breadth first), as long as both rules agree:
the first disagreement found is one with the shortest row.

What keeps this small: a rule sees the row only through its last cards (at most
`previous_3`), and sees a card only through the attributes it reads. So a situation is the
last few cards of the row, each reduced to the attributes either rule reads, and how long
the row is, counted only as far as the rules can tell (exactly, when one reads `position`;
otherwise only up to the number of cards they look back). Cards that agree on every
attribute read are one class: testing one of them tests them all.

Clarification any-copies: the exploration lets a design come back as often as the rules
allow; the game has two of each, so a difference that needs a third copy in the row is still
a difference (it would show with any other pair of rules' cards as well).
"""

from __future__ import annotations

import ast
import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.errors import HrdeckError
from engine.games.base import RuleComparison
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import COPIES, DESIGNS, Design
from engine.games.what_the_rule.view import HISTORY, LONGEST_ROW, VIEWS, ShapeView, Situation
from engine.language.parse import ExpressionError

ATTRIBUTES = ("shape", "count", "fill", "colour")

Values = tuple[object, ...]  # a card's values of some attributes
State = tuple[tuple[Values, ...], int]  # (the row's last cards as read, its length as seen)


@dataclass(frozen=True, slots=True)
class Difference:
    """A row and a card one rule accepts there and the other refuses."""

    row: tuple[Design, ...]
    card: Design
    first_accepts: bool   # the first rule accepts the card (so the second refuses it)


@dataclass(frozen=True, slots=True)
class Verdict:
    difference: Difference | None   # None: the same rule
    situations: int                 # situations explored
    classes: int                    # kinds of card the two rules can tell apart

    @property
    def same(self) -> bool:
        return self.difference is None


def same_rule(first: Rule, second: Rule) -> Difference | None:
    """None when the two rules accept the same cards everywhere; else a shortest difference."""
    return compare(first, second).difference


def compare(first: Rule, second: Rule) -> Verdict:
    """The two rules explored together until they disagree (see the module's docstring)."""
    found = _search(first, second)
    return Verdict(found.difference, found.situations, found.classes)


@dataclass(frozen=True, slots=True)
class DeadEnd:
    """A row the rule can reach after which no design at all may follow."""

    row: tuple[Design, ...]


def dead_end(rule: Rule) -> DeadEnd | None:
    """A shortest reachable row after which `rule` accepts no card, or None if it never
    leaves the players without a card to play."""
    return _search(rule, rule, dead_ends=True).dead_end


@dataclass(frozen=True, slots=True)
class _Found:
    situations: int
    classes: int
    difference: Difference | None = None
    dead_end: DeadEnd | None = None


def _search(first: Rule, second: Rule, *, dead_ends: bool = False) -> _Found:
    read = _attributes_read(first, second, fields=("card", *HISTORY))
    classes = _classes(read)
    cards = [VIEWS[members[0].index] for members in classes]
    depth = max(first.history, second.history)
    # What a card must keep of itself at each place back in the row: whatever is read
    # there or further back (a card moves back one place with each card accepted).
    keeps = [_attributes_read(first, second, fields=HISTORY[place:depth])
             for place in range(depth)]
    entered = [tuple(getattr(members[0], name) for name in keeps[0]) if depth else ()
               for members in classes]
    narrow = [tuple(keeps[place].index(name) for name in keeps[place + 1])
              for place in range(depth - 1)]
    stand_ins: list[dict[tuple[object, ...], ShapeView]] = [{} for _ in range(depth)]
    length_key = _length_key(first, second, depth)
    a, b = first.test, second.test
    start: State = ((), 0)
    parent: dict[State, tuple[State, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        window, length = state
        row = [_stand_in(stand_ins[place], keeps[place], values)
               for place, values in zip(range(len(window) - 1, -1, -1), window, strict=True)]
        open_to_some = False
        for index, card in enumerate(cards):
            situation = Situation(row, card, length + 1)
            accepted = bool(a(situation))
            if accepted != bool(b(situation)):
                path = _path(parent, state)
                return _Found(len(parent), len(classes),
                              difference=_difference(classes, path, index, accepted))
            open_to_some = open_to_some or accepted
            if not accepted or length + 1 >= LONGEST_ROW:
                continue
            following = (_shifted(window, entered[index], narrow, depth),
                         length_key(length + 1))
            if following not in parent:
                parent[following] = (state, index)
                queue.append(following)
        if dead_ends and not open_to_some and length + 1 < LONGEST_ROW:
            row_played = _difference(classes, _path(parent, state), 0, False).row
            return _Found(len(parent), len(classes), dead_end=DeadEnd(row_played))
    return _Found(len(parent), len(classes))


def _shifted(window: tuple[Values, ...], card: Values, narrow: list[tuple[int, ...]],
             depth: int) -> tuple[Values, ...]:
    """The row's last cards after `card` joins it, oldest first, each keeping only what is
    read at its new place or further back."""
    if not depth:
        return ()
    kept = window[len(window) - depth + 1:] if len(window) >= depth else window
    return (*(tuple(values[i] for i in narrow[len(kept) - 1 - position])
              for position, values in enumerate(kept)), card)


def _stand_in(known: dict[Values, ShapeView], names: tuple[str, ...],
              values: Values) -> ShapeView:
    """A card with these values of `names` (any: the rules read nothing else of it there)."""
    view = known.get(values)
    if view is None:
        design = next(design for design in DESIGNS
                      if all(getattr(design, name) == value
                             for name, value in zip(names, values, strict=True)))
        view = known[values] = VIEWS[design.index]
    return view


def _length_key(first: Rule, second: Rule, depth: int) -> Callable[[int], int]:
    """How long a row is, as far as the two rules can tell: a stand-in length they cannot
    tell from the real one (so situations that differ only there are explored once).

    Without `position`, a rule sees the length only as far back as it looks (and `first`).
    A rule using `position` only through sums, differences, products, comparisons and `%`
    by whole numbers sees it the same at every length past its largest constant with the
    same remainder by those numbers; any other use (`//`, `is_prime(position)` …) is
    followed exactly, to the longest row the deck allows."""
    if "position" not in first.parsed.fields | second.parsed.fields:
        seen = max(depth, 1)
        return lambda length: min(length, seen)
    moduli: list[int] = []
    bound = depth + 2
    for rule in (first, second):
        found = _position_use(rule.parsed.tree)
        if found is None:
            return lambda length: length
        rule_moduli, rule_bound = found
        moduli += rule_moduli
        bound += rule_bound
    period = math.lcm(*moduli) if moduli else 1
    bound = min(bound, LONGEST_ROW)
    return lambda length: length if length < bound else bound + (length - bound) % period


_PERIODIC_HELPERS = {"is_even": 2, "is_odd": 2}
_STEADY_HELPERS = frozenset({"abs", "min", "max"})
_MOST_READ = 6  # the largest number a card attribute holds (a count)


def _position_use(tree: ast.expr) -> tuple[list[int], int] | None:
    """The moduli `position` is taken by, and a length past which only those remainders
    matter: 0 when position is only ever taken by a modulus, else the sum of every whole
    number written and of the counts read (a comparison cannot hinge on more); None when
    position is used some other way."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    moduli: list[int] = []
    compared = False
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Name) and node.id == "position"):
            continue
        inner: ast.AST = node
        while inner in parents:
            outer = parents[inner]
            if isinstance(outer, ast.BinOp):
                if isinstance(outer.op, ast.Mod) and outer.left is inner:
                    if not (isinstance(outer.right, ast.Constant)
                            and isinstance(outer.right.value, int)):
                        return None
                    moduli.append(abs(outer.right.value))
                    break
                if not isinstance(outer.op, (ast.Add, ast.Sub, ast.Mult)):
                    return None
            elif isinstance(outer, ast.Call):
                name = outer.func.id if isinstance(outer.func, ast.Name) else ""
                if name in _PERIODIC_HELPERS:
                    moduli.append(_PERIODIC_HELPERS[name])
                    break
                if name not in _STEADY_HELPERS:
                    return None
            elif isinstance(outer, (ast.Compare, ast.BoolOp, ast.UnaryOp)):
                compared = True
                break
            inner = outer
        else:
            compared = True
    if not compared:
        return moduli, 0
    bound = sum(abs(node.value) for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, int)
                and not isinstance(node.value, bool))
    bound += _MOST_READ * sum(isinstance(node, ast.Attribute) for node in ast.walk(tree))
    return moduli, bound


def _mentions_position(node: ast.AST) -> bool:
    return any(isinstance(inner, ast.Name) and inner.id == "position"
               for inner in ast.walk(node))


def _attributes_read(*rules: Rule, fields: Sequence[str]) -> tuple[str, ...]:
    """The card attributes the rules read of any of `fields`, in a fixed order."""
    read = {path.split(".", 1)[1] for rule in rules for path in rule.parsed.reads
            if "." in path and path.split(".", 1)[0] in fields}
    return tuple(name for name in ATTRIBUTES if name in read)


def _classes(read: tuple[str, ...]) -> list[list[Design]]:
    """The designs grouped by the attributes read, in the designs' order."""
    groups: dict[tuple[object, ...], list[Design]] = {}
    for design in DESIGNS:
        groups.setdefault(tuple(getattr(design, name) for name in read), []).append(design)
    return list(groups.values())


def _path(parent: dict[State, tuple[State, int] | None], state: State) -> list[int]:
    """The classes played, in order, to reach `state` from the empty row."""
    played: list[int] = []
    step = parent[state]
    while step is not None:
        state, index = step
        played.append(index)
        step = parent[state]
    return played[::-1]


def _difference(classes: list[list[Design]], path: list[int], card: int,
                first_accepts: bool) -> Difference:
    """Real cards for the row and the card: each class's designs in turn, so no design is
    used more often than the game holds it where the class has enough of them."""
    used: dict[int, int] = {}

    def pick(index: int) -> Design:
        members = classes[index]
        for design in members:
            if used.get(design.index, 0) < COPIES:
                used[design.index] = used.get(design.index, 0) + 1
                return design
        return members[0]

    row = tuple(pick(index) for index in path)
    return Difference(row=row, card=pick(card), first_accepts=first_accepts)


def compare_sources(first: str, second: str) -> RuleComparison:
    """Two rules as written, in the rule language or in plain words, compared (an
    `HrdeckError` says which cannot be read, and why)."""
    from engine.games.what_the_rule.words import PhraseError, read_rule

    rules = []
    understood = []
    for which, source in (("The first rule", first), ("The second rule", second)):
        try:
            reading = read_rule(source)
        except (ExpressionError, PhraseError) as error:
            raise HrdeckError(f"{which} cannot be read: {error}") from None
        rules.append(Rule.parse(reading.rule))
        if reading.words:
            understood.append(f'{which}, "{reading.phrase}", is read as: {reading.words} '
                              f"({reading.rule})")
    verdict = compare(*rules)
    found = verdict.difference
    if found is None:
        return RuleComparison(same=True, situations=verdict.situations,
                              understood=tuple(understood))
    return RuleComparison(same=False, situations=verdict.situations,
                          row=tuple(_words(design) for design in found.row),
                          card=_words(found.card), first_accepts=found.first_accepts,
                          understood=tuple(understood))


def _words(design: Design) -> str:
    return f"{design.code} ({design.name})"
