"""Up 'N Over as a base game: Hidden Rules over its tricks, or score keeping only.

The game's rules still live beside the generic engine (`engine.upnover`, `hidden_rules`,
`score_game`, `language.upnover_view`); this module is what the rest of hrdeck knows of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import DEFAULT_GAME, Drew, Event, GameStarted, Played, TrickTaken, TurnedUp
from engine.games import register
from engine.games.base import BaseGame, Game
from engine.hidden_rules import HiddenRulesGame
from engine.language.upnover_view import UPNOVER_SCHEMA
from engine.score_game import ScoreGame
from engine.upnover import MAX_PLAYERS, MIN_PLAYERS


def start(setup: GameStarted) -> Game:
    """Score keeping, or Hidden Rules with cards (shuffled by the engine or real ones)."""
    if setup.mode == "score":
        return ScoreGame(setup)
    return HiddenRulesGame(setup)


def describe(event: Event, names: Sequence[str]) -> str:
    """One of Up 'N Over's own entries in words: 'Bob plays the seven of hearts'."""
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    if isinstance(event, Played):
        counted = f" as {event.ace_value}" if event.ace_value is not None else ""
        words = f', saying "{event.said}"' if event.said else ""
        return f"{who(event.player)} plays the {event.card.name}{counted}{words}"
    if isinstance(event, TrickTaken):
        return f"{who(event.player)} takes a trick"
    if isinstance(event, Drew):
        return f"{who(event.player)} draws {event.count} card{'s' if event.count > 1 else ''}"
    assert isinstance(event, TurnedUp)
    if event.card is None:
        return f"{who(event.player)} gathers the trick"
    counted = " as 11" if event.ace_value == 11 and event.card.rank.symbol == "A" else ""
    return f"{who(event.player)} turns up the {event.card.name}{counted}"


UP_N_OVER = register(BaseGame(
    name=DEFAULT_GAME, title="Up 'N Over (Hidden Rules)", schema=UPNOVER_SCHEMA,
    effects=frozenset({"draw"}), min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    start=start, events=(Played, TrickTaken, Drew, TurnedUp), describe=describe))
