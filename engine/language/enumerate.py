"""Decide by enumeration whether a trigger can ever be true, or is always true.

Only the parts of the view a trigger reads are enumerated, each over every value it can
take (a card over the distinct combinations of the attributes read). The space enumerated
holds every situation a real game can reach and some it cannot, so "never true" and
"always true" here are proofs; a trigger true only in unreachable situations is left to
the simulation to find.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.language.parse import Trigger
from engine.language.schema import Schema, Type
from engine.language.views import PlayerFacts

DEFAULT_LIMIT = 60_000


class Verdict(Enum):
    NEVER = "never"
    ALWAYS = "always"
    SOMETIMES = "sometimes"


@dataclass(frozen=True, slots=True)
class Decision:
    verdict: Verdict
    cases: int                    # how many situations were tried
    example: dict[str, Any]       # a situation where it fires (empty when it never does)


class Facts:
    """A stand-in view holding just the fields being enumerated."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)


def decide(trigger: Trigger, schema: Schema, fires: Callable[[Any], bool],
           limit: int = DEFAULT_LIMIT) -> Decision | None:
    """Enumerate; None when the trigger reads something unbounded or the space is too big."""
    domains = field_domains(trigger, schema)
    if domains is None:
        return None
    size = 1
    for values in domains.values():
        size *= len(values)
    if size > limit:
        return None
    seen_true = seen_false = False
    example: dict[str, Any] = {}
    names = list(domains)
    for combination in itertools.product(*domains.values()):
        situation = dict(zip(names, combination, strict=True))
        if fires(Facts(situation)):
            if not seen_true:
                example = situation
            seen_true = True
        else:
            seen_false = True
        if seen_true and seen_false:
            return Decision(Verdict.SOMETIMES, size, describe(example))
    return Decision(Verdict.ALWAYS if seen_true else Verdict.NEVER, size, describe(example))


def field_domains(trigger: Trigger, schema: Schema) -> dict[str, list[Any]] | None:
    """Every field the trigger reads, by name, with its values (`field_domain`); None when
    one of them has no finite list of values."""
    domains: dict[str, list[Any]] = {}
    for name in sorted(trigger.fields):
        domain = field_domain(name, trigger, schema)
        if domain is None:
            return None
        domains[name] = domain
    return domains


def field_domain(name: str, trigger: Trigger, schema: Schema) -> list[Any] | None:
    """Every value a field can take, as far as the trigger can tell them apart."""
    spec = schema.fields[name]
    attributes = sorted(path.split(".", 1)[1] for path in trigger.reads
                        if path.startswith(name + "."))
    whole = name in trigger.reads
    if spec.type is Type.CARD:
        if spec.domain is None:
            return None
        if whole:
            return list(spec.domain)
        distinct: dict[tuple[Any, ...], Any] = {}
        for view in spec.domain:
            distinct.setdefault(tuple(getattr(view, a) for a in attributes), view)
        return list(distinct.values())
    if spec.type is Type.PLAYER:
        if whole:
            return None
        specs = schema.attributes[Type.PLAYER]
        ranges = [specs[a].domain for a in attributes]
        if any(values is None for values in ranges):
            return None
        return [PlayerFacts(**dict(zip(attributes, combo, strict=True)))
                for combo in itertools.product(*ranges)]  # type: ignore[arg-type]
    return None if spec.domain is None else list(spec.domain)


def describe(values: dict[str, Any]) -> dict[str, Any]:
    """A readable example: cards by code, players by the facts read."""
    readable: dict[str, Any] = {}
    for name, value in values.items():
        if hasattr(value, "code"):
            readable[name] = value.code
        elif isinstance(value, PlayerFacts):
            readable[name] = dict(vars(value))
        else:
            readable[name] = value
    return readable
