"""The journal: the ordered entries of one game, and the game as their fold.

Entry 0 is always `GameStarted`. An entry is never deleted: undo appends `Voided`, and the
game is rebuilt from the seed by replaying every entry that is not voided. A `Voided` entry
may itself be voided, which restores what it cancelled (redo).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Protocol

from engine.errors import HrdeckError, IllegalActionError, JournalError
from engine.events import (
    OFFENCES,
    Called,
    Challenged,
    Enforced,
    Event,
    GameStarted,
    RuleChosen,
    Ruling,
    Voided,
    events_to_json,
)
from engine.games.registry import GAMES, Game, decode_entries, find_game


def start_game(setup: GameStarted) -> Game:
    """The game a setup describes, started by its base game."""
    return find_game(setup.game).start(setup)


def active_entries(entries: Sequence[Event]) -> list[bool]:
    """For each entry, whether it counts: not cancelled by a `Voided` entry that counts."""
    active = [True] * len(entries)
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        if active[index] and isinstance(entry, Voided):
            active[entry.entry] = False
    return active


class Watcher(Protocol):
    """Learns of each entry a game applies (to keep figures derived from the journal)."""

    def start(self, game: Game) -> None: ...

    def seen(self, game: Game, number: int, event: Event) -> None: ...


def replay(entries: Sequence[Event], watcher: Watcher | None = None) -> Game:
    """Fold the entries into a game; raise `JournalError` naming the first entry that fails."""
    if not entries or not isinstance(entries[0], GameStarted):
        raise JournalError("A journal must begin with a GameStarted entry.")
    for index, entry in enumerate(entries[1:], start=1):
        if isinstance(entry, GameStarted):
            raise JournalError(f"Entry {index} starts a second game inside this journal.")
        if isinstance(entry, Voided) and not 1 <= entry.entry < index:
            raise JournalError(
                f"Entry {index} voids entry {entry.entry}, which is not an earlier entry."
            )
    game = start_game(entries[0])
    if watcher is not None:
        watcher.start(game)
    for index, (entry, counts) in enumerate(zip(entries, active_entries(entries), strict=True)):
        if index == 0 or not counts or isinstance(entry, Voided):
            continue
        try:
            recorded = game.apply(entry)
        except HrdeckError as error:
            raise JournalError(
                f"Entry {index} ({describe(entry, game.names)}) cannot be replayed: {error}",
                entry=index) from None
        if watcher is not None:
            watcher.seen(game, index, recorded)
    return game


class Journal:
    """A game with its journal: every accepted action is appended, and undo is a new entry."""

    def __init__(self, setup: GameStarted, watcher: Watcher | None = None) -> None:
        self.entries: list[Event] = [setup]
        self.watcher = watcher
        self.game: Game = start_game(setup)
        if watcher is not None:
            watcher.start(self.game)

    @classmethod
    def from_entries(cls, entries: Iterable[Event], watcher: Watcher | None = None) -> Journal:
        journal = cls.__new__(cls)
        journal.entries = list(entries)
        journal.watcher = watcher
        journal.game = replay(journal.entries, watcher)
        return journal

    @classmethod
    def from_json(cls, text: str, watcher: Watcher | None = None) -> Journal:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise JournalError(f"The journal is not valid JSON: {error}.") from None
        if not isinstance(data, list):
            raise JournalError("A journal must be a JSON list of entries.")
        return cls.from_entries(decode_entries(data), watcher)

    def to_json(self) -> str:
        return events_to_json(self.entries)

    def record(self, event: Event) -> Event:
        """Apply an entry and append it; on any error nothing changes and the error is raised."""
        if isinstance(event, Voided):
            return self.void(event.entry, event.reason)
        if isinstance(event, GameStarted):
            raise IllegalActionError("A game is already under way in this journal.")
        try:
            recorded = self.game.apply(event)
        except JournalError:
            self.game = replay(self.entries, self.watcher)  # a mismatch found too late
            raise
        self.entries.append(recorded)
        if self.watcher is not None:
            self.watcher.seen(self.game, len(self.entries) - 1, recorded)
        return recorded

    def void(self, entry: int, reason: str = "") -> Voided:
        """Cancel entry `entry` and rebuild the game; refused if later entries then fail."""
        if not 1 <= entry < len(self.entries):
            raise IllegalActionError(
                f"There is no entry {entry} to void: entries run from 1 to "
                f"{len(self.entries) - 1}."
            )
        if not active_entries(self.entries)[entry]:
            raise IllegalActionError(f"Entry {entry} is already void.")
        voided = Voided(entry=entry, reason=reason)
        try:
            game = replay([*self.entries, voided], self.watcher)
        except JournalError as error:
            if self.watcher is not None:
                replay(self.entries, self.watcher)  # the watcher saw the failed attempt
            raise IllegalActionError(
                f"Entry {entry} cannot be voided: the game would no longer add up. {error}"
            ) from None
        self.entries.append(voided)
        self.game = game
        return voided

    def last_active(self) -> int | None:
        """The number of the latest entry that counts and can be undone, if any."""
        active = active_entries(self.entries)
        for index in range(len(self.entries) - 1, 0, -1):
            if active[index] and not isinstance(self.entries[index], Voided):
                return index
        return None

    def undo(self, reason: str = "undo") -> Voided:
        """Void the latest entry that counts."""
        index = self.last_active()
        if index is None:
            raise IllegalActionError("There is nothing to undo.")
        return self.void(index, reason)


def describe(event: Event, names: Sequence[str]) -> str:
    """One line a person can read: 'Bob plays the seven of hearts'. A base game's own
    entries are worded by that game; the hidden rules' entries here."""
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    for game in GAMES.values():
        if game.describe is not None and type(event) in game.events:
            return game.describe(event, names)
    if isinstance(event, Enforced):
        whose = (f"{who(event.holder)}'s rule" if event.holder != event.enforcer
                 else "their own rule")
        on = "themselves" if event.violator == event.enforcer else who(event.violator)
        card = f" for the {event.card.name}" if event.card is not None else ""
        hint = f': "{event.hint}"' if event.hint else ""
        return f"{who(event.enforcer)} enforces {whose} on {on}{card}{hint}"
    if isinstance(event, Called):
        on = "themselves" if event.offender == event.caller else who(event.offender)
        return f"{who(event.caller)} calls {on} for an illegal play: {OFFENCES[event.offence]}"
    if isinstance(event, Challenged):
        return f"{who(event.challenger)} challenges enforcement {event.enforcement}"
    if isinstance(event, Ruling):
        note = f" ({event.note})" if event.note else ""
        return "ruling: the enforcement is " + ("upheld" if event.upheld else "overturned") + note
    if isinstance(event, RuleChosen):
        return f"{who(event.player)} keeps a secret rule"
    if isinstance(event, Voided):
        return f"entry {event.entry} is void" + (f" ({event.reason})" if event.reason else "")
    if isinstance(event, GameStarted):
        return f"a new game for {', '.join(event.players)}"
    return type(event).__name__
