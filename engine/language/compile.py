"""Compile checked triggers into fast Python functions, without ever evaluating deck text.

Safety: the deck's text is only ever *parsed* (by `ast.parse`, which runs nothing) and
checked by `parse_trigger` against a whitelist. Here a brand-new syntax tree is rebuilt
node by node from the checked one: only the whitelisted node types are copied, every name
becomes a local variable read from the view (names come from the schema), and every helper
is looked up in a namespace holding only the helpers, with no builtins. The tree is compiled
as a function definition and wrapped with `types.FunctionType`: there is no `eval` or
`exec` anywhere.

Speed: a whole deck's triggers are compiled into one function that reads each field of the
view once and tests every trigger in a row, returning the positions of those that fired.
"""

from __future__ import annotations

import ast
import sys
import types
from collections.abc import Callable, Sequence
from typing import Any

from engine.language.parse import Trigger
from engine.language.schema import Schema

_HELPER_PREFIX = "_helper_"
VIEW = "_view"
_FIRED = "_fired"
_BINARY = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod)
_COMPARE = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn)


def compile_trigger(trigger: Trigger, schema: Schema) -> Callable[[Any], bool]:
    """One trigger as a function of a view: `fires(view) -> bool`."""
    body: list[ast.stmt] = [*read_fields(trigger.fields),
                            ast.Return(value=rebuild(trigger.tree, schema))]
    function: Callable[[Any], bool] = make_function("trigger", body, schema)
    return function


def compile_tally(triggers: Sequence[Trigger], schema: Schema) -> Callable[[Any], list[int]]:
    """All triggers as one function of a view, returning the positions of those that fire."""
    fields = frozenset().union(*(trigger.fields for trigger in triggers))
    body: list[ast.stmt] = [*read_fields(fields), assign(_FIRED, ast.List(elts=[],
                                                                            ctx=ast.Load()))]
    for position, trigger in enumerate(triggers):
        append = ast.Call(func=ast.Attribute(value=load(_FIRED), attr="append", ctx=ast.Load()),
                          args=[ast.Constant(value=position)], keywords=[])
        body.append(ast.If(test=rebuild(trigger.tree, schema), body=[ast.Expr(value=append)],
                           orelse=[]))
    body.append(ast.Return(value=load(_FIRED)))
    function: Callable[[Any], list[int]] = make_function("tally", body, schema)
    return function


def make_function(name: str, body: list[ast.stmt], schema: Schema,
                  extra: dict[str, Any] | None = None) -> Any:
    """Compile a function of one argument `_view` from statements built here (never from
    text), with only the helpers and `extra` in its namespace."""
    arguments = ast.arguments(posonlyargs=[], args=[ast.arg(arg=VIEW)], kwonlyargs=[],
                              kw_defaults=[], defaults=[])
    newer: dict[str, Any] = {"type_params": []} if sys.version_info >= (3, 12) else {}
    definition = ast.FunctionDef(name=name, args=arguments, body=body, decorator_list=[],
                                 returns=None, **newer)
    module = ast.fix_missing_locations(ast.Module(body=[definition], type_ignores=[]))
    code = compile(module, filename=f"<{name}>", mode="exec")
    function_code = next(const for const in code.co_consts if isinstance(const, types.CodeType))
    namespace: dict[str, Any] = {"__builtins__": {}}
    namespace.update({_HELPER_PREFIX + helper.name: helper.function
                      for helper in schema.helpers.values()})
    namespace.update(extra or {})
    return types.FunctionType(function_code, namespace, name)


def read_fields(fields: frozenset[str]) -> list[ast.stmt]:
    """`card = _view.card` for each field read: each is read once per call."""
    return [assign(field, ast.Attribute(value=load(VIEW), attr=field, ctx=ast.Load()))
            for field in sorted(fields)]


def assign(name: str, value: ast.expr) -> ast.stmt:
    return ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=value)


def load(name: str) -> ast.Name:
    return ast.Name(id=name, ctx=ast.Load())


def rebuild(node: ast.expr, schema: Schema) -> ast.expr:
    """A fresh copy of a checked node; anything outside the whitelist is refused."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, str, bool):
        return ast.Constant(value=node.value)
    if isinstance(node, ast.Name):
        if node.id in ("True", "False"):
            return ast.Constant(value=node.id == "True")
        if node.id not in schema.fields:
            raise ValueError(f"unchecked name {node.id!r}")
        return load(node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        field = schema.fields.get(node.value.id)
        if field is None or node.attr not in schema.attributes.get(field.type, {}):
            raise ValueError(f"unchecked attribute {node.attr!r}")
        return ast.Attribute(value=load(node.value.id), attr=node.attr, ctx=ast.Load())
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And | ast.Or):
        return ast.BoolOp(op=type(node.op)(), values=[rebuild(v, schema) for v in node.values])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub | ast.UAdd):
        return ast.UnaryOp(op=type(node.op)(), operand=rebuild(node.operand, schema))
    if isinstance(node, ast.BinOp) and isinstance(node.op, _BINARY):
        return ast.BinOp(left=rebuild(node.left, schema), op=type(node.op)(),
                         right=rebuild(node.right, schema))
    if isinstance(node, ast.Compare) and all(isinstance(op, _COMPARE) for op in node.ops):
        return ast.Compare(left=rebuild(node.left, schema),
                           ops=[type(op)() for op in node.ops],
                           comparators=[rebuild(c, schema) for c in node.comparators])
    if isinstance(node, ast.Tuple | ast.List):
        return ast.Tuple(elts=[rebuild(item, schema) for item in node.elts], ctx=ast.Load())
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords
            and node.func.id in schema.helpers):
        return ast.Call(func=load(_HELPER_PREFIX + node.func.id),
                        args=[rebuild(arg, schema) for arg in node.args], keywords=[])
    raise ValueError(f"unchecked construct {type(node).__name__}")
