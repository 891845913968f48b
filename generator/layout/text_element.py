"""A text element set in its box: fitted between its size and its smallest, aligned, coloured.

Short text is centred; several paragraphs or a list are set left (`align: auto`), with room
between paragraphs and list items wrapped after their bullet. Lines are balanced and may be
hyphenated in the look's language. A one-line text (a label) shrinks to fit its width and is
centred on its capitals. Hearts and diamonds print red where the text is in the ink colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.printing.alignment import choose_alignment
from generator.printing.breaks import check_language
from generator.printing.drawing import Item
from generator.printing.fonts import ascent, descent, missing_glyphs, text_width
from generator.printing.text import Line, clean, fit, fit_line, one_line
from generator.printing.units import Box
from generator.typography import typeset

from .inline import inline_text
from .look import Look
from .measures import length, points
from .model import Element
from .runs import line_items
from .typefaces import BUILTIN_FAMILY, font_for

CAP_HEIGHT = 0.73  # DejaVu Sans capitals, as a share of the font size
DEFAULT_SIZE, SMALLEST = 10.0, 7.0
PARAGRAPH_GAP = 0.5  # room between paragraphs, as a share of the size


@dataclass(frozen=True, slots=True)
class SetText:
    """How a text element came out."""

    items: tuple[Item, ...]
    region: Box            # the box inside its padding
    ink: Box | None        # where its glyphs reach
    size: float            # the size it was set at
    smallest: float        # the smallest it was allowed
    largest: float         # the size it was designed at
    fits: bool
    lines: int
    align: str
    missing: str           # characters no font of its chain has
    font: str = ""         # the font (or chain) it was set in


def hyphenation_language(spec: Element, look: Look) -> str | None:
    """The language the element's words may be hyphenated in: the look's, unless the element
    says `hyphens: false` or no hyphenation patterns exist for it (then none)."""
    if spec.hyphens is False or not look.language:
        return None
    try:
        check_language(look.language)
    except ValueError:
        return None
    return look.language


# Texts set once and met again (a label, a cue, a back's words on every card of a kind):
# by their words, element, box, look and colours; the element and look kept to be sure.
_SET: dict[tuple[object, ...], tuple[Element, Look, SetText]] = {}
MOST_KEPT = 20_000


def set_text(words: str, spec: Element, box: Box, look: Look, *, colour: str,
             red: str | None) -> SetText:
    """`words` set in `box` as the element says (the same text set once per deck)."""
    key = (words, id(spec), box, id(look), colour, red)
    found = _SET.get(key)
    if found is not None and found[0] is spec and found[1] is look:
        return found[2]
    result = _set_text(words, spec, box, look, colour=colour, red=red)
    if len(_SET) >= MOST_KEPT:
        _SET.clear()
    _SET[key] = (spec, look, result)
    return result


def _set_text(words: str, spec: Element, box: Box, look: Look, *, colour: str,
              red: str | None) -> SetText:
    padding = length(spec.padding, box.w) if spec.padding is not None else 0.0
    region = box.inset(padding)
    largest = points(spec.size) if spec.size is not None else DEFAULT_SIZE
    smallest = min(largest, points(spec.min_size) if spec.min_size is not None else SMALLEST)
    text = typeset(clean(words))
    if spec.upper:
        text = text.upper()
    text, icons = inline_text(text, look)
    font = font_for(look, spec.font or BUILTIN_FAMILY, spec.style or "regular", icons)
    gap_share = 0.0 if spec.one_line else (
        PARAGRAPH_GAP if spec.paragraph_gap is None else spec.paragraph_gap)
    if spec.one_line:
        text = one_line(text)
        size, fits = fit_line(text, font=font, width=region.w, largest=largest,
                              smallest=smallest)
        lines: tuple[Line, ...] = (Line(text, text_width(text, font, size)),)
        leading = size * (spec.leading or 1.2)
        height = ascent(font, size) + descent(font, size)
    else:
        # Centred text keeps its ragged shape: hyphens there only spare an overflow.
        centred = spec.align == "centre" or (
            spec.align in (None, "auto") and choose_alignment(text) == "centre")
        fitted = fit(text, font=font, width=region.w, height=region.h, largest=largest,
                     smallest=smallest, leading_ratio=spec.leading or 1.2,
                     language=hyphenation_language(spec, look), paragraph_gap=gap_share,
                     ragged_hyphens=not centred)
        size, fits, lines, leading, height = (fitted.size, fitted.fits, fitted.lines,
                                              fitted.leading, fitted.height)
    align: str = spec.align or "auto"
    if align == "auto":
        align = "centre" if spec.one_line else choose_alignment(text, lines=len(lines))
    valign = spec.valign or "middle"
    if spec.one_line and valign == "middle":
        baseline = region.centre_y - CAP_HEIGHT * size / 2
    else:
        if not fits or valign == "top":
            top = region.top
        elif valign == "bottom":
            top = region.y + height
        else:
            top = region.top - (region.h - height) / 2
        baseline = top - ascent(font, size)
    items: list[Item] = []
    reach: list[Box] = []
    gap = size * gap_share
    for line in lines:
        if align == "left" or (not fits and spec.one_line):
            left = region.x + line.indent  # a list item's later lines hang after its bullet
        elif align == "right":
            left = region.right - line.width
        else:
            left = region.centre_x - line.width / 2
        items += line_items(line.text, left, baseline, font, size, colour, red, icons)
        if line.text:
            reach.append(Box(left, baseline - descent(font, size), line.width,
                             ascent(font, size) + descent(font, size)))
        baseline -= leading + (gap if line.paragraph_end else 0.0)
    ink = None
    if reach:
        x, y = min(b.x for b in reach), min(b.y for b in reach)
        ink = Box(x, y, max(b.right for b in reach) - x, max(b.top for b in reach) - y)
    return SetText(items=tuple(items), region=region, ink=ink, size=size, smallest=smallest,
                   largest=largest, fits=fits, lines=len(lines), align=align,
                   missing=missing_glyphs(text.replace("\n", " "), font), font=font)
