"""What the Hidden Rules text says plainly, and the rulings that follow from it: enforcing on
yourself, illegal plays, late enforcement, keeping rules before play, declared aces."""

from __future__ import annotations

import pytest

from engine.cards import parse_card
from engine.errors import IllegalActionError
from engine.events import OUT_OF_TURN, TOO_SLOW, Enforced, GameStarted, RuleChosen
from engine.games.upnover.events import Played, TurnedUp
from engine.games.upnover.hidden_rules import HiddenRulesGame, new_game
from engine.journal import Journal
from tests.test_hidden_rules import game_of_three

ANN, BEN, CAT = 0, 1, 2


# -- "You may not want to enforce your rules on yourself" -----------------------------------------


def test_you_may_enforce_your_own_rule_on_yourself_and_nobody_can_challenge_it() -> None:
    """Clarification self-enforcement."""
    game = game_of_three()
    game.turn_up(ANN)
    game.play(BEN, parse_card("2d"))
    game.enforce(BEN, BEN, hint="I forgot to knock.")
    assert game.scores == [0, -1, 0]
    assert parse_card("2d") in game.table.hands[BEN], "the card comes back"
    assert game.table.turn == CAT, "and the turn ends"
    assert game.challengeable() == []
    with pytest.raises(IllegalActionError, match="nothing for Ben to challenge"):
        game.challenge(BEN)
    with pytest.raises(IllegalActionError, match="on themselves: nobody can challenge"):
        game.challenge(BEN, 1)


def test_a_player_who_saw_the_rule_enforces_it_on_its_holder() -> None:
    """The seed's own example of letting your rule slide: a third party enforces it."""
    game = game_of_three()
    game.turn_up(ANN)
    game.play(BEN, parse_card("2d"))
    game.enforce(CAT, BEN, holder=BEN, hint="You did not knock.")
    assert game.scores == [0, -1, 0]
    game.challenge(BEN)
    game.rule(upheld=True)  # Ben is challenger and holder: both changes land on him
    assert game.scores == [0, -3, 1]


# -- "Playing out of turn is illegal. Taking more than 5 seconds ... is also illegal." ------------


def test_a_card_played_out_of_turn_costs_a_point_and_never_counts() -> None:
    """Clarification illegal-plays."""
    game = game_of_three()
    game.turn_up(ANN)
    total = game.table.total
    game.call(ANN, CAT, OUT_OF_TURN)
    assert game.scores == [0, 0, -1]
    assert game.table.total == total and game.table.turn == BEN, "Ben still plays next"
    assert [change.reason for change in game.points] == ["played out of turn"]
    with pytest.raises(IllegalActionError, match="It is Ben's turn to play"):
        game.call(ANN, BEN, OUT_OF_TURN)


def test_a_player_too_slow_loses_a_point_and_the_rest_of_the_turn() -> None:
    game = game_of_three()
    game.turn_up(ANN)
    game.call(CAT, BEN, TOO_SLOW)
    assert game.scores == [0, -1, 0] and game.table.turn == CAT
    with pytest.raises(IllegalActionError, match="can be too slow"):
        game.call(CAT, BEN, TOO_SLOW)


def test_a_slow_card_called_at_once_comes_back() -> None:
    game = game_of_three()
    game.turn_up(ANN)
    game.play(BEN, parse_card("2d"))
    event = game.call(ANN, BEN, TOO_SLOW)
    assert event.take_back and parse_card("2d") in game.table.hands[BEN]
    assert game.table.turn == CAT and game.scores == [0, -1, 0]


def test_an_illegal_play_cannot_be_challenged_and_the_offence_must_be_known() -> None:
    game = game_of_three()
    game.turn_up(ANN)
    game.call(ANN, CAT, OUT_OF_TURN)
    with pytest.raises(IllegalActionError, match="nothing for Cat to challenge"):
        game.challenge(CAT)
    with pytest.raises(IllegalActionError, match=r"not an illegal play.*out-of-turn"):
        game.call(ANN, CAT, "out-of-tune")
    with pytest.raises(IllegalActionError, match="never counted"):
        game.call(ANN, CAT, OUT_OF_TURN, take_back=True)


# -- "You can attempt to enforce ... (even though ...)": a little later, naming the card ----------


def late_trick() -> HiddenRulesGame:
    """Ann turns up 4s; Ben 2d, Cat 2h, Ann 2c, Ben 3d: Ben has two cards in the trick."""
    game = game_of_three()
    game.turn_up(ANN)
    for seat, card in ((BEN, "2d"), (CAT, "2h"), (ANN, "2c"), (BEN, "3d")):
        game.play(seat, parse_card(card))
    return game


