"""The print-and-play choices a build is given: a leaf that the build and its targets share."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """Print-and-play choices: cards per sheet (None: the most that fit) and how far to
    shift the back pages (dx, dy in mm) for a printer whose duplex is off."""

    per_page: int | None = None
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
