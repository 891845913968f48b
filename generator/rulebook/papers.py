"""Which rulebooks a build makes: one for each paper its print-and-play sheets are on.

A designer who builds `pnp-letter` prints on US Letter, and an A4 book printed there loses
its bottom 17.6 mm (the footer and page numbers with it), so the rulebook follows the
sheets: A4 sheets, an A4 book; Letter sheets, a Letter book; both, one book of each, named
by paper. A build with no print-and-play sheets (print-shop files only) gets an A4 book.

>>> rulebook_papers(("pnp-a4", "dtc", "pnp-letter")), rulebook_papers(("tgc",))
(('a4', 'letter'), ('a4',))
>>> rulebook_filename("base", "letter")
'base-rulebook-letter.pdf'
"""

from __future__ import annotations

from collections.abc import Iterable

PAPER_OF_TARGET = {"pnp-a4": "a4", "pnp-letter": "letter"}
DEFAULT_PAPER = "a4"
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}


def rulebook_papers(targets: Iterable[str]) -> tuple[str, ...]:
    """The papers to print the rulebook on for a build of `targets`, in target order."""
    papers = [PAPER_OF_TARGET[target] for target in targets if target in PAPER_OF_TARGET]
    return tuple(dict.fromkeys(papers)) or (DEFAULT_PAPER,)


def rulebook_filename(ident: str, paper: str) -> str:
    """The rulebook's file name: the deck's id and the paper, like the sheets' names."""
    return f"{ident}-rulebook-{paper}.pdf"
