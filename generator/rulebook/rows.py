"""A long table (the card lists) whose header band is repeated on every page it reaches.

reportlab's `Table(repeatRows=1)` repeats a header, but each time a long table splits it
measures every remaining row again, so a card list costs time in proportion to its length
times its pages. Here each row is a small table of its own, measured once per width, and a
split only adds up heights: a page holds the header and as many whole rows as fit, and the
rest starts on the next page under a copy of the header.

The converter hands platypus a long table as two blocks: the header with the first row (so a
heading kept with it never ends a page alone), then the other rows, which show the header
again whenever they begin a page.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, Table  # type: ignore[import-untyped, unused-ignore]


def long_table(header: Table, rows: list[Table]) -> list[Flowable]:
    """The blocks of a long table with a header: the header and first row, then the rest."""
    if len(rows) <= 1:
        return [HeadedRows(header, rows, header_always=True)]
    return [HeadedRows(header, rows[:1], header_always=True),
            HeadedRows(header, rows[1:], header_always=False)]


class HeadedRows(Flowable):  # type: ignore[misc]
    """Row tables under a header row, drawn as one block. The header is drawn when
    `header_always`, and otherwise only when the block begins a frame (a new page)."""

    def __init__(self, header: Table, rows: list[Table], *, header_always: bool,
                 measured: tuple[float | None, list[float]] = (None, [])) -> None:
        super().__init__()
        self.header = header
        self.rows = rows
        self.header_always = header_always
        self.with_header = header_always
        self._measured_at, self._heights = measured  # a split's pieces inherit the heights

    def _at_top(self) -> bool:
        """Whether platypus is placing this block at the top of a frame."""
        return bool(getattr(getattr(self, "_frame", None), "_atTop", False))

    def _measure(self, width: float) -> list[float]:
        """The header's height, then each row's, for a frame `width` wide (cached)."""
        if self._measured_at != width:
            self._heights = [table.wrap(width, 1e9)[1] for table in (self.header, *self.rows)]
            self._measured_at = width
        return self._heights

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        header, *rows = self._measure(availWidth)
        self.with_header = self.header_always or self._at_top()
        self.width = availWidth
        self.height = sum(rows) + (header if self.with_header else 0.0)
        return self.width, self.height

    def _piece(self, rows: slice, *, header_always: bool) -> HeadedRows:
        """Some of the rows, with the heights already measured for them."""
        header, *heights = self._heights
        return HeadedRows(self.header, self.rows[rows], header_always=header_always,
                          measured=(self._measured_at, [header, *heights[rows]]))

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        header, *rows = self._measure(availWidth)
        with_header = self.header_always or self._at_top()
        used, fitting = (header if with_header else 0.0), 0
        for height in rows:
            if used + height > availHeight:
                break
            used += height
            fitting += 1
        if fitting == len(self.rows):
            return [self]
        if fitting == 0:
            if not self._at_top():
                return []  # not even one row here: start on the next page, under the header
            return self._split_first_row(availWidth, availHeight - header, with_header)
        return [self._piece(slice(fitting), header_always=with_header),
                self._piece(slice(fitting, None), header_always=True)]

    def _split_first_row(self, width: float, height: float, with_header: bool) -> list[Any]:
        """A single row taller than a whole page: split inside it (reportlab's splitInRow)."""
        first = self.rows[0]
        first.splitInRow = 1
        pieces = first.split(width, height)
        if len(pieces) < 2:
            return []
        return [HeadedRows(self.header, [pieces[0]], header_always=with_header),
                HeadedRows(self.header, [*pieces[1:], *self.rows[1:]], header_always=True)]

    def draw(self) -> None:
        tables = (self.header, *self.rows) if self.with_header else self.rows
        heights = self._heights if self.with_header else self._heights[1:]
        y = self.height
        for table, height in zip(tables, heights, strict=True):
            y -= height
            table.drawOn(self.canv, 0, y)
