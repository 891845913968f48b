"""Test triggers on many plays at once: each trigger becomes a few numpy operations over
columns of recorded plays, for the batched simulators.

A column holds one thing a trigger reads, for every play: a card field as the ids of its
card views (`CardView.id`, its position in the field's domain), a number or true/false as
it is, a player's part under its path ("player.score"), a list of cards as a row of view
ids per play padded with -1. Text is compared by code: every text a card part can take and
every text constant get a number, so `card.rank == "K"` is a comparison of numbers.

The answers are exactly the per-play engine's (`engine.language.compile`): the language has
no division by anything but a non-zero constant, its numbers stay within ±MAX_VALUE (so
64-bit integers never overflow), and numpy's `//` and `%` round as Python's do. A helper
without an array form here makes its trigger unsupported, and the game is then simulated
play by play.

>>> import numpy as np
>>> from engine.games.registry import find_game
>>> from engine.language.parse import parse_trigger
>>> schema = find_game("up-n-over").schema
>>> tests = ArrayTriggers([parse_trigger("total in (5, 10) and card.is_face", schema)], schema)
>>> king = next(view.id for view in schema.fields["card"].domain if view.code == "Kh")
>>> tests.fires({"total": np.array([5, 5, 7]), "card": np.array([king, 3, king])}, 3)[0]
array([ True, False, False])
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from engine.language.columns import ARRAY_HELPERS, array_form_missing
from engine.language.helpers import HELPERS
from engine.language.parse import Trigger
from engine.language.schema import Schema, Type

Column = Any  # a numpy array, or a plain constant that broadcasts
_NO_TEXT = -2  # the code of a text no card part ever takes

_ORDER: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: np.equal, ast.NotEq: np.not_equal, ast.Lt: np.less, ast.LtE: np.less_equal,
    ast.Gt: np.greater, ast.GtE: np.greater_equal,
}
_ARITHMETIC: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: np.add, ast.Sub: np.subtract, ast.Mult: np.multiply,
    ast.FloorDiv: np.floor_divide, ast.Mod: np.remainder,
}


class Unsupported(ValueError):
    """A trigger (or a part of it) these array forms cannot test."""


class ArrayTriggers:
    """A deck's triggers, each as array operations over a batch's columns."""

    def __init__(self, triggers: Sequence[Trigger], schema: Schema) -> None:
        self.triggers = tuple(triggers)
        self.schema = schema
        self._codes = _text_codes(schema)
        self._parts = _card_parts(schema, self._codes)
        for trigger in self.triggers:
            reason = array_form_missing(trigger, schema)
            if reason:
                raise Unsupported(f"{trigger.source}: {reason}")

    def fires(self, columns: Mapping[str, Any], plays: int) -> Any:
        """A triggers × plays array of true/false: which plays each trigger fires on."""
        result = np.zeros((len(self.triggers), plays), dtype=bool)
        batch = _Batch(self, columns)
        for position, trigger in enumerate(self.triggers):
            result[position] = batch.evaluate(trigger.tree)
        return result


class _Batch:
    """One batch's columns, with the card parts worked out once and shared by every trigger."""

    def __init__(self, triggers: ArrayTriggers, columns: Mapping[str, Any]) -> None:
        self._triggers = triggers
        self._columns = columns
        self._cache: dict[str, Any] = {}

    def evaluate(self, node: ast.expr) -> Column:
        if isinstance(node, ast.Constant):
            return self._constant(node.value)
        if isinstance(node, ast.Name):
            if node.id in ("True", "False"):
                return node.id == "True"
            return self._columns[node.id]
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return self._part(node.value.id, node.attr)
        if isinstance(node, ast.BoolOp):
            join = np.logical_and if isinstance(node.op, ast.And) else np.logical_or
            result = self.evaluate(node.values[0])
            for value in node.values[1:]:
                result = join(result, self.evaluate(value))
            return result
        if isinstance(node, ast.UnaryOp):
            operand = self.evaluate(node.operand)
            if isinstance(node.op, ast.Not):
                return np.logical_not(operand)
            return np.negative(operand) if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.BinOp):
            operation = _ARITHMETIC[type(node.op)]
            return operation(self._number(node.left), self._number(node.right))
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            arguments = [self.evaluate(argument) for argument in node.args]
            return _HELPERS[node.func.id](self._triggers, arguments)
        raise Unsupported(f"{type(node).__name__} has no array form")

    def _number(self, node: ast.expr) -> Column:
        value = self.evaluate(node)
        return value.astype(np.int64) if isinstance(value, np.ndarray) else value

    def _constant(self, value: object) -> Column:
        if isinstance(value, str):
            return self._triggers._codes.get(value, _NO_TEXT)
        return value

    def _part(self, name: str, part: str) -> Column:
        path = f"{name}.{part}"
        if path in self._columns:           # a player's part, recorded as it was
            return self._columns[path]
        found = self._cache.get(path)
        if found is None:                   # a card's part, looked up from its view id
            found = self._cache[path] = self._triggers._parts[part][self._columns[name]]
        return found

    def _compare(self, node: ast.Compare) -> Column:
        result: Column = True
        left = self.evaluate(node.left)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, ast.In | ast.NotIn):
                assert isinstance(right_node, ast.Tuple | ast.List)
                member: Column = False
                for item in right_node.elts:
                    member = np.logical_or(member, np.equal(left, self.evaluate(item)))
                outcome = member if isinstance(op, ast.In) else np.logical_not(member)
                right = None  # nothing is compared with a list after it
            else:
                right = self.evaluate(right_node)
                outcome = _ORDER[type(op)](left, right)
            result = outcome if result is True else np.logical_and(result, outcome)
            left = right
        return result


