"""Seeded simulation of whole games: a bounded loop with a pluggable policy and a typed outcome.

Every game is reproducible from its seed; `game_seed(seed, n)` gives the seed of game `n` of
a run, so a failing game can be replayed alone.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from engine.events import Event, GameStarted
from engine.hidden_rules import DEFAULT_TARGET, HiddenRulesGame, new_game
from engine.policies import Policy, find_policy
from engine.upnover import Phase, verify_player_count

DEFAULT_TURN_LIMIT = 5_000
_PLAY = Phase.PLAY  # a module name: enum member lookups are slow on the hot loop
PLAYER_NAMES = ("North", "East", "South", "West", "Centre")


class Termination(Enum):
    WIN = "win"                # a player ended a round alone at or above the target
    TURN_LIMIT = "turn_limit"  # the play limit ran out first


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    winner: int | None
    scores: tuple[int, ...]
    plays: int
    tricks: int
    reshuffles: int
    seed: int


def game_seed(seed: int, number: int) -> int:
    """The seed of game `number` in a run started with `seed`."""
    return seed * 1_000_003 + number


def play_game(setup: GameStarted, policy: Policy, *, turn_limit: int = DEFAULT_TURN_LIMIT,
              journal: list[Event] | None = None,
              on_play: Callable[[HiddenRulesGame], None] | None = None,
              game: HiddenRulesGame | None = None) -> Outcome:
    """Play one game to its end or to `turn_limit` plays.

    Every entry is appended to `journal`; `on_play` is called after each card played.
    """
    game = game if game is not None else HiddenRulesGame(setup)
    table = game.table
    rng = random.Random(setup.seed ^ 0x5EED)   # the bots' own dice, apart from the shuffle
    record = journal.append if journal is not None else None
    while game.winner is None:
        if table.phase is _PLAY:
            if table.plays >= turn_limit:
                return _outcome(game, Termination.TURN_LIMIT)
            card, ace_value = policy(table, rng)
            event: Event = game.play(table.turn, card, ace_value)
            if on_play is not None:
                on_play(game)
        else:
            event = game.turn_up(table.turn)
        if record is not None:
            record(event)
    return _outcome(game, Termination.WIN)


def _outcome(game: HiddenRulesGame, termination: Termination) -> Outcome:
    table = game.table
    return Outcome(termination=termination, winner=game.winner, scores=tuple(game.scores),
                   plays=table.plays, tricks=sum(table.tricks_taken),
                   reshuffles=table.reshuffles, seed=game.setup.seed)


@dataclass
class SimulationReport:
    """Figures for a run of many games, gathered without keeping the games."""

    games: int
    players: int
    policy: str
    seed: int
    plays: int = 0
    tricks: int = 0
    reshuffles: int = 0
    turn_limited: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
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

    def add(self, outcome: Outcome) -> None:
        first = self.score_count == 0
        self.plays += outcome.plays
        self.tricks += outcome.tricks
        self.reshuffles += outcome.reshuffles
        self.most_plays = max(self.most_plays, outcome.plays)
        self.fewest_plays = outcome.plays if first else min(self.fewest_plays, outcome.plays)
        scores = outcome.scores
        self.lowest_score = min(scores) if first else min(self.lowest_score, *scores)
        self.highest_score = max(scores) if first else max(self.highest_score, *scores)
        if outcome.winner is None:
            self.turn_limited += 1
        else:
            self.wins_by_seat[outcome.winner] += 1
        self.score_count += len(scores)
        self.score_sum += sum(scores)
        self.score_squares += sum(score * score for score in scores)
        ranked = sorted(scores, reverse=True)
        self.margin_sum += ranked[0] - ranked[1]

    def to_dict(self) -> dict[str, object]:
        games = self.games or 1
        return {
            "games": self.games,
            "players": self.players,
            "policy": self.policy,
            "seed": self.seed,
            "plays": self.plays,
            "tricks": self.tricks,
            "reshuffles": self.reshuffles,
            "plays_per_game": self.plays / games,
            "fewest_plays": self.fewest_plays,
            "most_plays": self.most_plays,
            "tricks_per_game": self.tricks / games,
            "reshuffles_per_game": self.reshuffles / games,
            "turn_limited": self.turn_limited,
            "win_rate_by_seat": [round(rate, 4) for rate in self.win_rates],
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
             fewer_cards_variant: bool = False, target: int = DEFAULT_TARGET,
             turn_limit: int = DEFAULT_TURN_LIMIT,
             progress: Callable[[int], None] | None = None) -> SimulationReport:
    """Play `games` seeded games and gather their figures; `progress` is told of each game."""
    verify_player_count(players)
    chosen = find_policy(policy)
    names = PLAYER_NAMES[:players]
    report = SimulationReport(games=games, players=players, policy=policy, seed=seed,
                              wins_by_seat=[0] * players)
    started = time.perf_counter()
    for number in range(games):
        setup = new_game(names, seed=game_seed(seed, number),
                         fewer_cards_variant=fewer_cards_variant, target=target)
        report.add(play_game(setup, chosen, turn_limit=turn_limit))
        if progress is not None:
            progress(number + 1)
    report.seconds = time.perf_counter() - started
    return report
