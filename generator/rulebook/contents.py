"""The table of contents: each entry's title, a dotted leader and its page, in that order.

reportlab's TableOfContents draws the dots and the page number from a callback that runs
before the title's text is written, so a PDF reader that extracts text (pdftotext, pypdf,
a screen reader) reads every entry's page number before its title, that is, after the
previous entry's title. Here each entry is one text object written left to right: the
title, the dots of the leader, the page number, all on one baseline, so
"Scoring . . . 6" extracts as one line. Each entry is also a link to its section.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.utils import simpleSplit  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import Flowable  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus.tableofcontents import (  # type: ignore[import-untyped, unused-ignore]
    IndexingFlowable,
)

from generator.printing.fonts import text_width

TOC_ENTRY = "TOCEntry"
NUMBER_ROOM = 28.0  # points kept for the page number at the right
GAP = 4.0           # between the text and the leader, at either end
DOT_PITCH = 6.0     # from one dot of the leader to the next
PLACEHOLDER = "(the contents appear once the book is laid out)"


class ContentsLine(Flowable):  # type: ignore[misc]
    """One entry: `title` in `style` (wrapped if it must be), leader, page number, link."""

    def __init__(self, *, title: str, page: int | None, key: str, style: ParagraphStyle) -> None:
        super().__init__()
        self.title = title
        self.page = "" if page is None else str(page)
        self.key = key
        self.style = style
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
        canvas, style = self.canv, self.style
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
        end = self.width - text_width(self.page, font, size) - GAP
        if self.page:
            for x in leader(start, end, text_width(".", font, size)):
                text.setTextOrigin(x, baseline)
                text.textOut(".")
            text.setTextOrigin(self.width - text_width(self.page, font, size), baseline)
            text.textOut(self.page)
        canvas.drawText(text)
        if self.key:
            canvas.linkRect("", self.key, (left, 0, self.width, self.height), relative=1)


def leader(start: float, end: float, dot: float) -> list[float]:
    """Where the leader's dots go between `start` and `end`: on a grid of DOT_PITCH points,
    so the dots of every entry line up down the page.

    >>> leader(10.0, 30.0, 2.0)
    [12.0, 18.0, 24.0]
    """
    first = -(-start // DOT_PITCH) * DOT_PITCH
    count = max(0, int((end - dot - first) // DOT_PITCH) + 1)
    return [first + index * DOT_PITCH for index in range(count)]


class Contents(IndexingFlowable):  # type: ignore[misc]
    """The contents, filled from the headings the document template reports (TOCEntry:
    level, title, page, key). A pass prints what the previous pass found; the book is
    laid out again until two passes agree."""

    def __init__(self, styles: list[ParagraphStyle]) -> None:
        super().__init__()
        self.styles = styles
        self.entries: list[tuple[int, str, int, str]] = []
        self.previous: list[tuple[int, str, int, str]] = []
        self.lines: list[ContentsLine] = []

    def beforeBuild(self) -> None:
        self.previous, self.entries = self.entries, []

    def notify(self, kind: str, stuff: Any) -> None:
        if kind == TOC_ENTRY:
            level, title, page, key = stuff
            self.entries.append((int(level), str(title), int(page), str(key)))

    def isSatisfied(self) -> bool:
        return self.entries == self.previous

    def _lines(self) -> list[ContentsLine]:
        if not self.previous:
            return [ContentsLine(title=PLACEHOLDER, page=None, key="", style=self.styles[-1])]
        return [ContentsLine(title=title, page=page, key=key,
                             style=self.styles[min(level, len(self.styles) - 1)])
                for level, title, page, key in self.previous]

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
