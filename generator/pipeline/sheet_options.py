"""The print choices a build is given: a leaf that the build and its targets share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.printing.inks import InkOptions


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """Print-and-play choices: cards per sheet (None: the most that fit) and how far to
    shift the back pages (dx, dy in mm) for a printer whose duplex is off; the CMYK
    target's profile and ink limit (None: the system's profile, the usual limit); and for the
    Tabletop Simulator sheets, the web address the designer will host their images at
    (None: the images' own place on this computer, as file:/// addresses)."""

    per_page: int | None = None
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    inks: InkOptions | None = None
    tts_url: str | None = None

    def shaping(self, unit: str) -> object:
        """The choices that shape the files of one unit of a build (a target, a rulebook):
        a unit is drawn again when they change, and only then. (The CMYK target's are its
        profile's bytes and the ink limit, which the build digests itself.)"""
        if unit.startswith("pnp-"):
            return (self.per_page, self.back_offset_mm)
        if unit == "tts":
            return self.tts_url
        return None
