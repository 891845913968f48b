"""The range of numbers an expression can work out, from the ranges of what it reads: how a
trigger is proven to stay within ±MAX_VALUE."""

from __future__ import annotations

import ast

from engine.language.schema import MAX_VALUE, Range


def known_range(found: Range | None) -> Range:
    """A number part's range (the type check has made sure the part is a number)."""
    return found if found is not None else (-MAX_VALUE, MAX_VALUE)


def arithmetic_range(node: ast.BinOp, left: Range, right: Range) -> Range:
    """Interval arithmetic; `//` and `%` have a non-zero constant on the right.

    >>> arithmetic_range(ast.BinOp(op=ast.Mult()), (-4, 11), (3, 3))
    (-12, 33)
    >>> arithmetic_range(ast.BinOp(op=ast.Mod()), (-24, 31), (-5, -5))
    (-4, 0)
    >>> arithmetic_range(ast.BinOp(op=ast.Mod()), (0, 1728), (9973, 9973))  # changes nothing
    (0, 1728)
    """
    if isinstance(node.op, ast.Add):
        return left[0] + right[0], left[1] + right[1]
    if isinstance(node.op, ast.Sub):
        return left[0] - right[1], left[1] - right[0]
    if isinstance(node.op, ast.Mult):
        corners = [a * b for a in left for b in right]
        return min(corners), max(corners)
    divisor = right[0]
    if isinstance(node.op, ast.FloorDiv):
        ends = sorted((left[0] // divisor, left[1] // divisor))
        return ends[0], ends[1]
    if divisor > 0 and left[0] >= 0 and left[1] < divisor:
        return left
    return (0, divisor - 1) if divisor > 0 else (divisor + 1, 0)
