"""Icons: the built-in set (templates/icons/), whether a designer's file can be used, its
proportions, and `:name:` in text turned into private-use characters that stand for icons.

How an icon sits in a line of text is decided here, in one place: `inline_advance` (its width
at 1 pt) and `inline_icon_box` (where it is drawn on the baseline).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from pathlib import Path

from PIL import Image
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]

from engine.errors import did_you_mean

from .fonts import REGULAR, descent, register_fonts
from .icon_art import MAX_BYTES, IconError, file_stamp, read_svg
from .icon_names import INLINE
from .units import Box

MAX_PIXELS = 4096 * 4096  # a PNG icon's pixels: a small file can unpack into a huge image
FIRST_CHARACTER = 0xE000  # Unicode's private use area
LAST_CHARACTER = 0xF8FF
SIDE_BEARING = 0.1  # at 1 pt, shared by both sides of an inline icon
INLINE_SCALE = 0.95  # an inline icon's width at 1 pt for each unit of its aspect


def icon_problem(path: Path) -> str | None:
    """Why the icon file at `path` cannot be used (None: it can)."""
    suffix = path.suffix.lower()
    if suffix not in (".svg", ".png"):
        return f'"{path.name}" is not an SVG or PNG file'
    try:
        size = path.stat().st_size
    except OSError:
        return f'"{path.name}" cannot be read'
    if size > MAX_BYTES:
        return f'"{path.name}" is {size / 1024 / 1024:.1f} MB (an icon is at most 2 MB)'
    if size == 0:
        return f'"{path.name}" is empty'
    try:
        icon_aspect(path)
    except IconError as error:
        return f'"{path.name}" cannot be used: {error}'
    return None


def icon_aspect(path: Path) -> float:
    """The icon's width divided by its height (IconError: the file cannot be used)."""
    if path.suffix.lower() == ".svg":
        art = read_svg(path)
        return art.width / art.height
    try:
        with Image.open(path) as image:
            image.verify()
        with Image.open(path) as image:
            if image.format != "PNG":
                raise IconError("it is not a PNG image")
            width, height = image.size
    except IconError:
        raise
    except Exception:  # Pillow raises many kinds for a file it cannot read
        raise IconError("Pillow cannot read it as a PNG image") from None
    if not (width and height):
        raise IconError("it has no pixels")
    if width * height > MAX_PIXELS:
        raise IconError(f"it is {width:,} × {height:,} pixels; an icon needs far fewer "
                        f"(at most {MAX_PIXELS:,})")
    return width / height


def icon_is_monochrome(path: Path) -> bool:
    """Whether the icon is drawn in one colour (an inline icon then takes the text's colour;
    a multi-colour one keeps its own)."""
    if path.suffix.lower() == ".svg":
        return len(read_svg(path).colours) <= 1
    return _png_colours(path, file_stamp(path)) <= 1


@functools.lru_cache(maxsize=64)
def _png_colours(path: Path, stamp: tuple[int, int]) -> int:
    """How many colours the PNG's visible pixels have (counted up to 2)."""
    with Image.open(path) as image:
        pixels = image.convert("RGBA")
    pixels.thumbnail((64, 64))
    colours = pixels.getcolors(64 * 64) or []
    # Near colours are one (edges blended by the resampling): by steps of 48.
    seen = {(int(r) // 48, int(g) // 48, int(b) // 48)
            for _, (r, g, b, a) in (entry for entry in colours if isinstance(entry[1], tuple))
            if a > 128}
    return min(2, len(seen))


def inline_advance(path: Path) -> float:
    """How wide an inline icon is at a text size of 1 pt, side bearings included."""
    return icon_aspect(path) * INLINE_SCALE + 2 * SIDE_BEARING


def inline_icon_box(x: float, baseline: float, size: float, path: Path,
                    font: str = REGULAR) -> Box:
    """Where an inline icon starting at `x` on `baseline` is drawn in text of `size` pt: from
    the font's descent below the baseline to its cap height above, inside its advance."""
    bottom = baseline - descent(font, size)
    height = (cap_height(font) + descent(font, 1.0)) * size
    width = inline_advance(path) * size - 2 * SIDE_BEARING * size
    return Box(x + SIDE_BEARING * size, bottom, width, height)


@functools.cache
def cap_height(font: str) -> float:
    """The height of the font's capitals at 1 pt (0.7 when the font does not say)."""
    register_fonts()
    height = getattr(pdfmetrics.getFont(font).face, "capHeight", 0) or 700
    return float(height) / 1000


def inline_icons(text: str, known: Mapping[str, Path]) -> tuple[str, dict[str, str]]:
    """`text` with each known `:name:` as a private-use character (one per distinct icon,
    from U+E000 up) and what each character stands for; unknown names stay as written."""
    characters: dict[str, str] = {}  # name -> character

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in known:
            return match.group(0)
        if name not in characters:
            code = FIRST_CHARACTER + len(characters)
            if code > LAST_CHARACTER:
                return match.group(0)
            characters[name] = chr(code)
        return characters[name]

    # Left to right, each match once: in ":a:b:" only ":a:" is a name (the colon closing one
    # name never opens the next); "::" and "12:30" never match.
    replaced = INLINE.sub(replace, text)
    return replaced, {character: name for name, character in characters.items()}


def unknown_icons(text: str, known: Mapping[str, Path]) -> list[tuple[str, str]]:
    """Each `:name:` in `text` that names no icon, with a suggestion ('' when none is close)."""
    found: list[tuple[str, str]] = []
    for match in INLINE.finditer(text):
        name = match.group(1)
        if name not in known and all(name != seen for seen, _ in found):
            found.append((name, did_you_mean(name, known)))
    return found
