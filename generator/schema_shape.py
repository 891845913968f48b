"""The deck file's JSON Schema shaped for editors: one error, at the card that is wrong.

pydantic writes a kind-discriminated union as a `oneOf` with an OpenAPI `discriminator`,
which JSON Schema validators ignore: a card with one wrong key then matches none of the
kinds, and the editor shows the whole card (or the whole list) "not valid under any of the
given schemas". A section that may be left out is written as "a list or null", so an error
inside it becomes the whole list "is not of type 'null'". Here each union picks its kind
with `if`/`then` on the discriminating key, so only that kind's schema (whose
`additionalProperties` is false) judges the card; and the sections drop the null, since a
section left out is simply absent; one that is a list of cards or a product of values is
judged by the one its type says it is.

>>> union = {"oneOf": [{"$ref": "#/$defs/Say"}], "discriminator": {
...     "propertyName": "kind", "mapping": {"say": "#/$defs/Say"}}}
>>> shaped = by_kind(union)
>>> shaped["properties"], shaped["required"]
({'kind': {'enum': ['say']}}, ['kind'])
>>> shaped["allOf"][0]["then"]
{'$ref': '#/$defs/Say'}
>>> without_null({"anyOf": [{"type": "array"}, {"type": "null"}], "default": None})
{'type': 'array'}
>>> without_null({"anyOf": [{"type": "array"}, {"$ref": "#/$defs/P"}, {"type": "null"}]})
{'if': {'type': 'array'}, 'then': {'type': 'array'}, 'else': {'$ref': '#/$defs/P'}}
"""

from __future__ import annotations

from typing import Any


def shaped_for_editors(schema: dict[str, Any], sections: list[str]) -> dict[str, Any]:
    """`schema` with every discriminated union chosen by kind and the card `sections` no
    longer nullable."""
    shaped: dict[str, Any] = _walk(schema)
    properties = shaped["properties"]
    for section in sections:
        if section in properties:
            properties[section] = without_null(properties[section])
    return shaped


def _walk(node: Any) -> Any:
    if isinstance(node, list):
        return [_walk(item) for item in node]
    if not isinstance(node, dict):
        return node
    walked = {key: _walk(value) for key, value in node.items()}
    return by_kind(walked) if "discriminator" in walked and "oneOf" in walked else walked


def by_kind(union: dict[str, Any]) -> dict[str, Any]:
    """A discriminated `oneOf` as: the key must name a known kind, and that kind's schema
    judges the rest."""
    rest = {key: value for key, value in union.items() if key not in ("oneOf", "discriminator")}
    key = union["discriminator"]["propertyName"]
    mapping: dict[str, str] = union["discriminator"]["mapping"]
    return {**rest, "type": "object", "required": [key],
            "properties": {key: {"enum": list(mapping)}},
            "allOf": [{"if": {"properties": {key: {"const": kind}}, "required": [key]},
                       "then": {"$ref": ref}} for kind, ref in mapping.items()]}


def _by_from(mappings: list[dict[str, Any]]) -> dict[str, Any]:
    """The one mapping form that judges a section: a sheet to read when it has `from`, else
    the other (a product of values)."""
    sheets = [option for option in mappings if option.get("$ref", "").endswith("FromSheet")]
    others = [option for option in mappings if option not in sheets]
    if len(mappings) != 2 or len(sheets) != 1:
        return mappings[0] if len(mappings) == 1 else {"anyOf": mappings}
    return {"if": {"required": ["from"]}, "then": sheets[0], "else": others[0]}


def without_null(field: dict[str, Any]) -> dict[str, Any]:
    """A field's schema without its "or null" (and its null default)."""
    options = [option for option in field.get("anyOf", []) if option != {"type": "null"}]
    rest = {key: value for key, value in field.items() if key not in ("anyOf", "default")}
    if not options:
        return field
    if len(options) == 1:
        return {**rest, **options[0]}
    listed = [option for option in options if option.get("type") == "array"]
    if len(listed) == 1:  # a list of cards, or a mapping (a product, a sheet to read):
        others = [option for option in options if option is not listed[0]]
        return {**rest, "if": {"type": "array"}, "then": listed[0], "else": _by_from(others)}
    return {**rest, "anyOf": options}
