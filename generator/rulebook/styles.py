"""Every paragraph and table style of the rulebook, built on our embedded DejaVu fonts.

reportlab's sample stylesheet, its ParagraphStyle defaults and TableOfContents' level styles
all name Helvetica or Times; nothing here inherits from them. Each style sets its font, its
bullet font and its colours itself, so no base-14 font can reach the PDF.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.enums import (  # type: ignore[import-untyped, unused-ignore]
    TA_CENTER,
    TA_LEFT,
)
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped, unused-ignore]

from .fonts import BOLD, MONO, REGULAR, register_rulebook_fonts

INK = "#222222"
MUTED = "#5a5a5a"
RULE = "#c9c9c9"
SHADE = "#f3f1ec"
BODY_PT = 10.0
LEADING = 1.38


@dataclass(frozen=True, slots=True)
class Palette:
    """The deck's two accent colours (already checked to be #rrggbb by the deck loader)."""

    accent: str = "#1f5f8b"
    second: str = "#b0452c"


def _style(name: str, *, font: str = REGULAR, size: float = BODY_PT, colour: str = INK,
           before: float = 0.0, after: float = 4.0, align: int = TA_LEFT,
           keep_with_next: bool = False, indent: float = 0.0, leading: float | None = None,
           ) -> ParagraphStyle:
    return ParagraphStyle(
        name, fontName=font, fontSize=size, leading=leading or round(size * LEADING, 2),
        textColor=colors.HexColor(colour), spaceBefore=before, spaceAfter=after,
        alignment=align, keepWithNext=int(keep_with_next), leftIndent=indent,
        bulletFontName=REGULAR, bulletFontSize=size, bulletIndent=max(0.0, indent - 14),
        bulletColor=colors.HexColor(colour), allowWidows=0, allowOrphans=0,
        splitLongWords=1, wordWrap=None, underlineColor=colors.HexColor(colour),
    )


def paragraph_styles(palette: Palette) -> dict[str, ParagraphStyle]:
    """The styles a `<p class="...">`, heading, list item or table cell may use, by name."""
    register_rulebook_fonts()
    return {
        "body": _style("body"),
        "lead": _style("lead", size=11.5, after=8),
        "small": _style("small", size=8.5, colour=MUTED),
        "note": _style("note", size=9, colour=MUTED, after=6),
        "centre": _style("centre", align=TA_CENTER),
        "title": _style("title", font=BOLD, size=34, leading=40, colour=palette.accent,
                        align=TA_CENTER, after=10),
        "title-more": _style("title-more", size=19, leading=24, colour=palette.accent,
                             align=TA_CENTER, before=-4, after=10),
        "subtitle": _style("subtitle", size=15, align=TA_CENTER, after=8),
        "tagline": _style("tagline", size=12, colour=MUTED, align=TA_CENTER, after=6),
        "h1": _style("h1", font=BOLD, size=20, leading=25, colour=palette.accent, after=10,
                     keep_with_next=True),
        "h2": _style("h2", font=BOLD, size=13, leading=17, colour=palette.accent, before=10,
                     after=4, keep_with_next=True),
        "h3": _style("h3", font=BOLD, size=10.5, before=6, after=2, keep_with_next=True),
        "li": _style("li", indent=17, after=2.5),
        "box-li": _style("box-li", size=9.5, indent=17, after=2.5),
        "cell": _style("cell", size=9, after=0),
        "cell-small": _style("cell-small", size=8, colour=MUTED, after=0),
        "cell-head": _style("cell-head", font=BOLD, size=9, after=0, colour="#ffffff"),
        "cell-mono": _style("cell-mono", font=MONO, size=8, after=0, leading=10.5),
        "box": _style("box", size=9.5, after=3),
        "toc0": _style("toc0", font=BOLD, size=11, before=5, after=1),
        "toc1": _style("toc1", size=9.5, indent=14, after=0),
        "footer": _style("footer", size=7.5, colour=MUTED),
    }


@dataclass(frozen=True, slots=True)
class TableLook:
    """Colours of a table: the header band and the line between rows."""

    header: str
    grid: str = RULE
    zebra: str = SHADE


def _cell_commands(look: TableLook) -> list[tuple[object, ...]]:
    return [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 5),
        ("TOPPADDING", (0, 0), (-1, -1), 3.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor(look.grid)),
        ("FONT", (0, 0), (-1, -1), REGULAR, 9),
    ]


def table_commands(look: TableLook, *, header: bool, rows: int) -> list[tuple[object, ...]]:
    """TableStyle commands: padding, a coloured header band, thin rules, alternate shading."""
    commands = _cell_commands(look)
    first = 1 if header else 0
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(look.header)))
    for row in range(first + 1, rows, 2):
        commands.append(("BACKGROUND", (0, row), (-1, row), colors.HexColor(look.zebra)))
    return commands


def row_commands(look: TableLook, *, header: bool, shaded: bool) -> list[tuple[object, ...]]:
    """The commands of `table_commands` for a table of a single row."""
    commands = _cell_commands(look)
    if header or shaded:
        colour = look.header if header else look.zebra
        commands.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(colour)))
    return commands


def box_commands(colour: str) -> list[tuple[object, ...]]:
    """A shaded panel with a coloured bar down its left edge (worked examples, tips)."""
    return [
        ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(SHADE)),
        ("LINEBEFORE", (0, 0), (0, -1), 2.5, colors.HexColor(colour)),
        ("LEFTPADDING", (0, 0), (-1, -1), 10),
        ("RIGHTPADDING", (0, 0), (-1, -1), 8),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, 0), 7),
        ("BOTTOMPADDING", (0, -1), (-1, -1), 6),
        ("FONT", (0, 0), (-1, -1), REGULAR, 9),
    ]
