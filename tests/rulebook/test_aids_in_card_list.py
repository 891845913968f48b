"""The Hidden Rules book lists every card of its deck: the player aids with the triggers and
actions (decks/base.yaml has none, so a small deck is given some here)."""

from __future__ import annotations

from pathlib import Path

from generator.rulebook import render_markup
from generator.rulebook.markup import parse_document

from .conftest import build
from .decks import small_deck_data, write_deck

AIDS = [
    {"id": "sums", "number": 1, "title": "Adding up",
     "text": "Jacks count 0, queens −2, kings +3.\nA trick ends at 21."},
    {"id": "enforce", "number": 2, "text": "Name the rule you enforce, then the hint."},
]


def test_the_card_list_holds_the_player_aids(tmp_path: Path) -> None:
    data = small_deck_data()
    data["aids"] = AIDS
    book = build(write_deck(tmp_path, data), tmp_path / "book.pdf")
    cards = book.text[book.text.index("The cards in this deck"):]
    assert "10 trigger cards, 10 action cards and 2 player-aid cards" in cards
    at = cards.index("Player aid 1: Adding up.")
    assert cards.index("Player aids") < at < cards.index("Player aid 2.")
    assert "Jacks count 0, queens −2, kings +3. A trick ends at 21." in cards[at:]
    assert "Name the rule you enforce, then the hint." in cards
    contents = book.texts[1]
    assert "Player aids" in contents
    # and each aid is drawn as the card itself, its label as the card prints it
    shown = [card.get("id") for card in parse_document(render_markup(book.deck)).iter("card")]
    assert shown[-2:] == ["sums", "enforce"]
    assert "PLAYER AID 1" in cards and "PLAYER AID 2" in cards


def test_a_deck_without_aids_says_nothing_of_them(tmp_path: Path) -> None:
    book = build(write_deck(tmp_path, small_deck_data()), tmp_path / "book.pdf")
    assert "10 trigger cards and 10 action cards" in book.text
    assert "Player aid" not in book.text
