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

from .breaks import (
    break_pieces,
    check_language,
    is_list_marker,
    pieces_of,
    syllables,
    very_ragged,
)
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
    """One printed line. `width` is its text's; `indent` (points) is where it starts, after a
    list item's bullet on the item's later lines; `paragraph_end` marks a paragraph's last."""

    text: str
    width: float
    paragraph_end: bool = False
    indent: float = 0.0


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
    """`wrap` for a text already measured by `measure_words`: greedy, each line as full as
    it can be.

    With `most_lines`, wrapping stops as soon as there are more lines than that: the caller
    only needs to know that the text does not fit.
    """
    space = text_width(" ", font, size)
    lines: list[Line] = []
    for words in paragraphs:
        lines.extend(_greedy(words, font, size, width, space, hanging_indent(words, size, space)))
        if most_lines is not None and len(lines) > most_lines:
            return lines
    return lines


def hanging_indent(words: tuple[tuple[str, float], ...], size: float, space: float) -> float:
    """How far a list item's later lines start: past its bullet or number and a space."""
    if len(words) > 1 and is_list_marker(words[0][0]):
        return words[0][1] * size + space
    return 0.0


def _greedy(words: tuple[tuple[str, float], ...], font: str, size: float, width: float,
            space: float, indent: float) -> list[Line]:
    """One paragraph wrapped greedily; lines after the first start `indent` in."""
    lines: list[Line] = []
    current: list[str] = []
    current_width = 0.0
    room = width
    for word, unit in words:
        word_width = size * unit
        if current and current_width + space + word_width <= room:
            current.append(word)
            current_width += space + word_width
            continue
        if current:
            lines.append(Line(" ".join(current), current_width, False, indent if lines else 0.0))
            room = width - indent
        if word_width > room:
            *whole, word = _split_word(word, font, size, max(room, 0.0))
            for piece in whole:
                lines.append(Line(piece, text_width(piece, font, size), False,
                                  indent if lines else 0.0))
                room = width - indent
            word_width = text_width(word, font, size)
        current, current_width = [word], word_width
    lines.append(Line(" ".join(current), current_width, True, indent if lines else 0.0))
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


@dataclass(frozen=True, slots=True)
class _Setting:
    """How `fit` sets a text: what it breaks, hyphenates and leaves between paragraphs."""

    font: str
    width: float
    height: float
    leading_ratio: float
    balance: bool
    language: str | None
    paragraph_gap: float
    # Hyphens also to even out ragged lines (else only to spare an overflow or a split word).
    ragged_hyphens: bool
    # Each word's syllables with their 1 pt widths, when a language is given.
    syllables: dict[str, tuple[tuple[str, float], ...]] | None

    def gaps(self, paragraphs: Paragraphs, size: float) -> float:
        """The room between paragraphs at `size`."""
        return self.paragraph_gap * size * (len(paragraphs) - 1)

    def most_lines(self, paragraphs: Paragraphs, size: float) -> int | None:
        return most_lines(self.font, size, size * self.leading_ratio,
                          self.height - self.gaps(paragraphs, size))


def _fitted(lines: list[Line], paragraphs: Paragraphs, setting: _Setting,
            size: float) -> FittedText:
    leading = size * setting.leading_ratio
    needed = (block_height(len(lines), setting.font, size, leading)
              + (setting.gaps(paragraphs, size) if lines else 0.0))
    return FittedText(size=size, leading=leading, lines=tuple(lines),
                      fits=needed <= setting.height, height=needed)


def _line_count(paragraphs: Paragraphs, setting: _Setting, size: float,
                greedy: list[Line]) -> int:
    """The fewest lines the text takes at `size`: hyphenated, when that is fewer than the
    `greedy` lines."""
    space = text_width(" ", setting.font, size)
    hyphen = text_width("-", setting.font, size)
    total = 0
    for words in paragraphs:
        indent = hanging_indent(words, size, space)
        broken = break_pieces(pieces_of(words, size, setting.syllables), width=setting.width,
                              space=space, hyphen=hyphen, indent=indent)
        total += len(broken.lines) if broken is not None else len(_greedy(
            words, setting.font, size, setting.width, space, indent))
    return min(len(greedy), total)


