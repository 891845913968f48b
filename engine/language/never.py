"""Why a trigger can never be true: the smallest part of it that never holds, with the values
what that part reads can take.

A trigger's top-level `and` parts are tried alone first, then two at a time; the first that
never holds is the culprit. Two parts that never hold together are explained by what the
first one fixes: the values the second one reads whenever the first holds.

>>> from engine.games.registry import find_game
>>> from engine.language.parse import parse_trigger
>>> schema = find_game("up-n-over").schema
>>> why = why_never(parse_trigger('card.rank == "Q" and card.value > 0', schema), schema)
>>> for part in why.split(": "):
...     print(part)
card.rank == "Q" and card.value > 0 never hold together
whenever card.rank == "Q" holds, card.value is always -2
>>> print(why_never(parse_trigger('card.is_face and card.value > 20', schema), schema))
card.value > 20 never holds: card.value is one of -4, -2, 0 to 11
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from engine.language.compile import compile_trigger
from engine.language.enumerate import DEFAULT_LIMIT, Facts, Verdict, decide, field_domains
from engine.language.parse import Trigger
from engine.language.schema import Schema
from engine.language.together import conjuncts, join

SHOWN_VALUES = 12  # distinct values listed at most; more are summed up by their count


def why_never(trigger: Trigger, schema: Schema) -> str | None:
    """The reason a trigger that never fires never does, in a designer's words; None when
    no part of it (alone or with one other part) can be put in the blame."""
    parts = conjuncts(trigger, schema)
    for part in parts:
        if _never(part, schema):
            return f"{part.source} never holds: {_values_read(part, schema)}"
    for first, second in itertools.combinations(parts, 2):
        if not set(first.fields) & set(second.fields):
            continue
        pair = join([first, second])
        if not _never(pair, schema):
            continue
        fixed = _values_when(first, second, schema)
        if fixed is None:
            return None
        return f"{first.source} and {second.source} never hold together: {fixed}"
    return None


def _never(trigger: Trigger, schema: Schema) -> bool:
    decision = decide(trigger, schema, compile_trigger(trigger, schema), DEFAULT_LIMIT)
    return decision is not None and decision.verdict is Verdict.NEVER


def _situations(trigger: Trigger, schema: Schema,
                keep: Callable[[Facts], bool]) -> list[Facts] | None:
    domains = field_domains(trigger, schema)
    if domains is None:
        return None
    names = list(domains)
    situations = (Facts(dict(zip(names, values, strict=True)))
                  for values in itertools.product(*domains.values()))
    return [facts for facts in itertools.islice(situations, DEFAULT_LIMIT) if keep(facts)]


def _values_read(part: Trigger, schema: Schema) -> str:
    """What the part reads, each with every value it can take."""
    situations = _situations(part, schema, lambda facts: True) or []
    return "; ".join(_one_of(path, [_read(facts, path) for facts in situations])
                     for path in sorted(part.reads))


def _values_when(first: Trigger, second: Trigger, schema: Schema) -> str | None:
    """What the second part reads, with the values it takes whenever the first holds."""
    pair = join([first, second])
    holds = compile_trigger(first, schema)
    situations = _situations(pair, schema, holds)
    if not situations:
        return None
    paths = sorted(second.reads - first.reads) or sorted(second.reads)
    told = "; ".join(_one_of(path, [_read(facts, path) for facts in situations])
                     for path in paths)
    return f"whenever {first.source} holds, {told}"


def _read(facts: Facts, path: str) -> Any:
    value: Any = facts
    for name in path.split("."):
        value = getattr(value, name)
    return value


def _one_of(path: str, values: Sequence[Any]) -> str:
    distinct = sorted(set(values), key=lambda value: (str(type(value)), value))
    if len(distinct) == 1:
        return f"{path} is always {_shown(distinct[0])}"
    return f"{path} is one of {_listed(distinct)}"


def _listed(values: list[Any]) -> str:
    """Values in order, runs of whole numbers as ranges: -2, 0 to 10."""
    if all(isinstance(value, int) and not isinstance(value, bool) for value in values):
        runs = [[value for _, value in run]  # a run: values that rise one by one
                for _, run in itertools.groupby(enumerate(values), lambda x: x[1] - x[0])]
        shown = [", ".join(map(str, run)) if len(run) < 3 else f"{run[0]} to {run[-1]}"
                 for run in runs]
    else:
        shown = [_shown(value) for value in values]
    if len(shown) > SHOWN_VALUES:
        return ", ".join(shown[:SHOWN_VALUES]) + f" … ({len(values)} values)"
    return ", ".join(shown)


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "True" if value else "False"
    return str(getattr(value, "code", value))
