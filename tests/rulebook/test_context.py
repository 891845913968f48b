"""The numbers and cards the templates see come from the engine and the deck."""

from __future__ import annotations

from engine.games.registry import find_game
from engine.games.upnover.clarifications import CLARIFICATIONS
from engine.games.upnover.hidden_rules import DEFAULT_FLOOR, DEFAULT_TARGET
from engine.games.upnover.trick_game import (
    FULL_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TARGET_SUM,
    hand_size_for,
)
from generator.deck import LoadedDeck
from generator.rulebook.upnover.context import book_for, max_players_for
from generator.rulebook.upnover.example import is_zero_total


def test_rules_numbers_are_the_engines(small_deck: LoadedDeck) -> None:
    rules = book_for(small_deck).rules
    assert (rules.min_players, rules.max_players) == (MIN_PLAYERS, MAX_PLAYERS)
    assert (rules.full_hand, rules.target_sum) == (FULL_HAND, TARGET_SUM)
    assert (rules.target, rules.floor) == (DEFAULT_TARGET, DEFAULT_FLOOR)
    for hand in rules.hands:
        assert hand.cards == hand_size_for(hand.players)
        assert hand.variant_cards == hand_size_for(hand.players, fewer_per_extra_player=True)
    assert [row.value for row in rules.values[2:]] == ["0", "−2", "−4"]


def test_cards_are_sorted_by_number_and_clarifications_all_there(
        small_deck: LoadedDeck) -> None:
    book = book_for(small_deck)
    assert [card.number for card in book.triggers] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 13]
    assert [item.key for item in book.clarifications] == [item.key for item in CLARIFICATIONS]
    assert book.triggers[8].calls_on == "the player who takes the trick"
    assert book.actions[0].timing == "before you announce the sum"


def test_players_are_limited_by_the_rule_cards_and_the_game() -> None:
    up = find_game("up-n-over")
    assert max_players_for(45, 45, up) == 5  # Up 'N Over seats five at most
    assert max_players_for(10, 7, up) == 3
    assert max_players_for(3, 10, up) == 1


def test_zero_total_is_recognised_by_shape_not_spelling() -> None:
    assert is_zero_total("total   ==0")
    assert is_zero_total("(total == 0)")
    assert not is_zero_total("total == 0 and card.is_face")
    assert not is_zero_total("total ==")
    assert not is_zero_total("(" * 500)
