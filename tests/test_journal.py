"""The journal: every entry is a frozen event, JSON round-trips, undo never deletes."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.cards import parse_card, parse_cards
from engine.errors import IllegalActionError, JournalError
from engine.events import (
    EVENT_TYPES,
    Called,
    Challenged,
    Enforced,
    GameStarted,
    RuleChosen,
    Ruling,
    Voided,
    event_from_dict,
    event_to_dict,
)
from engine.games.registry import entry_types
from engine.games.upnover.events import Drew, Played, TrickTaken, TurnedUp
from engine.games.upnover.hidden_rules import new_game
from engine.games.upnover.trick_game import stack_deck
from engine.journal import Journal, describe, replay

SAMPLES = [
    GameStarted(players=("Ann", "Ben"), seed=7, deck=tuple(parse_cards("As 2c"))),
    RuleChosen(player=0, trigger="total-zero", action="name-a-character"),
    TurnedUp(player=0, card=parse_card("7h"), ace_value=None),
    TurnedUp(player=1),
    Played(player=1, card=parse_card("As"), ace_value=11),
    Played(player=2, card=parse_card("Kd"), said="Captain Nemo"),
    TrickTaken(player=2),
    Drew(player=1, count=2),
    Enforced(enforcer=0, violator=1, holder=2, hint="Say “hello” first", take_back=False),
    Enforced(enforcer=1, violator=1, holder=1, hint="Too late.", card=parse_card("Kd")),
    Called(caller=2, offender=0, offence="too-slow", take_back=True),
    Challenged(challenger=1, enforcement=3),
    Ruling(upheld=False, note="no such rule"),
    Voided(entry=4, reason="typo"),
]


UP_N_OVER_TYPES = entry_types("up-n-over")


def test_every_event_type_has_a_sample() -> None:
    assert {type(event).__name__ for event in SAMPLES} == {*EVENT_TYPES, *UP_N_OVER_TYPES}


@pytest.mark.parametrize("event", SAMPLES, ids=lambda event: type(event).__name__)
def test_events_round_trip_through_json(event: object) -> None:
    text = json.dumps(event_to_dict(event))  # type: ignore[arg-type]
    assert event_from_dict(json.loads(text), UP_N_OVER_TYPES) == event


@pytest.mark.parametrize("event", SAMPLES, ids=lambda event: type(event).__name__)
def test_events_are_frozen(event: object) -> None:
    field = dataclasses.fields(event)[0].name  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(event, field, 1)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be an object"),
        ({"type": "Plaied", "player": 1}, 'Did you mean "Played"'),
        ({"type": "Played", "player": 1}, 'lacks its "card"'),
        ({"type": "Played", "player": "one", "card": "7h"}, "whole number"),
        ({"type": "Played", "player": True, "card": "7h"}, "whole number"),
        ({"type": "Played", "player": 1, "card": "7x"}, "is not a card"),
        ({"type": "Played", "player": 1, "card": "7h", "colour": "red"}, "unknown fields: colour"),
        ({"type": "Ruling", "upheld": "yes"}, "must be true or false"),
    ],
)
def test_damaged_entries_are_clear_errors(data: object, message: str) -> None:
    with pytest.raises(JournalError, match=message):
        event_from_dict(data, UP_N_OVER_TYPES)


def test_a_journal_that_is_not_json_is_a_clear_error() -> None:
    with pytest.raises(JournalError, match="not valid JSON"):
        Journal.from_json('[{"type": "Played"')
    with pytest.raises(JournalError, match="must begin with a GameStarted"):
        replay([Played(player=0, card=parse_card("7h"))])


def three_player_journal() -> Journal:
    hands = [parse_cards("2c 3c 4c"), parse_cards("10h 2d 3d"), parse_cards("7s 2h 3h")]
    deck = stack_deck(players=3, hands=hands, then=parse_cards("4s 5c 5d 6c"))
    return Journal(GameStarted(players=("Ann", "Ben", "Cat"), seed=1, hand_size=3, deck=deck))


def test_voiding_is_refused_when_later_entries_would_no_longer_add_up() -> None:
    journal = three_player_journal()
    journal.record(TurnedUp(player=0))
    journal.record(Played(player=1, card=parse_card("10h")))
    journal.record(Played(player=2, card=parse_card("7s")))
    before = journal.game.snapshot()
    with pytest.raises(IllegalActionError, match=r"Entry 2 cannot be voided.*Entry 3"):
        journal.void(2)  # without Ben's 10h, Cat's 7s would be out of turn
    assert journal.game.snapshot() == before and len(journal.entries) == 4


def test_voiding_a_void_restores_the_entry() -> None:
    journal = three_player_journal()
    journal.record(TurnedUp(player=0))
    journal.record(Played(player=1, card=parse_card("10h")))
    played = journal.game.snapshot()
    journal.undo()
    assert journal.game.table.total == 4
    journal.void(3, reason="redo")
    assert journal.game.snapshot() == played
    assert [type(entry).__name__ for entry in journal.entries] == [
        "GameStarted", "TurnedUp", "Played", "Voided", "Voided"]
    with pytest.raises(IllegalActionError, match="already void"):
        journal.void(3)
    with pytest.raises(IllegalActionError, match="no entry 9"):
        journal.void(9)


def test_the_journal_records_the_card_actually_turned_up() -> None:
    journal = three_player_journal()
    recorded = journal.record(TurnedUp(player=0))
    assert isinstance(recorded, TurnedUp) and recorded.card == parse_card("4s")
    assert journal.entries[-1] == recorded


def test_a_journal_from_another_seed_is_detected() -> None:
    journal = Journal(new_game(["Ann", "Ben"], seed=1))
    turned = journal.record(TurnedUp(player=0))
    assert isinstance(turned, TurnedUp) and turned.card is not None
    other = Journal(new_game(["Ann", "Ben"], seed=2))
    wrong = TurnedUp(player=0, card=turned.card)
    if other.game.table.deck[-1] is not turned.card:
        before = other.game.snapshot()
        with pytest.raises(JournalError, match="does not belong to this seed"):
            other.record(wrong)
        assert other.game.snapshot() == before


def test_a_second_game_start_is_refused() -> None:
    journal = Journal(new_game(["Ann", "Ben"], seed=1))
    with pytest.raises(IllegalActionError, match="already under way"):
        journal.record(new_game(["Ann", "Ben"], seed=1))
    with pytest.raises(JournalError, match="second game"):
        replay([new_game(["Ann", "Ben"], seed=1), new_game(["Ann", "Ben"], seed=1)])
    with pytest.raises(JournalError, match="not an earlier entry"):
        replay([new_game(["Ann", "Ben"], seed=1), Voided(entry=5)])


def test_entries_read_as_sentences() -> None:
    names = ("Ann", "Ben", "Cat")
    assert describe(SAMPLES[4], names) == "Ben plays the ace of spades as 11"
    assert describe(SAMPLES[5], names) == 'Cat plays the king of diamonds, saying "Captain Nemo"'
    assert describe(SAMPLES[8], names) == 'Ann enforces Cat\'s rule on Ben: "Say “hello” first"'
    assert describe(SAMPLES[13], names) == "entry 4 is void (typo)"
    assert describe(SAMPLES[9], names) == ('Ben enforces their own rule on themselves for the '
                                           'king of diamonds: "Too late."')
    assert describe(SAMPLES[10], names) == ("Cat calls Ann for an illegal play: took more than "
                                            "five seconds to play")
    assert describe(SAMPLES[7], names) == "Ben draws 2 cards"
