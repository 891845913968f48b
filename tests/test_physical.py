"""A game with real cards: the referee knows only what it is told and what it has seen."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FACE_DOWN, STANDARD_DECK, parse_card
from engine.errors import IllegalActionError
from engine.events import Enforced, GameStarted
from engine.games.upnover.events import Played, TurnedUp
from engine.games.upnover.hidden_rules import HiddenRulesGame
from engine.games.upnover.trick_game import Phase
from engine.journal import Journal, replay


def table_game(players: int = 3, hand_size: int = 5) -> HiddenRulesGame:
    names = ("Ann", "Ben", "Cat", "Dan", "Eve")[:players]
    return HiddenRulesGame(GameStarted(players=names, seed=1, hand_size=hand_size,
                                       mode="table"))


def test_hands_and_deck_are_face_down_until_played() -> None:
    game = table_game()
    assert all(card is FACE_DOWN for hand in game.table.hands for card in hand)
    assert len(game.table.deck) == 52 - 15


def test_the_turned_card_must_be_typed_and_unseen() -> None:
    game = table_game()
    with pytest.raises(IllegalActionError, match="Say which card was turned up"):
        game.turn_up(0)
    game.turn_up(0, card=parse_card("7h"))
    assert game.table.total == 7 and game.table.turn == 1
    with pytest.raises(IllegalActionError, match="seven of hearts is already on the table"):
        game.play(1, parse_card("7h"))


def test_a_card_taken_back_is_known_to_be_in_that_hand() -> None:
    game = table_game()
    game.turn_up(0, card=parse_card("7h"))
    game.play(1, parse_card("Kd"))
    game.enforce(0, 1, hint="Kings need a bow.")
    assert parse_card("Kd") in game.table.hands[1]
    game.play(2, parse_card("2c"))
    with pytest.raises(IllegalActionError, match="went back to Ben's hand"):
        game.play(0, parse_card("Kd"))
    game.play(0, parse_card("3c"))
    game.play(1, parse_card("Kd"))  # Ben plays it again: no face-down card used
    assert game.table.hands[1].count(FACE_DOWN) == 4


def test_a_player_whose_hand_is_known_cannot_play_another_card() -> None:
    game = table_game(players=2, hand_size=1)
    game.turn_up(0, card=parse_card("2h"))
    game.play(1, parse_card("5s"))
    game.enforce(0, 1, hint="Spades are said aloud.")  # Ben's only card is known: 5♠
    game.play(0, parse_card("3s"))
    with pytest.raises(IllegalActionError, match="knows every card Ben holds"):
        game.play(1, parse_card("9d"))


def test_a_reshuffle_turns_taken_tricks_face_down_again() -> None:
    game = table_game(players=2, hand_size=1)
    table = game.table
    table.piles[0].extend(STANDARD_DECK[:48])      # aces to queens were taken by Ann
    table.deck[:] = table.deck[:2]                 # 48 taken + 2 in the deck + 2 in hands
    game.turn_up(0, card=parse_card("Kc"))
    game.play(1, parse_card("Kd"))
    game.play(0, parse_card("Ks"))                 # -12: nothing taken; both hands empty
    assert table.turn == 1 and len(table.hands[1]) == 1 and not table.deck
    game.play(1, parse_card("Kh"))                 # Ann's turn, deck empty: reshuffle
    assert table.reshuffles == 1 and table.piles == [[], []]
    assert len(table.deck) == 47 and table.hands[0] == [FACE_DOWN]
    game.play(0, parse_card("2c"))                 # a card from the old piles is unseen again
    assert len(table.all_cards()) == 52


def test_the_journal_replays_a_physical_game() -> None:
    journal = Journal(GameStarted(players=("Ann", "Ben"), seed=3, mode="table"))
    journal.record(TurnedUp(player=0, card=parse_card("9c")))
    journal.record(Played(player=1, card=parse_card("10h")))
    journal.record(Played(player=0, card=parse_card("2d")))
    assert journal.game.table.taker == 0  # 21
    assert replay(journal.entries).snapshot() == journal.game.snapshot()
    assert Journal.from_json(journal.to_json()).game.snapshot() == journal.game.snapshot()


settings.register_profile("physical", max_examples=80, deadline=None)


@settings(settings.get_profile("physical"))
@given(st.integers(2, 5), st.lists(st.integers(0, 10**6), min_size=20, max_size=300))
def test_typed_games_never_lose_count_of_a_card(players: int, choices: list[int]) -> None:
    """Known cards plus face-down ones always make exactly one deck."""
    journal = Journal(GameStarted(players=("Ann", "Ben", "Cat", "Dan", "Eve")[:players],
                                  seed=9, mode="table"))
    for choice in choices:
        game = journal.game
        table = game.table
        if game.is_over:
            break
        unseen = [card for card in STANDARD_DECK if table.where_seen(card) is None]
        card = unseen[choice % len(unseen)]
        if table.phase is Phase.PLAY:
            hand = table.hands[table.turn]
            known = [c for c in hand if c is not FACE_DOWN]
            if known and (FACE_DOWN not in hand or choice % 3 == 0):
                card = known[choice % len(known)]
            event = Played(player=table.turn, card=card,
                           ace_value=11 if card.rank.symbol == "A" else None)
        else:
            event = TurnedUp(player=table.turn, card=card)
        journal.record(event)
        if choice % 7 == 0 and table.phase is Phase.PLAY and table.last_play_by(
                (table.turn - 1) % players):
            journal.record(Enforced(enforcer=table.turn, violator=(table.turn - 1) % players,
                                    holder=table.turn, hint="A tap was missing.",
                                    take_back=True))
        assert replay(journal.entries).snapshot() == journal.game.snapshot()
        cards = journal.game.table.all_cards()
        assert len(cards) == 52
        known_codes = Counter(c.code for c in cards if c is not FACE_DOWN)
        assert all(count == 1 for count in known_codes.values())