def _text_codes(schema: Schema) -> dict[str, int]:
    """A number for every text a card part can take."""
    codes: dict[str, int] = {}
    for spec in schema.attributes.get(Type.CARD, {}).values():
        if spec.type is Type.STR and spec.domain is not None:
            for value in spec.domain:
                codes.setdefault(value, len(codes))
    return codes


def _card_parts(schema: Schema, codes: dict[str, int]) -> dict[str, Any]:
    """For each card part, its value by view id (one more entry, last, for the -1 that pads
    a list of cards: never equal to any text, counted as 0)."""
    views = _card_views(schema)
    parts: dict[str, Any] = {}
    for name, spec in schema.attributes.get(Type.CARD, {}).items():
        values = [getattr(view, name) for view in views]
        if spec.type is Type.STR:
            parts[name] = np.array([codes[value] for value in values] + [-1],
                                   dtype=np.int8 if len(codes) < 127 else np.int32)
        elif spec.type is Type.BOOL:
            parts[name] = np.array([*values, False], dtype=bool)
        elif spec.type is Type.INT:
            parts[name] = np.array([*values, 0], dtype=np.int64)
    return parts


def _card_views(schema: Schema) -> list[Any]:
    """Every card view of the schema, by id."""
    views: dict[int, Any] = {}
    for spec in schema.fields.values():
        if spec.type is Type.CARD and spec.domain is not None:
            views.update((view.id, view) for view in spec.domain)
    if sorted(views) != list(range(len(views))):
        raise Unsupported("card views must be numbered 0, 1, 2 ... in the schema")
    return [views[number] for number in range(len(views))]


def _count(part: str) -> Callable[[ArrayTriggers, list[Column]], Column]:
    """count_rank and its kin: how many cards of each play's list have that part."""

    def count(triggers: ArrayTriggers, arguments: list[Column]) -> Column:
        cards, wanted = arguments
        values = np.take(triggers._parts[part], cards)  # the padding's -1 equals no text
        wanted = wanted[:, None] if isinstance(wanted, np.ndarray) else wanted
        return np.count_nonzero(np.equal(values, wanted), axis=1)

    return count


def _elementwise(function: Callable[[int], Any]) -> Callable[[ArrayTriggers, list[Column]],
                                                              Column]:
    """A helper of one number, through its own scalar form once per distinct value."""

    def apply(triggers: ArrayTriggers, arguments: list[Column]) -> Column:
        (numbers,) = arguments
        if not isinstance(numbers, np.ndarray):
            return function(numbers)
        distinct, where = np.unique(numbers, return_inverse=True)
        answers = np.array([function(int(value)) for value in distinct])
        return answers[where.reshape(numbers.shape)]

    return apply


_HELPERS: dict[str, Callable[[ArrayTriggers, list[Column]], Column]] = {
    "count_rank": _count("rank"),
    "count_suit": _count("suit"),
    "count_colour": _count("colour"),
    "len": lambda _, arguments: (arguments[0] >= 0).sum(axis=1),
    "abs": lambda _, arguments: np.abs(arguments[0]),
    "min": lambda _, arguments: np.minimum(arguments[0], arguments[1]),
    "max": lambda _, arguments: np.maximum(arguments[0], arguments[1]),
    "is_even": lambda _, arguments: np.remainder(arguments[0], 2) == 0,
    "is_odd": lambda _, arguments: np.remainder(arguments[0], 2) == 1,
    "is_prime": _elementwise(HELPERS["is_prime"].function),
    "is_fibonacci": _elementwise(HELPERS["is_fibonacci"].function),
}
assert set(_HELPERS) == ARRAY_HELPERS, "engine.language.columns lists the helpers done here"
