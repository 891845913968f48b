"""The game contract, typed: each game's simulation figures are a record of its own (the
figures a report prints, `Simulation.figures`, and those its ratios divide are fields of it,
in its order), and a bot's step names a seat or none, never a sentinel."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.events import DEFAULT_GAME
from engine.games.registry import find_game
from engine.simulate import (
    find_policy,
    game_seed,
    new_setup,
    play_game,
    simulate,
    simulation_of,
    start_game,
)

GAMES = (DEFAULT_GAME, "jokers-secret", "mao", "what-the-rule")


@pytest.mark.parametrize("name", GAMES)
def test_a_games_figures_are_its_own_frozen_record_of_what_its_report_reads(
        name: str) -> None:
    base = find_game(name)
    simulation = simulation_of(base)
    game = start_game(base, new_setup(base, base.min_players, seed=3))
    play_game(game, find_policy(base, simulation.check_policy), turn_limit=40)
    record = game.figures()
    assert dataclasses.is_dataclass(record) and not isinstance(record, dict)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(record, dataclasses.fields(record)[0].name, 99)
    names = [field.name for field in dataclasses.fields(record)]
    printed = [figure for figure, _ in simulation.figures]
    assert [name for name in names if name in printed] == printed
    assert {name for _, *parts, _ in simulation.ratios for name in parts} <= set(names)
    assert all(type(getattr(record, field.name)) is int for field in dataclasses.fields(record))


def test_a_report_sums_the_records_by_name() -> None:
    report = simulate(game=DEFAULT_GAME, players=3, games=3, seed=1, policy="random")
    base = find_game(DEFAULT_GAME)
    tricks = reshuffles = 0
    for number in range(3):
        game = start_game(base, new_setup(base, 3, seed=game_seed(1, number)))
        play_game(game, find_policy(base, "random"))
        tricks += game.figures().tricks
        reshuffles += game.figures().reshuffles
    assert report.figures == {"tricks": tricks, "reshuffles": reshuffles}


@pytest.mark.parametrize("name", GAMES)
def test_a_bots_step_names_the_seat_that_played_or_none(name: str) -> None:
    """No sentinel seat: a move that is not a play (a card turned up, a round led, a winner
    coming back) names no seat."""
    base = find_game(name)
    game = start_game(base, new_setup(base, base.min_players, seed=5))
    policy, dice = find_policy(base, simulation_of(base).check_policy), random.Random(5)
    seats = set()
    for _ in range(60):
        moved = game.step(policy, dice, 1_000)
        if moved is None or game.is_over:
            break
        seats.add(moved[1])
    assert seats - {None} and seats - {None} <= set(range(base.min_players)), seats
