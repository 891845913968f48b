"""Test a whole deck's triggers on a play at once, fast enough for thousands of games.

Most triggers read only parts of the view that take few values: which card was played
(one of 56 card views, aces counted 1 and 11 apart), the sum, a player's score. Triggers
reading the same parts form a group, and small groups are merged; each group's answers are
worked out once, for every combination of those values, into a table. A play then costs
one table look-up per group, whatever the triggers compute. Triggers that read something
unbounded (the trick's cards, speech) are compiled and tested directly. A value outside a
table (a score higher than the table foresaw) falls back to testing that group directly, so
the answer is always exact.

>>> from engine.language.parse import parse_trigger
>>> from engine.games.registry import find_game
>>> S = find_game("up-n-over").schema
>>> tally = compile_deck_tally([parse_trigger(t, S) for t in ("total == 0", "card.is_face")], S)

The tally returns a bit mask: bit n is set when trigger n fires (`fired_positions` reads it).
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Sequence
from typing import Any

from engine.language.compile import (
    assign,
    compile_tally,
    compile_trigger,
    load,
    make_function,
    read_fields,
    rebuild,
)
from engine.language.enumerate import Facts
from engine.language.parse import Trigger
from engine.language.schema import Schema, Type
from engine.language.views import PlayerFacts

TABLE_LIMIT = 20_000   # combinations worked out for one trigger's table, at most
MERGE_LIMIT = 4_000    # groups are merged while their joint table stays this small
_MASK = "_mask"

# A dimension of a table: a card field (keyed by its view id) or a plain value path.
Dimension = str


def compile_deck_tally(triggers: Sequence[Trigger], schema: Schema) -> Callable[[Any], int]:
    """`tally(view) -> mask`, bit n set when trigger n fires."""
    groups: dict[frozenset[Dimension], list[int]] = {}
    direct: list[int] = []
    for position, trigger in enumerate(triggers):
        dimensions = _dimensions(trigger, schema)
        if dimensions is None or _size(dimensions, schema) > TABLE_LIMIT:
            direct.append(position)
        else:
            groups.setdefault(dimensions, []).append(position)
    merged = _merge_small_groups(groups, schema)

    namespace: dict[str, Any] = {}
    body: list[ast.stmt] = [*read_fields(frozenset().union(*(t.fields for t in triggers))),
                            assign(_MASK, ast.Constant(value=0))]
    used = sorted(set().union(*merged)) if merged else []
    body += [assign(_local(dimension), _key_expression(dimension, schema)) for dimension in used]
    for number, (dimensions, positions) in enumerate(merged.items()):
        order = sorted(dimensions)
        group = [triggers[p] for p in positions]
        namespace[f"_table{number}"] = _build_table(order, group, positions, schema)
        namespace[f"_fallback{number}"] = _fallback(group, positions, schema)
        body.append(_look_up(order, f"_table{number}", f"_fallback{number}", schema))
    for position in direct:
        body.append(ast.If(test=rebuild(triggers[position].tree, schema),
                           body=[_or_into_mask(ast.Constant(value=1 << position))], orelse=[]))
    body.append(ast.Return(value=load(_MASK)))
    function: Callable[[Any], int] = make_function("deck_tally", body, schema, namespace)
    return function


def fired_positions(mask: int) -> list[int]:
    """The trigger positions whose bits are set, lowest first.

    >>> fired_positions(0b10110)
    [1, 2, 4]
    """
    positions = []
    while mask:
        lowest = mask & -mask
        positions.append(lowest.bit_length() - 1)
        mask ^= lowest
    return positions


def _dimensions(trigger: Trigger, schema: Schema) -> frozenset[Dimension] | None:
    """What a trigger's table is keyed by: whole card fields, and player and number paths."""
    dimensions: set[Dimension] = set()
    for path in trigger.reads:
        name = path.split(".")[0]
        spec = schema.fields[name]
        if spec.type is Type.CARD:
            if spec.domain is None:
                return None
            dimensions.add(name)
        elif spec.type is Type.PLAYER:
            if "." not in path or not _is_number_run(_domain(path, schema)):
                return None
            dimensions.add(path)
        elif "." not in path and _is_number_run(spec.domain):
            dimensions.add(path)
        else:
            return None  # a text field, or a number without a known run: asked directly
    return frozenset(dimensions) if dimensions else None


def _is_number_run(domain: tuple[Any, ...] | None) -> bool:
    """Whether a table can be keyed by these values: whole numbers, each one more.

    >>> _is_number_run((2, 3, 4)), _is_number_run(("hand", "face-up")), _is_number_run(None)
    (True, False, False)
    """
    if not domain or not all(type(value) is int for value in domain):
        return False
    return list(domain) == list(range(domain[0], domain[0] + len(domain)))


def _domain(dimension: Dimension, schema: Schema) -> tuple[Any, ...] | None:
    """The values of a dimension, in table order (card views in the order of their ids)."""
    name, _, attribute = dimension.partition(".")
    spec = schema.fields[name]
    if attribute:
        return schema.attributes[spec.type][attribute].domain
    return spec.domain


