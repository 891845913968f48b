"""Base games, registered by name: what each lets a trigger read and which effects it can do."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import HrdeckError, did_you_mean
from engine.events import DEFAULT_GAME
from engine.language.schema import Schema
from engine.language.upnover_view import UPNOVER_SCHEMA


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    title: str
    schema: Schema
    effects: frozenset[str]     # effect actions the game can carry out
    min_players: int
    max_players: int


GAMES: dict[str, GameInfo] = {
    DEFAULT_GAME: GameInfo(
        name=DEFAULT_GAME, title="Up 'N Over (Hidden Rules)", schema=UPNOVER_SCHEMA,
        effects=frozenset({"draw"}), min_players=2, max_players=5),
}


class UnknownGameError(HrdeckError):
    """A base game that hrdeck does not know."""


def find_game(name: str) -> GameInfo:
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGameError(
            f'There is no base game called "{name}"; hrdeck knows: {", ".join(GAMES)}.'
            + did_you_mean(name, GAMES)) from None
