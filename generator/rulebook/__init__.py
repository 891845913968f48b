"""The rulebook of a deck's base game: how to play, the deck's cards, the clarifications.

    write_rulebook(path, deck, paper="a4", appendix=False)  -> RulebookSummary
    rulebook_papers(targets), rulebook_filename(ident, paper): which books a build makes

Each game has a book maker (`books`) and a folder of jinja2 templates
(templates/rulebook/<game>/), rendered in a sandbox with autoescaping into a small XML
markup, which `markup` turns into reportlab flowables. Every number the rules quote and
every clarification come from the engine, and every font is embedded DejaVu.
"""

from __future__ import annotations

from .document import SectionPage
from .papers import PAPER_NAMES, rulebook_filename, rulebook_papers
from .summary import RulebookSummary
from .writer import render_markup, write_rulebook

__all__ = ["PAPER_NAMES", "RulebookSummary", "SectionPage", "render_markup", "rulebook_filename",
           "rulebook_papers", "write_rulebook"]