def _size(dimensions: frozenset[Dimension], schema: Schema) -> int:
    size = 1
    for dimension in dimensions:
        size *= len(_domain(dimension, schema) or ())
    return size


def _merge_small_groups(groups: dict[frozenset[Dimension], list[int]],
                        schema: Schema) -> dict[frozenset[Dimension], list[int]]:
    """Join groups whose combined table stays small: fewer look-ups per play."""
    merged = [(dimensions, list(positions)) for dimensions, positions in groups.items()]
    while True:
        best: tuple[int, int, int] | None = None
        for (i, (first, _)), (j, (second, _)) in itertools.combinations(enumerate(merged), 2):
            joint = _size(first | second, schema)
            if joint <= MERGE_LIMIT and (best is None or joint < best[0]):
                best = (joint, i, j)
        if best is None:
            break
        _, i, j = best
        group = (merged[i][0] | merged[j][0], sorted(merged[i][1] + merged[j][1]))
        merged = [item for k, item in enumerate(merged) if k not in (i, j)] + [group]
    return dict(merged)


def _build_table(order: list[Dimension], group: list[Trigger], positions: list[int],
                 schema: Schema) -> list[int]:
    """A flat list of masks, indexed by the group's key (see `_look_up`)."""
    tests = [compile_trigger(trigger, schema) for trigger in group]
    domains = [_domain(dimension, schema) or () for dimension in order]
    table: list[int] = []
    for combination in itertools.product(*domains):  # the last dimension varies fastest
        facts = _facts(order, combination)
        mask = 0
        for position, test in zip(positions, tests, strict=True):
            if test(facts):
                mask |= 1 << position
        table.append(mask)
    return table


def _is_card(dimension: Dimension, schema: Schema) -> bool:
    return schema.fields[dimension].type is Type.CARD


def _facts(order: list[Dimension], combination: tuple[Any, ...]) -> Any:
    """A stand-in view: card fields as card views, players as facts, numbers as they are."""
    values: dict[str, Any] = {}
    players: dict[str, dict[str, Any]] = {}
    for dimension, value in zip(order, combination, strict=True):
        name, _, attribute = dimension.partition(".")
        if attribute:
            players.setdefault(name, {})[attribute] = value
        else:
            values[name] = value
    for name, facts in players.items():
        values[name] = PlayerFacts(**facts)
    return Facts(values)


def _fallback(group: list[Trigger], positions: list[int],
              schema: Schema) -> Callable[[Any], int]:
    tally = compile_tally(group, schema)

    def test_directly(view: Any) -> int:
        mask = 0
        for index in tally(view):
            mask |= 1 << positions[index]
        return mask

    return test_directly


def _look_up(order: list[Dimension], table_name: str, fallback_name: str,
             schema: Schema) -> ast.stmt:
    """`_mask |= _tableN[index]` when every key is inside the table, else the fallback.

    The index is the mixed-radix number of the key: a card field counts by its view id,
    a number by its distance from the lowest value the table holds.
    """
    index: ast.expr | None = None
    checks: list[ast.expr] = []
    for dimension in order:
        domain = _domain(dimension, schema) or ()
        part: ast.expr = load(_local(dimension))
        if not _is_card_dimension(dimension, schema):
            values = list(domain)
            low, high = values[0], values[-1]
            if values != list(range(low, high + 1)):
                raise ValueError(f"{dimension}: a table dimension must be a run of numbers")
            checks.append(ast.Compare(left=ast.Constant(value=low), ops=[ast.LtE(), ast.LtE()],
                                      comparators=[part, ast.Constant(value=high)]))
            if low:
                part = ast.BinOp(left=part, op=ast.Sub(), right=ast.Constant(value=low))
        index = part if index is None else ast.BinOp(
            left=ast.BinOp(left=index, op=ast.Mult(), right=ast.Constant(value=len(domain))),
            op=ast.Add(), right=part)
    assert index is not None
    look = _or_into_mask(ast.Subscript(value=load(table_name), slice=index, ctx=ast.Load()))
    if not checks:
        return look
    test = checks[0] if len(checks) == 1 else ast.BoolOp(op=ast.And(), values=checks)
    fallback = ast.Call(func=load(fallback_name), args=[load("_view")], keywords=[])
    return ast.If(test=test, body=[look], orelse=[_or_into_mask(fallback)])


def _or_into_mask(value: ast.expr) -> ast.stmt:
    return ast.AugAssign(target=ast.Name(id=_MASK, ctx=ast.Store()), op=ast.BitOr(),
                         value=value)


def _is_card_dimension(dimension: Dimension, schema: Schema) -> bool:
    return "." not in dimension and _is_card(dimension, schema)


def _local(dimension: Dimension) -> str:
    return "_key_" + dimension.replace(".", "_")


def _key_expression(dimension: Dimension, schema: Schema) -> ast.expr:
    """`card.id` for a card field, `player.score` for a player part, `total` for a number."""
    name, _, attribute = dimension.partition(".")
    if not attribute and _is_card(name, schema):
        attribute = "id"
    if not attribute:
        return load(name)
    return ast.Attribute(value=load(name), attr=attribute, ctx=ast.Load())
