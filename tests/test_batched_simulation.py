"""The batched simulator plays the same Up 'N Over as the per-play engine (the reference):
the same bot choices, the same trigger answers, and the same figures within sampling error.

The statistical comparison runs both simulators on the base deck's triggers and on a set
of unusual ones and compares, trigger by trigger, the mean fires per game and the chance a
game passes without a fire. The tolerance is stated once (`Z_LIMIT` combined standard
errors); with fixed seeds the test is deterministic, and a simulator that changed how the
game is played (who draws, how a trick is taken, when a game ends) moves these figures far
past it.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.cards import STANDARD_DECK
from engine.games.registry import find_game
from engine.games.upnover.batched import _greedy
from engine.games.upnover.policies import greedy_policy
from engine.games.upnover.trick_game import UpNOver, card_value
from engine.language.arrays import ArrayTriggers
from engine.language.compile import compile_trigger
from engine.language.parse import Trigger, parse_trigger
from engine.observe import Observation, batch_of, observe
from engine.observe_batched import observe_batched
from engine.simulate import find_policy, game_seed, new_setup, play_game, start_game
from generator.check import CheckOptions, check_deck
from generator.check.simulated import Simulation as CheckSimulation
from generator.check.static import check_triggers
from generator.deck import load_deck

ROOT = Path(__file__).resolve().parent.parent
GAME = find_game("up-n-over")
SCHEMA = GAME.schema
Z_LIMIT = 4.5  # combined standard errors two simulators' figures may differ by

UNUSUAL = (
    "deck_size <= 3", "round >= 6", "player.hand_size <= 2", "next_player.hand_size <= 3",
    "next_player.tricks >= 2 and player.tricks == 0", "player.seat == 1",
    "next_player.is_dealer", "len(trick) >= 6", "count_suit(trick, card.suit) >= 3",
    "count_colour(trick, \"black\") == 0", "is_prime(total)", "is_fibonacci(total_before)",
    "total % 3 == 2", "total // 4 == -1", "-total > 2", "min(total, total_before) < -3",
    "max(card.value, previous.value) == 11", "abs(total - 21) == 1", "card.value == 11",
    "previous.value == 11", "lead.value == 1 and lead.rank == \"A\"",
    "card.rank not in (\"2\", \"3\", \"4\", \"5\", \"6\", \"7\", \"8\", \"9\", \"10\")",
    "card.is_face == False and previous.is_face == True",
    "0 <= total_before < total <= 9", "trick_size == 2 and card.number > lead.number",
    "count_rank(trick, lead.rank) == 2 and card.suit != lead.suit",
)


def parsed(sources: tuple[str, ...] | list[str]) -> list[Trigger]:
    return [parse_trigger(source, SCHEMA) for source in sources]


def base_triggers() -> list[Trigger]:
    deck = load_deck(ROOT / "decks" / "base.yaml")
    return [t.parsed for t in check_triggers(deck, GAME) if t.simulated and t.parsed]


# -- exact: the bot and the trigger answers ----------------------------------------------------

def test_the_batched_greedy_bot_plays_what_the_reference_bot_plays() -> None:
    rng = random.Random(7)
    hands, totals, wanted = [], [], []
    for _ in range(5_000):
        cards = rng.sample(range(52), rng.randint(1, 5))
        table = UpNOver(players=2, seed=1)
        table.hands[table.turn] = [STANDARD_DECK[index] for index in cards]
        table.total = rng.randint(-24, 20)
        card, ace = greedy_policy(table, rng)
        wanted.append((card.index, card_value(card, ace)))
        hands.append(cards + [-1] * (5 - len(cards)))
        totals.append(table.total)
    rows = np.array(hands, dtype=np.int16)
    slot, value = _greedy(rows, None, np.array(totals), None)
    chosen = [(int(rows[n, slot[n]]), int(value[n])) for n in range(len(rows))]
    assert chosen == wanted


def _columns_and_answers(triggers: list[Trigger], games: int) -> tuple[dict[str, Any],
                                                                          list[list[bool]]]:
    """Per-play engine games: each play's view as columns, and each compiled trigger's
    answer on it."""
    tests = [compile_trigger(trigger, SCHEMA) for trigger in triggers]
    rows: list[dict[str, Any]] = []
    answers: list[list[bool]] = []
    for number in range(games):
        game = start_game(GAME, new_setup(GAME, 2 + number % 4, seed=game_seed(3, number)))
        assert GAME.view_after_play is not None
        view_of = GAME.view_after_play(game)

        def on_play(seat: int, view_of: Any = view_of) -> None:
            view = view_of()
            row: dict[str, Any] = {name: getattr(view, name).id
                                   for name in ("card", "previous", "lead")}
            row["trick"] = [card.id for card in view.trick]
            for name in ("total", "total_before", "trick_size", "deck_size", "round"):
                row[name] = getattr(view, name)
            for who in ("player", "next_player"):
                for part in ("score", "tricks", "hand_size", "seat", "is_dealer"):
                    row[f"{who}.{part}"] = getattr(getattr(view, who), part)
            rows.append(row)
            answers.append([bool(test(view)) for test in tests])

        play_game(game, find_policy(GAME, "random"), on_play=on_play)
    width = max(len(row["trick"]) for row in rows)
    columns = {name: np.array([row[name] for row in rows]) for name in rows[0]
               if name != "trick"}
    columns["trick"] = np.array([row["trick"] + [-1] * (width - len(row["trick"]))
                                 for row in rows])
    return columns, answers


def test_every_trigger_answers_on_columns_as_it_does_on_a_play() -> None:
    triggers = base_triggers() + parsed(UNUSUAL)
    columns, answers = _columns_and_answers(triggers, games=40)
    fired = ArrayTriggers(triggers, SCHEMA).fires(columns, len(answers))
    for position, trigger in enumerate(triggers):
        reference = [row[position] for row in answers]
        assert fired[position].tolist() == reference, trigger.source
        assert any(reference), f"{trigger.source} never fired: it would prove nothing"


def test_a_trigger_without_an_array_form_is_played_play_by_play() -> None:
    said = parse_trigger('contains(said, "please")', SCHEMA)  # known only at a real table
    assert batch_of(GAME, [said], "greedy") is None
    assert batch_of(GAME, parsed(["total == 3"]), "greedy") is not None
    assert batch_of(GAME, parsed(["total == 3"]), "no-such-bot") is None


# -- the same game, within sampling error ------------------------------------------------------

def _differences(reference: Observation, batched: Observation) -> list[str]:
    """Every figure further apart than Z_LIMIT combined standard errors."""
    found = []
    for position in range(reference.triggers):
        for name, first, second, spread in (
                ("fires per game", reference.mean(position), batched.mean(position),
                 _spread_of_mean), ("zero-fire chance", reference.zero_chance(position),
                                    batched.zero_chance(position), _spread_of_share)):
            error = math.hypot(spread(reference, position, first),
                               spread(batched, position, second))
            if abs(first - second) > Z_LIMIT * max(error, 1e-9) and abs(first - second) > 1e-9:
                found.append(f"trigger {position} {name}: {first:.4f} vs {second:.4f} "
                             f"(±{error:.4f})")
    plays_first = reference.plays / reference.games
    plays_second = batched.plays / batched.games
    if abs(plays_first - plays_second) > 0.03 * plays_first:
        found.append(f"plays per game: {plays_first:.2f} vs {plays_second:.2f}")
    return found


def _spread_of_mean(obs: Observation, position: int, mean: float) -> float:
    low, high = obs.interval(position)
    return (high - low) / (2 * 1.959964) if high > low else 0.0


def _spread_of_share(obs: Observation, position: int, share: float) -> float:
    return math.sqrt(max(share * (1 - share), 1 / obs.games) / obs.games)


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("which", ["base deck", "unusual triggers"])
def test_both_simulators_play_the_same_game(players: int, which: str) -> None:
    triggers = base_triggers() if which == "base deck" else parsed(UNUSUAL)
    games = 1_500
    reference = observe(triggers, SCHEMA, players=players, games=games, seed=11)
    batched = observe_batched(triggers, SCHEMA, players=players, games=games, seed=11)
    assert reference.games == batched.games == games
    assert _differences(reference, batched) == []


def test_the_comparison_would_see_a_different_game() -> None:
    """The tolerance is tight enough to tell Up 'N Over from a game of other length."""
    triggers = parsed(["total == 21", "round >= 4", "card.is_face"])
    three = observe_batched(triggers, SCHEMA, players=3, games=1_500, seed=1)
    five = observe_batched(triggers, SCHEMA, players=5, games=1_500, seed=1)
    assert _differences(three, five)


