"""Base games, registered by name: `find_game(name)`.

Every declared game (see `engine.games`) is known by name: its engine module is imported the
first time the game is looked up, so listing the names costs nothing and no generic module
imports a game. A game's engine module registers its `BaseGame` with `register`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.errors import HrdeckError, did_you_mean
from engine.events import DEFAULT_GAME, Event, GameStarted, event_from_dict
from engine.games import declared, load_part
from engine.games.base import BaseGame, Game

_REGISTERED: dict[str, BaseGame] = {}


class UnknownGameError(HrdeckError):
    """A base game that hrdeck does not know."""


def register(game: BaseGame) -> BaseGame:
    """Make `game` known by its name; a second game of the same name is refused."""
    known = _REGISTERED.get(game.name)
    if known is not None and known is not game:
        raise HrdeckError(f'A base game called "{game.name}" is registered already.')
    _REGISTERED[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game (for tests that register a game of their own)."""
    _REGISTERED.pop(name, None)


class _Registry(Mapping[str, BaseGame]):
    """Every game by name: the registered ones, and the declared ones still to be loaded
    (each is imported when it is first looked up)."""

    def __getitem__(self, name: str) -> BaseGame:
        if name not in _REGISTERED and name in _pending():
            load_part(name, "engine")  # registers the game
        return _REGISTERED[name]

    def __contains__(self, name: object) -> bool:
        return name in _REGISTERED or name in _pending()

    def __iter__(self) -> Iterator[str]:
        return iter(_names())

    def __len__(self) -> int:
        return len(_names())


def _pending() -> list[str]:
    """Declared games whose engine modules have not been imported yet (one that was imported
    and then unregistered stays forgotten)."""
    return [name for name, game in declared().items()
            if name not in _REGISTERED and game.engine not in sys.modules]


def _names() -> list[str]:
    """The declared games first, in their order, then the others as they were registered."""
    games = declared()
    listed = [name for name in games if name in _REGISTERED or name in _pending()]
    return listed + [name for name in _REGISTERED if name not in games]


GAMES: Mapping[str, BaseGame] = _Registry()


def find_game(name: str) -> BaseGame:
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGameError(
            f'There is no base game called "{name}"; hrdeck knows: {", ".join(GAMES)}.'
            + did_you_mean(name, list(GAMES))) from None


def entry_types(name: str) -> dict[str, type[Any]]:
    """The journal entry types of game `name` beyond every game's, by name (an unknown game
    is an `UnknownGameError`)."""
    return {cls.__name__: cls for cls in find_game(name).events}


def decode_entries(data: Sequence[Any]) -> list[Event]:
    """A journal from `event_to_dict` outputs: the first entry (the setup) names the game
    whose own entry types the rest may use."""
    if not data:
        return []
    setup = event_from_dict(data[0])
    own = entry_types(setup.game) if isinstance(setup, GameStarted) else {}
    return [setup, *(event_from_dict(item, own) for item in data[1:])]


__all__ = ["DEFAULT_GAME", "GAMES", "BaseGame", "Game",
           "UnknownGameError", "decode_entries", "entry_types", "find_game", "register",
           "unregister"]
