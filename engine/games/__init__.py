"""Base games, registered by name: `find_game("up-n-over")`.

The games hrdeck ships are found by module name (`BUILT_IN`) the first time the registry is
read, so no generic module imports a game; a plugin or a test adds its own with `register`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.errors import HrdeckError, did_you_mean
from engine.events import DEFAULT_GAME, Event, GameStarted, event_from_dict
from engine.games.base import BaseGame, Game

# each module registers its game when imported
BUILT_IN = ("engine.games.upnover", "engine.games.jokers_secret", "engine.games.mao",
            "engine.games.what_the_rule")

_REGISTERED: dict[str, BaseGame] = {}
_LOADED = [False]


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
    """Every registered game by name, the built-in ones loaded on first read."""

    def _games(self) -> dict[str, BaseGame]:
        if not _LOADED[0]:
            _LOADED[0] = True
            for module in BUILT_IN:
                importlib.import_module(module)
        return _REGISTERED

    def __getitem__(self, name: str) -> BaseGame:
        return self._games()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())


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


__all__ = ["BUILT_IN", "DEFAULT_GAME", "GAMES", "BaseGame", "Game", "UnknownGameError",
           "decode_entries", "entry_types", "find_game", "register", "unregister"]
