"""Text from people and files, made safe to print on a terminal."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text

# C0 and C1 controls (ESC starts every terminal escape), and the invisible marks that
# reorder or hide text.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str, *, lines: bool = False) -> str:
    r"""`text` without control characters, terminal escapes among them. Tabs become spaces,
    and newlines too unless `lines`. Whatever hrdeck prints from a deck, a file name or a
    player goes through it.

    >>> printable("\x1b[2Jhello\tthere\x07")
    '[2Jhello there'
    """
    text = text.replace("\t", " ")
    return _CONTROL.sub("", text if lines else text.replace("\n", " "))


def plain(text: str, style: str = "") -> Text:
    """A rich `Text` of `text` made printable (newlines kept), never read as markup."""
    from rich.text import Text

    return Text(printable(text, lines=True), style=style)
