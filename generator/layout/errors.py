"""Layout problems as issues naming the layout file, its line and the field."""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.errors import did_you_mean
from generator.card_errors import choices_of
from generator.deck import raw_value
from generator.issues import Issue, make_issue
from generator.yamlmarks import Marked
from generator.yamlmarks import Path as YamlPath


def field_name(path: YamlPath) -> str:
    """('templates', 'front', 'elements', 'label') -> 'templates.front.elements.label'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


@dataclass
class LayoutSource:
    """One layout file as read: where its values are, and the problems found in it."""

    path: Path
    marked: Marked
    issues: list[Issue] = field(default_factory=list)

    def add(self, code: str, message: str, at: YamlPath = (), *, key: bool = False) -> None:
        mark = self.marked.keys.get(at) if key else None
        mark = mark or self.marked.mark(at)
        self.issues.append(make_issue(code, message, str(self.path),
                                      mark.line if mark else None,
                                      mark.column if mark else None, field_name(at)))


def validate(source: LayoutSource, model: type[BaseModel], raw: Any, at: YamlPath = ()) -> Any:
    """`raw` (found at `at`) checked against `model`, each problem added to `source`; None if
    there is any."""
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        problems: list[Any] = error.errors()
        for problem in problems:
            if not _other_member(problem, problems, raw):
                _report(source, model, raw, problem, at)
        return None


def _other_member(problem: Any, problems: list[Any], raw: Any) -> bool:
    """Whether `problem` is about a member of a union the value was plainly not meant as (a
    name when a mapping was written), while another problem is about the same value."""
    where = _in_raw(raw, tuple(problem["loc"]))
    value = raw_value(raw, list(where))
    mapping = isinstance(value, dict)
    if problem["type"] not in ("literal_error", "model_type", "model_attributes_type"):
        return False
    if (problem["type"] == "literal_error") != mapping:
        return False
    return any(other is not problem and _in_raw(raw, tuple(other["loc"]))[:len(where)] == where
               for other in problems)


def _in_raw(raw: Any, loc: tuple[Any, ...]) -> YamlPath:
    """The part of pydantic's `loc` that indexes the data (union members left out)."""
    kept: list[str | int] = []
    value = raw
    for part in loc:
        indexes = isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value)
        if (isinstance(value, dict) and part in value) or indexes:
            value = value[part]
        elif not (isinstance(value, dict) and isinstance(part, str) and part == loc[-1]
                  and "[" not in part):  # a union member's tag, such as literal['a','b']
            continue
        kept.append(part)
    return tuple(kept)


def _report(source: LayoutSource, model: type[BaseModel], raw: Any, problem: Any,
            at: YamlPath) -> None:
    inner = _in_raw(raw, tuple(problem["loc"]))
    where = (*at, *inner)
    kind, name = problem["type"], field_name(where) or "the layout"
    if kind == "extra_forbidden":
        owner_model = model_at(model, inner[:-1])
        accepted = list(owner_model.model_fields) if owner_model is not None else []
        owner = field_name(where[:-1]) or "a layout file"
        source.add("unknown-key", f'"{where[-1]}" is not a key of {owner}.'
                   f"{did_you_mean(str(where[-1]), accepted)} Accepted keys: "
                   f"{', '.join(accepted)}.", where, key=True)
    elif kind == "missing":
        source.add("missing-field", f'{field_name(where[:-1]) or "the layout"} has no '
                   f'"{where[-1]}".', where[:-1])
    elif kind == "literal_error" and choices_of(problem):
        choices = choices_of(problem)
        given = problem.get("input")
        source.add("bad-value", f'{name}: "{given}" is not one of {", ".join(choices)}.'
                   f"{did_you_mean(str(given), choices)}", where)
    elif kind.endswith("_type") or kind.endswith("_parsing") or kind == "model_type":
        source.add("wrong-type", f"{name}: {problem['msg']}.", where)
    else:
        source.add("bad-value", f"{name}: {problem['msg']}.", where)


def model_at(model: type[BaseModel], path: YamlPath) -> type[BaseModel] | None:
    """The model of the mapping at `path` inside `model` (through dicts, lists, unions)."""
    annotation: Any = model
    for part in path:
        current = _model_in(annotation)
        if current is not None and isinstance(part, str) and part in current.model_fields:
            annotation = current.model_fields[part].annotation
            continue
        annotation = _item_type(annotation)
    return _model_in(annotation)


def _members(annotation: Any) -> tuple[Any, ...]:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _members(typing.get_args(annotation)[0])
    if origin is typing.Union or isinstance(annotation, types.UnionType):
        return tuple(member for arg in typing.get_args(annotation) for member in _members(arg))
    return (annotation,)


def _model_in(annotation: Any) -> type[BaseModel] | None:
    for member in _members(annotation):
        if isinstance(member, type) and issubclass(member, BaseModel):
            return member
    return None


def _item_type(annotation: Any) -> Any:
    for member in _members(annotation):
        origin = typing.get_origin(member)
        if origin is dict:
            return typing.get_args(member)[1]
        if origin is list:
            return typing.get_args(member)[0]
    return None
