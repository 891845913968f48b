"""A card side ready to draw: the items a design or a layout composed, and what went wrong."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .drawing import Item
from .reports import MissingGlyphs, Overflow
from .units import Box


@dataclass(frozen=True, slots=True, kw_only=True)
class Composed:
    """A card side ready to draw, in card coordinates (origin at the trim's lower-left)."""

    items: tuple[Item, ...]
    trim: Box
    bleed: Box
    safe: Box
    overflow: tuple[Overflow, ...] = ()
    missing: tuple[MissingGlyphs, ...] = ()
    placed: tuple[Any, ...] = ()  # what each layout element drew (generator.layout.paint.Drawn)
