"""Which triggers can be tested over columns of plays (`engine.language.arrays`), decided
without loading numpy: the checker decides this before its worker processes start, and only
they load numpy. A trigger can be when no part of it is text read whole or known only at a
real table, and every helper it calls has an array form.
"""

from __future__ import annotations

import ast

from engine.language.helpers import HELPERS
from engine.language.parse import Trigger
from engine.language.schema import Schema, Type

# The helpers `engine.language.arrays` has array forms of.
ARRAY_HELPERS = frozenset({"count_rank", "count_suit", "count_colour", "len", "abs", "min",
                           "max", "is_even", "is_odd", "is_prime", "is_fibonacci"})


def columns_read(trigger: Trigger, schema: Schema) -> frozenset[str]:
    """The columns a trigger needs: a card field whole (its parts come from the view id),
    anything else by its path."""
    needs = set()
    for path in trigger.reads:
        name = path.split(".")[0]
        needs.add(name if schema.fields[name].type is Type.CARD else path)
    return frozenset(needs)


def array_form_missing(trigger: Trigger, schema: Schema) -> str:
    """Why `trigger` cannot be tested over columns ("" when it can)."""
    for path in sorted(trigger.reads):
        name, _, part = path.partition(".")
        spec = schema.fields[name]
        if spec.table_only:
            return f"{path} is known only at a real table"
        if spec.type is Type.STR:
            return f"{path} is text read as a whole"
        if spec.type is Type.CARD and part:
            kind = schema.attributes[Type.CARD][part]
            if kind.type not in (Type.INT, Type.BOOL) and (
                    kind.type is not Type.STR or kind.domain is None):
                return f"{path} is not a card part with known values"
    for node in ast.walk(trigger.tree):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            helper = schema.helpers.get(name)
            if (name not in ARRAY_HELPERS or helper is None
                    or helper.function is not HELPERS[name].function):
                return f"the helper {name} has no array form"
    return ""