# -- the same seed, the same figures -------------------------------------------------------------

def test_a_batch_is_played_again_the_same_from_its_seed() -> None:
    triggers = parsed(UNUSUAL)
    first = observe_batched(triggers, SCHEMA, players=4, games=300, seed=5, pairs=True)
    again = observe_batched(triggers, SCHEMA, players=4, games=300, seed=5, pairs=True)
    other = observe_batched(triggers, SCHEMA, players=4, games=300, seed=6, pairs=True)
    assert vars(first) == vars(again)
    assert first.fires != other.fires


def test_the_check_is_the_same_report_whatever_the_workers(tmp_path: Path) -> None:
    deck = ROOT / "decks" / "base.yaml"

    def figures(workers: int) -> str:
        report, _ = check_deck(deck, CheckOptions(games=700, workers=workers))
        return json.dumps(_without_timings(report.to_dict()), sort_keys=True)

    assert figures(1) == figures(2)


def _without_timings(data: Any) -> Any:
    """The report as figures: how long it took is the machine's, not the games'."""
    if isinstance(data, dict):
        return {key: _without_timings(value) for key, value in data.items()
                if "second" not in key}
    return [_without_timings(value) for value in data] if isinstance(data, list) else data


def test_the_checker_plays_up_n_over_as_arrays_and_other_games_play_by_play() -> None:
    settings = load_deck(ROOT / "decks" / "base.yaml").info
    assert settings is not None
    checked = check_triggers(load_deck(ROOT / "decks" / "base.yaml"), GAME)
    simulated = [trigger for trigger in checked if trigger.simulated]
    assert CheckSimulation(simulated, GAME, settings.check, workers=1).batched
    jokers = find_game("jokers-secret")
    assert jokers.simulation is None or jokers.simulation.batched is None


def test_a_batch_stops_each_game_at_the_turn_limit_as_the_engine_does() -> None:
    batched = GAME.simulation.batched if GAME.simulation is not None else None
    assert batched is not None
    columns = batched.play(4, 50, seed=[3], policy="random", turn_limit=12,
                           needs=frozenset({"total"}))
    assert set(columns.plays_per_game.tolist()) == {12}
    assert np.bincount(columns.game).tolist() == [12] * 50  # every play recorded, no more
    game = start_game(GAME, new_setup(GAME, 4, seed=3))
    assert play_game(game, find_policy(GAME, "random"), turn_limit=12).plays == 12
