"""Clarification machine-seat: in a game against the machine master (`hrdeck play
what-the-rule`) the machine is a seat of its own that leads every round with a rule it
judges, holds no cards, scores as a master does and does not rank."""

from __future__ import annotations

import pytest

from engine.errors import ConfigError, HrdeckError
from engine.games.what_the_rule.events import Guessed, Played, RoundLed
from engine.games.what_the_rule.game import WhatTheRuleGame, new_game

WHITE = 'card.colour == "white"'


def machine_game(players: tuple[str, ...], rounds: int = 2) -> WhatTheRuleGame:
    machine = len(players) - 1
    game = WhatTheRuleGame(new_game(players, seed=4, target=rounds, dealer=machine,
                                    options=(f"machine={machine}",)))
    return game


def play_until_guessed(game: WhatTheRuleGame) -> None:
    """Each player in turn offers their first card; the first who may guess says the rule."""
    while game.under_way is not None:
        round_ = game.under_way
        if round_.guesser is not None:
            game.apply(Guessed(player=round_.guesser, rule=WHITE))
            continue
        game.apply(Played(player=round_.turn, card=round_.hands[round_.turn][0].code))


def test_clarification_machine_seat_the_machine_leads_every_round_with_no_cards() -> None:
    game = machine_game(("Ann", "Ben", "Cat", "Machine"))
    for number in (1, 2):
        assert game.next_master == 3
        game.apply(RoundLed(master=3, rule=WHITE))
        round_ = game.under_way
        assert round_ is not None and round_.master == 3 and round_.hands[3] == []
        assert round_.order == (0, 1, 2) and all(len(round_.hands[seat]) == 10
                                                 for seat in (0, 1, 2))
        play_until_guessed(game)
        assert len(game.results) == number
    assert game.over


def test_clarification_machine_seat_it_never_leads_without_a_rule_nor_lets_a_player_lead() -> None:
    game = machine_game(("Ann", "Ben", "Machine"))
    with pytest.raises(HrdeckError, match="machine master: it leads every round"):
        game.apply(RoundLed(master=2))
    with pytest.raises(HrdeckError, match="not Ann"):
        game.apply(RoundLed(master=0, rule=WHITE))


def test_clarification_machine_seat_it_scores_as_a_master_and_does_not_rank() -> None:
    game = machine_game(("Ann", "Ben", "Cat", "Machine"), rounds=1)
    game.apply(RoundLed(master=3, rule=WHITE))
    play_until_guessed(game)
    result = game.results[-1]
    players = result.points[:3]
    best = max(players)
    assert result.points[3] == (best // 2 if result.halved else best)
    assert game.scores[3] == result.points[3]
    assert 3 not in game.winners
    assert set(game.winners) == {seat for seat in range(3) if game.scores[seat] == best}


def test_clarification_machine_seat_one_player_alone_plays_without_points() -> None:
    game = machine_game(("Ann", "Machine"), rounds=1)
    assert not game.settings.points
    game.apply(RoundLed(master=1, rule=WHITE))
    play_until_guessed(game)
    assert game.over and game.scores == [0, 0] and game.winners == ()


@pytest.mark.parametrize(("options", "mode", "words"), [
    (("machine=5",), "shuffled", "seat is 0 to 2"),
    (("machine=one",), "shuffled", "seat is 0 to 2"),
    (("machine=2",), "table", "only where the engine deals"),
])
def test_a_machine_seat_that_cannot_be_is_one_sentence(options: tuple[str, ...], mode: str,
                                                        words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        WhatTheRuleGame(new_game(("Ann", "Ben", "Machine"), seed=1, options=options,
                                 mode=mode))
