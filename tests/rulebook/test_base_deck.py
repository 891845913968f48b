"""The rulebook of the shipped base deck, when it is there (it is written elsewhere)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck import load_deck
from generator.rulebook import write_rulebook
from generator.rulebook.words import prose

from .decks import BASE_DECK
from .pdftext import page_texts
from .test_fonts import OUR_FONTS, verify_fonts


def test_base_deck_rulebook(tmp_path: Path) -> None:
    if not BASE_DECK.is_file():
        pytest.skip("decks/base.yaml does not exist yet")
    deck = load_deck(BASE_DECK)
    if deck.info is None or not deck.triggers or not deck.actions:
        pytest.skip("decks/base.yaml cannot be read yet")
    summary = write_rulebook(tmp_path / "rulebook.pdf", deck)
    texts = page_texts(summary.path)
    assert len(texts) == summary.pages
    assert " ".join(prose(deck.info.name).split()) in texts[0]
    assert verify_fonts(summary.path) <= OUR_FONTS
    cards = " ".join(texts[summary.page_of("cards") - 1:])
    for _, trigger in deck.triggers:
        assert " ".join(prose(trigger.text).split()) in cards  # as its card prints it
