"""Simulation: whole seeded games with bots, bounded, ending in a typed outcome."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import STANDARD_DECK, parse_card, parse_cards
from engine.errors import ConfigError, HrdeckError
from engine.events import Event, GameStarted
from engine.games.upnover.events import Played, TurnedUp
from engine.games.upnover.hidden_rules import HiddenRulesGame, new_game
from engine.games.upnover.policies import Policy, greedy_policy, random_policy
from engine.games.upnover.trick_game import UpNOver, stack_deck
from engine.journal import replay
from engine.simulate import Termination, game_seed, play_game, simulate

FULL_DECK = Counter(card.code for card in STANDARD_DECK)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", [random_policy, greedy_policy])
def test_games_end_in_a_win_with_every_card_accounted_for(players: int, policy: Policy) -> None:
    for number in range(30):
        setup = new_game(["A", "B", "C", "D", "E"][:players], seed=game_seed(3, number))
        entries: list[Event] = []
        outcome = play_game(HiddenRulesGame(setup), policy, journal=entries)
        assert outcome.termination is Termination.WIN and outcome.winner is not None
        assert outcome.scores[outcome.winner] >= 3 and outcome.figures["tricks"] >= 3
        table = replay([setup, *entries]).table
        assert Counter(card.code for card in table.all_cards()) == FULL_DECK


def test_a_simulated_journal_replays_to_the_same_game() -> None:
    setup = new_game(["A", "B", "C", "D"], seed=12)
    entries: list[Event] = []
    outcome = play_game(HiddenRulesGame(setup), random_policy, journal=entries)
    game = replay([setup, *entries])
    assert game.winner == outcome.winner and tuple(game.scores) == outcome.scores
    assert game.table.plays == outcome.plays
    assert game.table.reshuffles == outcome.figures["reshuffles"]
    assert Counter(card.code for card in game.table.all_cards()) == FULL_DECK


def test_the_same_seed_plays_the_same_game() -> None:
    first = simulate(games=50, players=4, seed=5)
    second = simulate(games=50, players=4, seed=5)
    assert first.to_dict() | {"seconds": 0, "plays_per_second": 0} == (
        second.to_dict() | {"seconds": 0, "plays_per_second": 0})
    assert simulate(games=50, players=4, seed=6).plays != first.plays


def test_the_turn_limit_stops_a_game_undecided() -> None:
    setup = new_game(["A", "B", "C"], seed=1)
    outcome = play_game(HiddenRulesGame(setup), random_policy, turn_limit=3)
    assert outcome.termination is Termination.TURN_LIMIT and outcome.winner is None
    assert outcome.plays == 3
    report = simulate(games=10, players=3, turn_limit=2)
    assert report.turn_limited == 10 and sum(report.wins_by_seat) == 0


def test_greedy_takes_21_when_it_can_and_otherwise_stays_under() -> None:
    hands = [parse_cards("2c 3c 4c"), parse_cards("Kh 9d As"), parse_cards("7s 2h 3h")]
    table = UpNOver(players=3, seed=1, hand_size=3,
                    deck=stack_deck(players=3, hands=hands, then=parse_cards("10s")))
    table.turn_up(0)                                   # 10
    card, ace = greedy_policy(table, None)  # type: ignore[arg-type]
    assert (card, ace) == (parse_card("As"), 11)       # 10 + 11 = 21
    table.total = 15
    assert greedy_policy(table, None) == (parse_card("Kh"), None)  # type: ignore[arg-type]


def test_report_figures() -> None:
    report = simulate(games=200, players=4, seed=2, policy="greedy")
    data = report.to_dict()
    for key in ("games", "plays", "seconds", "plays_per_second", "tricks_per_game",
                "reshuffles_per_game", "win_rate_by_seat", "final_score"):
        assert key in data
    assert data["games"] == 200 and sum(report.wins_by_seat) == 200
    assert abs(sum(report.win_rates) - 1) < 1e-9
    assert report.fewest_plays <= data["plays_per_game"] <= report.most_plays  # type: ignore[operator]
    assert report.lowest_score >= -10 and report.highest_score >= 3


def test_bad_settings_are_clear_errors() -> None:
    with pytest.raises(ConfigError, match="2 to 5 players"):
        simulate(games=1, players=7)
    with pytest.raises(HrdeckError, match='Did you mean "greedy"'):
        simulate(games=1, players=3, policy="gredy")


def test_setup_is_reusable_as_an_event() -> None:
    setup = new_game(["A", "B"], seed=4)
    assert isinstance(setup, GameStarted) and setup.players == ("A", "B")


@pytest.mark.parametrize("policy", [random_policy, greedy_policy])
def test_every_bot_move_is_among_the_legal_actions(policy: Policy) -> None:
    dice = random.Random(3)
    for seed in range(8):
        game = HiddenRulesGame(new_game(["A", "B", "C"], seed=seed))
        while game.winner is None:
            legal = game.legal_actions()
            moved = game.step(policy, dice, 10_000)
            assert moved is not None
            entry = moved[0]
            if isinstance(entry, Played):   # the card and the value an ace was counted at
                assert Played(player=entry.player, card=entry.card,
                              ace_value=entry.ace_value) in legal
            else:
                assert legal == [TurnedUp(player=entry.player)]
        assert game.legal_actions() == []
