"""Parse and check a trigger: a small, safe expression language.

The syntax is a whitelisted subset of Python expressions, parsed with `ast` and never run
as Python: `and or not`, comparisons (chains too), `in` against a list of constants,
`+ - * // %`, names and attributes the base game declares, calls of declared helpers,
and whole numbers, text and true/false constants. No loops, no comprehensions, no
subscripts, no `**`, no attribute beginning with `_`, bounded size and depth, and no
number it works out may leave ±MAX_VALUE (proven from the ranges of what it reads), so
every evaluation takes microseconds.

Checking finds every problem at once, each with its column, and works out what the
expression reads and the visibility of everything it reads:

>>> from engine.games.registry import find_game
>>> schema = find_game("up-n-over").schema
>>> sorted(parse_trigger('card.rank == "K" and previous.rank == "Q"', schema).reads)
['card.rank', 'previous.rank']
"""

from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass

from engine.errors import HrdeckError, did_you_mean
from engine.language.advice import suggestion, syntax_advice
from engine.language.ranges import arithmetic_range, known_range
from engine.language.schema import MAX_VALUE, FieldSpec, Range, Schema, Type, Visibility

MAX_LENGTH = 400          # characters of source
MAX_NODES = 120           # syntax-tree nodes
MAX_DEPTH = 16            # nesting of syntax-tree nodes
MAX_NUMBER = 10_000       # magnitude of a number constant
MAX_TEXT = 60             # characters of a text constant

