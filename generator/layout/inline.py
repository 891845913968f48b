"""Inline icons: `:name:` in a card's text drawn as the layout's (or the built-in) icon, on the
baseline, sized with the text, wrapping and fitting like a word."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from generator.printing.drawing import Item

from .look import Look


def inline_text(text: str, look: Look) -> tuple[str, dict[str, Path]]:
    """`text` with each known `:name:` replaced by a private-use character standing for its
    icon, and what each such character stands for (none yet: the icon layer fills this in)."""
    return text, {}


def icon_item(run: str, x: float, baseline: float, font: str, size: float, colour: str,
              icons: Mapping[str, Path]) -> list[Item] | None:
    """A run of text holding inline icons as items (None: draw it as text)."""
    return None
