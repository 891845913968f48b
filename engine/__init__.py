"""hrdeck's pure game engine: cards, base games, the hidden-rules layer, the journal, simulation.

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
from engine.events import (
    Challenged,
    Enforced,
    Event,
    GameStarted,
    Played,
    RuleChosen,
    Ruling,
    TurnedUp,
    Voided,
)
from engine.hidden_rules import HiddenRulesGame, new_game
from engine.journal import Journal, replay
from engine.simulate import Outcome, Termination, play_game, simulate
from engine.upnover import Phase, UpNOver, card_value

__all__ = [
    "CARDS", "STANDARD_DECK", "Card", "CardError", "Challenged", "ConfigError", "Enforced",
    "Event", "GameStarted", "HiddenRulesGame", "HrdeckError", "IllegalActionError", "Journal",
    "JournalError", "Outcome", "Phase", "Played", "Rank", "RuleChosen", "Ruling", "Suit",
    "Termination", "TurnedUp", "UnknownPlayerError", "UpNOver", "Voided", "card_value",
    "new_game", "parse_card", "parse_cards", "play_game", "replay", "simulate",
]
