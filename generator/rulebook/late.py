"""Ink put off until the whole book is laid out: the numbers only the end of the book knows.

The contents' page numbers and the footer's "of M" depend on where everything falls, but
never change where anything falls: the contents is as tall whatever its numbers, and the
footer sits below the frame. So the book is laid out and drawn once, and these few pieces
of text leave a mark in their page's content stream instead. Once the last page is done,
each is drawn into a scratch buffer and put in place of its mark, before the file is saved:
the stream reads exactly as if it had been drawn in order.

This leans on two details of reportlab's canvas: a page's drawing accumulates in
`canvas._code` (a list of lines) until `showPage` joins it into the page's `stream`, and
streams are only compressed when the document is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Draw = Callable[[Any], None]  # draws on the canvas it is given


@dataclass(frozen=True, slots=True)
class _Mark:
    page: int   # 1-based, as the canvas counts
    line: str   # the mark: a PDF comment alone on its line
    draw: Draw


class LateInk:
    """Marks left on the pages of one build, and what each is to be replaced with."""

    def __init__(self) -> None:
        self._marks: list[_Mark] = []

    def reserve(self, canvas: Any, draw: Draw) -> None:
        """Keep this point of the current page for `draw`, which runs at `fill`."""
        line = f"%hrdeck-late-{len(self._marks)}."
        canvas._code.append(line)
        self._marks.append(_Mark(page=canvas.getPageNumber(), line=line, draw=draw))

    def fill(self, canvas: Any) -> None:
        """Draw everything put off, each in place of its mark (every page must be shown)."""
        pages = canvas._doc.Pages.pages
        kept = canvas._code
        try:
            for mark in self._marks:
                canvas._code = []
                mark.draw(canvas)
                page = pages[mark.page - 1]
                page.stream = _replace_line(page.stream, mark.line, "\n".join(canvas._code))
        finally:
            canvas._code = kept
        self._marks.clear()


def _replace_line(stream: str, line: str, code: str) -> str:
    """`stream` with its one line reading `line` replaced by `code`.

    >>> _replace_line("q\\n%m.\\nQ\\n", "%m.", "BT ET")
    'q\\nBT ET\\nQ\\n'
    """
    marked = f"\n{line}\n"
    if stream.count(marked) != 1:
        raise RuntimeError(f"the mark {line!r} is not on its page exactly once")
    return stream.replace(marked, f"\n{code}\n" if code else "\n")
