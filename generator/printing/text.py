"""Card text: wrap it into lines, find the largest size that fits, colour the red suits.

Card text is plain text from strangers. It is measured and drawn character for character and
never parsed as markup, so `<b>x</b>` prints as those eight characters.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from itertools import groupby

from .fonts import ascent, descent, text_width

RED_SUITS = frozenset("♥♦♡♢")
DARK_SUITS = frozenset("♠♣♤♧")
# Emoji presentation selectors turn "♥️" into two characters; the font has no glyph for them.
# Control characters print nothing useful either; tabs become spaces.
_INVISIBLE: dict[int, str | None] = {
    **dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b"), None),
    **dict.fromkeys((*range(0x20), 0x7F, *range(0x80, 0xA0)), None),
    ord("\t"): " ", ord("\n"): "\n", ord("\r"): "\n",
}
# Any character `clean` changes: most text has none and is returned as it is.
_NEEDS_CLEANING = re.compile("[{}]".format("".join(
    re.escape(chr(code)) for code, to in _INVISIBLE.items() if to != chr(code))))


@dataclass(frozen=True, slots=True)
class Run:
    """Part of a line in one colour; `x` is its offset from the start of the line."""

    text: str
    x: float
    red: bool


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    width: float


@dataclass(frozen=True, slots=True, kw_only=True)
class FittedText:
    """Text wrapped at the chosen size. `fits` is False when even `size` (the floor) overflows."""

    size: float
    leading: float
    lines: tuple[Line, ...]
    fits: bool
    height: float


def clean(text: str) -> str:
    r"""Text as it will be printed: invisible and control characters gone, tabs made spaces.

    >>> clean("♥\ufe0f\tok\x00\r\nnext")
    '♥ ok\nnext'
    """
    text = text.replace("\r\n", "\n")
    return text.translate(_INVISIBLE) if _NEEDS_CLEANING.search(text) else text


def one_line(text: str) -> str:
    """`clean` text for a single line (labels, titles): every run of whitespace one space."""
    return " ".join(clean(text).split())


def _split_word(word: str, font: str, size: float, width: float) -> list[str]:
    """Break a word wider than the line into pieces that fit (at least one character each)."""
    pieces: list[str] = []
    piece = ""
    for char in word:
        if piece and text_width(piece + char, font, size) > width:
            pieces.append(piece)
            piece = char
        else:
            piece += char
    if piece:
        pieces.append(piece)
    return pieces


# A text cut into paragraphs of words, each word with its width at 1 pt: measured once, it can
# be wrapped at any size (a word's width at `size` is `size` times its width at 1 pt, exactly
# as `text_width` computes it).
Paragraphs = tuple[tuple[tuple[str, float], ...], ...]


@functools.lru_cache(maxsize=16384)
def _word_width(word: str, font: str) -> float:
    """A word's width at 1 pt: a deck's cards share most of their words."""
    return text_width(word, font, 1.0)


def measure_words(text: str, font: str) -> Paragraphs:
    """`text` cleaned and cut into paragraphs (at newlines) of words with their 1 pt widths."""
    return tuple(tuple((word, _word_width(word, font)) for word in paragraph.split())
                 for paragraph in clean(text).strip().split("\n"))


def wrap(text: str, *, font: str, size: float, width: float) -> list[Line]:
    """Greedy word wrap of `text` into lines no wider than `width` points.

    Newlines start new lines; runs of spaces collapse to one; a word longer than a line is
    broken between characters.
    """
    return wrap_words(measure_words(text, font), font=font, size=size, width=width)


def wrap_words(paragraphs: Paragraphs, *, font: str, size: float, width: float,
               most_lines: int | None = None) -> list[Line]:
    """`wrap` for a text already measured by `measure_words`.

    With `most_lines`, wrapping stops as soon as there are more lines than that: the caller
    only needs to know that the text does not fit.
    """
    space = text_width(" ", font, size)
    lines: list[Line] = []
    for words in paragraphs:
        current: list[str] = []
        current_width = 0.0
        for word, unit in words:
            word_width = size * unit
            if current and current_width + space + word_width <= width:
                current.append(word)
                current_width += space + word_width
                continue
            if current:
                lines.append(Line(" ".join(current), current_width))
                if most_lines is not None and len(lines) > most_lines:
                    return lines
            if word_width > width:
                *whole, word = _split_word(word, font, size, width)
                lines.extend(Line(piece, text_width(piece, font, size)) for piece in whole)
                word_width = text_width(word, font, size)
            current, current_width = [word], word_width
        lines.append(Line(" ".join(current), current_width))
    return lines


def block_height(lines: int, font: str, size: float, leading: float) -> float:
    """Height from the top of the first line's glyphs to the bottom of the last line's."""
    if lines == 0:
        return 0.0
    return (lines - 1) * leading + ascent(font, size) + descent(font, size)


def most_lines(font: str, size: float, leading: float, height: float) -> int | None:
    """The most lines that fit `height` as `block_height` measures them; None when that
    cannot be counted (a leading that is not positive, a height that is not finite)."""
    if leading <= 0 or not math.isfinite(height):
        return None
    lines = max(0, int((height - ascent(font, size) - descent(font, size)) / leading) + 1)
    while lines > 0 and block_height(lines, font, size, leading) > height:
        lines -= 1
    while block_height(lines + 1, font, size, leading) <= height:
        lines += 1
    return lines


def _fitted(lines: list[Line], font: str, size: float, height: float,
            leading_ratio: float) -> FittedText:
    leading = size * leading_ratio
    needed = block_height(len(lines), font, size, leading)
    return FittedText(size=size, leading=leading, lines=tuple(lines), fits=needed <= height,
                      height=needed)


def _if_it_fits(paragraphs: Paragraphs, font: str, size: float, width: float, height: float,
                leading_ratio: float) -> FittedText | None:
    """The text wrapped at `size` if it fits `height`, else None (found without wrapping
    more lines than could fit)."""
    limit = most_lines(font, size, size * leading_ratio, height)
    lines = wrap_words(paragraphs, font=font, size=size, width=width, most_lines=limit)
    if limit is not None and len(lines) > limit:
        return None
    fitted = _fitted(lines, font, size, height, leading_ratio)
    return fitted if fitted.fits else None


def fit(text: str, *, font: str, width: float, height: float, largest: float, smallest: float,
        step: float = 0.25, leading_ratio: float = 1.2) -> FittedText:
    """Wrap `text` at the largest size from `largest` down to `smallest` (in `step`s) that fits.

    Most cards fit at the design size, so that is tried first; otherwise a binary search over
    the sizes finds the largest that fits. When none does, the result is at `smallest` with
    `fits` False: the caller reports it and still draws it. The words are measured once for
    every size tried.
    """
    paragraphs = measure_words(text, font)
    first = _if_it_fits(paragraphs, font, largest, width, height, leading_ratio)
    if first is not None:
        return first
    count = round((largest - smallest) / step)
    sizes = [largest - step * index for index in range(1, count + 1)]
    best: FittedText | None = None
    low, high = 0, len(sizes) - 1
    while low <= high:
        middle = (low + high) // 2
        attempt = _if_it_fits(paragraphs, font, sizes[middle], width, height, leading_ratio)
        if attempt is not None:
            best, high = attempt, middle - 1
        else:
            low = middle + 1
    if best is not None:
        return best
    lines = wrap_words(paragraphs, font=font, size=smallest, width=width)
    return _fitted(lines, font, smallest, height, leading_ratio)


def fit_line(text: str, *, font: str, width: float, largest: float, smallest: float,
             step: float = 0.25) -> tuple[float, bool]:
    """The largest size down to `smallest` at which `text` fits on one line, and if it did."""
    natural = text_width(clean(text), font, 1.0)
    if natural <= 0:
        return largest, True
    size = min(largest, width / natural)
    size = largest if size >= largest else step * int(size / step)
    return (size, True) if size >= smallest else (smallest, False)


def colour_runs(line: str, *, font: str, size: float) -> list[Run]:
    """Split a line where its colour changes: hearts and diamonds are red, the rest is ink."""
    if RED_SUITS.isdisjoint(line):  # most lines: one run in ink
        return [Run(line, 0.0, False)] if line else []
    runs: list[Run] = []
    x = 0.0
    for red, chars in groupby(line, RED_SUITS.__contains__):
        piece = "".join(chars)
        runs.append(Run(piece, x, red))
        x += text_width(piece, font, size)
    return runs
