"""The rulebook: how to play Hidden Rules with a deck, its clarifications and its card list.

    write_rulebook(path, deck, paper="a4")  -> RulebookSummary
    rulebook_papers(targets), rulebook_filename(ident, paper): which books a build makes

The rules text lives in jinja2 templates (templates/rulebook/), rendered in a sandbox with
autoescaping into a small XML markup, which `markup` turns into reportlab flowables. Every
number the rules quote comes from the engine, the clarifications come from
`engine.games.upnover.clarifications`, and every font is embedded DejaVu.
"""

from __future__ import annotations

from .document import SectionPage
from .papers import PAPER_NAMES, rulebook_filename, rulebook_papers
from .summary import RulebookSummary
from .writer import render_markup, write_rulebook

__all__ = ["PAPER_NAMES", "RulebookSummary", "SectionPage", "render_markup", "rulebook_filename",
           "rulebook_papers", "write_rulebook"]
