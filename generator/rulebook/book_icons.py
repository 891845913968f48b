"""`:name:` in a rulebook's text drawn as the built-in icon, inline: a PNG rasterised once per
icon, colour and size into a cache folder, placed as a reportlab <img> on the text's baseline
(from the descent to the cap height, as on the cards)."""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

from generator.printing.atomic import atomic_path
from generator.printing.fonts import REGULAR, descent
from generator.printing.icon_art import icon_pixels, read_svg
from generator.printing.icons import INLINE, builtin_icons, cap_height, icon_aspect

PIXELS_PER_POINT = 600 / 72  # sharp when printed


def icon_folder() -> Path:
    """Where the rasterised icons are kept between builds."""
    return Path(tempfile.gettempdir()) / f"hrdeck-icons-{os.getuid()}"


def icon_png(path: Path, colour: str, height_pt: float) -> Path:
    """The icon at `path` as a PNG `height_pt` tall in `colour`, rasterised once."""
    height = max(8, round(height_pt * PIXELS_PER_POINT))
    width = max(1, round(height * icon_aspect(path)))
    digest = hashlib.sha256(read_svg(path).markup.encode()).hexdigest()[:12]
    target = icon_folder() / f"{path.stem}-{colour.lstrip('#')}-{height}-{digest}.png"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(target) as written:
            icon_pixels(path, colour, (width, height)).save(written, format="PNG")
    return target


def with_icons(markup: str, size: float, colour: str, font: str = REGULAR) -> str:
    """Paragraph markup with each `:name:` of a built-in icon as an inline <img>; other
    names, and ordinary colons, stay as written."""
    if ":" not in markup:
        return markup
    known = builtin_icons()
    height = (cap_height(font) + descent(font, 1.0)) * size
    lift = -descent(font, size)

    def image(match: re.Match[str]) -> str:
        path = known.get(match.group(1))
        if path is None:
            return match.group(0)
        png = icon_png(path, colour, height)
        width = height * icon_aspect(path)
        return (f'<img src="{png}" width="{width:.2f}" height="{height:.2f}" '
                f'valign="{lift:.2f}"/>')

    return INLINE.sub(image, markup)