_ARITHMETIC = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%"}
_ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_EQUALITY = (ast.Eq, ast.NotEq)
_MEMBERSHIP = (ast.In, ast.NotIn)
_CONSTRUCT_NAMES = {
    ast.Pow: "the power operator **", ast.Lambda: "lambda", ast.IfExp: "if ... else",
    ast.ListComp: "a comprehension", ast.SetComp: "a comprehension",
    ast.DictComp: "a comprehension", ast.GeneratorExp: "a comprehension",
    ast.Subscript: "indexing with [ ]", ast.Starred: "*", ast.NamedExpr: ":=",
    ast.JoinedStr: "an f-string", ast.Dict: "a dictionary", ast.Set: "a set",
    ast.Await: "await", ast.Yield: "yield", ast.YieldFrom: "yield", ast.Slice: "slicing",
    ast.Div: "/ (use // for whole-number division)", ast.MatMult: "@",
    ast.BitAnd: "& (use and)", ast.BitOr: "| (use or)", ast.BitXor: "^",
    ast.LShift: "<<", ast.RShift: ">>", ast.Invert: "~", ast.Is: "is (use ==)",
    ast.IsNot: "is not (use !=)",
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an expression: a code, a column (1-based) and a full sentence."""

    code: str
    column: int
    message: str


class ExpressionError(HrdeckError):
    """An expression that cannot be used; holds every problem found."""

    def __init__(self, source: str, problems: list[Problem]) -> None:
        self.source = source
        self.problems = problems
        first = problems[0]
        super().__init__(f"column {first.column}: {first.message}")


@dataclass(frozen=True, slots=True)
class Trigger:
    """A checked trigger expression, ready to compile."""

    source: str
    tree: ast.expr
    reads: frozenset[str]        # "total", "card.rank", "player.score", "trick" ...
    fields: frozenset[str]       # the top-level names read: "total", "card", "player" ...
    table_only: bool             # reads something only a real table knows (speech)


def parse_trigger(source: str, schema: Schema) -> Trigger:
    """Check `source` against a base game's schema; raise `ExpressionError` with every problem."""
    if len(source) > MAX_LENGTH:
        raise ExpressionError(source[:80], [Problem(
            "expr-too-long", MAX_LENGTH + 1,
            f"A trigger may be at most {MAX_LENGTH} characters long; this one has {len(source)}.")])
    text = " ".join(source.split())  # a YAML block may fold lines; columns follow the text
    if not text:
        raise ExpressionError(source, [Problem("expr-syntax", 1, "The trigger is empty.")])
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # e.g. "0and": Python warns; we refuse
            tree = ast.parse(text, mode="eval").body
    except SyntaxError as error:
        column, advice = syntax_advice(text, error.offset or 1)
        raise ExpressionError(text, [Problem(
            "expr-syntax", column,
            f"This is not a valid expression ({error.msg}).{advice}")]) from None
    except (ValueError, RecursionError, MemoryError, Warning):
        raise ExpressionError(text, [Problem(
            "expr-syntax", 1, "This is not a valid expression.")]) from None
    checker = _Checker(text, schema)
    checker.check_shape(tree)
    if not checker.problems:
        result = checker.type_of(tree)
        if result not in (Type.BOOL, Type.UNKNOWN):
            checker.report(tree, "expr-type",
                           f"A trigger must be true or false, but this is {result.value}.")
    if not checker.problems:
        checker.check_ranges(tree)
    if checker.problems:
        raise ExpressionError(text, sorted(checker.problems, key=lambda p: p.column))
    return Trigger(source=text, tree=tree, reads=frozenset(checker.reads),
                   fields=frozenset(path.split(".")[0] for path in checker.reads),
                   table_only=checker.table_only)


def number_range(node: ast.expr, schema: Schema) -> Range | None:
    """The lowest and highest value a number part of a checked trigger can take, from the
    values of what it reads; None for a part that is not a number."""
    return _Checker("", schema).check_ranges(node)


class _Checker:
    """Walks one expression: shape and size first, then names, types and visibility."""

    def __init__(self, source: str, schema: Schema) -> None:
        self.source = source
        self.schema = schema
        self.problems: list[Problem] = []
        self.reads: set[str] = set()
        self.table_only = False

    def report(self, node: ast.AST, code: str, message: str) -> None:
        # ast counts columns in UTF-8 bytes; a designer counts characters ("über" is 4).
        offset = getattr(node, "col_offset", 0)
        column = len(self.source.encode("utf-8")[:offset].decode("utf-8", errors="ignore")) + 1
        self.problems.append(Problem(code, column, message))

    def segment(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.source, node) or ast.unparse(node)

    # -- shape: only the allowed constructs, within the limits ------------------------------

    def check_shape(self, tree: ast.expr) -> None:
        count = 0
        stack: list[tuple[ast.AST, int, ast.AST]] = [(tree, 1, tree)]
        while stack:
            node, depth, parent = stack.pop()
            count += 1
            if depth > MAX_DEPTH:
                self.report(node, "expr-too-complex",
                            f"The trigger nests deeper than {MAX_DEPTH} levels; simplify it.")
                return
            construct = _CONSTRUCT_NAMES.get(type(node))
            if construct is not None:
                self.report(node if hasattr(node, "col_offset") else parent, "expr-forbidden",
                            f"Triggers cannot use {construct}.")
                continue
            if isinstance(node, ast.Constant):
                self._check_constant(node)
            elif isinstance(node, ast.Attribute) and node.attr.startswith("_"):
                self.report(node, "expr-forbidden",
                            f'"{node.attr}": names beginning with "_" are never allowed.')
                continue
            elif isinstance(node, ast.Name) and node.id.startswith("_"):
                self.report(node, "expr-forbidden",
                            f'"{node.id}": names beginning with "_" are never allowed.')
                continue
            elif isinstance(node, ast.Call) and node.keywords:
                self.report(node, "expr-forbidden", "Helpers take plain values, not name=value.")
            stack.extend((child, depth + 1, node if hasattr(node, "col_offset") else parent)
                         for child in ast.iter_child_nodes(node))
        if count > MAX_NODES:
            self.report(tree, "expr-too-complex",
                        f"The trigger has {count} parts; at most {MAX_NODES} are allowed.")

    def _check_constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                self.report(node, "expr-too-complex",
                            f"Numbers in triggers stay within ±{MAX_NUMBER:,}.")
        elif isinstance(value, str):
            if len(value) > MAX_TEXT:
                self.report(node, "expr-too-complex",
                            f"Text in triggers is at most {MAX_TEXT} characters long.")
        else:
            kind = "None" if value is None else type(value).__name__
            self.report(node, "expr-forbidden",
                        f"Triggers use whole numbers, text and true/false, not {kind}.")

    # -- ranges: every number worked out stays within ±MAX_VALUE ---------------------------

    def check_ranges(self, node: ast.expr) -> Range | None:
        """The lowest and highest value of a number node (None for other nodes); reports
        the innermost part that can leave ±MAX_VALUE, once."""
        children = [self.check_ranges(child) for child in ast.iter_child_nodes(node)
                    if isinstance(child, ast.expr)]
        found = self._range(node, children)
        if found is None:
            return None
        low, high = found
        if max(-low, high) > MAX_VALUE:
            self.report(node, "expr-too-complex",
                        f"`{self.segment(node)}` can reach {high if high > -low else low:,}; "
                        f"numbers a trigger works out stay within ±{MAX_VALUE:,}.")
            return 0, 0  # reported once: what contains it is not reported again
        return found

    def _range(self, node: ast.expr, children: list[Range | None]) -> Range | None:
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, int) and not isinstance(value, bool):
                return value, value
            return None
        if isinstance(node, ast.Name | ast.Attribute):
            return self._field_range(node)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            low, high = known_range(children[0])
            return (-high, -low) if isinstance(node.op, ast.USub) else (low, high)
        if isinstance(node, ast.BinOp):
            return arithmetic_range(node, known_range(children[0]), known_range(children[1]))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            helper = self.schema.helpers[node.func.id]
            if helper.returns is not Type.INT:
                return None
            if helper.result_range is None:
                return -MAX_VALUE, MAX_VALUE
            numbers = [known_range(found) for found, wanted in zip(children[1:], helper.params,
                                                              strict=False)
                       if wanted is Type.INT]
            return helper.result_range(*numbers)
        return None

    def _field_range(self, node: ast.Name | ast.Attribute) -> Range | None:
        if isinstance(node, ast.Name):
            spec = self.schema.fields.get(node.id)
        else:
            owner = node.value
            assert isinstance(owner, ast.Name)
            field = self.schema.fields[owner.id]
            spec = self.schema.attributes.get(field.type, {}).get(node.attr)
        if spec is None or spec.type is not Type.INT:
            return None
        if spec.domain is None:
            return -MAX_VALUE, MAX_VALUE
        return min(spec.domain), max(spec.domain)

    # -- types, names and visibility -------------------------------------------------------

    def type_of(self, node: ast.expr) -> Type:
        if isinstance(node, ast.Constant):
            return _constant_type(node.value)
        if isinstance(node, ast.Name):
            return self._name(node)
        if isinstance(node, ast.Attribute):
            return self._attribute(node)
        if isinstance(node, ast.BoolOp):
            for value in node.values:
                self._expect(value, Type.BOOL, "and/or joins conditions")
            return Type.BOOL
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                self._expect(node.operand, Type.BOOL, "not applies to a condition")
                return Type.BOOL
            self._expect(node.operand, Type.INT, "a sign applies to a number")
            return Type.INT
        if isinstance(node, ast.BinOp):
            return self._arithmetic(node)
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.Tuple | ast.List):
            self.report(node, "expr-type", "A list of values can only follow `in`.")
            return Type.UNKNOWN
        self.report(node, "expr-forbidden", f"Triggers cannot use {type(node).__name__}.")
        return Type.UNKNOWN

    def _expect(self, node: ast.expr, wanted: Type, why: str) -> None:
        found = self.type_of(node)
        if found not in (wanted, Type.UNKNOWN):
            self.report(node, "expr-type",
                        f"{why}, but `{self.segment(node)}` is {found.value}.")

    def _name(self, node: ast.Name) -> Type:
        if node.id in ("True", "False"):
            return Type.BOOL
        spec = self.schema.fields.get(node.id)
        if spec is None:
            known = list(self.schema.fields) + list(self.schema.helpers)
            hint = did_you_mean(node.id, known)
            if node.id in self.schema.helpers:
                message = f'"{node.id}" is a helper: call it, e.g. {node.id}(...).'
            elif self._is_a_value(node.id):
                message = (f'{node.id} is a value, and values that are text go in quotes: '
                           f'"{node.id}" (e.g. card.rank == "K").')
            else:
                message = (f'"{node.id}" is not something a trigger can read.{hint} '
                           f"Triggers read: {', '.join(self.schema.fields)}.")
            self.report(node, "expr-unknown-name", message)
            return Type.UNKNOWN
        self._read(node, node.id, spec)
        return spec.type

    def _is_a_value(self, word: str) -> bool:
        """Whether `word`, unquoted, is a value some text field takes ("K", "hearts")."""
        return any(spec.domain is not None and spec.type is Type.STR and word in spec.domain
                   for specs in self.schema.attributes.values() for spec in specs.values())

    def _attribute(self, node: ast.Attribute) -> Type:
        owner = node.value
        if not isinstance(owner, ast.Name) or owner.id not in self.schema.fields:
            owner_type = self.type_of(owner)
            if owner_type is not Type.UNKNOWN:
                self.report(node, "expr-unknown-attribute",
                            f"`{self.segment(owner)}` is {owner_type.value} and has no parts.")
            return Type.UNKNOWN
        field = self.schema.fields[owner.id]
        attributes = self.schema.attributes.get(field.type, {})
        spec = attributes.get(node.attr)
        if spec is None:
            if attributes:
                hint = did_you_mean(node.attr, attributes)
                message = (f'{owner.id} has no "{node.attr}".{hint} '
                           f"It has: {', '.join(attributes)}.")
            else:
                message = f"{owner.id} is {field.type.value} and has no parts."
            self.report(node, "expr-unknown-attribute", message)
            return Type.UNKNOWN
        path = f"{owner.id}.{node.attr}"
        self._read(node, path, field, spec)
        return spec.type

    def _read(self, node: ast.expr, path: str, *specs: FieldSpec) -> None:
        self.reads.add(path)
        visibility = max(spec.visibility for spec in specs)
        if visibility is Visibility.HIDDEN:
            self.report(node, "expr-hidden",
                        f"`{self.segment(node)}` is hidden from every player, so nobody could "
                        "tell when this trigger fires.")
        elif visibility is Visibility.OWNER:
            self.report(node, "expr-owner",
                        f"`{self.segment(node)}` is seen only by the player it belongs to, so "
                        "the rule's holder could not tell when this trigger fires.")
        if any(spec.table_only for spec in specs):
            self.table_only = True

    def _arithmetic(self, node: ast.BinOp) -> Type:
        symbol = _ARITHMETIC.get(type(node.op), "?")
        self._expect(node.left, Type.INT, f"{symbol} works on numbers")
        self._expect(node.right, Type.INT, f"{symbol} works on numbers")
        if isinstance(node.op, ast.FloorDiv | ast.Mod) and not (
                isinstance(node.right, ast.Constant) and isinstance(node.right.value, int)
                and not isinstance(node.right.value, bool) and node.right.value != 0):
            self.report(node.right, "expr-type",
                        f"The right side of {symbol} must be a whole number other than zero.")
        return Type.INT

    def _compare(self, node: ast.Compare) -> Type:
        left = node.left
        left_type = self.type_of(left)
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, _MEMBERSHIP):
                self._membership(left, left_type, right, negated=isinstance(op, ast.NotIn))
                right_type = Type.UNKNOWN
            else:
                right_type = self.type_of(right)
                self._compare_pair(op, left, left_type, right, right_type)
            left, left_type = right, right_type
        return Type.BOOL

    def _compare_pair(self, op: ast.cmpop, left: ast.expr, left_type: Type, right: ast.expr,
                      right_type: Type) -> None:
        if Type.UNKNOWN in (left_type, right_type):
            return
        if isinstance(op, _ORDERING) and (left_type, right_type) != (Type.INT, Type.INT):
            self.report(left, "expr-type",
                        f"<, <=, > and >= compare numbers, not {left_type.value} and "
                        f"{right_type.value}.")
        elif left_type in (Type.CARD, Type.PLAYER, Type.CARDS):
            self.report(left, "expr-type",
                        f"Two cards or players are never the same one; compare a part of "
                        f"them instead, e.g. `{self.segment(left)}.rank`."
                        if left_type is not Type.CARDS else "Lists of cards cannot be compared.")
        elif left_type is not right_type:
            self.report(left, "expr-type",
                        f"`{self.segment(left)}` is {left_type.value} and "
                        f"`{self.segment(right)}` is {right_type.value}: they are never equal.")
        else:
            self._check_domain(left, right)
            self._check_domain(right, left)

    def _membership(self, left: ast.expr, left_type: Type, right: ast.expr, *,
                    negated: bool) -> None:
        if not isinstance(right, ast.Tuple | ast.List) or not right.elts:
            self.report(right, "expr-type",
                        'After `in` comes a list of values, e.g. card.rank in ("J", "Q", "K").'
                        + self._contains_advice(left, left_type, right, negated))
            return
        for item in right.elts:
            if not isinstance(item, ast.Constant):
                self.report(item, "expr-type", "A list after `in` holds plain values only.")
                continue
            item_type = _constant_type(item.value)
            if left_type is not Type.UNKNOWN and item_type is not left_type:
                self.report(item, "expr-type",
                            f"{item.value!r} is {item_type.value} but "
                            f"`{self.segment(left)}` is {left_type.value}.")
            else:
                self._check_domain(left, item)

    def _contains_advice(self, left: ast.expr, left_type: Type, right: ast.expr,
                         negated: bool) -> str:
        """A word looked for in a text (`"arr" in said`) is asked with contains()."""
        if (left_type is not Type.STR or "contains" not in self.schema.helpers
                or isinstance(right, ast.Tuple | ast.List | ast.Constant)
                or self.type_of(right) is not Type.STR):
            return ""
        return (f" To ask whether a text holds a word, write {'not ' if negated else ''}"
                f"contains({self.segment(right)}, {self.segment(left)}).")

    def _check_domain(self, node: ast.expr, constant: ast.expr) -> None:
        """Comparing a field with a value it can never take is a mistake, not a trigger."""
        if not isinstance(constant, ast.Constant) or not isinstance(node, ast.Attribute):
            return
        owner = node.value
        if not isinstance(owner, ast.Name) or owner.id not in self.schema.fields:
            return
        field = self.schema.fields[owner.id]
        spec = self.schema.attributes.get(field.type, {}).get(node.attr)
        if spec is None or spec.domain is None or spec.type is not Type.STR:
            return
        if constant.value not in spec.domain:
            choices = ", ".join(f'"{value}"' for value in spec.domain)
            self.report(constant, "expr-impossible-value",
                        f'{self.segment(node)} is never "{constant.value!s}": it is one of '
                        f"{choices}.{suggestion(str(constant.value), spec.domain)}")

    def _call(self, node: ast.Call) -> Type:
        if not isinstance(node.func, ast.Name):
            self.report(node, "expr-forbidden", "Only the helper functions may be called.")
            return Type.UNKNOWN
        helper = self.schema.helpers.get(node.func.id)
        if helper is None:
            hint = did_you_mean(node.func.id, self.schema.helpers)
            self.report(node, "expr-unknown-name",
                        f'"{node.func.id}" is not a helper.{hint} Helpers: '
                        f"{', '.join(self.schema.helpers)}.")
            return Type.UNKNOWN
        if len(node.args) != len(helper.params):
            self.report(node, "expr-type",
                        f"{helper.name} takes {len(helper.params)} value(s), "
                        f"not {len(node.args)}.")
            return helper.returns
        for argument, wanted in zip(node.args, helper.params, strict=True):
            self._expect(argument, wanted, f"{helper.name} needs {wanted.value} here")
        for argument, part in zip(node.args, helper.values_of, strict=False):
            if part is not None:
                self._check_helper_value(helper.name, part, argument)
        return helper.returns

    def _check_helper_value(self, helper: str, part: str, argument: ast.expr) -> None:
        """`count_rank(trick, "King")` counts nothing: ranks are "A", "2" ... "K"."""
        spec = self.schema.attributes.get(Type.CARD, {}).get(part)
        if (spec is None or spec.domain is None or not isinstance(argument, ast.Constant)
                or not isinstance(argument.value, str) or argument.value in spec.domain):
            return
        choices = ", ".join(f'"{value}"' for value in spec.domain)
        self.report(argument, "expr-impossible-value",
                    f'{helper} counts cards by {part}, and no card\'s {part} is '
                    f'"{argument.value}": it is one of {choices}.'
                    f"{suggestion(argument.value, spec.domain)}")


def _constant_type(value: object) -> Type:
    if isinstance(value, bool):
        return Type.BOOL
    if isinstance(value, int):
        return Type.INT
    if isinstance(value, str):
        return Type.STR
    return Type.UNKNOWN
