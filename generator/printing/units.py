"""Lengths and boxes: the one place where millimetres, inches and points meet.

All layout happens in PDF points (1/72 in), with y pointing up as on a PDF page. Designers and
shops speak millimetres and inches, so every number crossing the boundary goes through `mm`,
`inch` or `to_mm`.

>>> round(mm(25.4), 6)
72.0
>>> round(to_mm(inch(2.5)), 2)
63.5
"""

from __future__ import annotations

from dataclasses import dataclass

PT_PER_INCH = 72.0
MM_PER_INCH = 25.4
PT_PER_MM = PT_PER_INCH / MM_PER_INCH


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * PT_PER_MM


def inch(value: float) -> float:
    """Inches to points."""
    return value * PT_PER_INCH


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / PT_PER_MM


def to_inch(points: float) -> float:
    """Points to inches."""
    return points / PT_PER_INCH


def pixels(points: float, dpi: float) -> float:
    """How many pixels `points` cover at `dpi`."""
    return points / PT_PER_INCH * dpi


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in points: (x, y) is the lower-left corner.

    >>> Box(0, 0, 10, 20).inset(2)
    Box(x=2, y=2, w=6, h=16)
    >>> Box(10, 0, 30, 5).mirror_x(100)
    Box(x=60, y=0, w=30, h=5)
    """

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def centre_x(self) -> float:
        return self.x + self.w / 2

    @property
    def centre_y(self) -> float:
        return self.y + self.h / 2

    def inset(self, dx: float, dy: float | None = None) -> Box:
        """Shrink by `dx` on the left and right and `dy` (default `dx`) at top and bottom.

        A negative inset grows the box.
        """
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def mirror_x(self, page_width: float) -> Box:
        """The box seen through the page: mirrored across the vertical centre line."""
        return Box(page_width - self.right, self.y, self.w, self.h)

    def turned(self) -> Box:
        """The same lower-left corner with width and height swapped (a quarter turn)."""
        return Box(self.x, self.y, self.h, self.w)

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.top <= self.top + tolerance)

    def overlaps(self, other: Box) -> bool:
        """True when the interiors meet (touching edges do not count)."""
        return (other.x < self.right and self.x < other.right
                and other.y < self.top and self.y < other.top)

    def intersection(self, other: Box) -> Box | None:
        """The part both boxes cover, or None when they do not overlap."""
        x, y = max(self.x, other.x), max(self.y, other.y)
        right, top = min(self.right, other.right), min(self.top, other.top)
        return Box(x, y, right - x, top - y) if right > x and top > y else None

    def in_mm(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) in millimetres, for reports and tests."""
        return (to_mm(self.x), to_mm(self.y), to_mm(self.w), to_mm(self.h))

    def corners(self) -> tuple[float, float, float, float]:
        """(x1, y1, x2, y2) as PDF boxes (MediaBox, TrimBox...) want them."""
        return (self.x, self.y, self.right, self.top)
