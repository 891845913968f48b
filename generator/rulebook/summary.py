"""What `write_rulebook` returns: plain data for the command line to print."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.printing.reports import MissingGlyphs

from .document import SectionPage


@dataclass(frozen=True, slots=True, kw_only=True)
class RulebookSummary:
    """A written rulebook: where it is, its pages and where each section starts."""

    path: Path
    pages: int
    paper: str
    page_mm: tuple[float, float]
    players: tuple[int, int]  # fewest and most players this deck can deal rules to
    triggers: int
    actions: int
    sections: tuple[SectionPage, ...]
    example_uses_deck_cards: bool
    file_bytes: int
    missing_glyphs: tuple[MissingGlyphs, ...]

    def page_of(self, key: str) -> int:
        """The page a section starts on, by its key (e.g. "quick-reference")."""
        for section in self.sections:
            if section.key == key:
                return section.page
        raise KeyError(key)
