"""The rulebook's text by section, without page footers, for tests about what it says."""

from __future__ import annotations

import re

from generator.rulebook.words import prose_line

from .conftest import Built
from .pdftext import flat


def body(book: Built) -> str:
    """Every page after the contents, footers removed, whitespace collapsed."""
    name = re.escape(prose_line(book.deck.info.name) if book.deck.info else "")
    footer = re.compile(rf" ?{name} page \d+ of \d+$")
    return flat(" ".join(footer.sub("", text) for text in book.texts[2:]))


def section(book: Built, key: str) -> str:
    """The text of one section: from its heading to the next heading listed in the contents.
    Headings are looked for in order, each after the one before."""
    text = body(book)
    starts: list[tuple[str, int]] = []
    position = 0
    for item in book.summary.sections:
        if item.in_contents:
            position = text.index(item.title, position)
            starts.append((item.key, position))
            position += len(item.title)
    for index, (found, start) in enumerate(starts):
        if found == key:
            end = starts[index + 1][1] if index + 1 < len(starts) else len(text)
            return text[start:end]
    raise KeyError(key)


SHARED_RUN = 8  # words in a row that would make a sentence of ours a copy of the seed's


def runs_of_words(text: str, length: int = SHARED_RUN) -> set[tuple[str, ...]]:
    """Every run of `length` words, lower case, punctuation and quote styles ignored."""
    words = re.findall(r"[a-z0-9']+", text.lower().replace("’", "'").replace("‘", "'"))
    return {tuple(words[index:index + length]) for index in range(len(words) - length + 1)}
