"""hrdeck's pure game engine: cards, the hidden-rules layer, the journal, simulation, and
the base games they serve (`engine.games`, one package per game).

Nothing here touches files, terminals or the network, and nothing imports yaml, reportlab,
jinja2, typer or rich (a test enforces it).
"""

from engine.cards import CARDS, STANDARD_DECK, Card, Rank, Suit, parse_card, parse_cards
from engine.errors import (
    CardError,
    ConfigError,
    HrdeckError,
    IllegalActionError,
    JournalError,
    UnknownPlayerError,
)
from engine.events import Challenged, Enforced, Event, GameStarted, RuleChosen, Ruling, Voided
from engine.games import GAMES, BaseGame, Game, find_game, register
from engine.journal import Journal, replay
from engine.simulate import Outcome, Termination, play_game, simulate

__all__ = [
    "CARDS", "GAMES", "STANDARD_DECK", "BaseGame", "Card", "CardError", "Challenged",
    "ConfigError", "Enforced", "Event", "Game", "GameStarted", "HrdeckError",
    "IllegalActionError", "Journal", "JournalError", "Outcome", "Rank", "RuleChosen",
    "Ruling", "Suit", "Termination", "UnknownPlayerError", "Voided", "find_game",
    "parse_card", "parse_cards", "play_game", "register", "replay", "simulate",
]
