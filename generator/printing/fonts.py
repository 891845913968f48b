"""The typefaces hrdeck prints with: DejaVu Sans, vendored in templates/fonts/, always embedded.

Fonts are found relative to the repository, never on the system, so every machine prints the
same glyphs. Widths are the sum of the glyphs' advance widths from the TrueType metrics, which is
exactly how reportlab sets TrueType text (it does not kern).
"""

from __future__ import annotations

import functools
from itertools import repeat
from pathlib import Path

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped, unused-ignore]

FONT_DIR = Path(__file__).resolve().parents[2] / "templates" / "fonts"

REGULAR = "hrdeck-DejaVuSans"
BOLD = "hrdeck-DejaVuSans-Bold"

FONT_FILES: dict[str, str] = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
}


def font_path(name: str) -> Path:
    """The TrueType file behind one of our font names."""
    return FONT_DIR / FONT_FILES[name]


@functools.cache
def register_fonts() -> tuple[str, ...]:
    """Register our TrueType fonts with reportlab (once) and return their names."""
    for name, filename in FONT_FILES.items():
        path = FONT_DIR / filename
        if not path.is_file():
            raise FileNotFoundError(f"The font {path} is missing; it ships in templates/fonts/.")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return tuple(FONT_FILES)


@functools.cache
def _advances(font: str) -> tuple[dict[str, float], float]:
    """Each character's advance width at 1 pt, and the width of a missing glyph."""
    register_fonts()
    face = pdfmetrics.getFont(font).face
    widths = {chr(code): width / 1000 for code, width in face.charWidths.items()}
    return widths, face.defaultWidth / 1000


def text_width(text: str, font: str, size: float) -> float:
    """Width in points of `text` set in `font` at `size` points."""
    widths, default = _advances(font)
    return size * sum(map(widths.get, text, repeat(default)))


@functools.cache
def _covered(font: str) -> frozenset[int]:
    register_fonts()
    face = pdfmetrics.getFont(font).face
    return frozenset(face.charToGlyph)


def missing_glyphs(text: str, font: str) -> str:
    """The characters of `text` that `font` has no glyph for, in order, each once.

    >>> missing_glyphs("A ♠ ♥ 7", REGULAR)
    ''
    """
    covered = _covered(font)
    return "".join(char for char in dict.fromkeys(text)  # each character once, in order
                   if ord(char) not in covered and not char.isspace())


# Cached by size: a deck uses a few dozen sizes, and composing a card asks for them often.
@functools.lru_cache(maxsize=1024)
def ascent(font: str, size: float) -> float:
    """Height above the baseline of the font's tallest glyphs, in points."""
    register_fonts()
    return float(pdfmetrics.getAscent(font, size))


@functools.lru_cache(maxsize=1024)
def descent(font: str, size: float) -> float:
    """Depth below the baseline (a positive number), in points."""
    register_fonts()
    return -float(pdfmetrics.getDescent(font, size))
