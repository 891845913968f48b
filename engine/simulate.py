"""Seeded simulation of whole games: a bounded loop with a pluggable policy and a typed outcome.

Every game is reproducible from its seed; `game_seed(seed, n)` gives the seed of game `n` of
a run, so a failing game can be replayed alone.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.errors import ConfigError, HrdeckError, did_you_mean
from engine.events import DEFAULT_GAME, Event
from engine.games.base import Figures, Policy, Simulated, Simulation
from engine.games.registry import BaseGame, find_game
from engine.rules_layer import DEFAULT_TARGET

DEFAULT_TURN_LIMIT = 5_000
PLAYER_NAMES = ("North", "East", "South", "West", "Centre")


class Termination(Enum):
    WIN = "win"                # a player ended a round alone at or above the target
    TURN_LIMIT = "turn_limit"  # the play limit ran out first
    ENDED = "ended"            # the game ended without a single winner (a shared win, or a
    #                            game played without points)


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    winner: int | None
    scores: tuple[int, ...]
    plays: int
    seed: int
    figures: dict[str, int] = field(default_factory=dict)  # the game's own counts


def game_seed(seed: int, number: int) -> int:
    """The seed of game `number` in a run started with `seed`."""
    return seed * 1_000_003 + number


def play_game(game: Simulated, policy: Policy, *, turn_limit: int = DEFAULT_TURN_LIMIT,
              journal: list[Event] | None = None,
              on_play: Callable[[int], None] | None = None) -> Outcome:
    """Play one game in progress to its end or to `turn_limit` plays.

    Every entry is appended to `journal`; `on_play` is told the seat of each play made.
    """
    rng = random.Random(game.setup.seed ^ 0x5EED)   # the bots' own dice, apart from the shuffle
    record = journal.append if journal is not None else None
    step = game.step
    while game.winner is None and not game.is_over:
        moved = step(policy, rng, turn_limit)
        if moved is None:
            return _outcome(game, Termination.TURN_LIMIT)
        if on_play is not None and moved[1] is not None:
            on_play(moved[1])
        if record is not None:
            record(moved[0])
    return _outcome(game, Termination.WIN if game.winner is not None else Termination.ENDED)


def _outcome(game: Simulated, termination: Termination) -> Outcome:
    return Outcome(termination=termination, winner=game.winner, scores=tuple(game.scores),
                   plays=game.plays, seed=game.setup.seed, figures=counts(game.figures()))


def counts(figures: Figures) -> dict[str, int]:
    """A game's figures by name, in the order its record lists them, for a report."""
    return {name: int(getattr(figures, name)) for name in figures.__dataclass_fields__}


def simulation_of(base: BaseGame) -> Simulation:
    if base.simulation is None:
        raise HrdeckError(f"{base.title} cannot be played by bots yet.")
    return base.simulation


def find_policy(base: BaseGame, name: str) -> Policy:
    policies = simulation_of(base).policies
    try:
        return policies[name]
    except KeyError:
        raise HrdeckError(
            f'There is no policy called "{name}" for {base.title}; choose one of: '
            f'{", ".join(policies)}.' + did_you_mean(name, list(policies))) from None


def new_setup(base: BaseGame, players: int, *, seed: int, target: int | None = None,
              options: Mapping[str, object] | None = None) -> Any:
    """The setup entry of a bots' game of `base` for `players` seats (to the game's own
    target for bots when `target` is None)."""
    base.verify_players(players)
    simulation = simulation_of(base)
    unknown = sorted(set(options or {}) - simulation.options)
    if unknown:
        raise ConfigError(f"{base.title} has no setting {unknown[0]!r}.")
    names = tuple(PLAYER_NAMES[seat] if seat < len(PLAYER_NAMES) else f"Seat {seat + 1}"
                  for seat in range(players))
    if target is None:
        target = DEFAULT_TARGET if simulation.target is None else simulation.target
    return simulation.setup(names, seed=seed, target=target, **(options or {}))


def start_game(base: BaseGame, setup: Any) -> Simulated:
    game: Simulated = base.start(setup)  # type: ignore[assignment]
    return game


