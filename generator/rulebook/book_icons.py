"""`:name:` in a rulebook's text drawn as the deck's (or the built-in) icon, inline: a PNG
rasterised once per icon, colour and size into a cache folder, placed as a reportlab <img> on
the text's baseline (from the descent to the cap height, as on the cards)."""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from generator.printing.atomic import atomic_path
from generator.printing.fonts import REGULAR, descent
from generator.printing.icon_art import icon_pixels
from generator.printing.icon_names import INLINE, builtin_icons
from generator.printing.icons import (
    cap_height,
    icon_aspect,
    icon_is_monochrome,
)

PIXELS_PER_POINT = 600 / 72  # sharp when printed

# The icons the book being written knows by name: its deck's look's (the built-in set else).
_KNOWN: ContextVar[Mapping[str, Path] | None] = ContextVar("book_icons", default=None)


@contextmanager
def icons_known(known: Mapping[str, Path]) -> Iterator[None]:
    """While a deck's book is written, `:name:` draws the deck's icons too."""
    token = _KNOWN.set(known)
    try:
        yield
    finally:
        _KNOWN.reset(token)


def icon_folder() -> Path:
    """Where the rasterised icons are kept between builds."""
    return Path(tempfile.gettempdir()) / f"hrdeck-icons-{os.getuid()}"


def icon_png(path: Path, colour: str | None, height_pt: float) -> Path:
    """The icon at `path` as a PNG `height_pt` tall in `colour` (None: its own colours),
    rasterised once."""
    height = max(8, round(height_pt * PIXELS_PER_POINT))
    width = max(1, round(height * icon_aspect(path)))
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    target = icon_folder() / f"{path.stem}-{(colour or 'own').lstrip('#')}-{height}-{digest}.png"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(target) as written:
            icon_pixels(path, colour, (width, height)).save(written, format="PNG")
    return target


def with_icons(markup: str, size: float, colour: str, font: str = REGULAR) -> str:
    """Paragraph markup with each `:name:` of a known icon (see `icons_known`) as an inline
    <img>; other names, and ordinary colons, stay as written."""
    if ":" not in markup:
        return markup
    known = _KNOWN.get() or builtin_icons()
    height = (cap_height(font) + descent(font, 1.0)) * size
    lift = -descent(font, size)

    def image(match: re.Match[str]) -> str:
        path = known.get(match.group(1))
        if path is None:
            return match.group(0)
        png = icon_png(path, colour if icon_is_monochrome(path) else None, height)
        width = height * icon_aspect(path)
        return (f'<img src="{png}" width="{width:.2f}" height="{height:.2f}" '
                f'valign="{lift:.2f}"/>')

    return INLINE.sub(image, markup)
