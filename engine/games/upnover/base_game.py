"""Up 'N Over registered as a base game: Hidden Rules over its tricks, or score keeping
only (the package's `__init__.py` declares its parts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Subject, Timing
from engine.events import DEFAULT_GAME, Event, GameStarted
from engine.games.base import (
    BaseGame,
    BatchedPlay,
    Game,
    PlayColumns,
    SeenPlay,
    Simulation,
    Taking,
)
from engine.games.registry import register
from engine.games.upnover.clarifications import CLARIFICATIONS
from engine.games.upnover.events import Drew, Played, TrickTaken, TurnedUp
from engine.games.upnover.hidden_rules import HiddenRulesGame, new_game
from engine.games.upnover.policies import POLICIES
from engine.games.upnover.score_game import ScoreGame
from engine.games.upnover.trick_game import MAX_PLAYERS, MIN_PLAYERS, TARGET_SUM
from engine.games.upnover.view import SIMULATED_PATHS, UPNOVER_SCHEMA, PlayView, ViewBuilder


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


class Watch:
    """The referee's eye on a game of Hidden Rules with cards: each card played, and the
    trick leaving the table when the next card is turned up."""

    def __init__(self, game: HiddenRulesGame) -> None:
        self._game = game
        self._views = ViewBuilder(game)

    def seen(self, event: Event) -> SeenPlay | None:
        if not isinstance(event, Played):
            return None
        table = self._game.table
        view: PlayView = self._views.after_play(event.said)
        return SeenPlay(event.player, event.card.code, view,
                        next_player=table.left_of(event.player), taker=table.taker)

    def clears(self, event: Event) -> bool:
        return isinstance(event, TurnedUp)


def watch(game: Game) -> Watch | None:
    """Score keeping has no cards to watch."""
    return Watch(game) if isinstance(game, HiddenRulesGame) else None


def play_batch(players: int, games: int, **settings: Any) -> PlayColumns:
    """A batch of bots' games as arrays (`batched`), loading numpy only for a check."""
    from engine.games.upnover.batched import play_batch as play

    return play(players, games, **settings)


UP_N_OVER = register(BaseGame(
    name=DEFAULT_GAME, title="Up 'N Over", schema=UPNOVER_SCHEMA,
    effects=frozenset({"draw"}),
    timings=frozenset(timing.value for timing in Timing),
    subjects=frozenset(subject.value for subject in Subject),
    taking=Taking(reads=frozenset({"total"}), takes=lambda facts: facts.total >= TARGET_SUM,
                  hands_over=lambda facts: facts.total > TARGET_SUM,
                  handed=f"a player handed the trick by a play over {TARGET_SUM}",
                  own_card=f"`total == {TARGET_SUM}`",
                  advice=f"add `total >= {TARGET_SUM}` (or `total > {TARGET_SUM}`, "
                         f"`total == {TARGET_SUM}`) to it"),
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    start=start, events=(Played, TrickTaken, Drew, TurnedUp), describe=describe,
    simulation=Simulation(setup=new_game, policies=POLICIES,
                          options=frozenset({"fewer_cards_variant"}),
                          figures=(("tricks", "tricks per game"),
                                   ("reshuffles", "reshuffles per game")),
                          batched=BatchedPlay(policies=frozenset(POLICIES),
                                              provides=SIMULATED_PATHS, play=play_batch)),
    view_after_play=lambda game: ViewBuilder(game).after_play, watch=watch,
    clarifications=CLARIFICATIONS))
