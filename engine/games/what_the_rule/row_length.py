"""How long a row is, as far as two rules can tell (for `equivalence`): a stand-in length
they cannot tell from the real one, so that situations differing only there are explored
once.

A rule sees the length through `first` and `position` only. What it computes from
`position` alone (`position % 9973 != 9972`, `position > 2`, `is_even(position)` …) is
worked out at each of the deck's 144 places; two lengths whose places give the same values
now and at every later place are one length to the rules. That sequence of values is
periodic from some place on (if only with a period as long as the deck), and the stand-in
is the length folded onto that period: exact, however large the numbers written.

A rule that mixes `position` with what it reads of the cards (`position + card.count > 7`)
is handled as before: past a bound only the remainders by the moduli written matter.

>>> from engine.games.what_the_rule.rules import Rule
>>> rule = Rule.parse("first or position % 9973 != 9972 and card.count > 1")
>>> key = length_key(rule, rule, 0)
>>> [key(length) for length in (0, 1, 2, 100, 143)]
[0, 1, 1, 1, 1]
"""

from __future__ import annotations

import ast
import copy
import math
from collections.abc import Callable, Sequence
from typing import Any

from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.view import LONGEST_ROW, WTR_SCHEMA
from engine.language.compile import make_function, read_fields, rebuild

_PERIODIC_HELPERS = {"is_even": 2, "is_odd": 2}
_STEADY_HELPERS = frozenset({"abs", "min", "max"})
_MOST_READ = 6  # the largest number a card attribute holds (a count)


def length_key(first: Rule, second: Rule, depth: int) -> Callable[[int], int]:
    """The stand-in for a row of `length` cards (see the module's docstring); `depth`: how
    many cards back the rules read."""
    if "position" not in first.parsed.fields | second.parsed.fields:
        seen = max(depth, 1)
        return lambda length: min(length, seen)
    pair = (first.source, second.source, depth)
    found = _KEYS.get(pair)
    if found is None:
        if len(_KEYS) >= _REMEMBERED:
            _KEYS.clear()
        found = _KEYS[pair] = (_folded_key(first, second)
                               or _bounded_key(first, second, depth))
    return found


def position_parts(*rules: Rule) -> list[str]:
    """What the rules compute from `position` that differs from place to place, as
    written: the largest parts that read nothing else, or the part that mixes it with the
    cards."""
    found: list[str] = []
    for rule in rules:
        parents = _parents(rule.parsed.tree)
        for part in _largest_parts(rule.parsed.tree, parents):
            values = _values_by_place([part])
            if values is not None and len(set(values)) == 1:
                continue   # the same at every place: folded away
            outer = parents.get(part) if _is_position(part) else None
            text = ast.unparse(outer if outer is not None else part)
            if text not in found:
                found.append(text)
    return found


class _Place:
    __slots__ = ("position",)

    def __init__(self, position: int) -> None:
        self.position = position


def _folded_key(first: Rule, second: Rule) -> Callable[[int], int] | None:
    """The exact stand-in when both rules use `position` only in parts that read nothing
    else; None when one mixes it with the cards."""
    parts: list[ast.expr] = []
    for rule in (first, second):
        parents = _parents(rule.parsed.tree)
        for part in _largest_parts(rule.parsed.tree, parents):
            if _is_position(part) and part in parents:
                return None   # `position` itself meets the cards
            parts.append(part)
    values = _values_by_place(parts)
    if values is None:
        return None
    start, period = _eventual_period([(length == 0, row) for length, row in enumerate(values)])
    return lambda length: length if length < start else start + (length - start) % period


def folded(rule: Rule) -> str:
    """The rule as written, with each part that reads only `position` and comes to the
    same value at every place of a row written as that value: two rules folded alike are
    the same rule.

    >>> folded(Rule.parse("first or position % 9973 != 9972 and card.count > 1"))
    'first or (True and card.count > 1)'
    """
    if "position" not in rule.parsed.fields:
        return rule.source
    found = _FOLDED.get(rule.source)
    if found is None:
        if len(_FOLDED) >= _REMEMBERED:
            _FOLDED.clear()
        found = _FOLDED[rule.source] = _fold(rule)
    return found


