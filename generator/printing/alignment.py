"""How a text block is aligned: centred when it is short, left when it is prose or a list.

A card rule of a sentence or two reads best centred; several paragraphs, or a list, read
best from a straight left edge (centred, each line starts somewhere else). A list item is
a paragraph whose first word is a bullet ("•", "-", "*") or a number ("1." or "1)"); it
wraps with a hanging indent (see `generator.printing.text.fit`).
"""

from __future__ import annotations

from typing import Literal

from .breaks import is_list_marker
from .text import clean

Alignment = Literal["centre", "left"]
# Short text: one paragraph of at most this many characters, on at most this many lines.
SHORT_CHARACTERS = 140
SHORT_LINES = 3


def paragraphs_of(text: str) -> list[str]:
    """The text's paragraphs (its lines), blank ones left out."""
    return [paragraph.strip() for paragraph in clean(text).split("\n") if paragraph.strip()]


def is_list_item(paragraph: str) -> bool:
    """Whether a paragraph starts with a bullet or a number and then has words."""
    words = paragraph.split(maxsplit=1)
    return len(words) == 2 and is_list_marker(words[0])


def choose_alignment(text: str, *, lines: int | None = None) -> Alignment:
    """"centre" for short text (one paragraph, ~3 lines, ~140 characters), else "left".

    `lines`, when known (the fitted text's line count), also counts.
    >>> choose_alignment("Skip the next player.")
    'centre'
    >>> choose_alignment("When a seven is played:\\n• say “seven”\\n• knock twice")
    'left'
    """
    paragraphs = paragraphs_of(text)
    if len(paragraphs) > 1 or any(is_list_item(paragraph) for paragraph in paragraphs):
        return "left"
    if sum(map(len, paragraphs)) > SHORT_CHARACTERS:
        return "left"
    if lines is not None and lines > SHORT_LINES:
        return "left"
    return "centre"
