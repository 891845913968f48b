"""Card text: wrap it into lines, find the largest size that fits, colour the red suits.

Card text is plain text from strangers. It is measured and drawn character for character and
never parsed as markup, so `<b>x</b>` prints as those eight characters.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    return text.replace("\r\n", "\n").translate(_INVISIBLE)


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


def wrap(text: str, *, font: str, size: float, width: float) -> list[Line]:
    """Greedy word wrap of `text` into lines no wider than `width` points.

    Newlines start new lines; runs of spaces collapse to one; a word longer than a line is
    broken between characters.
    """
    space = text_width(" ", font, size)
    lines: list[Line] = []
    for paragraph in clean(text).strip().split("\n"):
        current: list[str] = []
        current_width = 0.0
        for word in paragraph.split():
            word_width = text_width(word, font, size)
            if current and current_width + space + word_width <= width:
                current.append(word)
                current_width += space + word_width
                continue
            if current:
                lines.append(Line(" ".join(current), current_width))
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


def _wrapped(text: str, font: str, size: float, width: float, height: float,
             leading_ratio: float) -> FittedText:
    leading = size * leading_ratio
    lines = wrap(text, font=font, size=size, width=width)
    needed = block_height(len(lines), font, size, leading)
    return FittedText(size=size, leading=leading, lines=tuple(lines), fits=needed <= height,
                      height=needed)


def fit(text: str, *, font: str, width: float, height: float, largest: float, smallest: float,
        step: float = 0.25, leading_ratio: float = 1.2) -> FittedText:
    """Wrap `text` at the largest size from `largest` down to `smallest` (in `step`s) that fits.

    Most cards fit at the design size, so that is tried first; otherwise a binary search over
    the sizes finds the largest that fits. When none does, the result is at `smallest` with
    `fits` False: the caller reports it and still draws it.
    """
    first = _wrapped(text, font, largest, width, height, leading_ratio)
    if first.fits:
        return first
    count = round((largest - smallest) / step)
    sizes = [largest - step * index for index in range(1, count + 1)]
    best: FittedText | None = None
    low, high = 0, len(sizes) - 1
    while low <= high:
        middle = (low + high) // 2
        attempt = _wrapped(text, font, sizes[middle], width, height, leading_ratio)
        if attempt.fits:
            best, high = attempt, middle - 1
        else:
            low = middle + 1
    if best is not None:
        return best
    return _wrapped(text, font, smallest, width, height, leading_ratio)


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
    runs: list[Run] = []
    start = 0
    x = 0.0
    for index in range(1, len(line) + 1):
        if index < len(line) and (line[index] in RED_SUITS) == (line[start] in RED_SUITS):
            continue
        piece = line[start:index]
        runs.append(Run(piece, x, piece[0] in RED_SUITS))
        x += text_width(piece, font, size)
        start = index
    return runs
