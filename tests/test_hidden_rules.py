"""Hidden Rules rules that the scenario files do not reach."""

from __future__ import annotations

import pytest

from engine.cards import parse_card, parse_cards
from engine.errors import ConfigError, IllegalActionError, UnknownPlayerError
from engine.events import GameStarted
from engine.games.upnover.hidden_rules import HiddenRulesGame, new_game
from engine.games.upnover.trick_game import stack_deck


def game_of_three(**settings: int) -> HiddenRulesGame:
    hands = [parse_cards("2c 3c 4c"), parse_cards("10h 2d 3d"), parse_cards("7s 2h 3h")]
    deck = stack_deck(players=3, hands=hands, then=parse_cards("4s 5c 5d 6c"))
    return HiddenRulesGame(GameStarted(players=("Ann", "Ben", "Cat"), seed=1, hand_size=3,
                                       deck=deck, **settings))


def test_players_are_found_by_name_or_seat() -> None:
    game = game_of_three()
    assert game.seat_of("ben") == 1 and game.seat_of(" Cat ") == 2 and game.seat_of(0) == 0
    with pytest.raises(UnknownPlayerError, match="no seat 3: the seats are 0 to 2"):
        game.seat_of(3)
    with pytest.raises(UnknownPlayerError, match='no player called "Zed"'):
        game.seat_of("Zed")
    with pytest.raises(UnknownPlayerError):
        game.play(7, parse_card("2c"))


@pytest.mark.parametrize(
    ("players", "message"),
    [(["Ann", "ann"], "must differ"), (["Ann", " "], "needs a name"), (["Ann"], "2 to 5")],
)
def test_bad_tables_are_refused(players: list[str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        HiddenRulesGame(GameStarted(players=tuple(players), seed=1))


def test_bad_targets_and_floors_are_refused() -> None:
    with pytest.raises(ConfigError, match="target"):
        game_of_three(target=0)
    with pytest.raises(ConfigError, match="lowest score"):
        game_of_three(floor=2)


def test_only_the_penalised_player_challenges_and_only_until_play_moves_on() -> None:
    """Clarification who-challenges."""
    game = game_of_three()
    game.turn_up(0)
    game.play(1, parse_card("2d"))
    game.enforce(0, 1, hint="You must knock.")
    with pytest.raises(IllegalActionError, match="Only Ben, who was penalised by enforcement 1"):
        game.challenge(2, 1)
    with pytest.raises(IllegalActionError, match="no enforcement number 4"):
        game.challenge(1, 4)
    game.play(2, parse_card("2h"))
    with pytest.raises(IllegalActionError, match="can no longer be challenged"):
        game.challenge(1, 1)
    with pytest.raises(IllegalActionError, match="nothing for Ben to challenge"):
        game.challenge(1)


def test_a_later_enforcement_costs_the_point_but_the_play_stands() -> None:
    """Clarification take-back, second half."""
    game = game_of_three()
    game.turn_up(0)
    game.play(1, parse_card("2d"))
    game.play(2, parse_card("2h"))
    event = game.enforce(0, 1, hint="Twos are said aloud.")
    assert event.take_back is False
    assert game.table.total == 8 and game.scores[1] == -1 and game.table.turn == 0


def test_a_penalty_during_your_own_turn_ends_it() -> None:
    """Clarification turn-ends."""
    game = game_of_three()
    game.turn_up(0)
    assert game.table.turn == 1
    game.enforce(2, 1, take_back=False, hint="You took too long.")
    assert game.table.turn == 2 and game.table.total == 4


def test_secret_rules_are_kept_before_the_first_trick_only() -> None:
    game = game_of_three()
    game.choose_rule(0, "total-zero", "name-a-character")
    with pytest.raises(IllegalActionError, match="already chosen"):
        game.choose_rule(0, "a", "b")
    game.turn_up(0)
    game.play(1, parse_card("2d"))
    with pytest.raises(IllegalActionError, match="before the first move"):
        game.choose_rule(1, "a", "b")
    assert game.rules[0] is not None and game.rules[0].trigger == "total-zero"


def test_every_point_is_explained() -> None:
    game = game_of_three()
    game.turn_up(0)
    game.play(1, parse_card("10h"))
    game.play(2, parse_card("7s"))
    game.enforce(0, 2, hint="Sevens need a bow.")
    game.challenge(2)
    game.rule(True)
    reasons = [(game.names[change.player], change.delta, change.reason) for change in game.points]
    assert reasons == [
        ("Cat", 1, "took the trick"),
        ("Cat", -1, "broke Ann's rule"),
        ("Cat", -1, "the trick was reopened"),
        ("Ann", 1, "enforcement 1 upheld"),
        ("Cat", -1, "challenge of enforcement 1"),
    ]
    assert game.scores == [1, 0, -2]


def test_the_holder_who_challenges_takes_both_changes() -> None:
    """Clarification holder-challenges."""
    game = game_of_three()
    game.turn_up(0)
    game.play(1, parse_card("2d"))
    game.enforce(2, 1, holder=1, hint="You said your own rule.")
    game.challenge(1)
    game.rule(True)
    assert game.scores == [0, -3, 1]


def test_can_methods_answer_without_raising() -> None:
    game = game_of_three()
    assert game.can_turn_up(0) and not game.can_turn_up(1) and not game.can_turn_up(0, 5)
    game.turn_up(0)
    assert game.can_play(1, parse_card("2d")) and not game.can_play(2, parse_card("2h"))
    assert not game.can_enforce(1, 1, 1, take_back=True) and not game.can_challenge(1)
    assert game.can_enforce(0, 1, 0, take_back=False)


def test_new_game_uses_the_variant_hand_sizes() -> None:
    assert new_game(["A", "B", "C", "D", "E"], seed=1, fewer_cards_variant=True).hand_size == 3
    assert new_game(["A", "B", "C", "D"], seed=1).hand_size == 5


def test_a_rule_can_make_a_player_draw() -> None:
    """Clarification drawing."""
    game = game_of_three()
    game.turn_up(0)
    before = len(game.table.deck)
    event = game.draw(2, 2)
    assert event.count == 2 and len(game.table.hands[2]) == 5 and len(game.table.deck) == before - 2
    with pytest.raises(IllegalActionError, match="draws 1 to 10 cards"):
        game.draw(1, 0)
    assert len(game.table.all_cards()) == 52
