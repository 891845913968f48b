"""Watch triggers fire in simulated games: how often, for whom, and together with which.

Every trigger of a deck is tested on every play of every game. The figures are gathered as
sums and histograms, so runs can be split across processes and merged.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import HrdeckError
from engine.games.base import BatchedPlay
from engine.games.registry import BaseGame, find_game
from engine.language.columns import array_form_missing, columns_read
from engine.language.parse import Trigger
from engine.language.schema import Schema
from engine.language.tally import compile_deck_tally, fired_positions
from engine.simulate import find_policy, game_seed, new_setup, play_game, start_game

Z_95 = 1.959964
_EXPANSIONS_KEPT = 50_000


@dataclass
class Observation:
    """Fire figures for one player count, kept as sums so runs can be merged.

    Per trigger: `fires` in all, `fires_squared` (the sum over games of fires in a game,
    squared), `per_game` (fires in a game -> how many games), `seat_fires` (by seat).
    """

    players: int
    triggers: int
    games: int = 0
    plays: int = 0
    seat_plays: list[int] = field(default_factory=list)
    fires: list[int] = field(default_factory=list)
    fires_squared: list[int] = field(default_factory=list)
    per_game: list[dict[int, int]] = field(default_factory=list)
    seat_fires: list[list[int]] = field(default_factory=list)
    together: list[int] = field(default_factory=list)  # [a * triggers + b]: plays both fired

    def __post_init__(self) -> None:
        self._expanded: dict[int, list[int]] = {}  # masks seen before, as positions
        count = self.triggers
        self.seat_plays = self.seat_plays or [0] * self.players
        self.fires = self.fires or [0] * count
        self.fires_squared = self.fires_squared or [0] * count
        self.per_game = self.per_game or [{} for _ in range(count)]
        self.seat_fires = self.seat_fires or [[0] * self.players for _ in range(count)]
        self.together = self.together or [0] * (count * count)

    def add_game(self, plays: int, patterns: dict[tuple[int, int], int],
                 pairs: bool = False) -> None:
        """Add one game, given how many plays from each seat fired each set of triggers
        (as a mask: bit n for trigger n)."""
        self.games += 1
        self.plays += plays
        in_game = [0] * self.triggers
        seat_plays, seat_fires, together = self.seat_plays, self.seat_fires, self.together
        count = self.triggers
        expanded = self._expanded
        for (seat, mask), times in patterns.items():
            seat_plays[seat] += times
            fired = expanded.get(mask)
            if fired is None:
                if len(expanded) > _EXPANSIONS_KEPT:
                    expanded.clear()
                fired = expanded[mask] = fired_positions(mask)
            for position in fired:
                in_game[position] += times
                seat_fires[position][seat] += times
            if pairs and len(fired) > 1:
                for first, second in itertools.combinations(fired, 2):
                    together[first * count + second] += times
        fires, squared, per_game = self.fires, self.fires_squared, self.per_game
        for position, count in enumerate(in_game):
            fires[position] += count
            squared[position] += count * count
            histogram = per_game[position]
            histogram[count] = histogram.get(count, 0) + 1

    def merge(self, other: Observation) -> None:
        self.games += other.games
        self.plays += other.plays
        self.seat_plays = [a + b for a, b in zip(self.seat_plays, other.seat_plays, strict=True)]
        for position in range(self.triggers):
            self.fires[position] += other.fires[position]
            self.fires_squared[position] += other.fires_squared[position]
            for count, games in other.per_game[position].items():
                histogram = self.per_game[position]
                histogram[count] = histogram.get(count, 0) + games
            self.seat_fires[position] = [a + b for a, b in zip(
                self.seat_fires[position], other.seat_fires[position], strict=True)]
        self.together = [a + b for a, b in zip(self.together, other.together, strict=True)]

    def plays_together(self) -> dict[tuple[int, int], int]:
        """For each pair of triggers that ever fired on the same play, how many plays."""
        count = self.triggers
        return {(index // count, index % count): plays
                for index, plays in enumerate(self.together) if plays}

    # -- figures a designer reads ---------------------------------------------------------

    def mean(self, trigger: int) -> float:
        return self.fires[trigger] / self.games if self.games else 0.0

    def interval(self, trigger: int) -> tuple[float, float]:
        """The 95% confidence interval of the mean fires per game."""
        games = self.games
        if games < 2:
            return (self.mean(trigger), self.mean(trigger))
        mean = self.fires[trigger] / games
        variance = max(0.0, (self.fires_squared[trigger] - games * mean * mean) / (games - 1))
        half = Z_95 * math.sqrt(variance / games)
        return (max(0.0, mean - half), mean + half)

    def zero_chance(self, trigger: int) -> float:
        """The chance a whole game passes without the trigger firing once."""
        return self.per_game[trigger].get(0, 0) / self.games if self.games else 0.0

    def share_of_plays(self, trigger: int) -> float:
        return self.fires[trigger] / self.plays if self.plays else 0.0

    def more_than(self, trigger: int, answers: int) -> float:
        """The chance a game has the trigger fire more than `answers` times."""
        over = sum(games for fires, games in self.per_game[trigger].items() if fires > answers)
        return over / self.games if self.games else 0.0

    def seat_rates(self, trigger: int) -> list[float]:
        """Fires per play made from each seat."""
        fires = self.seat_fires[trigger]
        return [f / p if p else 0.0 for f, p in zip(fires, self.seat_plays, strict=True)]

    def seat_bias(self, trigger: int) -> float:
        """Highest seat rate over lowest (1 is fair; infinity when a seat never sees it)."""
        rates = self.seat_rates(trigger)
        if max(rates) == 0:
            return 1.0
        return max(rates) / min(rates) if min(rates) > 0 else math.inf


def batch_of(base: BaseGame, triggers: Sequence[Trigger], policy: str) -> BatchedPlay | None:
    """The game's batched simulator, when it can play `policy` and test all these triggers
    (else None: the game is simulated play by play)."""
    batched = base.simulation.batched if base.simulation is not None else None
    if batched is None or policy not in batched.policies:
        return None
    for trigger in triggers:
        if (not columns_read(trigger, base.schema) <= batched.provides
                or array_form_missing(trigger, base.schema)):
            return None
    return batched


_COMPILED: dict[tuple[str, tuple[str, ...]], Callable[[Any], int]] = {}


def prepare(triggers: Sequence[Trigger], schema: Schema) -> Callable[[Any], int]:
    """Compile a deck's tally once per process; forked worker processes inherit it."""
    return _compiled(tuple(triggers), schema)