def _fits_at(paragraphs: Paragraphs, setting: _Setting, size: float, hyphenate: bool
             ) -> tuple[bool, list[Line] | None]:
    """Whether the text fits at `size` (found without wrapping more lines than could fit),
    hyphenated if need be when `hyphenate`, with its greedy lines when they fit as they are."""
    limit = setting.most_lines(paragraphs, size)
    greedy = wrap_words(paragraphs, font=setting.font, size=size, width=setting.width,
                        most_lines=limit)
    if limit is None:
        return _fitted(greedy, paragraphs, setting, size).fits, greedy
    if len(greedy) <= limit:
        return True, greedy
    if not hyphenate or setting.syllables is None:
        return False, None
    return _line_count(paragraphs, setting, size, greedy) <= limit, None


def _by_paragraph(lines: list[Line]) -> list[list[Line]]:
    paragraphs: list[list[Line]] = [[]]
    for line in lines:
        paragraphs[-1].append(line)
        if line.paragraph_end:
            paragraphs.append([])
    return paragraphs[:-1]


def _set(paragraphs: Paragraphs, setting: _Setting, size: float, limit: int | None,
         greedy: list[Line] | None = None) -> list[Line]:
    """The lines at `size`: greedy where a paragraph's greedy lines are good (they end on
    more than one word, no line very ragged where hyphens may help), elsewhere the breaks
    with the fewest lines and the least raggedness, hyphenated where that helps."""
    font, width = setting.font, setting.width
    if greedy is None:
        greedy = wrap_words(paragraphs, font=font, size=size, width=width)
    if not setting.balance and setting.syllables is None:
        return greedy
    space, hyphen = text_width(" ", font, size), text_width("-", font, size)
    chosen: list[list[Line]] = []
    for words, lines in zip(paragraphs, _by_paragraph(greedy), strict=True):
        lone = setting.balance and len(lines) > 1 and " " not in lines[-1].text
        ragged = setting.syllables is not None and setting.ragged_hyphens and very_ragged(
            [line.width + line.indent for line in lines], width)
        if lone or ragged:
            lines = _broken(words, setting, size, space, hyphen) or lines
        chosen.append(lines)
    if limit is not None and setting.syllables is not None:
        chosen = _hyphenate_to_fit(paragraphs, setting, size, chosen, limit)
    return [line for lines in chosen for line in lines]


def _broken(words: tuple[tuple[str, float], ...], setting: _Setting, size: float,
            space: float, hyphen: float, *, cut: bool = False) -> list[Line] | None:
    """A paragraph set by `break_pieces` (hyphenated if `cut`, or where that is better), or
    None when a word is wider than the line."""
    indent = hanging_indent(words, size, space)
    broken = None if cut else break_pieces(pieces_of(words, size, None), width=setting.width,
                                           space=space, hyphen=hyphen, indent=indent)
    if setting.syllables is not None and (broken is None or (
            setting.ragged_hyphens and very_ragged([width for _, width in broken.lines],
                                                   setting.width))):
        hyphenated = break_pieces(pieces_of(words, size, setting.syllables),
                                  width=setting.width, space=space, hyphen=hyphen,
                                  indent=indent)
        if hyphenated is not None and (
                broken is None or len(hyphenated.lines) < len(broken.lines)
                or (hyphenated.cost < broken.cost and not very_ragged(
                    [width for _, width in hyphenated.lines], setting.width))):
            broken = hyphenated
    if broken is None:
        return None
    last = len(broken.lines) - 1
    return [Line(text, line_width, index == last, indent if index else 0.0)
            for index, (text, line_width) in enumerate(broken.lines)]


