"""Inline icons: `:name:` in a card's text drawn as the layout's (or the built-in) icon, on the
baseline, sized with the text, wrapping and fitting like a word."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from generator.printing.drawing import Icon, Item, Text
from generator.printing.fonts import chain_fonts, text_width
from generator.printing.icon_names import builtin_icons
from generator.printing.icons import (
    SIDE_BEARING,
    icon_is_monochrome,
    icon_problem,
    inline_icon_box,
    inline_icons,
    unknown_icons,
)
from generator.printing.units import Box

from .look import Look

RED_SUITS = ("heart", "diamond")  # drawn red, as ♥ and ♦ are in a card's text


def known_icons(look: Look) -> dict[str, Path]:
    """The icons `look` can draw by name: the built-in set, the layout's own over it (a
    layout's icon whose file cannot be used is left out: the checks say why)."""
    known = dict(builtin_icons())
    known.update({name: path for name, path in look.icons.items() if icon_problem(path) is None})
    return known


def inline_text(text: str, look: Look) -> tuple[str, dict[str, Path]]:
    """`text` with each known `:name:` replaced by a private-use character standing for its
    icon, and the file each such character stands for. Unknown names stay as written."""
    if ":" not in text:
        return text, {}
    known = known_icons(look)
    replaced, names = inline_icons(text, known)
    return replaced, {character: known[name] for character, name in names.items()}


def unknown_inline_icons(text: str, look: Look) -> list[tuple[str, str]]:
    """Each `:name:` of `text` that `look` has no icon for, with a "did you mean" ('' if none
    is close): for the layout checks."""
    return unknown_icons(text, known_icons(look)) if ":" in text else []


def icon_item(run: str, x: float, baseline: float, font: str, size: float, colour: str,
              icons: Mapping[str, Path], red: str | None = None) -> list[Item] | None:
    """A run of text holding inline icons as items: text pieces as `Text`, each icon character
    as an `Icon` in the text's colour (a multi-colour icon keeps its own; the built-in heart
    and diamond are `red` where the text's ♥ and ♦ are), in the advance the font measured for
    it so that the line keeps the width it was set at."""
    red_suits = {builtin_icons()[name] for name in RED_SUITS} if red else set()
    items: list[Item] = []
    piece, start = "", x
    for character in run:
        path = icons.get(character)
        if path is None:
            piece += character
            continue
        if piece:
            items.append(Text(start, baseline, piece, font, size, colour))
            start += text_width(piece, font, size)
            piece = ""
        advance = text_width(character, font, size)
        box = inline_icon_box(start, baseline, size, path, chain_fonts(font)[0])
        room = advance - 2 * SIDE_BEARING * size  # never wider than what was measured
        if box.w > room > 0:
            box = Box(start + (advance - room) / 2, box.y, room, box.h)
        ink = red if path in red_suits else colour
        items.append(Icon(box, path, ink if icon_is_monochrome(path) else None))
        start += advance
    if piece:
        items.append(Text(start, baseline, piece, font, size, colour))
    return items
