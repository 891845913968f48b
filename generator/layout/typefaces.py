"""The font a text element is set in: its family's style, then the layout's fallbacks, then
DejaVu Sans, as one chain measured and drawn character by character."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from generator.printing.fonts import BOLD, REGULAR

from .look import Look

BUILTIN_FAMILY = "DejaVu Sans"


def font_for(look: Look, family: str, style: str, icons: Mapping[str, Path]) -> str:
    """The font name to measure and draw with: `family` in `style`, then the look's fallback
    families, then DejaVu Sans (a chain), with the private-use characters of `icons` measured
    as their icons. Today: DejaVu Sans alone (the fonts layer fills this in)."""
    return BOLD if style.startswith("bold") else REGULAR