def _hyphenate_to_fit(paragraphs: Paragraphs, setting: _Setting, size: float,
                      chosen: list[list[Line]], limit: int) -> list[list[Line]]:
    """Hyphenate paragraphs, longest first, while the text has more lines than fit."""
    space, hyphen = text_width(" ", setting.font, size), text_width("-", setting.font, size)
    chosen = list(chosen)
    for index in sorted(range(len(paragraphs)), key=lambda index: -len(paragraphs[index])):
        if sum(map(len, chosen)) <= limit:
            break
        cut = _broken(paragraphs[index], setting, size, space, hyphen, cut=True)
        if cut is not None and len(cut) < len(chosen[index]):
            chosen[index] = cut
    return chosen


def fit(text: str, *, font: str, width: float, height: float, largest: float, smallest: float,
        step: float = 0.25, leading_ratio: float = 1.2, balance: bool = True,
        language: str | None = None, paragraph_gap: float = 0.0,
        ragged_hyphens: bool = True) -> FittedText:
    """Set `text` at the largest size from `largest` down to `smallest` (in `step`s) that fits.

    Most cards fit at the design size, so that is tried first; otherwise a binary search over
    the sizes finds the largest that fits. When none does, the result is at `smallest` with
    `fits` False: the caller reports it and still draws it. The words are measured once for
    every size tried.

    `balance` evens the lines out at the size found, never with more lines (a last line of
    one word is avoided whenever the last two words fit a line together: setting the text
    greedily from its end shows that the fewest lines then always allow it); `language`
    ("en", "de"...) lets words be hyphenated at a line's end to spare a very ragged line or
    an overflow (None: never; `ragged_hyphens=False`: only to spare an overflow, as centred
    text wants, whose ragged lines are its shape); `paragraph_gap` leaves that share of the
    size between paragraphs (blank lines then print no empty line). A list item (a paragraph
    starting "•", "-", "*" or "1.") wraps with a hanging indent.
    """
    check_language(language)
    paragraphs = measure_words(text, font)
    if paragraph_gap:  # the gap stands for the blank lines between paragraphs
        paragraphs = tuple(words for words in paragraphs if words) or ((),)
    setting = _Setting(font, width, height, leading_ratio, balance, language, paragraph_gap,
                       ragged_hyphens,
                       _syllable_widths(paragraphs, font, language) if language else None)
    found = _largest_fitting(paragraphs, setting, largest, smallest, step, hyphenate=False)
    if found is None and setting.syllables is not None:  # hyphens, to spare an overflow
        found = _largest_fitting(paragraphs, setting, largest, smallest, step, hyphenate=True)
    chosen, greedy = found if found is not None else (smallest, None)
    limit = setting.most_lines(paragraphs, chosen)
    return _fitted(_set(paragraphs, setting, chosen, limit, greedy), paragraphs, setting,
                   chosen)


def _largest_fitting(paragraphs: Paragraphs, setting: _Setting, largest: float,
                     smallest: float, step: float, *, hyphenate: bool
                     ) -> tuple[float, list[Line] | None] | None:
    """The largest size that fits, with its greedy lines if they fit as they are; None when
    even `smallest` does not."""
    fits, lines = _fits_at(paragraphs, setting, largest, hyphenate)
    if fits:
        return largest, lines
    count = round((largest - smallest) / step)
    sizes = [largest - step * index for index in range(1, count + 1)]
    found: tuple[float, list[Line] | None] | None = None
    low, high = 0, len(sizes) - 1
    while low <= high:
        middle = (low + high) // 2
        fits, lines = _fits_at(paragraphs, setting, sizes[middle], hyphenate)
        if fits:
            found, high = (sizes[middle], lines), middle - 1
        else:
            low = middle + 1
    return found


def _syllable_widths(paragraphs: Paragraphs, font: str,
                     language: str) -> dict[str, tuple[tuple[str, float], ...]]:
    """Every word's syllables (where it may be hyphenated) with their 1 pt widths."""
    return {word: tuple((part, _word_width(part, font)) for part in syllables(word, language))
            for words in paragraphs for word, _ in words}


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
