"""The Mao book says what the seed text says, read back from the built A4 book: no call the
book offers says "Mao"; the rule against explaining the rules binds a winner who is out;
the game master's introduction may name the game; a slow player can be called again, a
winner comes back with words, a missed call is too late, and "bad call" is answered "new
rule"; standard rule card 4 and the spade's card say what the seed says; and the choice of
the Mao master is marked as a ruling."""

from __future__ import annotations

import pytest

from .conftest import Built, ShippedBooks
from .test_mao_book import DECK
from .text import body, section


@pytest.fixture(scope="module")
def book(shipped_books: ShippedBooks) -> Built:
    built = shipped_books("mao")
    assert built.deck.path == DECK
    return built


def says(book: Built, where: dict[str, tuple[str, ...]], never: tuple[str, ...] = ()) -> None:
    """Each section (by key) says each of its phrases; the whole book says none of `never`."""
    for key, phrases in where.items():
        text = section(book, key)
        for phrase in phrases:
            assert phrase in text, f"{key}: {phrase!r} is not in: {text[:300]}…"
    for phrase in never:
        assert phrase not in body(book), phrase


def test_no_call_the_book_offers_says_mao(book: Built) -> None:
    says(book, {
        "calls": ("Never call a forgotten “Mao” this way: the call would say the name itself, "
                  "and cost its caller three cards.",
                  "other than the win itself and the game master’s introduction. Never call it "
                  "“saying Mao”: that says the name too."),
        "bad-calls": ("whether the Mao they meant came at the wrong moment or never came at all",
                      "a Mao forgotten is nobody’s to call."),
        "mao": ("Nobody may call them for it: a call that says the name costs its caller three "
                "cards.",),
    }, never=("saying Mao out of place",))


def test_a_winner_who_is_out_is_still_bound_not_to_explain_the_rules(book: Built) -> None:
    says(book, {
        "who-calls": ("calls nothing until they come back. While out they are free of the rules "
                      "but one: they still must not explain the rules, and can be called for it",),
        "coming-back": ("they still must not explain the rules. Anyone may call them for it, and "
                        "the card waits in their hand until they come back.",),
        "clarifications": ("they still may not explain the rules, and can be called for it.",),
    }, never=("neither calls penalties nor has them called on them",
              "they call nobody and nobody calls them"))


def test_the_game_master_may_name_the_game_at_the_introduction(book: Built) -> None:
    says(book, {
        "setup": ("You may name the game as you start it (“we are playing Mao”): until the "
                  "first card is laid or taken, the name is yours to say",),
        "mao": ("Said at any other moment than a win or the game master’s introduction",),
        "clarifications": ("Naming the game. The game master may open the game by naming it",),
    }, never=("“Mao” said at any moment other than the win itself.",))


def test_slow_play_re_entry_missed_calls_and_new_rule_are_told(book: Built) -> None:
    says(book, {
        "variants": ("and call it again for every further 10 seconds the player still has not "
                     "played",),
        "calls": ("It can be called again for every further 10 seconds in which they still "
                  "have not played.",),
        "coming-back": ("fresh cards from the stack, saying “re-entering the game”",
                        "in their old seat, saying “introducing new rule”"),
        "making-a-call": ("Whoever notices that they let a call slip may say so in a point of "
                          "order, as long as they tell no rule, but the moment has passed",),
        "holding": ("A holder who notices too late that their rule was broken may say so in a "
                    "point of order", "hand it back once more, saying “new rule”"),
        "quick-reference": ("five cards from the stack, saying “re-entering the game”;",
                            "(32 in this deck), and “introducing new rule”.",
                            "Answered “bad call”, the holder hands the card back with “new "
                            "rule”."),
    })


def test_standard_card_four_and_the_spade_say_what_the_seed_says(book: Built) -> None:
    says(book, {
        "standard-cards": ("Facing a 7 with no 7 to answer it, or no wish to lay one, take a card",
                           "Whoever plays a spade says its name once it is down"),
        "mao": ("Once the card is down they say “Mao”",),
    }, never=("as it goes down",))


def test_the_mao_master_and_the_new_rulings_are_on_the_clarifications_page(
        book: Built) -> None:
    says(book, {
        "variants": ("The master is the dealer unless you name another player (a ruling: see "
                     "“Clarifications”)",),
        "clarifications": ("The Mao master is the dealer unless the table names another player "
                           "before the deal.",
                           "Coming back. To return, a winner draws five cards",
                           "Taking too long. A player who has not begun their turn within the "
                           "set seconds can be called, and called again",
                           "is not explaining the rules as long as the rule itself is not told."),
    })
