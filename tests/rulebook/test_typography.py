"""Our prose is typeset: curly quotes and apostrophes, a true minus on negative numbers.
Deck text is typeset the same way (as its cards print it), and code only on the designers'
page, as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.rulebook.words import typeset

from .conftest import Built, build
from .decks import plain_deck_data, write_deck
from .pdftext import page_runs
from .text import section

STRAIGHT = re.compile(r"""['"]""")
HYPHEN_MINUS = re.compile(r"(?<![\w.])-\d")


@pytest.fixture(scope="module")
def plain_book(tmp_path_factory: pytest.TempPathFactory) -> Built:
    folder = tmp_path_factory.mktemp("plain")
    return build(write_deck(folder, plain_deck_data()), folder / "rulebook.pdf")


def prose_runs(path: Path) -> list[str]:
    """Every piece of text but code (set in the monospace font)."""
    return [run.text for page in PdfReader(path).pages for run in page_runs(page)
            if run.font != "DejaVuSansMono"]


def test_our_prose_has_only_curly_quotes(plain_book: Built) -> None:
    straight = [text for text in prose_runs(plain_book.path) if STRAIGHT.search(text)]
    assert straight == []
    text = plain_book.text
    for curly in ("“when this happens, do that”", "dealer’s left", "you don’t have to",
                  "Enforcing someone else’s rule"):
        assert curly in text, curly


def test_negative_numbers_have_a_true_minus_sign(plain_book: Built) -> None:
    hyphenated = [text for text in prose_runs(plain_book.path) if HYPHEN_MINUS.search(text)]
    assert hyphenated == []
    clarifications = section(plain_book, "clarifications")
    assert "No score goes below −10; a penalty that would take it lower leaves it at −10." in (
        clarifications)
    for words in ("Queen −2", "King −4", "−2 if your rule says what they enforced"):
        assert words in plain_book.text, words


def card_lists(book: Built) -> str:
    return " ".join(section(book, key) for key in ("cards", "triggers", "actions"))


def test_deck_text_is_typeset_as_its_cards_print_it(book: Built) -> None:
    cards = card_lists(book)
    assert "Say “nothing doing” before you announce the sum." in cards
    assert "“You didn’t name a cartoon character.”" in cards  # the deck's apostrophe, our quotes


def test_typeset_sets_ranges_and_leaves_hyphens_alone() -> None:
    assert typeset("2-3 players, a to-do, x-1") == "2–3 players, a to-do, x-1"
    assert typeset("-4 and (-2)") == "−4 and (−2)"
    assert typeset("the 'King' and \"Queen\"") == "the “King” and “Queen”"


def test_players_never_read_code(book: Built, appendix_book: Built) -> None:
    cards = card_lists(appendix_book)
    designers = section(appendix_book, "designers")
    for _, trigger in book.deck.triggers:
        when = " ".join(trigger.when.split())
        assert when not in cards, when
        assert when not in book.text, when  # the players' book has no appendix
        assert when in designers, when
    assert "Checked as" not in cards and "Checked as" not in book.text
    assert "A trigger means what its card says." in designers
    assert "Nobody needs this appendix to play" in section(appendix_book, "appendix")


def test_the_glossary_explains_the_names_this_deck_uses(appendix_book: Built) -> None:
    designers = section(appendix_book, "designers")
    for name, words in (("previous", "the card it was played on"), ("is_prime",
                        "the number is prime"), ("total", "the sum announced after this play")):
        assert f"{name} {words}" in designers
    assert "deck_size" not in designers and "count_suit" not in designers  # not used here
