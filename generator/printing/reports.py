"""What the writers return: plain data for the command line to print."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True, kw_only=True)
class Overflow:
    """Text that did not fit at the smallest allowed size. It is drawn clipped to its box."""

    ident: str
    kind: str
    part: str  # "text", "title" or "label"
    size_pt: float

    def describe(self) -> str:
        name = self.ident or f"a {self.kind} card"
        return (f"{name}: the {self.part} does not fit even at {self.size_pt:g} pt "
                f"and is cut off at the edge of its box.")


@dataclass(frozen=True, slots=True, kw_only=True)
class MissingGlyphs:
    """Characters the font cannot draw (they print as empty boxes)."""

    ident: str
    kind: str
    characters: str

    def describe(self) -> str:
        name = self.ident or f"a {self.kind} card"
        shown = " ".join(f"{char!r} (U+{ord(char):04X})" for char in self.characters)
        return f"{name}: the font has no glyph for {shown}."


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetSummary:
    """A print-and-play PDF: fronts on one page, their backs (mirrored) on the next."""

    path: Path
    pages: int
    cards: int
    paper: str
    per_page: int
    layout: str  # e.g. "8-up: 2 × 4 cards turned a quarter, A4 portrait"
    card_size: str
    bleed_mm: float
    back_offset_mm: tuple[float, float]
    file_bytes: int
    overflow: tuple[Overflow, ...]
    missing_glyphs: tuple[MissingGlyphs, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ShopSummary:
    """One card side per page, page = card + bleed, TrimBox and BleedBox set."""

    paths: tuple[Path, ...]
    profile: str
    order: str
    pages: int
    cards: int
    card_size: str
    bleed_mm: float
    page_mm: tuple[float, float]
    file_bytes: int
    overflow: tuple[Overflow, ...]
    missing_glyphs: tuple[MissingGlyphs, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PngSummary:
    """One PNG per card side, sized for a shop's uploader."""

    directory: Path
    files: tuple[str, ...]  # the fronts, then each distinct back, then README.txt
    fronts: int
    backs: int
    profile: str
    pixels: tuple[int, int]
    dpi: int
    file_bytes: int
    overflow: tuple[Overflow, ...]
    missing_glyphs: tuple[MissingGlyphs, ...]
