"""Text too close in colour to what it is drawn on (`low-contrast`), by WCAG's measure:
4.5:1 at least, 3:1 for large text (18 pt, or 14 pt bold).

Over a flat colour the contrast is exact. Over a picture, the picture's pixels under the text
are sampled: the contrast told is the one 90% of them reach, so a text over a busy picture is
judged by its hardest tenth, not its average.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.printing.drawing import Clip, Item, Picture, luminance
from generator.printing.units import Box

from .check_sides import DrawnSide
from .findings import Finding, Findings
from .look import Placed
from .paint import Drawn

NORMAL, LARGE = 4.5, 3.0
LARGE_PT, LARGE_BOLD_PT = 18.0, 14.0
HARDEST = 0.1     # over a picture: the share of its pixels the ratio is judged by
SAMPLE_PX = 64    # the pixels under a text are sampled on a grid at most this wide
PICTURE_PX = 512  # pictures are sampled at most this wide


def contrast(first: str, second: str) -> float:
    """WCAG's contrast ratio of two colours, from 1 (the same) to 21 (black on white).

    >>> round(contrast("#000000", "#ffffff"), 1), contrast("#777777", "#777777")
    (21.0, 1.0)
    """
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def needed(size: float, bold: bool) -> float:
    """The least contrast WCAG asks of text of `size` points."""
    large = size >= LARGE_PT or (bold and size >= LARGE_BOLD_PT)
    return LARGE if large else NORMAL


def check_contrast(side: DrawnSide, findings: Findings) -> None:
    for element, drawn in side.drawn():
        text = drawn.text
        if text is None or drawn.colour is None or drawn.ink is None:
            continue
        least = needed(text.size, (element.spec.style or "").startswith("bold"))
        if drawn.ground is not None:
            ratio = contrast(drawn.colour, drawn.ground)
            if ratio < least:
                _low(side, element, drawn.colour, drawn.ground, ratio, least, None, findings)
            continue
        picture = picture_under(side.composed.items, drawn)
        if picture is None:
            continue
        sampled = hardest_pixel(picture, drawn.ink, drawn.colour)
        if sampled is not None and sampled[1] < least:
            _low(side, element, drawn.colour, sampled[0], sampled[1], least, picture.path,
                 findings)


def _low(side: DrawnSide, element: Placed, colour: str, ground: str, ratio: float,
         least: float, picture: Path | None, findings: Findings) -> None:
    under = (f'the picture "{picture.name}" under it (its hardest tenth of pixels there is '
             f"about {ground})" if picture is not None else f"{ground} under it")
    findings.add(Finding(
        "low-contrast", element, side.template,
        f"its colour {colour} on {under} has a contrast of {ratio:.2f}:1; text of this size "
        f"needs {least:g}:1 (WCAG) to be read easily. Darken or lighten the text (colour: "
        "auto picks whichever reads better) or what lies under it.",
        data={"ratio": round(ratio, 2), "needed": least, "colour": colour, "ground": ground},
        group=(colour, ground if picture is None else str(picture)), weight=-ratio),
        side.who)


def _flat(items: tuple[Item, ...]) -> Iterator[Item]:
    for item in items:
        if isinstance(item, Clip):
            yield from _flat(item.items)
        else:
            yield item


def picture_under(items: tuple[Item, ...], drawn: Drawn) -> Picture | None:
    """The last picture drawn under the middle of the text, before the text itself."""
    assert drawn.text is not None and drawn.ink is not None
    first = drawn.text.items[0] if drawn.text.items else None
    x, y = drawn.ink.centre_x, drawn.ink.centre_y
    found = None
    for item in _flat(items):
        if item == first:
            break
        if isinstance(item, Picture) and item.box.x <= x <= item.box.right \
                and item.box.y <= y <= item.box.top:
            found = item
    return found


@functools.lru_cache(maxsize=16)
def _pixels(path: Path) -> Any:
    """The picture in RGB, at most PICTURE_PX wide (None when it cannot be read)."""
    from PIL import Image

    try:
        with Image.open(path) as image:
            image.draft("RGB", (PICTURE_PX, PICTURE_PX))
            copy = image.convert("RGB")
    except Exception:  # art-unusable reports an unreadable picture
        return None
    copy.thumbnail((PICTURE_PX, PICTURE_PX))
    return copy


def hardest_pixel(picture: Picture, under: Box, colour: str) -> tuple[str, float] | None:
    """The colour of the picture's pixels under `under` that the text's colour stands out
    least against, taken at the hardest tenth, and the contrast there."""
    image = _pixels(picture.path)
    if image is None or picture.box.w <= 0 or picture.box.h <= 0:
        return None
    box = picture.box
    left = max(0.0, (under.x - box.x) / box.w)
    right = min(1.0, (under.right - box.x) / box.w)
    top = max(0.0, (box.top - under.top) / box.h)
    bottom = min(1.0, (box.top - under.y) / box.h)
    if right <= left or bottom <= top:
        return None
    width, height = image.size
    crop = image.crop((int(left * width), int(top * height),
                       max(int(left * width) + 1, round(right * width)),
                       max(int(top * height) + 1, round(bottom * height))))
    crop.thumbnail((SAMPLE_PX, SAMPLE_PX))
    counts = crop.getcolors(maxcolors=SAMPLE_PX * SAMPLE_PX) or []
    ratios = sorted((contrast(colour, _hex(pixel)), count, pixel) for count, pixel in counts)
    seen, limit = 0, HARDEST * sum(count for count, _ in counts)
    for ratio, count, pixel in ratios:
        seen += count
        if seen >= limit:
            return _hex(pixel), ratio
    return None  # not reached: the counts add up to every pixel


def _hex(pixel: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*pixel)


__all__ = ["check_contrast", "contrast", "hardest_pixel", "needed", "picture_under"]
