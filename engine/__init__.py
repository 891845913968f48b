"""hrdeck's pure game engine: cards, the hidden-rules layer, the journal, simulation, and
the base games they serve (`engine.games`, one package per game).

Nothing here touches files, terminals or the network, and nothing imports yaml, reportlab,
jinja2, typer or rich (a test enforces it).

The names below load from their modules on first use (`engine.Card`, `from engine import
Journal`), so that importing one small module of the engine, such as `engine.errors`, does
not bring in the journal, the games and the simulation.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.cards import CARDS as CARDS
    from engine.cards import STANDARD_DECK as STANDARD_DECK
    from engine.cards import Card as Card
    from engine.cards import Rank as Rank
    from engine.cards import Suit as Suit
    from engine.cards import parse_card as parse_card
    from engine.cards import parse_cards as parse_cards
    from engine.errors import CardError as CardError
    from engine.errors import ConfigError as ConfigError
    from engine.errors import HrdeckError as HrdeckError
    from engine.errors import IllegalActionError as IllegalActionError
    from engine.errors import JournalError as JournalError
    from engine.errors import UnknownPlayerError as UnknownPlayerError
    from engine.events import Challenged as Challenged
    from engine.events import Enforced as Enforced
    from engine.events import Event as Event
    from engine.events import GameStarted as GameStarted
    from engine.events import RuleChosen as RuleChosen
    from engine.events import Ruling as Ruling
    from engine.events import Voided as Voided
    from engine.games.registry import GAMES as GAMES
    from engine.games.registry import BaseGame as BaseGame
    from engine.games.registry import Game as Game
    from engine.games.registry import find_game as find_game
    from engine.games.registry import register as register
    from engine.journal import Journal as Journal
    from engine.journal import replay as replay
    from engine.simulate import Outcome as Outcome
    from engine.simulate import Termination as Termination
    from engine.simulate import play_game as play_game
    from engine.simulate import simulate as simulate

# module -> the names it gives the package
_HOMES = {
    "cards": ("CARDS", "STANDARD_DECK", "Card", "Rank", "Suit", "parse_card", "parse_cards"),
    "errors": ("CardError", "ConfigError", "HrdeckError", "IllegalActionError", "JournalError",
               "UnknownPlayerError"),
    "events": ("Challenged", "Enforced", "Event", "GameStarted", "RuleChosen", "Ruling",
               "Voided"),
    "games.registry": ("GAMES", "BaseGame", "Game", "find_game", "register"),
    "journal": ("Journal", "replay"),
    "simulate": ("Outcome", "Termination", "play_game", "simulate"),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    """Load an exported name from its module the first time it is asked for, and keep it.
    (Once the module `engine.simulate` is imported, the package's `simulate` is that module:
    take the function from it.)"""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
