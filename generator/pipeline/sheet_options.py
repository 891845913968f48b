"""The choices a build is given for its sheets: a leaf that the build and its targets share."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """Print-and-play choices: cards per sheet (None: the most that fit) and how far to
    shift the back pages (dx, dy in mm) for a printer whose duplex is off. And for the
    Tabletop Simulator sheets, the web address the designer will host their images at
    (None: the images' own place on this computer, as file:/// addresses)."""

    per_page: int | None = None
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    tts_url: str | None = None

    def shaping(self, unit: str) -> object:
        """The choices that shape the files of one unit of a build (a target, a rulebook):
        a unit is drawn again when they change, and only then."""
        if unit.startswith("pnp-"):
            return (self.per_page, self.back_offset_mm)
        if unit == "tts":
            return self.tts_url
        return None