def test_naming_an_earlier_card_costs_the_point_but_takes_back_nothing() -> None:
    """Clarification late-enforcement: only the card that broke the rule can come back."""
    game = late_trick()
    event = game.enforce(CAT, BEN, hint="You did not knock.", card=parse_card("2d"))
    assert not event.take_back and event.card == parse_card("2d")
    assert [card.code for card, _, _ in game.table.trick] == ["4s", "2d", "2h", "2c", "3d"]
    assert game.scores == [0, -1, 0]


def test_naming_the_latest_card_takes_it_back() -> None:
    game = late_trick()
    event = game.enforce(CAT, BEN, hint="You did not knock.", card=parse_card("3d"))
    assert event.take_back and parse_card("3d") in game.table.hands[BEN]


@pytest.mark.parametrize(("card", "message"), [
    ("4s", "turned up to open the trick"),
    ("7s", "not among the cards played"),
])
def test_only_a_card_played_in_the_trick_can_be_named(card: str, message: str) -> None:
    game = late_trick()
    with pytest.raises(IllegalActionError, match=message):
        game.enforce(CAT, BEN, card=parse_card(card))


def test_an_earlier_card_cannot_be_forced_back() -> None:
    game = late_trick()
    with pytest.raises(IllegalActionError, match="no longer the latest card played"):
        game.enforce(CAT, BEN, card=parse_card("2d"), take_back=True)


# -- Keeping the secret rules before play ---------------------------------------------------------


def dealt_game() -> Journal:
    setup = new_game(["Ann", "Ben", "Cat"], seed=3, triggers=("t1", "t2", "t3", "t4", "t5", "t6"),
                     actions=("a1", "a2", "a3", "a4", "a5", "a6"))
    return Journal(setup)


def keep_all(journal: Journal) -> None:
    for seat, dealt in enumerate(journal.game.dealt):
        journal.record(RuleChosen(player=seat, trigger=dealt.triggers[0],
                                  action=dealt.actions[0]))


def test_the_first_card_waits_for_every_secret_rule() -> None:
    """Clarification rules-kept-first."""
    journal = dealt_game()
    journal.record(RuleChosen(player=0, trigger=journal.game.dealt[0].triggers[0],
                              action=journal.game.dealt[0].actions[0]))
    with pytest.raises(IllegalActionError, match="Ben and Cat have not"):
        journal.record(TurnedUp(player=0))


def test_a_kept_rule_cannot_be_undone_once_play_has_begun() -> None:
    journal = dealt_game()
    keep_all(journal)
    journal.record(TurnedUp(player=0))
    turn = journal.game.table.turn
    journal.record(Played(player=turn, card=journal.game.table.hands[turn][0],
                          ace_value=1 if journal.game.table.hands[turn][0].rank.symbol == "A"
                          else None))
    with pytest.raises(IllegalActionError, match="keeps a secret rule before the first card"):
        journal.void(1)
    assert all(rule is not None for rule in journal.game.rules), "nothing changed"


# -- Declared aces --------------------------------------------------------------------------------


def test_only_a_turned_up_ace_can_be_declared_eleven_at_a_real_table() -> None:
    game = HiddenRulesGame(GameStarted(players=("Ann", "Ben", "Cat"), seed=1, mode="table"))
    with pytest.raises(IllegalActionError, match="Only an ace is declared"):
        game.turn_up(ANN, 11, parse_card("5c"))
    assert game.can_turn_up(ANN, 11, parse_card("Ac"))


def test_a_shuffled_turn_up_records_no_ace_value_for_another_card() -> None:
    game = game_of_three()  # the stacked deck turns up the 4s
    event = game.turn_up(ANN, 11)
    assert event.card == parse_card("4s") and event.ace_value is None
    assert game.table.total == 4


def test_enforcements_name_their_card_in_the_journal() -> None:
    journal = Journal(game_of_three().setup)
    journal.record(TurnedUp(player=ANN))
    journal.record(Played(player=BEN, card=parse_card("2d")))
    recorded = journal.record(Enforced(enforcer=BEN, violator=BEN, holder=BEN,
                                       card=parse_card("2d"), take_back=True))
    assert isinstance(recorded, Enforced) and recorded.card == parse_card("2d")
    assert Journal.from_json(journal.to_json()).game.snapshot() == journal.game.snapshot()
