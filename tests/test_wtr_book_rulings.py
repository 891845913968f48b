"""What the Rule?!'s book says its rulings as rulings: where the row starts (clarification
row-start), that a guess is answered only "right" or "wrong" (clarification guess-answer),
and who the master is without pointing at an example the book does not hold (clarification
master). Read from the rendered book, in-process."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.games.registry import find_game
from generator.deck import load_deck
from generator.rulebook.templating import render_document
from generator.rulebook.what_the_rule.context import book_for
from generator.rulebook.words import typeset

DECK = Path(__file__).resolve().parents[1] / "decks" / "what-the-rule.yaml"
CLARIFICATIONS = {item.key: item for item in find_game("what-the-rule").clarifications}


@pytest.fixture(scope="module")
def markup() -> str:
    """The book's rendered markup, whitespace collapsed."""
    return " ".join(render_document(book_for(load_deck(DECK)), "what-the-rule").split())


def clarifications_page(markup: str) -> str:
    return markup[markup.index('<h1 key="clarifications">'):]


def printed(markup: str, key: str) -> None:
    item = CLARIFICATIONS[key]
    assert f"<b>{typeset(item.topic)}.</b> {typeset(item.ruling)}" in clarifications_page(markup)


def test_the_master_is_one_person_without_an_example_the_book_lacks(markup: str) -> None:
    """Clarification master: the ruling is said on its own."""
    assert "example" not in CLARIFICATIONS["master"].ruling
    assert "seems to name two" not in markup
    assert "one role, held by one person" in CLARIFICATIONS["master"].ruling
    printed(markup, "master")


def test_the_row_starts_beside_the_draw_pile_as_a_marked_ruling(markup: str) -> None:
    """Clarification row-start: the original names a discard pile the game never fills; the
    book lays the first card beside the draw pile and says so on the clarifications page."""
    assert "the very first is laid beside the draw pile" in markup
    ruling = CLARIFICATIONS["row-start"].ruling
    assert "discard pile" in ruling and "beside the draw pile" in ruling
    printed(markup, "row-start")


def test_a_guess_is_answered_right_or_wrong_only_as_a_marked_ruling(markup: str) -> None:
    """Clarification guess-answer."""
    assert "the master answers only “right” or “wrong”" in markup
    ruling = CLARIFICATIONS["guess-answer"].ruling
    assert '"right" or "wrong" and nothing more' in ruling
    printed(markup, "guess-answer")
