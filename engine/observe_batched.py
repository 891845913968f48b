"""Watch triggers fire in a batch of games played as arrays (a game's `BatchedPlay`): the
same figures as `engine.observe`, worked out over columns instead of play by play.

Every trigger is tested on every play at once (`engine.language.arrays`); the fires are then
summed by game, by seat and by pair of triggers into an `Observation`, which merges with
the per-play engine's like any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from engine.errors import HrdeckError
from engine.games.base import PlayColumns
from engine.games.registry import find_game
from engine.language.arrays import ArrayTriggers
from engine.language.columns import columns_read
from engine.language.parse import Trigger
from engine.language.schema import Schema
from engine.observe import Observation, batch_of
from engine.simulate import DEFAULT_TURN_LIMIT


def observe_batched(triggers: Sequence[Trigger], schema: Schema, *, players: int, games: int,
                    seed: int, policy: str = "greedy", first_game: int = 0,
                    pairs: bool = False) -> Observation:
    """Play `games` games of the schema's game as one batch, seeded by `seed`, the player
    count and `first_game` (so each batch of a run is its own and can be played apart), and
    test every trigger on every play."""
    base = find_game(schema.game)
    batched = batch_of(base, triggers, policy)
    if batched is None:
        raise HrdeckError(f"{base.title} cannot play these triggers' games as a batch.")
    needs = frozenset().union(*(columns_read(t, schema) for t in triggers))
    columns = batched.play(players, games, seed=[seed % 2**63, players, first_game],
                           policy=policy, turn_limit=DEFAULT_TURN_LIMIT, needs=needs)
    fired = ArrayTriggers(triggers, schema).fires(columns.fields, len(columns.game))
    return observation_of(columns, fired, len(triggers), pairs)


def observation_of(columns: PlayColumns, fired: Any, triggers: int,
                   pairs: bool) -> Observation:
    """The figures of a batch: `fired` (triggers × plays) says which plays each trigger
    fired on."""
    games, players = len(columns.plays_per_game), columns.players
    result = Observation(players=players, triggers=triggers, games=games,
                         plays=int(columns.plays_per_game.sum()))
    seats = columns.seat
    result.seat_plays = [int(count) for count in np.bincount(seats, minlength=players)]
    if not triggers:
        return result
    # Each trigger's fires by game and seat at once: one count over (game, seat) bins.
    bins = columns.game * players + seats
    by_game_and_seat = np.stack([
        np.bincount(bins, weights=fires, minlength=games * players) for fires in fired
    ]).astype(np.int64).reshape(triggers, games, players)
    in_game = by_game_and_seat.sum(axis=2)
    by_seat = by_game_and_seat.sum(axis=1)
    result.fires = [int(count) for count in in_game.sum(axis=1)]
    result.fires_squared = [int(count) for count in (in_game * in_game).sum(axis=1)]
    result.per_game = [_histogram(fires) for fires in in_game]
    result.seat_fires = [[int(count) for count in seat] for seat in by_seat]
    if pairs:
        packed = np.packbits(fired, axis=1)  # eight plays a byte
        for first in range(triggers - 1):
            both = np.bitwise_count(packed[first] & packed[first + 1:]).sum(axis=1)
            start = first * triggers + first + 1
            result.together[start:start + len(both)] = [int(count) for count in both]
    return result


def _histogram(fires: Any) -> dict[int, int]:
    """Fires in a game -> how many games."""
    counts = np.bincount(fires)
    return {int(fired): int(games) for fired, games in enumerate(counts) if games}
