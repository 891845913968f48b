"""Lengths and boxes as a layout file writes them, worked out in points on one card.

    >>> from generator.printing.units import Box
    >>> round(length("4mm", 100.0), 3), length("12pt", 100.0), length("25%", 80.0)
    (11.339, 12.0, 20.0)
"""

from __future__ import annotations

import re

from generator.printing.units import Box, inch, mm

from .model import BoxSpec

_MEASURE = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*(mm|pt|in|%)?\s*")


class MeasureError(ValueError):
    """A length written in a way a layout cannot read."""


def length(value: str | float, whole: float) -> float:
    """`value` in points; a percentage is of `whole` (points). A bare number is millimetres."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return mm(float(value))
    match = _MEASURE.fullmatch(str(value))
    if match is None:
        raise MeasureError(f'"{value}" is not a length: write it as 4mm, 12pt, 0.5in or 25%.')
    number, unit = float(match[1]), match[2] or "mm"
    if unit == "%":
        return whole * number / 100
    if unit == "pt":
        return number
    return mm(number) if unit == "mm" else inch(number)


def points(value: str | float) -> float:
    """A size in points (a font size): "9pt", "3mm"; a bare number is points here."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if str(value).strip().endswith("%"):
        raise MeasureError(f'"{value}": a size is written in pt or mm, not as a percentage.')
    match = _MEASURE.fullmatch(str(value))
    if match is not None and match[2] is None:
        return float(match[1])
    return length(value, 0.0)


def _span(start: float, end: float, near: float | None, size: float | None,
          far: float | None) -> tuple[float, float]:
    """From `start` to `end` (start < end), the span given by two of its near inset, size and
    far inset (or one, the rest taken from the whole): (where it starts, its size)."""
    whole = end - start
    if near is not None and size is not None:
        return start + near, size
    if size is not None and far is not None:
        return end - far - size, size
    near, far = near or 0.0, far or 0.0
    if size is not None:  # size alone: centred
        return start + (whole - size) / 2, size
    return start + near, whole - near - far


def resolve_box(spec: BoxSpec | str | None, boxes: dict[str, Box]) -> Box:
    """The box `spec` describes on a card whose trim, bleed and safe boxes are `boxes`."""
    if spec is None:
        return boxes["trim"]
    if isinstance(spec, str):
        return boxes[spec]
    base = boxes[spec.of]
    if sum(value is not None for value in (spec.left, spec.width, spec.right)) > 2:
        raise MeasureError("give at most two of left, width and right")
    if sum(value is not None for value in (spec.top, spec.height, spec.bottom)) > 2:
        raise MeasureError("give at most two of top, height and bottom")

    def across(value: str | float | None) -> float | None:
        return None if value is None else length(value, base.w)

    def down(value: str | float | None) -> float | None:
        return None if value is None else length(value, base.h)

    x, w = _span(base.x, base.right, across(spec.left), across(spec.width), across(spec.right))
    # Down the card: top is measured from the top edge.
    top_inset, h = _span(0.0, base.h, down(spec.top), down(spec.height), down(spec.bottom))
    return Box(x, base.top - top_inset - h, w, h)