@dataclass
class SimulationReport:
    """Figures for a run of many games, gathered without keeping the games."""

    games: int
    players: int
    policy: str
    seed: int
    game: str = DEFAULT_GAME
    plays: int = 0
    figures: dict[str, int] = field(default_factory=dict)  # the game's own counts, summed
    ratios: tuple[tuple[str, str, str, str], ...] = ()  # the game's (see `Simulation`)
    turn_limited: int = 0
    no_winner: int = 0         # games that ended with a shared win or none
    turn_limit: int = DEFAULT_TURN_LIMIT
    wins_by_seat: list[int] = field(default_factory=list)
    score_by_seat: list[int] = field(default_factory=list)  # final scores, summed
    most_plays: int = 0
    fewest_plays: int = 0
    score_count: int = 0
    score_sum: int = 0
    score_squares: int = 0
    lowest_score: int = 0
    highest_score: int = 0
    margin_sum: int = 0
    seconds: float = 0.0

    @property
    def plays_per_second(self) -> float:
        return self.plays / self.seconds if self.seconds else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.score_count if self.score_count else 0.0

    @property
    def score_stdev(self) -> float:
        if not self.score_count:
            return 0.0
        variance = self.score_squares / self.score_count - self.mean_score ** 2
        return math.sqrt(max(0.0, variance))

    @property
    def win_rates(self) -> list[float]:
        return [wins / self.games if self.games else 0.0 for wins in self.wins_by_seat]

    @property
    def mean_scores(self) -> list[float]:
        return [total / self.games if self.games else 0.0 for total in self.score_by_seat]

    def ratio(self, numerator: str, denominator: str) -> float:
        below = self.figures.get(denominator, 0)
        return self.figures.get(numerator, 0) / below if below else 0.0

    def add(self, outcome: Outcome) -> None:
        first = self.score_count == 0
        self.plays += outcome.plays
        for name, count in outcome.figures.items():
            self.figures[name] = self.figures.get(name, 0) + count
        self.most_plays = max(self.most_plays, outcome.plays)
        self.fewest_plays = outcome.plays if first else min(self.fewest_plays, outcome.plays)
        scores = outcome.scores
        self.lowest_score = min(scores) if first else min(self.lowest_score, *scores)
        self.highest_score = max(scores) if first else max(self.highest_score, *scores)
        if outcome.termination is Termination.TURN_LIMIT:
            self.turn_limited += 1
        elif outcome.winner is None:
            self.no_winner += 1
        if outcome.winner is not None:
            self.wins_by_seat[outcome.winner] += 1
        if len(self.score_by_seat) < len(scores):
            self.score_by_seat += [0] * (len(scores) - len(self.score_by_seat))
        for seat, score in enumerate(scores):
            self.score_by_seat[seat] += score
        self.score_count += len(scores)
        self.score_sum += sum(scores)
        self.score_squares += sum(score * score for score in scores)
        ranked = sorted(scores, reverse=True)
        self.margin_sum += ranked[0] - ranked[1]

    def to_dict(self) -> dict[str, object]:
        games = self.games or 1
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "policy": self.policy,
            "seed": self.seed,
            "plays": self.plays,
            **self.figures,
            "plays_per_game": self.plays / games,
            "fewest_plays": self.fewest_plays,
            "most_plays": self.most_plays,
            **{f"{name}_per_game": count / games for name, count in self.figures.items()},
            **{key: round(self.ratio(numerator, denominator), 4)
               for key, numerator, denominator, _ in self.ratios},
            "turn_limited": self.turn_limited, "turn_limit": self.turn_limit,
            "no_single_winner": self.no_winner,
            "win_rate_by_seat": [round(rate, 4) for rate in self.win_rates],
            "mean_score_by_seat": [round(score, 3) for score in self.mean_scores],
            "final_score": {
                "mean": round(self.mean_score, 3),
                "stdev": round(self.score_stdev, 3),
                "lowest": self.lowest_score,
                "highest": self.highest_score,
                "mean_winning_margin": round(self.margin_sum / games, 3),
            },
            "seconds": round(self.seconds, 4),
            "plays_per_second": round(self.plays_per_second, 1),
        }


def simulate(*, games: int, players: int, seed: int = 0, policy: str = "random",
             game: str = DEFAULT_GAME, target: int | None = None,
             options: Mapping[str, object] | None = None,
             turn_limit: int = DEFAULT_TURN_LIMIT,
             progress: Callable[[int], None] | None = None) -> SimulationReport:
    """Play `games` seeded games of `game` and gather their figures; `options` are the game's
    own settings; `progress` is told of each game."""
    base = find_game(game)
    new_setup(base, players, seed=seed, target=target, options=options)  # settings verified
    chosen = find_policy(base, policy)
    report = SimulationReport(games=games, players=players, policy=policy, seed=seed,
                              game=base.name, wins_by_seat=[0] * players,
                              score_by_seat=[0] * players, turn_limit=turn_limit,
                              figures={name: 0 for name, _ in simulation_of(base).figures},
                              ratios=simulation_of(base).ratios)
    started = time.perf_counter()
    for number in range(games):
        setup = new_setup(base, players, seed=game_seed(seed, number), target=target,
                          options=options)
        report.add(play_game(start_game(base, setup), chosen, turn_limit=turn_limit))
        if progress is not None:
            progress(number + 1)
    report.seconds = time.perf_counter() - started
    return report
