"""What the Joker's Secret books tell a table about secret rules (issue 24), read from the
rendered books of both shipped decks: the secret-rules deck and the plain player aids."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck import load_deck
from generator.deck_model import AidCard
from generator.rulebook import render_markup

ROOT = Path(__file__).resolve().parents[2]
RULES_DECK, AIDS_DECK = (ROOT / "decks" / name
                         for name in ("jokers-secret-rules.yaml", "jokers-secret.yaml"))


def flat_book(path: Path) -> str:
    return " ".join(render_markup(load_deck(path)).split())


@pytest.fixture(scope="module")
def rules() -> str:
    return flat_book(RULES_DECK)


@pytest.fixture(scope="module")
def plain() -> str:
    return flat_book(AIDS_DECK)


def test_enforcing_needs_a_hint_that_says_more_than_the_violation(rules: str) -> None:
    assert ("To enforce, tell the player how their move went wrong, and say more than the "
            "bare fact that a rule was broken: “you didn’t hail the court” or “that was your "
            "writing hand”, never just “you broke my rule”.") in rules


def test_out_of_turn_and_the_five_seconds_cost_a_point(rules: str, plain: str) -> None:
    """Clarification illegal-plays, as the secret-rules section states it."""
    assert ("Laying a card when it is not your turn is against the rules, and so is taking "
            "more than five seconds over your play.") in rules
    assert "Anyone may call either, as if enforcing a rule the whole table knows, and the "\
           "offender loses a point." in rules
    assert "A card laid out of turn never counts: it goes back to its player’s hand." in rules
    assert "such a call cannot be challenged" in rules
    assert "Out of turn, and the five seconds.</b> With secret rules" in plain  # the ruling


def test_what_you_need_lists_the_rule_cards_and_paper_only_with_secret_rules(
        rules: str, plain: str) -> None:
    assert "<td>Secret-rule cards from this deck: triggers and actions</td><td>28 triggers " \
           "and 26 actions, listed at the back of this book</td>" in rules
    assert "Paper and a pencil, to keep everyone’s score" in rules
    assert "Secret-rule cards from this deck" not in plain and "Paper and a pencil" not in plain


def test_the_cards_page_says_what_each_deck_holds(rules: str, plain: str) -> None:
    assert ("This deck is made of secret-rule cards: 28 triggers and 26 actions, dealt and "
            "played as “Playing with secret rules” explains.") in rules
    for book in (rules, plain):
        assert "This book covers Joker’s Secret itself" not in book
        assert "This deck also holds secret-rule cards" not in book
    assert "Secret-rule cards</h2>" not in plain


def test_the_cards_page_of_a_deck_with_aids_and_rules(tmp_path: Path) -> None:
    text = RULES_DECK.read_text(encoding="utf-8").replace(
        "\ntriggers:\n",
        "\naids:\n  - id: a\n    number: 1\n    text: One line.\n\ntriggers:\n", 1)
    both = tmp_path / "both.yaml"
    both.write_text(text, encoding="utf-8")
    assert "Besides its player aids, this deck holds secret-rule cards: 28 triggers" in \
        flat_book(both)


def test_the_book_says_what_its_override_of_the_penalty_changes(rules: str, plain: str) -> None:
    """Clarification play-stands: the book's own penalty, and what the stricter one of
    Hidden Rules as first written would change, so a table can choose."""
    assert "The play stands: no card goes back and no turn is lost." in rules
    assert ("In Hidden Rules as first written, a player who breaks a rule also takes back the "
            "card they just laid and their turn ends at once.") in rules
    assert ("After a 10 has burned the pile, say, the burned cards stay out of the game, but "
            "the offender loses the extra turn the burn gave them") in rules
    assert "loses the extra turn the burn gave" in plain  # on the clarifications page


def test_player_aid_4_says_a_blind_joker_ends_the_turn(plain: str) -> None:
    aids = {card.number: card for _, card in load_deck(AIDS_DECK).cards_of("aids")
            if isinstance(card, AidCard)}
    blind = aids[4].text.splitlines()[-1]
    assert blind == "Turned over blind: it is scrapped and your turn ends, with no peek."
    assert not any(line.rstrip().endswith("turn over.")
                   for aid in aids.values() for line in aid.text.splitlines())
    assert blind.replace("’", "’") in plain
