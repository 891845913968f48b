"""The contract every base game keeps, so that the journal, the simulation, the checker and
the referee serve any game without knowing it.

A `BaseGame` is the game's description and its entry points, registered by name (see
`engine.games`); a `Game` is one game in progress, built from its `GameStarted` entry and
advanced one journal entry at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.events import Event, GameStarted
from engine.language.schema import Schema
from engine.rules_layer import DealtRules, Enforcement, PointChange, SecretRule


class Game(Protocol):
    """One game in progress, as the journal folds it. Every base game is played with
    hidden rules on top, kept by `engine.rules_layer.RulesLayer`: a game subclasses it and
    supplies the rest (its cards, turns and rounds)."""

    setup: GameStarted
    names: tuple[str, ...]
    scores: list[int]
    target: int
    floor: int
    rounds: int
    winner: int | None
    dealt: list[DealtRules]
    rules: list[SecretRule | None]
    enforcements: list[Enforcement]
    challenge_pending: Enforcement | None
    points: list[PointChange]

    def apply(self, event: Event) -> Event:
        """Carry out a journal entry (raising an `HrdeckError` if it cannot be); return it
        as recorded."""
        ...

    def snapshot(self) -> dict[str, object]:
        """Everything that makes this state, comparable and JSON-ready."""
        ...

    def has_started(self) -> bool: ...

    def challengeable(self) -> list[Enforcement]: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class BaseGame:
    """A base game hidden rules are played over: its name, what a trigger reads in it, what
    rule effects it can carry out, its player range, how a game of it starts from its
    setup, and how its own journal entries read."""

    name: str                                   # as written in decks and journals
    title: str                                  # as printed
    schema: Schema                              # what a trigger can read, per play
    effects: frozenset[str]                     # effect actions the game can carry out
    min_players: int
    max_players: int
    start: Callable[[GameStarted], Game]        # a game from its setup entry
    events: tuple[type[Any], ...] = ()          # its own journal entries
    describe: Callable[[Any, Sequence[str]], str] | None = None  # one of them, in words

    def describes(self, event: Event) -> bool:
        return self.describe is not None and type(event) in self.events
