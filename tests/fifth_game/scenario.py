"""The fifth game's steps in scenario files (tests/fixtures/scenarios/higher-or-lower/), for
the runner in tests/scenario.py: `guess: Ann higher` (or lower)."""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.journal import Journal
from tests.fifth_game.game import Guessed, HigherOrLower, new_setup


def start(data: dict[str, Any]) -> Journal:
    return Journal(new_setup(list(data["players"]), seed=int(data.get("seed", 1))))


def event_for(step: dict[str, Any], journal: Journal) -> Event | None:
    if "guess" not in step:
        return None
    who, way = str(step["guess"]).split()
    game = journal.game
    assert isinstance(game, HigherOrLower)
    return Guessed(player=game.seat_of(who), higher=way == "higher")


def observe(journal: Journal, keys: dict[str, Any]) -> dict[str, Any]:
    game = journal.game
    assert isinstance(game, HigherOrLower)
    seen = {"turn": game.names[game.turn], "guesses": game.plays}
    return {key: seen[key] for key in keys}
