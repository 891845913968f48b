"""Line breaking for one paragraph: balanced lines, optional hyphenation, hanging indents.

A paragraph is cut into pieces: whole words, or, where a language is given, the syllables
pyphen finds in plain words. Between two pieces there is a space (between words) or a
possible hyphen (inside a word). A small dynamic programme in the style of Knuth and Plass
chooses where lines end: the fewest lines first, then the least raggedness (the squared
slack of every line but the last), never a last line of one word when another choice exists,
and a hyphen only where it pays for itself.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

import pyphen  # type: ignore[import-untyped, unused-ignore]

HYPHEN = "-"
# A line's cost: its squared slack as a share of the width, times this.
_RAGGED = 100.0
# What ending a line inside a word costs: about a line a third empty.
_HYPHEN_COST = 12.0
# A paragraph whose last line is a single word: chosen only when nothing else exists.
_ONE_WORD_LAST = 10_000.0
# At most this many hyphenated lines in a row.
_MOST_HYPHENS_IN_A_ROW = 2
# A line is very ragged when more than this share of it is empty (hyphenation may then help).
VERY_RAGGED = 0.3
# A word is hyphenated only when it is letters (apostrophes allowed) between punctuation.
_PLAIN_WORD = re.compile(r"^([\"'(\[\u201c\u2018]*)([^\W\d_]+(?:['\u2019][^\W\d_]+)*)"
                         r"([\"'.,;:!?)\]\u201d\u2019]*)$")
_LIST_MARKER = re.compile(r"^(?:[•\-*]|\d{1,3}[.)])$")


@dataclass(frozen=True, slots=True)
class Piece:
    """Part of a paragraph: `joined` says what separates it from the piece before it."""

    text: str
    width: float  # at the size being set
    joined: str  # " " (a space: a word starts here) or "" (inside a word: a possible hyphen)


@dataclass(frozen=True, slots=True)
class Broken:
    """A paragraph's lines: each line's text (with its hyphen) and width, and the cost."""

    lines: tuple[tuple[str, float], ...]
    cost: float


def is_list_marker(word: str) -> bool:
    """Whether a paragraph's first word makes it a list item: •, -, *, or 1. / 1)."""
    return bool(_LIST_MARKER.match(word))


@functools.lru_cache(maxsize=8)
def _dictionary(language: str) -> pyphen.Pyphen:
    found = pyphen.language_fallback(language)
    if found is None:
        raise ValueError(f"no hyphenation patterns for the language {language!r}")
    return pyphen.Pyphen(lang=found, left=2, right=2)


def check_language(language: str | None) -> None:
    """Raise ValueError, with a clear message, for a language pyphen does not know."""
    if language is not None:
        _dictionary(language)


@functools.lru_cache(maxsize=16384)
def syllables(word: str, language: str) -> tuple[str, ...]:
    """`word` cut where it may be hyphenated (2 letters at least each side), or whole.

    Words with digits, underscores or code characters are never cut.
    >>> syllables("hyphenation", "en")
    ('hy', 'phen', 'a', 'tion')
    >>> syllables("x_max", "en"), syllables("21st", "en")
    (('x_max',), ('21st',))
    """
    match = _PLAIN_WORD.match(word)
    if match is None or len(match[2]) < 4:
        return (word,)
    lead, core, _ = match.groups()
    cuts = [len(lead) + at for at in _dictionary(language).positions(core)]
    if not cuts:
        return (word,)
    edges = [0, *cuts, len(word)]
    return tuple(word[start:end] for start, end in itertools.pairwise(edges))


def pieces_of(words: Sequence[tuple[str, float]], size: float,
              syllable_widths: dict[str, tuple[tuple[str, float], ...]] | None) -> list[Piece]:
    """The paragraph's words as pieces at `size`; `syllable_widths` (1 pt widths) cuts words."""
    pieces: list[Piece] = []
    for word, unit in words:
        parts = syllable_widths.get(word) if syllable_widths else None
        if not parts or len(parts) == 1:
            pieces.append(Piece(word, unit * size, " "))
            continue
        for index, (part, part_unit) in enumerate(parts):
            pieces.append(Piece(part, part_unit * size, "" if index else " "))
    return pieces


