"""Base games, registered by name: `find_game("up-n-over")`.

The games hrdeck ships are known by name and module (`BUILT_IN_GAMES`): a game's module is
imported the first time that game is looked up, so listing the names costs nothing and no
generic module imports a game. A plugin or a test adds its own with `register`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.errors import HrdeckError, did_you_mean
from engine.events import DEFAULT_GAME, Event, GameStarted, event_from_dict
from engine.games.base import BaseGame, Game

# name -> the module that registers that game when imported; the order is the listing's
BUILT_IN_GAMES = {DEFAULT_GAME: "engine.games.upnover",
                  "jokers-secret": "engine.games.jokers_secret",
                  "mao": "engine.games.mao",
                  "what-the-rule": "engine.games.what_the_rule"}
BUILT_IN = tuple(BUILT_IN_GAMES.values())

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
    """Every game by name: the registered ones, and the built-in ones still to be loaded
    (each is imported when it is first looked up)."""

    def __getitem__(self, name: str) -> BaseGame:
        if name not in _REGISTERED and name in _pending():
            importlib.import_module(BUILT_IN_GAMES[name])  # registers the game
        return _REGISTERED[name]

    def __contains__(self, name: object) -> bool:
        return name in _REGISTERED or name in _pending()

    def __iter__(self) -> Iterator[str]:
        return iter(_names())

    def __len__(self) -> int:
        return len(_names())


def _pending() -> list[str]:
    """Built-in games whose modules have not been imported yet (one that was imported and
    then unregistered stays forgotten)."""
    return [name for name, module in BUILT_IN_GAMES.items()
            if name not in _REGISTERED and module not in sys.modules]


def _names() -> list[str]:
    """The built-in games first, in their order, then the others as they were registered."""
    built_in = [name for name in BUILT_IN_GAMES if name in _REGISTERED or name in _pending()]
    return built_in + [name for name in _REGISTERED if name not in BUILT_IN_GAMES]


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


__all__ = ["BUILT_IN", "BUILT_IN_GAMES", "DEFAULT_GAME", "GAMES", "BaseGame", "Game",
           "UnknownGameError", "decode_entries", "entry_types", "find_game", "register",
           "unregister"]
