"""Mao registered as a base game, for 2 to 12 players here (the package's `__init__.py`
declares its parts).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Subject, Timing
from engine.events import Event, GameStarted
from engine.games.base import BaseGame, Game, Simulation
from engine.games.mao.clarifications import CLARIFICATIONS
from engine.games.mao.events import (
    NAME,
    Passed,
    PenaltyCall,
    Played,
    ReEntered,
    Said,
    TookSevens,
)
from engine.games.mao.game import MaoGame, new_game
from engine.games.mao.offences import FAILURE_TO_SAY, MAO_IN_A_CALL, REASONS
from engine.games.mao.policies import POLICIES
from engine.games.mao.rules import EFFECTS
from engine.games.mao.speech import SPADE_A_SPADE, same
from engine.games.mao.table import MAX_PLAYERS, MIN_PLAYERS
from engine.games.mao.view import MAO_SCHEMA, builder, watch
from engine.games.registry import register


def start(setup: GameStarted) -> Game:
    return MaoGame(setup)


def _said(said: Sequence[str]) -> str:
    return f", saying {'; '.join(repr(words) for words in said)}" if said else ""


def describe(event: Event, names: Sequence[str]) -> str:
    """One of Mao's entries in words: 'Ann plays the seven of spades, saying ...'."""
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    if isinstance(event, Played):
        return f"{who(event.player)} plays the {event.card.name}{_said(event.said)}"
    if isinstance(event, Passed):
        return f"{who(event.player)} takes a card{_said(event.said)}"
    if isinstance(event, TookSevens):
        cards = ("penalty cards" if not event.cards else "a penalty card" if event.cards == 1
                 else f"{event.cards} penalty cards")
        return f"{who(event.player)} takes {cards}{_said(event.said)}"
    if isinstance(event, Said):
        return f"{who(event.player)} says {event.words!r}"
    if isinstance(event, PenaltyCall):
        if event.reason == MAO_IN_A_CALL:  # the call's own words: they say the name
            return f"{who(event.caller)} calls {event.phrase!r} on {who(event.offender)}"
        if event.reason == FAILURE_TO_SAY and same(event.phrase, SPADE_A_SPADE):
            return f"{who(event.caller)} calls failure to {SPADE_A_SPADE} on {who(event.offender)}"
        phrase = f" '{event.phrase}'" if event.phrase else ""
        return (f"{who(event.caller)} calls {REASONS.get(event.reason, event.reason)}{phrase} "
                f"on {who(event.offender)}")
    assert isinstance(event, ReEntered)
    rule = " with a new rule" if event.rule else ""
    return f"{who(event.player)} comes back into the game{rule}"


MAO = register(BaseGame(
    name=NAME, title="Mao", schema=MAO_SCHEMA,
    effects=frozenset(EFFECTS),
    timings=frozenset({Timing.WITH_CARD.value, Timing.BEFORE_NEXT_CARD.value}),
    subjects=frozenset({Subject.PLAYER.value, Subject.NEXT_PLAYER.value}),
    view_after_play=builder, watch=watch,
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, start=start,
    events=(Played, Passed, TookSevens, Said, PenaltyCall, ReEntered), describe=describe,
    simulation=Simulation(setup=new_game, policies=POLICIES, target=1, check_policy="random",
                          figures=(("maos", "Maos per game"),
                                   ("penalties", "penalties per game"),
                                   ("bad_calls", "bad calls per game"),
                                   ("chains", "7 chains per game"),
                                   ("long_chains", "7 chains past two per game"),
                                   ("reshuffles", "stacks remade per game"))),
    clarifications=CLARIFICATIONS))