def break_pieces(pieces: Sequence[Piece], *, width: float, space: float, hyphen: float,
                 indent: float = 0.0) -> Broken | None:
    """The best breaks for a paragraph of `pieces`, or None when a piece alone is too wide.

    Lines after the first are `indent` narrower (a list item's hanging indent). The fewest
    lines come first, then the least cost. The cheapest way to set each prefix of the
    paragraph (fewest lines, then least cost) is all a longer prefix needs, so one state per
    prefix is kept.
    """
    count = len(pieces)
    if count == 0:
        return Broken((("", 0.0),), 0.0)
    starts = [0.0] * count  # where each piece starts, from the start of the paragraph
    ends = [0.0] * count
    word = [0] * count  # which word each piece belongs to
    position, words = 0.0, 0
    for index, piece in enumerate(pieces):
        if index and piece.joined:
            position += space
            words += 1
        starts[index] = position
        position += piece.width
        ends[index] = position
        word[index] = words
    several_words = words > 0
    inside = [False] * (count + 1)  # a break before this piece is inside a word
    for index in range(1, count):
        inside[index] = not pieces[index].joined

    # For each prefix pieces[:end]: lines, cost, where its last line starts, hyphens in a row.
    lines = [0] * (count + 1)
    costs = [0.0] * (count + 1)
    before = [-1] * (count + 1)
    hyphens = [0] * (count + 1)
    for end in range(1, count + 1):
        last = end == count
        hyphenated = inside[end]
        right = ends[end - 1] + (hyphen if hyphenated else 0.0)
        found_lines, found_cost, found_start = count + 1, 0.0, -1
        for start in range(end - 1, -1, -1):
            if start and before[start] < 0:
                continue  # that prefix could not be set
            available = width - indent if start else width
            used = right - starts[start]
            if used > available:
                if start == end - 1:
                    return None  # a single piece wider than the line
                break
            if hyphenated and hyphens[start] >= _MOST_HYPHENS_IN_A_ROW:
                continue
            if last:
                cost = _ONE_WORD_LAST if several_words and word[start] == word[end - 1] else 0.0
            else:
                slack = (available - used) / available if available > 0 else 0.0
                cost = _RAGGED * slack * slack + (_HYPHEN_COST if hyphenated else 0.0)
            total = costs[start] + cost
            if lines[start] + 1 < found_lines or (lines[start] + 1 == found_lines
                                                   and total < found_cost):
                found_lines, found_cost, found_start = lines[start] + 1, total, start
        lines[end], costs[end], before[end] = found_lines, found_cost, found_start
        hyphens[end] = hyphens[found_start] + 1 if hyphenated and found_start >= 0 else 0
    return _chosen(pieces, before, costs[count], space, hyphen)


def _chosen(pieces: Sequence[Piece], before: list[int], cost: float, space: float,
            hyphen: float) -> Broken:
    breaks: list[int] = []
    end = len(pieces)
    while end > 0:
        breaks.append(end)
        end = before[end]
    breaks.reverse()
    result: list[tuple[str, float]] = []
    start = 0
    for end in breaks:
        text = "".join((piece.joined if index > start else "") + piece.text
                       for index, piece in enumerate(pieces[start:end], start))
        width = sum(piece.width for piece in pieces[start:end]) + space * sum(
            1 for piece in pieces[start + 1:end] if piece.joined)
        if end < len(pieces) and not pieces[end].joined:
            text, width = text + HYPHEN, width + hyphen
        result.append((text, width))
        start = end
    return Broken(tuple(result), cost)


def very_ragged(widths: Sequence[float], width: float) -> bool:
    """Whether a line other than the last (of these `widths`) is more than `VERY_RAGGED`
    empty."""
    return any(line < width * (1 - VERY_RAGGED) for line in widths[:-1])
