"""Rulebook markup to platypus flowables.

The templates write a small XML vocabulary (documented in templates/rulebook/README.md).
It is read with the standard XML parser, so deck text that the templates escaped comes back
as character data, and every piece of character data is escaped again on its way into
reportlab's paragraph markup. The only tags reportlab ever sees are the ones this module
writes: `<font name=...>` with our own font names, and `<br/>`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import (  # type: ignore[import-untyped, unused-ignore]
    Flowable,
    KeepInFrame,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import HRFlowable  # type: ignore[import-untyped, unused-ignore]

from generator.printing.composed import Composed

from .card_pictures import BookCards, CardRow, UnknownCard, card_width
from .contents import Contents
from .cover import BookCover, cover_flowables
from .fonts import BOLD, MONO
from .hyphens import Para
from .rows import long_table
from .styles import (
    Palette,
    TableLook,
    box_commands,
    row_commands,
    table_commands,
)

INLINE_FONTS = {"b": BOLD, "code": MONO}
PARAGRAPH_CLASSES = ("body", "lead", "small", "note", "centre", "title", "title-more",
                     "subtitle", "tagline")
CELL_CLASSES = ("cell", "cell-small", "cell-mono")
HEADING_LEVELS = {"h1": 0, "h2": 1}


class MarkupError(ValueError):
    """The rendered document is not valid rulebook markup: a bug in a template."""


class Heading(Para):
    """A section heading: the document template bookmarks it and lists it in the contents."""

    def __init__(self, markup: str, style: ParagraphStyle, *, level: int, key: str,
                 plain: str, in_contents: bool) -> None:
        super().__init__(markup, style)
        self.level = level
        self.key = key
        self.plain = plain
        self.markup = markup
        self.in_contents = in_contents


def inline(element: ET.Element) -> str:
    """The reportlab paragraph markup for an element's content, every piece of text escaped.

    >>> inline(ET.fromstring('<p>1 &lt; 2 &amp; <b>bold</b><br/>next</p>'))
    '1 &lt; 2 &amp; <font name="hrdeck-DejaVuSans-Bold">bold</font><br/>next'
    """
    parts = [escape(element.text or "")]
    for child in element:
        if child.tag == "br":
            parts.append("<br/>")
        elif child.tag in INLINE_FONTS:
            parts.append(f'<font name="{INLINE_FONTS[child.tag]}">{inline(child)}</font>')
        else:
            raise MarkupError(f"<{child.tag}> cannot appear inside <{element.tag}>.")
        parts.append(escape(child.tail or ""))
    return "".join(parts)


def plain_text(element: ET.Element) -> str:
    """The element's text alone, whitespace collapsed: for PDF bookmarks."""
    return " ".join("".join(element.itertext()).split())


def parse_document(document: str) -> ET.Element:
    """Parse rendered rulebook markup; a MarkupError points at the line of a broken template."""
    try:
        return ET.fromstring(document)
    except ET.ParseError as error:
        line = error.position[0]
        lines = document.splitlines()
        shown = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        raise MarkupError(
            f"The rendered rulebook is not well-formed ({error}): {shown!r}") from None


Cell = Para | list[Flowable]  # a table cell: words, or cards


