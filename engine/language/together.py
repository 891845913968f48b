"""Decide whether several triggers can fire on one situation: exactly wherever that is cheap.

The triggers' `and` parts are pulled apart, and parts that read nothing in common are decided
apart: the situations gone through are every combination of each field's values, so all the
parts can hold at once exactly when each group of parts linked by what they read can. Each
group is gone through whole when it is small enough (`enumerate.decide`); a group too large
is searched, from a fixed seed, for a situation where it holds, which proves that it can.
Before any of that, a comparison whose sides' ranges cannot meet (a sum of counts that never
reaches the remainder it is compared with, say) proves at once that the parts never all hold.
When nothing settles a group, the answer is None: undecided, for the caller to say so.

>>> from engine.games.registry import find_game
>>> schema = find_game("mao").schema
>>> wild = parse_trigger("played and (pile_size + stack_size * 7) % 9973 != 17", schema)
>>> bad = parse_trigger('played and card.rank == "Q"', schema)
>>> found = decide_together([wild, bad], schema)
>>> found.verdict.value, found.example["card"][0], found.example["played"]
('sometimes', 'Q', True)
>>> decide_together([bad, parse_trigger('card.rank == "K"', schema)], schema).verdict.value
'never'
"""

from __future__ import annotations

import ast
import random
from collections.abc import Sequence
from typing import Any

from engine.language.compile import compile_trigger
from engine.language.enumerate import (
    DEFAULT_LIMIT,
    Decision,
    Facts,
    Verdict,
    decide,
    describe,
    field_domains,
)
from engine.language.parse import ExpressionError, Trigger, number_range, parse_trigger
from engine.language.schema import Schema

SEARCHED = 20_000  # situations tried at random in a group too large to go through


def decide_together(triggers: Sequence[Trigger], schema: Schema, limit: int = DEFAULT_LIMIT,
                    seed: int = 0) -> Decision | None:
    """Whether all `triggers` can be true in one situation (NEVER, or a situation where they
    are); None when a group of their parts is too large to go through and no situation was
    found where it holds."""
    parts = [part for trigger in triggers for part in conjuncts(trigger, schema)]
    if any(cannot_hold(part.tree, schema) for part in parts):
        return Decision(Verdict.NEVER, 0, {})
    example: dict[str, Any] = {}
    cases = 0
    undecided = False
    verdicts: list[Verdict] = []
    for group in linked_groups(parts):
        joined = join(group)
        fires = compile_trigger(joined, schema)
        decision = decide(joined, schema, fires, limit)
        if decision is None:
            found = search(joined, schema, fires, seed)
            if found is None:
                undecided = True
                continue
            decision = Decision(Verdict.SOMETIMES, SEARCHED, found)
        if decision.verdict is Verdict.NEVER:
            return Decision(Verdict.NEVER, decision.cases, {})
        verdicts.append(decision.verdict)
        cases += decision.cases
        example.update(decision.example)
    if undecided:
        return None
    always = all(verdict is Verdict.ALWAYS for verdict in verdicts)
    return Decision(Verdict.ALWAYS if always else Verdict.SOMETIMES, cases,
                    dict(sorted(example.items())))


def cannot_hold(node: ast.expr, schema: Schema) -> bool:
    """Whether a comparison of numbers is false everywhere, from the ranges of its sides.

    >>> from engine.games.registry import find_game
    >>> schema = find_game("mao").schema
    >>> never = "(pile_size * 9 + stack_size * 7 + run * 3) % 9973 == 9972"
    >>> cannot_hold(parse_trigger(never, schema).tree, schema)
    True
    >>> cannot_hold(parse_trigger("pile_size * 9 % 9973 == 17", schema).tree, schema)
    False
    """
    if not isinstance(node, ast.Compare):
        return False
    sides = [node.left, *node.comparators]
    for operator, left, right in zip(node.ops, sides, sides[1:], strict=False):
        first, second = number_range(left, schema), number_range(right, schema)
        if first is None or second is None:
            continue
        if isinstance(operator, ast.Eq) and (first[1] < second[0] or second[1] < first[0]):
            return True
        if ((isinstance(operator, ast.Lt) and first[0] >= second[1])
                or (isinstance(operator, ast.LtE) and first[0] > second[1])
                or (isinstance(operator, ast.Gt) and first[1] <= second[0])
                or (isinstance(operator, ast.GtE) and first[1] < second[0])):
            return True
    return False


def conjuncts(trigger: Trigger, schema: Schema) -> list[Trigger]:
    """The trigger's top-level `and` parts, each checked on its own (the trigger whole when
    it has one part, or a part cannot be read alone)."""
    nodes = _and_parts(trigger.tree)
    if len(nodes) < 2:
        return [trigger]
    parts: list[Trigger] = []
    for node in nodes:
        text = ast.get_source_segment(trigger.source, node)
        try:
            parts.append(parse_trigger(text or "", schema))
        except ExpressionError:
            return [trigger]
    return parts


def _and_parts(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        return [part for value in node.values for part in _and_parts(value)]
    return [node]


def linked_groups(parts: list[Trigger]) -> list[list[Trigger]]:
    """The parts in groups linked by the fields they read (a part reading nothing alone)."""
    groups: list[tuple[set[str], list[Trigger]]] = []
    for part in parts:
        fields = set(part.fields)
        linked = [group for group in groups if group[0] & fields]
        merged: tuple[set[str], list[Trigger]] = (fields, [])
        for group in linked:
            merged[0].update(group[0])
            merged[1].extend(group[1])
            groups.remove(group)
        merged[1].append(part)
        groups.append(merged)
    return [members for _, members in groups]


def join(parts: list[Trigger]) -> Trigger:
    """Parts joined by `and`, without parsing their text again (it may be over the limit)."""
    if len(parts) == 1:
        return parts[0]
    return Trigger(source=" and ".join(f"({part.source})" for part in parts),
                   tree=ast.BoolOp(op=ast.And(), values=[part.tree for part in parts]),
                   reads=frozenset().union(*(part.reads for part in parts)),
                   fields=frozenset().union(*(part.fields for part in parts)),
                   table_only=any(part.table_only for part in parts))


def search(trigger: Trigger, schema: Schema, fires: Any, seed: int) -> dict[str, Any] | None:
    """A situation where `trigger` holds, tried at random from `seed`; None if none found
    (or a field it reads has no finite list of values)."""
    domains = field_domains(trigger, schema)
    if domains is None:
        return None
    rng = random.Random(seed)
    for _ in range(SEARCHED):
        situation = {name: rng.choice(values) for name, values in domains.items()}
        if fires(Facts(situation)):
            return describe(situation)
    return None
