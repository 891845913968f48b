"""What a template may read from a card: its fields, as `{field}` in text and as `card.field`
in a `when:` condition (the trigger language, so nothing a deck writes is ever run as code).

Every card has id, number, text, title, flavour, kind (trigger, action, aid, shape, rule ...),
section (the deck file's section: triggers), label (the section's label: TRIGGER, or the
layout's), heading (label and number: TRIGGER 13), accent (the kind's colour), deck (the
deck's name) and art; then every plain field its kind has (an action's `phrase`, a shape
card's `shape`, `count`, `fill` and `colour` ...). An action's own kind (say, name, gesture,
effect, forbid) is `action_kind`. A back knows only label, kind, section, accent and deck:
the same on every card of a kind.
"""

from __future__ import annotations

import functools
import re
import types
from collections.abc import Callable, Mapping
from typing import Any

from engine.language.compile import compile_trigger
from engine.language.helpers import contains
from engine.language.parse import ExpressionError, parse_trigger
from engine.language.schema import FieldSpec, HelperSpec, Schema, Type
from generator.printing.faces import CardBack, CardFace

Value = str | int | bool
Fields = dict[str, Value]

PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([a-z_][a-z0-9_]*)\}")
# The fields every front has, and the ones a back has (nothing that differs between cards).
FRONT_FIELDS = ("id", "number", "text", "title", "flavour", "kind", "section", "label",
                "heading", "accent", "deck", "art")
BACK_FIELDS = ("label", "kind", "section", "accent", "deck")


def front_fields(face: CardFace, labels: Mapping[str, str]) -> Fields:
    label = labels.get(face.section, face.label)
    fields: Fields = {
        "id": face.ident, "number": face.number if face.number is not None else "",
        "text": face.text, "title": face.title or "", "flavour": face.flavour or "",
        "kind": face.kind, "section": face.section, "label": label,
        "heading": label if face.number is None else f"{label} {face.number}",
        "accent": face.accent, "deck": face.deck_name, "art": str(face.art or "")}
    for name, value in (*face.fields, *face.details):
        fields.setdefault(name, value)
    return fields


def back_fields(back: CardBack, labels: Mapping[str, str]) -> Fields:
    return {"label": labels.get(back.section, back.label), "kind": back.kind,
            "section": back.section, "accent": back.accent, "deck": back.deck_name}


def fill_in(template: str, fields: Mapping[str, Value]) -> str:
    """`template` with each {field} replaced by the card's value ("" when it has none);
    {{ and }} are a brace.

    >>> fill_in("{label} {number} {{x}}", {"label": "OMEN", "number": 3})
    'OMEN 3 {x}'
    """
    if "{" not in template and "}" not in template:
        return template

    def value(match: re.Match[str]) -> str:
        if match[1] is None:
            return match[0][0]
        found = fields.get(match[1], "")
        return str(found)
    return PLACEHOLDER.sub(value, template)


def names_in(template: str) -> list[str]:
    """The fields `template` reads."""
    return [match[1] for match in PLACEHOLDER.finditer(template) if match[1]]


def _type_of(value: Value) -> Type:
    if isinstance(value, bool):
        return Type.BOOL
    return Type.INT if isinstance(value, int) else Type.STR


def card_schema(kinds: Mapping[str, Value]) -> Schema:
    """The schema a `when:` reads: `card`, with each field of `kinds` (name: an example value)."""
    attributes = {name: FieldSpec(name, _type_of(value), f"the card's {name}")
                  for name, value in kinds.items()}
    helper = HelperSpec("contains", (Type.STR, Type.STR), Type.BOOL,
                        "whether a text contains a word", contains)
    return Schema(game="layout", fields={"card": FieldSpec("card", Type.CARD, "the card")},
                  attributes={Type.CARD: attributes}, helpers={"contains": helper})


SCHEMA_FIELDS: dict[str, Value] = {name: "" for name in FRONT_FIELDS} | {"number": 0}


def condition_fields(sample: Mapping[str, Value]) -> tuple[tuple[str, Value], ...]:
    """A hashable key of the fields and their types a condition may read."""
    merged: dict[str, Value] = {**SCHEMA_FIELDS, **sample}
    merged["number"] = 0
    empty: dict[Type, Value] = {Type.INT: 0, Type.BOOL: False, Type.STR: ""}
    return tuple(sorted((name, empty[_type_of(value)]) for name, value in merged.items()))


@functools.lru_cache(maxsize=512)
def compiled_condition(source: str, fields: tuple[tuple[str, Value], ...]
                       ) -> Callable[[Any], bool]:
    """`source` checked and compiled once per set of fields (raises ExpressionError)."""
    schema = card_schema(dict(fields))
    return compile_trigger(parse_trigger(source, schema), schema)


@functools.lru_cache(maxsize=512)
def _compiled_for_card(source: str, fields: tuple[tuple[str, Value], ...]
                       ) -> Callable[[Any], bool] | None:
    """`source` compiled for a card with these fields; None when it reads a field the card
    does not have (`hrdeck check` has checked it against every card of the deck)."""
    try:
        return compiled_condition(source, fields)
    except ExpressionError:
        return None


def card_view(fields: Fields, key: tuple[tuple[str, Value], ...]) -> Any:
    """What a condition reads: `card`, with every field of `key` (missing ones empty)."""
    values = {name: fields.get(name, example) for name, example in key}
    if values.get("number") == "":
        values["number"] = 0
    return types.SimpleNamespace(card=types.SimpleNamespace(**values))


def holds(source: str, view: Any, key: tuple[tuple[str, Value], ...]) -> bool:
    """Whether the condition holds for the card `view` shows (see `card_view`): false when it
    reads a field the card does not have (an action's phrase, on a gesture)."""
    check = _compiled_for_card(source, key)
    return check is not None and bool(check(view))
