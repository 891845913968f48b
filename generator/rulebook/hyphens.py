"""Words too wide for a whole line: broken with a hyphen, never chopped silently.

reportlab's `splitLongWords` cuts a word wider than its line wherever the line ends and prints
no hyphen, so "Pneumonoultramicroscopic" in a narrow table column reads as two words. Its
hyphenation hook (`hyphenationLang`, a language name for pyphen or a callable) is tried first,
but it is asked about every word that ends a line, not only the ones too wide for any line.

`Para` gives each paragraph, when it learns its width, a hyphenator that only answers for a
word wider than a whole line: such a word is broken with a hyphen at the last letter that
fits. Every other word wraps whole, as before; nothing else is ever hyphenated. Only words
made of letters reach a hyphenator (reportlab's rule), so code such as
`count_rank(trick, card.rank)` is still cut without a hyphen, which cannot be misread as a
minus sign. The monospace style, which sets code, has no hyphenator at all.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import Paragraph  # type: ignore[import-untyped, unused-ignore]

from generator.printing.fonts import text_width

from .book_icons import with_icons
from .fonts import BOLD, MONO

MIN_PIECE = 2  # letters each side of a hyphen


class LongWords:
    """A reportlab hyphenator that breaks only the words wider than `width` points.

    It yields (head, tail) pairs, longest head first; reportlab takes the first head that fits
    the room left on the line, adds the hyphen, and asks again about the tail on the next line.

    >>> breaker = LongWords(width=30.0, font="hrdeck-DejaVuSans", size=10.0)
    >>> list(breaker("cat"))
    []
    >>> next(breaker("abcdefghij"))
    ('abcdefgh', 'ij')
    """

    def __init__(self, *, width: float, font: str, size: float) -> None:
        self.width = width
        self.font = font
        self.size = size

    def is_too_wide(self, word: str) -> bool:
        """Wider than a whole line, in the style's font or in bold (bold runs are wider)."""
        return max(text_width(word, self.font, self.size),
                   text_width(word, BOLD, self.size)) > self.width

    def __call__(self, word: str) -> Iterator[tuple[str, str]]:
        if not self.is_too_wide(word):
            return
        for cut in range(len(word) - MIN_PIECE, MIN_PIECE - 1, -1):
            yield word[:cut], word[cut:]


def hyphenating(style: ParagraphStyle, width: float) -> ParagraphStyle:
    """`style` with a `LongWords` hyphenator for lines `width` points wide (code: unchanged)."""
    if style.fontName == MONO:
        return style
    current = getattr(style, "hyphenationLang", None)
    if isinstance(current, LongWords) and current.width == width:
        return style
    return _child(getattr(style, "hrdeck_base", style), width)


@functools.lru_cache(maxsize=512)
def _child(base: ParagraphStyle, width: float) -> ParagraphStyle:
    child = ParagraphStyle(base.name, parent=base,
                           hyphenationLang=LongWords(width=width, font=base.fontName,
                                                     size=base.fontSize))
    child.hrdeck_base = base
    return child


class Para(Paragraph):  # type: ignore[misc]
    """A paragraph that hyphenates a word too wide for any of its lines instead of chopping it.

    The line width is only known when the paragraph is wrapped (a table cell, a list item,
    the frame), so that is when its style gets the hyphenator for that width.
    """

    style: ParagraphStyle

    def __init__(self, text: Any, style: ParagraphStyle, *args: Any, **kwargs: Any) -> None:
        if isinstance(text, str) and ":" in text:  # `:name:` of a built-in icon, drawn inline
            colour = style.textColor.hexval()[2:] if style.textColor is not None else "000000"
            text = with_icons(text, style.fontSize, f"#{colour}")
        super().__init__(text, style, *args, **kwargs)

    def wrap(self, availWidth: float, availHeight: float) -> Any:
        style = self.style
        self.style = hyphenating(style, availWidth - style.leftIndent - style.rightIndent)
        return super().wrap(availWidth, availHeight)
