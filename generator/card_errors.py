"""Every error of a card, worded for its designer: a value that is not one of a field's
choices names the closest, and one error does not hide the others.

pydantic stops short in two places: a rule across fields (a say action needs a phrase or
what to say) is only checked once every field is valid, and an action whose kind is not
one is not read any further. Here the card is read again: with the wrong choices replaced
by valid ones, so the rules across fields are checked; and an unknown kind's fields that
every action has (timing, hints ...) on their own.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from engine.errors import did_you_mean
from generator.deck_model import ActionCard

Problem = dict[str, Any]
_REPAIRABLE = ("literal_error", "extra_forbidden")


def kind_free(raw: Any, loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """`loc` without the action kinds pydantic puts in it (say, gesture ...): the path of the
    value in the deck file.

    >>> kind_free({"then": {"kind": "say"}}, ("then", "say", "timing"))
    ('then', 'timing')
    >>> kind_free({"kind": "gesture", "gesture": "clap"}, ("gesture", "gesture"))
    ('gesture',)
    >>> kind_free({"kind": "gesture"}, ("gesture", "gesture")), kind_free({"kind": "say"}, ("say",))
    (('gesture',), ())
    """
    kept: list[Any] = []
    value = raw
    tagged = False  # the tag of the mapping `value` is left out already
    for number, part in enumerate(loc):
        if (isinstance(value, dict) and value.get("kind") == part and not tagged
                and (number < len(loc) - 1 or part not in value)):
            tagged = True  # the tag: a field (which may share its name) follows, or none does
            continue
        tagged = False
        kept.append(part)
        value = value.get(part) if isinstance(value, dict) else (
            value[part] if isinstance(value, list) and isinstance(part, int)
            and 0 <= part < len(value) else None)
    return tuple(kept)


def choices_of(problem: Problem) -> list[str]:
    """The values a field accepts, read from a literal error."""
    return re.findall(r"'([^']*)'", str(problem.get("ctx", {}).get("expected", "")))


def not_a_choice(label: str, field: str, problem: Problem) -> str:
    """A value that is not one of a field's choices, with the closest one.

    >>> not_a_choice('action "tap"', "timing", {"input": "with-card",
    ...     "ctx": {"expected": "'with_card' or 'after_sum'"}})
    'action "tap": timing "with-card" is not with_card or after_sum. Did you mean "with_card"?'
    """
    choices = choices_of(problem)
    value = str(problem.get("input"))
    listed = ", ".join(choices[:-1]) + f" or {choices[-1]}" if len(choices) > 1 else choices[0]
    return f'{label}: {field} "{value}" is not {listed}.{did_you_mean(value, choices)}'



def hidden_problems(validate: Callable[[Any], object], raw: Any,
                    problems: list[Problem]) -> list[Problem]:
    """The errors pydantic's `problems` for `raw` hid: rules across fields, checked with the
    wrong choices replaced and unknown keys left out, and the shared fields of an action
    whose kind is not one. Their `loc` is the value's path in the file."""
    found: list[Problem] = []
    for problem in problems:
        if problem["type"] in ("union_tag_invalid", "union_tag_not_found"):
            found += _shared_action_problems(raw, kind_free(raw, tuple(problem["loc"])))
    if not problems or any(problem["type"] not in _REPAIRABLE or (
            problem["type"] == "literal_error" and not choices_of(problem))
            for problem in problems):
        return found
    fixed = copy.deepcopy(raw)
    for problem in problems:
        _repair(fixed, kind_free(raw, tuple(problem["loc"])), problem)
    try:
        validate(fixed)
    except ValidationError as error:
        found += [{**again, "loc": kind_free(fixed, tuple(again["loc"]))}
                  for again in error.errors() if again["type"] == "value_error"]
    return found


def _repair(raw: Any, loc: tuple[Any, ...], problem: Problem) -> None:
    *parents, last = loc
    owner = raw
    for part in parents:
        owner = owner[part]
    if problem["type"] == "extra_forbidden":
        del owner[last]
    else:
        owner[last] = choices_of(problem)[0]


def _shared_action_problems(raw: Any, at: tuple[Any, ...]) -> list[Problem]:
    """The errors in the fields every action has, for an action of no known kind at `at`."""
    action = raw
    for part in at:
        action = action.get(part) if isinstance(action, dict) else None
    if not isinstance(action, dict):
        return []
    shared = {key: value for key, value in action.items() if key in ActionCard.model_fields}
    try:
        ActionCard.model_validate(shared)
    except ValidationError as error:
        return [{**problem, "loc": (*at, *problem["loc"])} for problem in error.errors()
                if problem["type"] != "missing"]
    return []
