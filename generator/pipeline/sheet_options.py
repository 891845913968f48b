"""The print choices a build is given: a leaf that the build and its targets share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.printing.inks import InkOptions


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """Print-and-play choices: cards per sheet (None: the most that fit) and how far to
    shift the back pages (dx, dy in mm) for a printer whose duplex is off; and the CMYK
    target's profile and ink limit (None: the system's profile, the usual limit)."""

    per_page: int | None = None
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    inks: InkOptions | None = None

    def for_home_sheets(self) -> SheetOptions:
        """Only what shapes the print-and-play sheets (the key of their cached files)."""
        return SheetOptions(self.per_page, self.back_offset_mm)