@dataclass
class Converter:
    """Turns rulebook markup into flowables for a frame `width` points wide."""

    styles: dict[str, ParagraphStyle]
    palette: Palette
    width: float
    contents: Contents | None = None
    cards: BookCards | None = None  # the deck's cards, for <card> and <cards>
    cover: BookCover | None = None  # the layout's cover, for <cover>

    def story(self, root: ET.Element) -> list[Flowable]:
        if root.tag != "rulebook":
            raise MarkupError(f"The document's root is <{root.tag}>, not <rulebook>.")
        return self.blocks(root, self.width)

    def blocks(self, parent: ET.Element, width: float, *, para: str = "body") -> list[Flowable]:
        flowables: list[Flowable] = []
        for element in parent:
            for flowable in self.block(element, width, para=para):
                previous = flowables[-1] if flowables else None
                if (isinstance(flowable, KeepTogether) and isinstance(previous, Paragraph)
                        and previous.style.keepWithNext):
                    # reportlab cannot keep a heading with a block kept together: join them
                    flowables[-1] = KeepTogether([previous, *_unkept([flowable])])
                else:
                    flowables.append(flowable)
        return flowables

    def block(self, element: ET.Element, width: float, *, para: str) -> list[Flowable]:
        handler: Callable[[ET.Element, float, str], list[Flowable]] | None = {
            "p": self._paragraph, "h1": self._heading, "h2": self._heading,
            "h3": self._minor_heading, "ul": self._list, "ol": self._list,
            "table": self._table, "box": self._box, "keep": self._keep,
            "onepage": self._one_page, "pagebreak": self._page_break,
            "space": self._space, "rule": self._rule, "contents": self._contents,
            "card": self._card, "cards": self._cards, "cover": self._cover,
        }.get(element.tag)
        if handler is None:
            raise MarkupError(f"<{element.tag}> is not a block of rulebook markup.")
        return handler(element, width, para)

    def style(self, name: str, allowed: tuple[str, ...]) -> ParagraphStyle:
        if name not in allowed:
            raise MarkupError(f'There is no style "{name}"; the styles are {", ".join(allowed)}.')
        return self.styles[name]

    def _paragraph(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        name = element.get("class", para)
        return [Para(inline(element), self.style(name, (*PARAGRAPH_CLASSES, "box")))]

    def _heading(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        key = element.get("key")
        if not key:
            raise MarkupError(f"<{element.tag}> needs a key for its bookmark.")
        return [Heading(inline(element), self.styles[element.tag],
                        level=HEADING_LEVELS[element.tag], key=key, plain=plain_text(element),
                        in_contents=element.get("contents", "yes") == "yes")]

    def _minor_heading(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        return [Para(inline(element), self.styles["h3"])]

    def _list(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        items: list[Flowable] = []
        for number, item in enumerate(element, start=1):
            if item.tag != "li":
                raise MarkupError(f"<{element.tag}> holds <li> items, not <{item.tag}>.")
            bullet = f"{number}." if element.tag == "ol" else "•"
            style = self.styles["box-li" if para == "box" else "li"]
            items.append(Para(inline(item), style, bulletText=bullet))
        return items

    def _table(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        header = element.get("header", "no") == "yes"
        rows: list[list[Cell]] = []
        for row in element:
            if row.tag != "tr":
                raise MarkupError(f"<table> holds <tr> rows, not <{row.tag}>.")
            cells: list[Cell] = []
            for cell in row:
                if cell.tag not in ("th", "td"):
                    raise MarkupError(f"<tr> holds <th> and <td> cells, not <{cell.tag}>.")
                name = "cell-head" if cell.tag == "th" else cell.get("class", "cell")
                pictures = cell.findall("card")
                if pictures:
                    cells.append(self._cards(cell, width, para))
                    continue
                cells.append(Para(inline(cell), self.style(name, (*CELL_CLASSES, "cell-head"))))
            rows.append(cells)
        if not rows:
            return []
        columns = max(map(len, rows))
        for row_cells in rows:
            row_cells.extend(Para("", self.styles["cell"])
                             for _ in range(columns - len(row_cells)))
        shares = [float(part) for part in element.get("widths", "").split(",") if part.strip()]
        if len(shares) != columns:
            shares = [1.0] * columns
        widths = [width * share / sum(shares) for share in shares]
        look = TableLook(header=self.palette.accent if element.get("colour") != "second"
                         else self.palette.second)
        if element.get("long") == "yes":
            return [*self._row_tables(rows, widths, look, header=header), Spacer(1, 6)]
        table = Table(rows, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT",
                      style=TableStyle(table_commands(look, header=header, rows=len(rows))))
        if element.get("split", "yes") == "no":
            return [KeepTogether([table, Spacer(1, 6)])]
        return [table, Spacer(1, 6)]

    def _row_tables(self, rows: list[list[Cell]], widths: list[float], look: TableLook,
                    *, header: bool) -> list[Flowable]:
        """A long table as one small table a row: the same look, but laid out in linear time
        (reportlab re-measures all remaining rows each time a long table splits). The header
        row is repeated at the top of every page the table reaches."""
        tables: list[Table] = []
        for index, row in enumerate(rows):
            is_header = header and index == 0
            shaded = not is_header and (index - (1 if header else 0)) % 2 == 1
            tables.append(Table([row], colWidths=widths, hAlign="LEFT", style=TableStyle(
                row_commands(look, header=is_header, shaded=shaded))))
        if not header:
            return list(tables)
        return long_table(tables[0], tables[1:])

    def _box(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        inner = width - 18  # the box's left and right padding
        content = self.blocks(element, inner, para="box")
        if not content:
            return []
        colour = self.palette.second if element.get("colour") == "second" else self.palette.accent
        rows: list[list[list[Flowable]]] = []
        joined = False  # a heading shares its row with what follows, so they stay together
        for flowable in content:
            if joined:
                rows[-1][0].append(flowable)
            else:
                rows.append([[flowable]])
            joined = bool(getattr(flowable.style, "keepWithNext", 0)) if isinstance(
                flowable, Paragraph) else False
        table = Table(rows, colWidths=[width], hAlign="LEFT",
                      style=TableStyle(box_commands(colour)))
        return [Spacer(1, 4), table, Spacer(1, 8)]

    def _keep(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        return [KeepTogether(_unkept(self.blocks(element, width, para=para)))]

    def _one_page(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        """Content that must stay on one page: shrunk to fit if it ever would not."""
        content = _unkept(self.blocks(element, width, para=para))
        return [KeepInFrame(0, 0, content, mode="shrink", name=element.get("name", "one page"))]

    def _page_break(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        return [PageBreak()]

    def _space(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        return [Spacer(1, float(element.get("height", "12")))]

    def _rule(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        return [HRFlowable(width="100%", thickness=1.2, color=colors.HexColor(self.palette.accent),
                           spaceBefore=4, spaceAfter=10)]

    def _cover(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        space = float(element.get("height", "100"))
        return cover_flowables(self.cover, space, self.styles["subtitle"])

    def _sides(self, elements: list[ET.Element]) -> list[Composed]:
        if self.cards is None:
            raise MarkupError("This rulebook has no cards to show.")
        try:
            return [self.cards.composed(self.cards.face(element)) for element in elements]
        except UnknownCard as error:
            raise MarkupError(str(error)) from None

    def _card(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        return self._cards(element, width, para, [element])

    def _cards(self, element: ET.Element, width: float, para: str,
               cards: list[ET.Element] | None = None) -> list[Flowable]:
        cards = cards if cards is not None else [card for card in element if card.tag == "card"]
        if not cards:
            return []
        sides = self._sides(cards)
        return [CardRow(sides, card_width(cards[0]))]

    def _contents(self, element: ET.Element, width: float, para: str) -> list[Flowable]:
        if self.contents is None:
            self.contents = Contents([self.styles["toc0"], self.styles["toc1"]])
        return [self.contents]


def _unkept(flowables: list[Flowable]) -> list[Flowable]:
    """The flowables with every KeepTogether among them unpacked (nesting them misbehaves)."""
    flat: list[Flowable] = []
    for flowable in flowables:
        if isinstance(flowable, KeepTogether):
            flat.extend(_unkept(list(flowable._content)))
        else:
            flat.append(flowable)
    return flat
