"""The rulebook's page: one frame, a footer with the deck's name and "page N of M".

The contents' page numbers and the page total both need the whole book laid out first, but
neither changes the layout: the contents is as tall whatever its numbers (it is laid out
from the headings, known beforehand), and the footer sits below the frame. So the book is
laid out and drawn once, and those numbers are drawn last, each in its place (late.py).
Only if the headings the contents listed are not the ones the book reported (a heading
where the story walk did not look) is the book laid out again, listing those. The canvas
starts in our embedded DejaVu Sans (`initialFontName`), so no base-14 font is ever named in
the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import (  # type: ignore[import-untyped, unused-ignore]
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
)

from generator.printing.fonts import text_width
from generator.printing.units import mm

from .contents import Contents, Entry
from .fonts import REGULAR, register_rulebook_fonts
from .late import LateInk
from .markup import Heading
from .styles import MUTED, RULE

MARGINS_MM = (20.0, 20.0, 20.0, 22.0)  # left, right, top, bottom
FOOTER_PT = 7.5


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionPage:
    """Where a heading of the contents landed: its level (0 sections, 1 subsections)."""

    title: str
    level: int
    page: int
    key: str
    in_contents: bool


class RulebookDocument(BaseDocTemplate):  # type: ignore[misc]
    """A BaseDocTemplate that bookmarks headings, feeds the contents and numbers pages."""

    def __init__(self, filename: Path, *, page_size: tuple[float, float], deck_name: str,
                 title: str, game_title: str) -> None:
        register_rulebook_fonts()
        left, right, top, bottom = (mm(value) for value in MARGINS_MM)
        super().__init__(
            str(filename), pagesize=page_size, leftMargin=left, rightMargin=right,
            topMargin=top, bottomMargin=bottom, title=title, author="hrdeck",
            creator="hrdeck", subject=f"Rules of {game_title}, played with {deck_name}",
            invariant=1, pageCompression=1, initialFontName=REGULAR, initialFontSize=10,
            initialLeading=12, lang="en", displayDocTitle=1,
        )
        self.deck_name = deck_name
        self.sections: dict[str, SectionPage] = {}
        self.listed: list[SectionPage] = []  # the headings the contents lists, in order
        self.pages_done = 0
        self.passes = 0
        self.late = LateInk()
        frame = Frame(left, bottom, page_size[0] - left - right, page_size[1] - top - bottom,
                      id="text", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        # the footer is drawn after the page's text, so text extraction reads it last
        self.addPageTemplates([PageTemplate(id="page", frames=[frame], onPageEnd=self._footer)])

    @property
    def frame_width(self) -> float:
        return float(self.width)

    def build_book(self, story: Sequence[Flowable], *, max_passes: int) -> int:
        """Lay out and draw `story`, fill in the late numbers and save; say how many passes
        that took (one, unless the contents had to be laid out again)."""
        expected = contents_entries(story)
        edits: list[tuple[Any, ...]] = []
        # as in multiBuild: platypus notes here how to undo what it changes in the story
        # (keepWithNext), and the file is saved below, once the numbers are in
        self._multiBuildEdits = edits.append
        self._doSave = 0
        self.passes = 0
        try:
            for _ in range(max_passes):
                self.passes += 1
                for contents in reported(story, Contents):
                    contents.listing(expected, self)
                self.build(list(story))
                found = [(section.level, section.title, section.key) for section in self.listed]
                if found == expected:
                    self.late.fill(self.canv)
                    self.canv.save()
                    return self.passes
                expected = found
                _undo(edits)
        finally:
            _undo(edits)
            del self._multiBuildEdits
        raise RuntimeError(f"The rulebook's contents did not settle in {max_passes} passes.")

    def later(self, canvas: Any, draw: Callable[[Any], None]) -> None:
        self.late.reserve(canvas, draw)

    def listed_page(self, index: int) -> int:
        return self.listed[index].page

    def beforeDocument(self) -> None:
        self.sections = {}
        self.listed = []
        self.pages_done = 0
        self.late = LateInk()

    def afterFlowable(self, flowable: Flowable) -> None:
        if not isinstance(flowable, Heading):
            return
        self.canv.bookmarkPage(flowable.key)
        self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level,
                                  closed=False)
        section = SectionPage(title=flowable.plain, level=flowable.level, page=self.page,
                              key=flowable.key, in_contents=flowable.in_contents)
        self.sections[flowable.key] = section
        if flowable.in_contents:
            self.listed.append(section)

    def afterPage(self) -> None:
        self.pages_done = self.page

    def _footer(self, canvas: Any, document: Any) -> None:
        width, _ = self.pagesize
        left, right = self.leftMargin, width - self.rightMargin
        y = self.bottomMargin - mm(11)
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor(RULE))
        canvas.setLineWidth(0.5)
        canvas.line(left, y + mm(4), right, y + mm(4))
        canvas.setFillColor(colors.HexColor(MUTED))
        canvas.setFont(REGULAR, FOOTER_PT)
        canvas.drawString(left, y, _fit(self.deck_name, right - left - 80))
        self.late.reserve(canvas, partial(self._page_number, self.page, right, y))
        canvas.restoreState()

    def _page_number(self, page: int, right: float, y: float, canvas: Any) -> None:
        """"page N of M" ending at `right`: drawn once the book is done and M is known."""
        number = f"page {page} of {self.pages_done}"
        text = canvas.beginText(right - canvas.stringWidth(number, REGULAR, FOOTER_PT), y)
        text.setFont(REGULAR, FOOTER_PT)
        text.textLine(number)
        canvas.drawText(text)


def reported(story: Sequence[Flowable], kind: type[Any]) -> Iterator[Any]:
    """The flowables of `kind` that platypus hands the document one by one, in order: the
    story's own and those inside a KeepTogether (which gives its content back to the frame).
    Those inside a table or a KeepInFrame are drawn by their container, unseen."""
    for flowable in story:
        if isinstance(flowable, KeepTogether):
            yield from reported(flowable._content, kind)
        elif isinstance(flowable, kind):
            yield flowable


def contents_entries(story: Sequence[Flowable]) -> list[Entry]:
    """The headings the contents will list, in the order the book will report them."""
    return [(heading.level, heading.plain, heading.key)
            for heading in reported(story, Heading) if heading.in_contents]


def _undo(edits: list[tuple[Any, ...]]) -> None:
    """Undo what a pass changed in the story, so the next pass starts from it as written."""
    for undo, *arguments in edits:
        undo(*arguments)
    edits.clear()


def _fit(text: str, width: float) -> str:
    """`text`, cut with an ellipsis to fit `width` points of footer type."""
    if text_width(text, REGULAR, FOOTER_PT) <= width:
        return text
    while text and text_width(text + "…", REGULAR, FOOTER_PT) > width:
        text = text[:-1]
    return text.rstrip() + "…"
