"""The fields a card of a kind has, and a spreadsheet cell turned into what a field expects.

A kind's model may be one pydantic model or a union of them picked by `kind` (the actions); a
field may hold another such model (a Mao rule's `then`), whose fields a sheet names with a
dot: `then.kind`, `then.timing`.

>>> from generator.deck_model import Action, TriggerCard
>>> "when" in card_fields(TriggerCard), "phrase" in card_fields(Action)
(True, True)
>>> field_shape(TriggerCard, "number", {}), field_shape(Action, "hints", {"kind": "say"})
('int', 'list')
>>> cell_value("yes", "bool"), cell_value(3.0, "int"), cell_value("a\\nb", "list")
((True, None), (3, None), (['a', 'b'], None))
>>> cell_value("3.5", "int")[1]
'a whole number'
"""

from __future__ import annotations

import re
import types
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from generator.spreadsheets import Cell

Shape = Literal["str", "int", "float", "bool", "list"]
TRUE_WORDS = ("true", "yes")
FALSE_WORDS = ("false", "no")
_WHOLE = re.compile(r"^[+-]?\d+$")


def models_of(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models an annotation allows (one, or each member of a union)."""
    if get_origin(annotation) is Annotated:
        return models_of(get_args(annotation)[0])
    if get_origin(annotation) in (Union, types.UnionType):
        return [model for member in get_args(annotation) for model in models_of(member)]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return []


def card_fields(model: Any, depth: int = 2) -> list[str]:
    """Every field a card of `model` may have, nested ones dotted, in the model's order."""
    names: list[str] = []
    for each in models_of(model):
        for name, info in each.model_fields.items():
            if info.annotation is Any:
                continue  # filled in by the loader (a rule's action takes the rule's id)
            nested = models_of(info.annotation) if depth > 1 else []
            found = [f"{name}.{inner}" for inner in card_fields(info.annotation, depth - 1)] \
                if nested else [name]
            names += [found_name for found_name in found if found_name not in names]
    return names


def _chosen(model: Any, row: dict[str, Any]) -> list[type[BaseModel]]:
    """The models a row's card may be: the one its `kind` names, or all of them."""
    models = models_of(model)
    kind = row.get("kind")
    if len(models) > 1 and isinstance(kind, str):
        named = [each for each in models if "kind" in each.model_fields
                 and kind in get_args(each.model_fields["kind"].annotation)]
        return named or models
    return models


def field_shape(model: Any, name: str, row: dict[str, Any]) -> Shape:
    """What the field `name` (dotted when nested) of a row's card holds; `row` is what the
    row gave so far (its `kind` picks among a union)."""
    head, _, rest = name.partition(".")
    for each in _chosen(model, row):
        info = each.model_fields.get(head)
        if info is None:
            continue
        if rest:
            inner = row.get(head)
            return field_shape(info.annotation, rest, inner if isinstance(inner, dict) else {})
        return _shape(info.annotation)
    return "str"


def _shape(annotation: Any) -> Shape:
    origin = get_origin(annotation)
    if origin is Annotated:
        return _shape(get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        members = [member for member in get_args(annotation) if member is not type(None)]
        return _shape(members[0]) if members else "str"
    if origin is Literal:
        first = get_args(annotation)[0]
        return "bool" if isinstance(first, bool) else "int" if isinstance(first, int) else "str"
    if origin in (list, tuple):
        return "list"
    for kind, shape in ((bool, "bool"), (int, "int"), (float, "float")):
        if annotation is kind:
            return shape  # type: ignore[return-value]
    return "str"


def cell_value(cell: Cell, shape: Shape) -> tuple[Any, str | None]:
    """The value a field of `shape` takes from a (non-empty) cell, or what it must be."""
    if shape == "bool":
        if isinstance(cell, bool):
            return cell, None
        word = str(cell).strip().lower()
        if word in TRUE_WORDS or word in FALSE_WORDS:
            return word in TRUE_WORDS, None
        return None, "true or false (yes or no)"
    if shape in ("int", "float"):
        if isinstance(cell, bool):
            return None, "a number"
        if isinstance(cell, int | float):
            number: float = cell
        else:
            text = str(cell).strip()
            try:
                number = int(text) if _WHOLE.match(text) else float(text)
            except ValueError:
                return None, "a whole number" if shape == "int" else "a number"
        if shape == "float":
            return float(number), None
        return (int(number), None) if float(number).is_integer() else (None, "a whole number")
    text = _text(cell)
    if shape == "list":
        return [line.strip() for line in text.splitlines() if line.strip()], None
    return text, None


def _text(cell: Cell) -> str:
    """A cell as text: a whole number without ".0", a truth value as true or false."""
    if isinstance(cell, bool):
        return "true" if cell else "false"
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    return str(cell)


__all__ = ["Shape", "card_fields", "cell_value", "field_shape", "models_of"]
