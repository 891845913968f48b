"""The rulebook's page: one frame, a footer with the deck's name and "page N of M".

Contents and the page total both need the whole book laid out first, so the book is built
with `multiBuild`: a pass lays everything out and records where the headings fell and how
many pages there were, and the next pass prints those numbers. Building stops once a pass
changes nothing. The canvas starts in our embedded DejaVu Sans (`initialFontName`), so no
base-14 font is ever named in the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import (  # type: ignore[import-untyped, unused-ignore]
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
)
from reportlab.platypus.tableofcontents import (  # type: ignore[import-untyped, unused-ignore]
    IndexingFlowable,
)

from generator.printing.fonts import text_width
from generator.printing.units import mm

from .contents import TOC_ENTRY
from .fonts import REGULAR, register_rulebook_fonts
from .markup import Heading
from .styles import MUTED, RULE

MARGINS_MM = (20.0, 20.0, 20.0, 22.0)  # left, right, top, bottom
FOOTER_PT = 7.5
PAGE_COUNT = "PageCount"


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionPage:
    """Where a heading of the contents landed: its level (0 sections, 1 subsections)."""

    title: str
    level: int
    page: int
    key: str
    in_contents: bool


class PageTotal(IndexingFlowable):  # type: ignore[misc]
    """Invisible: remembers how many pages the last pass made, for "page N of M".

    The book is satisfied (no further pass) once two passes agree on the total.
    """

    def __init__(self) -> None:
        super().__init__()
        self.counted: int | None = None
        self.previous: int | None = None

    def beforeBuild(self) -> None:
        self.previous, self.counted = self.counted, None

    def notify(self, kind: str, stuff: Any) -> None:
        if kind == PAGE_COUNT:
            self.counted = int(stuff)

    def isSatisfied(self) -> bool:
        return self.counted is not None and self.counted == self.previous

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return (0.0, 0.0)

    def draw(self) -> None:
        pass


class RulebookDocument(BaseDocTemplate):  # type: ignore[misc]
    """A BaseDocTemplate that bookmarks headings, feeds the contents and numbers pages."""

    def __init__(self, filename: Path, *, page_size: tuple[float, float], deck_name: str,
                 title: str, game_title: str = "Hidden Rules") -> None:
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
        self.total = PageTotal()
        self.sections: dict[str, SectionPage] = {}
        frame = Frame(left, bottom, page_size[0] - left - right, page_size[1] - top - bottom,
                      id="text", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        # the footer is drawn after the page's text, so text extraction reads it last
        self.addPageTemplates([PageTemplate(id="page", frames=[frame], onPageEnd=self._footer)])

    @property
    def frame_width(self) -> float:
        return float(self.width)

    def beforeDocument(self) -> None:
        self.sections = {}

    def afterFlowable(self, flowable: Flowable) -> None:
        if not isinstance(flowable, Heading):
            return
        self.canv.bookmarkPage(flowable.key)
        self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level,
                                  closed=False)
        self.sections[flowable.key] = SectionPage(
            title=flowable.plain, level=flowable.level, page=self.page, key=flowable.key,
            in_contents=flowable.in_contents)
        if flowable.in_contents:
            self.notify(TOC_ENTRY, (flowable.level, flowable.plain, self.page, flowable.key))

    def afterPage(self) -> None:
        self.notify(PAGE_COUNT, self.page)

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
        total = self.total.previous
        number = f"page {self.page} of {total}" if total else f"page {self.page}"
        canvas.drawString(left, y, _fit(self.deck_name, right - left - 80))
        canvas.drawRightString(right, y, number)
        canvas.restoreState()


def _fit(text: str, width: float) -> str:
    """`text`, cut with an ellipsis to fit `width` points of footer type."""
    if text_width(text, REGULAR, FOOTER_PT) <= width:
        return text
    while text and text_width(text + "…", REGULAR, FOOTER_PT) > width:
        text = text[:-1]
    return text.rstrip() + "…"
