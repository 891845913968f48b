"""One set line of text as drawing items: cut where its colour changes (red suits), where its
font changes (a fallback font for a character the text's own font lacks) and where an inline
icon stands (drawn by `generator.layout.inline`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from generator.printing.drawing import Item, Text
from generator.printing.fonts import CHAIN_PREFIX, placed_runs
from generator.printing.text import colour_runs

from .inline import icon_item


def line_items(text: str, x: float, baseline: float, font: str, size: float, colour: str,
               red: str | None, icons: Mapping[str, Path]) -> list[Item]:
    """The items of a line starting at (x, baseline); `icons` maps the private-use characters
    standing for inline icons to their files."""
    items: list[Item] = []
    for run in colour_runs(text, font=font, size=size):
        ink = red if run.red and red else colour
        if not font.startswith(CHAIN_PREFIX):
            items.append(Text(x + run.x, baseline, run.text, font, size, ink))
            continue
        for offset, real, piece in placed_runs(run.text, font, size):
            if real:  # each piece in the font of the chain that has it
                items.append(Text(x + run.x + offset, baseline, piece, real, size, ink))
            else:  # inline icons, measured by the chain
                items += icon_item(piece, x + run.x + offset, baseline, font, size, ink,
                                   icons, red) or []
    return items