_FOLDED: dict[str, str] = {}   # rules folded so far, by source (the same come back often)
_KEYS: dict[tuple[str, str, int], Callable[[int], int]] = {}   # stand-ins, by pair
_REMEMBERED = 4096


def _fold(rule: Rule) -> str:
    tree = copy.deepcopy(rule.parsed.tree)
    parts = _largest_parts(tree, _parents(tree))
    values = _values_by_place(parts)
    if values is None:
        return rule.source
    steady = {id(part): values[0][index] for index, part in enumerate(parts)
              if type(values[0][index]) in (bool, int, str)
              and all(row[index] == values[0][index] for row in values)}
    return ast.unparse(_Steady(steady).visit(tree))


class _Steady(ast.NodeTransformer):
    """Writes the parts named (by `id`) as their values."""

    def __init__(self, values: dict[int, Any]) -> None:
        self.values = values

    def visit(self, node: ast.AST) -> ast.AST:
        if id(node) in self.values:
            return ast.Constant(value=self.values[id(node)])
        return super().visit(node)  # type: ignore[no-any-return]


def _values_by_place(parts: Sequence[ast.expr]) -> list[tuple[object, ...]] | None:
    """What each part comes to at each place of a row (1 to the deck's length); None when
    one cannot be worked out there."""
    if not parts:
        return [()] * LONGEST_ROW
    body = [*read_fields(frozenset({"position"})),
            ast.Return(value=ast.Tuple(elts=[rebuild(part, WTR_SCHEMA) for part in parts],
                                       ctx=ast.Load()))]
    values = make_function("position_parts", body, WTR_SCHEMA)
    try:
        return [values(_Place(place)) for place in range(1, LONGEST_ROW + 1)]
    except ArithmeticError:
        return None


def _eventual_period(labels: Sequence[object]) -> tuple[int, int]:
    """The (start, period) with the fewest stand-ins such that every label from `start` on
    equals the one `period` later (within the sequence)."""
    best = (len(labels), 1)
    for period in range(1, len(labels)):
        if period >= sum(best):
            break   # no start can make up for a period this long
        start = len(labels) - period
        while start > 0 and labels[start - 1] == labels[start - 1 + period]:
            start -= 1
        if start + period < sum(best):
            best = (start, period)
    return best


def _parents(tree: ast.expr) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _is_position(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "position"


def _reads_position_only(node: ast.AST) -> bool:
    """`node` reads `position` and no other field (helpers and numbers are fine)."""
    names = [inner for inner in ast.walk(node)
             if isinstance(inner, ast.Name | ast.Attribute)]
    helpers = {inner.func for inner in ast.walk(node) if isinstance(inner, ast.Call)}
    fields = [name for name in names if name not in helpers]
    return bool(fields) and all(_is_position(name) for name in fields)


def _largest_parts(tree: ast.expr, parents: dict[ast.AST, ast.AST]) -> list[ast.expr]:
    """The largest parts of `tree` that read `position` and nothing else."""
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.expr) and _reads_position_only(node)
            and not (node in parents and _reads_position_only(parents[node]))]


def _bounded_key(first: Rule, second: Rule, depth: int) -> Callable[[int], int]:
    """A rule using `position` only through sums, differences, products, comparisons and `%`
    by whole numbers sees it the same at every length past its largest constant with the
    same remainder by those numbers; any other use (`//`, `is_prime(position)` …) is
    followed exactly, to the longest row the deck allows."""
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


def _position_use(tree: ast.expr) -> tuple[list[int], int] | None:
    """The moduli `position` is taken by, and a length past which only those remainders
    matter: 0 when position is only ever taken by a modulus, else the sum of every whole
    number written and of the counts read (a comparison cannot hinge on more); None when
    position is used some other way."""
    parents = _parents(tree)
    moduli: list[int] = []
    compared = False
    for node in ast.walk(tree):
        if not _is_position(node):
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