def _compiled(triggers: tuple[Trigger, ...], schema: Schema) -> Callable[[Any], int]:
    key = (schema.game, tuple(trigger.source for trigger in triggers))
    if key not in _COMPILED:
        _COMPILED.clear()
        _COMPILED[key] = compile_deck_tally(triggers, schema)
    return _COMPILED[key]


def observe(triggers: Sequence[Trigger], schema: Schema, *, players: int, games: int,
            seed: int = 0, policy: str = "greedy", first_game: int = 0,
            pairs: bool = False) -> Observation:
    """Play `games` seeded games of the schema's game (numbered from `first_game`) testing
    every trigger on every play. Game n of a run always has the same seed, so chunks of a run
    can be played apart. With `pairs`, also count the plays on which each pair of triggers
    fired together."""
    tally = _compiled(tuple(triggers), schema)
    base = find_game(schema.game)
    chosen = find_policy(base, policy)
    view_after_play = base.view_after_play
    if view_after_play is None:
        raise HrdeckError(f"Triggers cannot be watched in {base.title}: it has no trigger view.")
    result = Observation(players=players, triggers=len(triggers))
    for number in range(first_game, first_game + games):
        game = start_game(base, new_setup(base, players, seed=game_seed(seed, number)))
        patterns: dict[tuple[int, int], int] = {}  # (seat, mask of fired) -> plays
        outcome = play_game(game, chosen, on_play=_recorder(tally, view_after_play(game),
                                                            patterns))
        result.add_game(outcome.plays, patterns, pairs)
    return result


def _recorder(tally: Callable[[Any], int], view_of: Callable[[], Any],
              patterns: dict[tuple[int, int], int]) -> Callable[[int], None]:
    """After each play: which seat played, and which triggers fired."""

    def on_play(seat: int) -> None:
        key = (seat, tally(view_of()))
        patterns[key] = patterns.get(key, 0) + 1

    return on_play
