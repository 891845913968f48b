"""The rulebook's typefaces: the print engine's DejaVu Sans, plus DejaVu Sans Mono.

The monospace face sets trigger expressions in the card list. Like every hrdeck font it is
vendored in templates/fonts/, registered as TrueType and so embedded in the PDF.
"""

from __future__ import annotations

import functools

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped, unused-ignore]

from generator.printing.fonts import BOLD, FONT_DIR, REGULAR, register_fonts

MONO = "hrdeck-DejaVuSansMono"
MONO_FILE = "DejaVuSansMono.ttf"

__all__ = ["BOLD", "MONO", "REGULAR", "register_rulebook_fonts"]


@functools.cache
def register_rulebook_fonts() -> tuple[str, ...]:
    """Register DejaVu Sans, Sans Bold and Sans Mono (once) and return their names."""
    names = register_fonts()
    path = FONT_DIR / MONO_FILE
    if not path.is_file():
        raise FileNotFoundError(f"The font {path} is missing; it ships in templates/fonts/.")
    pdfmetrics.registerFont(TTFont(MONO, str(path)))
    return (*names, MONO)
