"""Up 'N Over table rules that scenarios do not reach: dealing, settings, running out of cards."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import STANDARD_DECK, parse_card, parse_cards
from engine.errors import ConfigError, IllegalActionError
from engine.games.upnover.clarifications import CLARIFICATIONS, clarification
from engine.games.upnover.trick_game import Phase, UpNOver, hand_size_for, stack_deck


def test_five_cards_each_or_one_fewer_per_player_above_three() -> None:
    assert [hand_size_for(n) for n in range(2, 6)] == [5, 5, 5, 5]
    assert [hand_size_for(n, fewer_per_extra_player=True) for n in range(2, 6)] == [5, 5, 4, 3]


@pytest.mark.parametrize("players", [0, 1, 6, 9])
def test_two_to_five_players(players: int) -> None:
    with pytest.raises(ConfigError, match="2 to 5 players"):
        UpNOver(players=players, seed=1)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ConfigError, match="dealer"):
        UpNOver(players=3, seed=1, dealer=3)
    with pytest.raises(ConfigError, match="hand size"):
        UpNOver(players=5, seed=1, hand_size=11)
    deck = list(STANDARD_DECK)
    deck[0] = deck[1]
    with pytest.raises(ConfigError, match="twice: Ad; missing: Ac"):
        UpNOver(players=3, seed=1, deck=deck)


def test_deal_starts_left_of_the_dealer_one_card_at_a_time() -> None:
    """Clarification deal-order."""
    assert clarification("deal-order")
    order = list(STANDARD_DECK)  # top first: Ac Ad Ah As 2c ...
    table = UpNOver(players=3, seed=1, dealer=1, hand_size=2, deck=order)
    # Seat 2 (left of the dealer) gets the 1st and 4th cards, seat 0 the 2nd and 5th ...
    assert [card.code for card in table.hands[2]] == ["Ac", "As"]
    assert [card.code for card in table.hands[0]] == ["Ad", "2c"]
    assert [card.code for card in table.hands[1]] == ["Ah", "2d"]
    assert table.turn == 1 and table.phase is Phase.TURN_UP


def test_the_same_seed_deals_the_same_game() -> None:
    first, second = UpNOver(players=4, seed=99), UpNOver(players=4, seed=99)
    assert first.snapshot() == second.snapshot()
    assert UpNOver(players=4, seed=100).snapshot() != first.snapshot()


def _won_trick(table: UpNOver, taker: int, cards: str) -> None:
    """Put a finished trick on the table, as if `taker` had just won it."""
    played = parse_cards(cards)
    table.trick = [(card, 0, taker) for card in played]
    table.taker = taker
    table.phase = Phase.TRICK_WON
    table.turn = taker


def test_reshuffle_when_the_deck_cannot_refill_every_hand() -> None:
    """Clarification reshuffle: taken tricks go under what is left of the deck."""
    table = UpNOver(players=2, seed=3, hand_size=5)
    every = Counter(card.code for card in table.all_cards())
    # Empty the deck into piles, leaving one card on it, and empty both hands into a trick.
    leftover = table.deck.pop()
    table.piles[0].extend(table.deck)
    table.deck[:] = [leftover]
    in_hands = table.hands[0] + table.hands[1]
    table.hands = [[], []]
    table.trick = [(card, 0, 1) for card in in_hands]
    table.taker, table.phase, table.turn = 1, Phase.TRICK_WON, 1
    table.gather()
    assert table.reshuffles == 1
    assert [len(hand) for hand in table.hands] == [5, 5]
    assert table.hands[1][0] is leftover  # the taker draws first, the old card first
    assert table.piles == [[], []]
    assert Counter(card.code for card in table.all_cards()) == every
    assert table.phase is Phase.TURN_UP and table.turn == 1


def test_turning_up_from_an_empty_deck_reshuffles_first() -> None:
    table = UpNOver(players=3, seed=4, hand_size=5)
    table.piles[2].extend(table.deck)
    table.deck.clear()
    card, value = table.turn_up(0)
    assert table.reshuffles == 1 and table.total == value and table.trick[0][0] is card
    assert len(table.all_cards()) == 52


def test_refill_starts_with_the_taker() -> None:
    """Clarification refill-order."""
    hands = [parse_cards("2c 3c"), parse_cards("2d 3d"), parse_cards("2h 3h")]
    deck = stack_deck(players=3, hands=hands, then=parse_cards("4s 5s 6s 7s"), dealer=0)
    table = UpNOver(players=3, seed=1, hand_size=2, deck=deck)
    table.turn_up(0)                                   # 4s
    table.hands[1].remove(parse_card("2d"))
    table.hands[2].remove(parse_card("2h"))
    _won_trick(table, 2, "4s 2d 2h")
    table.gather()
    assert [card.code for card in table.hands[2]] == ["3h", "5s"]
    assert [card.code for card in table.hands[1]] == ["3d", "6s"]


def test_legal_plays_offer_both_ace_values() -> None:
    hands = [parse_cards("2c 3c"), parse_cards("As Kd"), parse_cards("2h 3h")]
    table = UpNOver(players=3, seed=1, hand_size=2,
                    deck=stack_deck(players=3, hands=hands, then=parse_cards("4s")))
    assert table.legal_plays(1) == []
    table.turn_up(0)
    assert [(card.code, ace) for card, ace in table.legal_plays(1)] == [
        ("As", 1), ("As", 11), ("Kd", None)]
    assert table.legal_plays(0) == []
    assert table.can_play(1, parse_card("As"), 11)
    assert not table.can_play(1, parse_card("As"))


def test_the_turned_card_cannot_be_taken_back() -> None:
    """Clarification turned-up-card."""
    table = UpNOver(players=3, seed=1)
    table.turn_up(0)
    with pytest.raises(IllegalActionError, match="not theirs"):
        table.take_back(0)


def test_a_turned_ace_counts_one_unless_declared() -> None:
    hands = [parse_cards("2c"), parse_cards("2d"), parse_cards("2h")]
    deck = stack_deck(players=3, hands=hands, then=parse_cards("As"))
    assert UpNOver(players=3, seed=1, hand_size=1, deck=deck).turn_up(0)[1] == 1
    assert UpNOver(players=3, seed=1, hand_size=1, deck=deck).turn_up(0, 11)[1] == 11
    with pytest.raises(IllegalActionError, match="1 or 11"):
        UpNOver(players=3, seed=1, hand_size=1, deck=deck).turn_up(0, 5)


def test_every_clarification_is_written_out() -> None:
    keys = [item.key for item in CLARIFICATIONS]
    assert len(keys) == len(set(keys)) >= 12
    assert all(item.ruling.endswith(".") and len(item.ruling) > 40 for item in CLARIFICATIONS)
