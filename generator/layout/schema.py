"""The layout file's JSON Schema (`hrdeck schema --layout`), shaped for editors.

pydantic writes every optional key as "this or null" and a box as "a name, or a mapping, or
null" (`anyOf`). A validator then reports one mistake inside such a value as the whole value
"not valid under any of the given schemas". Here each such union is chosen by the JSON type of
the value written (`if`/`then`/`else`), so only the member of that type judges it and the
editor's error names the key that is wrong. Null stays accepted where the loader accepts it
(`~` removes an inherited element).

>>> shaped = by_type([{"type": "string", "enum": ["trim"]}, {"$ref": "#/$defs/B"},
...                   {"type": "null"}], {"B": {"type": "object"}})
>>> shaped["if"], shaped["then"]
({'type': 'string'}, {'type': 'string', 'enum': ['trim']})
>>> shaped["else"]["if"], shaped["else"]["then"], shaped["else"]["else"]
({'type': 'object'}, {'$ref': '#/$defs/B'}, {'type': 'null'})
"""

from __future__ import annotations

from typing import Any

SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"


def layout_json_schema() -> dict[str, Any]:
    """The JSON Schema of layout files, for editors that complete and check them."""
    from .model import LayoutFile

    raw = LayoutFile.model_json_schema()
    defs: dict[str, Any] = raw.get("$defs", {})
    shaped: dict[str, Any] = _walk(raw, defs)
    shaped["$schema"] = SCHEMA_URI
    shaped["title"] = "hrdeck layout"
    shaped["description"] = ("A deck's layout file: fonts, icons, colours, labels, the "
                             "templates that draw each side of a card, and the rulebook's "
                             "cover (docs/layout.md).")
    return shaped


def _walk(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_walk(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    walked = {key: _walk(value, defs) for key, value in node.items()}
    walked = _named_keys(walked)
    options = walked.get("anyOf")
    if not isinstance(options, list):
        return walked
    chosen = by_type(options, defs)
    if chosen is None:
        return walked
    rest = {key: value for key, value in walked.items() if key != "anyOf"}
    if rest.get("default", 0) is None:
        del rest["default"]  # "absent" says it better than a null default
    return {**rest, **chosen}


def _named_keys(node: dict[str, Any]) -> dict[str, Any]:
    """A mapping whose keys are names (templates, elements, colours …): pydantic writes the
    name's pattern as `patternProperties`, which lets a key that misses the pattern through;
    as `propertyNames` it is refused."""
    patterns = node.get("patternProperties")
    if not isinstance(patterns, dict) or len(patterns) != 1 or "properties" in node:
        return node
    (pattern, value), = patterns.items()
    names = {**node.get("propertyNames", {}), "pattern": pattern}
    rest = {key: item for key, item in node.items() if key != "patternProperties"}
    return {**rest, "propertyNames": names, "additionalProperties": value}


def _types(option: dict[str, Any], defs: dict[str, Any]) -> set[str] | None:
    """The JSON types a value judged by `option` may have (None: not known)."""
    if "$ref" in option:
        target = defs.get(str(option["$ref"]).rsplit("/", 1)[-1], {})
        return _types(target, defs) if target is not option else None
    declared = option.get("type")
    if isinstance(declared, str):
        return {"number", "integer"} if declared in ("number", "integer") else {declared}
    if isinstance(declared, list):
        return {str(kind) for kind in declared}
    members = option.get("anyOf")
    if "if" in option and "then" in option and "else" in option:  # a union shaped here
        members = [option["then"], option["else"]]
    if isinstance(members, list):
        found: set[str] = set()
        for member in members:
            kinds = _types(member, defs)
            if kinds is None:
                return None
            found |= kinds
        return found
    return None


def by_type(options: list[Any], defs: dict[str, Any]) -> dict[str, Any] | None:
    """`anyOf: options` as a chain of `if type … then …`, when every option takes values of
    its own JSON types; None when two options could judge the same value."""
    typed: list[tuple[set[str], dict[str, Any]]] = []
    for option in options:
        kinds = _types(option, defs) if isinstance(option, dict) else None
        if kinds is None or any(kinds & seen for seen, _ in typed):
            return None
        typed.append((kinds, option))
    if len(typed) < 2:
        return None
    chain: dict[str, Any] = typed[-1][1]
    for kinds, option in reversed(typed[:-1]):
        test = sorted(kinds - {"integer"} if "number" in kinds else kinds)
        chain = {"if": {"type": test[0] if len(test) == 1 else test}, "then": option,
                 "else": chain}
    return chain


__all__ = ["by_type", "layout_json_schema"]
