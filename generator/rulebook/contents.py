"""The table of contents: each entry's title, a dotted leader and its page, in that order.

reportlab's TableOfContents draws the dots and the page number from a callback that runs
before the title's text is written, so a PDF reader that extracts text (pdftotext, pypdf,
a screen reader) reads every entry's page number before its title, that is, after the
previous entry's title. Here each entry is one text object written left to right: the
title, the dots of the leader, the page number, all on one baseline, so
"Scoring . . . 6" extracts as one line. Each entry is also a link to its section.

The contents is laid out from the headings it lists, known before the book is laid out, so
its height never waits for another pass; an entry's text waits for its page number, which
only the end of the book knows (see late.py), and its document draws it then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.utils import simpleSplit  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import Flowable  # type: ignore[import-untyped, unused-ignore]

from generator.printing.fonts import text_width

NUMBER_ROOM = 28.0  # points kept for the page number at the right
GAP = 4.0           # between the text and the leader, at either end
DOT_PITCH = 6.0     # from one dot of the leader to the next
PLACEHOLDER = "(the contents appear once the book is laid out)"

Entry = tuple[int, str, str]  # a heading the contents lists: its level, title and key


class Numbering(Protocol):
    """The document, as the contents sees it: it knows the pages only once the book is laid
    out, so it draws the entries then."""

    def later(self, canvas: Any, draw: Callable[[Any], None]) -> None:
        """Have `draw` run on the canvas once the book is laid out, as if run now."""

    def listed_page(self, index: int) -> int:
        """The page of the contents' entry `index` (0 for the first): once laid out."""


class ContentsLine(Flowable):  # type: ignore[misc]
    """One entry: `title` in `style` (wrapped if it must be), leader, page number, link.

    With a `numbering`, the text waits for the page of entry `index`; without one (the
    placeholder) it is drawn at once, with no number."""

    def __init__(self, *, title: str, key: str, style: ParagraphStyle,
                 numbering: Numbering | None = None, index: int = 0) -> None:
        super().__init__()
        self.title = title
        self.key = key
        self.style = style
        self.numbering = numbering
        self.index = index
        self.lines: list[str] = []

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        room = availWidth - self.style.leftIndent - NUMBER_ROOM
        self.lines = simpleSplit(self.title, self.style.fontName, self.style.fontSize, room)
        self.width = availWidth
        self.height = len(self.lines) * self.style.leading
        return self.width, self.height

    def getSpaceBefore(self) -> float:
        return float(self.style.spaceBefore)

    def getSpaceAfter(self) -> float:
        return float(self.style.spaceAfter)

    def draw(self) -> None:
        if self.key:
            self.canv.linkRect("", self.key, (self.style.leftIndent, 0, self.width, self.height),
                               relative=1)
        numbering = self.numbering
        if numbering is None:
            self._write(self.canv, "")
        else:
            numbering.later(self.canv, lambda canvas: self._write(
                canvas, str(numbering.listed_page(self.index))))

    def _write(self, canvas: Any, page: str) -> None:
        """The entry as one text object: its title's lines, then the leader and `page`."""
        style = self.style
        font, size, leading = style.fontName, style.fontSize, style.leading
        left = style.leftIndent
        text = canvas.beginText()
        text.setFont(font, size)
        text.setFillColor(style.textColor)
        baseline = self.height - size
        for number, line in enumerate(self.lines):
            baseline = self.height - size - number * leading
            text.setTextOrigin(left, baseline)
            text.textOut(line)
        last = self.lines[-1] if self.lines else ""
        start = left + text_width(last, font, size) + GAP
        end = self.width - text_width(page, font, size) - GAP
        if page:
            for x in leader(start, end, text_width(".", font, size)):
                text.setTextOrigin(x, baseline)
                text.textOut(".")
            text.setTextOrigin(self.width - text_width(page, font, size), baseline)
            text.textOut(page)
        canvas.drawText(text)


def leader(start: float, end: float, dot: float) -> list[float]:
    """Where the leader's dots go between `start` and `end`: on a grid of DOT_PITCH points,
    so the dots of every entry line up down the page.

    >>> leader(10.0, 30.0, 2.0)
    [12.0, 18.0, 24.0]
    """
    first = -(-start // DOT_PITCH) * DOT_PITCH
    count = max(0, int((end - dot - first) // DOT_PITCH) + 1)
    return [first + index * DOT_PITCH for index in range(count)]


class Contents(Flowable):  # type: ignore[misc]
    """The contents: one line for each heading `listing` names, numbered by its document.

    Until it is given its headings it shows a placeholder."""

    def __init__(self, styles: list[ParagraphStyle]) -> None:
        super().__init__()
        self.styles = styles
        self.entries: list[Entry] = []
        self.numbering: Numbering | None = None
        self.lines: list[ContentsLine] = []

    def listing(self, entries: Sequence[Entry], numbering: Numbering) -> None:
        """List `entries` (in their order), numbered by `numbering` once the book is laid out."""
        self.entries = list(entries)
        self.numbering = numbering

    def _lines(self) -> list[ContentsLine]:
        if not self.entries or self.numbering is None:
            return [ContentsLine(title=PLACEHOLDER, key="", style=self.styles[-1])]
        return [ContentsLine(title=title, key=key, numbering=self.numbering, index=index,
                             style=self.styles[min(level, len(self.styles) - 1)])
                for index, (level, title, key) in enumerate(self.entries)]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.lines = self._lines()
        height = 0.0
        for index, line in enumerate(self.lines):
            height += line.wrap(availWidth, availHeight)[1] + line.getSpaceAfter()
            if index:
                height += line.getSpaceBefore()
        self.width = availWidth
        self.height = height
        return availWidth, height

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        return list(self._lines())

    def draw(self) -> None:
        y = self.height
        for index, line in enumerate(self.lines):
            if index:
                y -= line.getSpaceBefore()
            y -= line.height
            line.drawOn(self.canv, 0, y)
            y -= line.getSpaceAfter()
