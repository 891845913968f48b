"""Reading a stored journal back, and what to do when a crash or corruption damaged it.

A journal is read entry by entry. The first entry that cannot be read (its JSON cut off,
a value that is not text, a gap in the numbering) ends what can be trusted: it and everything
after it are dropped. Then the entries are replayed; if one no longer replays, it and
everything after it are dropped too (later entries were decided on a game that included it).
Each dropped entry is reported with its number and, where it can be read, what it said.

An entry of a type this hrdeck does not know is not damage but a newer hrdeck's work: the
journal is refused whole and nothing is dropped.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import HrdeckError, JournalError
from engine.events import EVENT_TYPES, Event, GameStarted, Voided, event_from_dict
from engine.games.registry import entry_types
from engine.journal import Journal, Watcher, active_entries, describe, replay, start_game
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.store import StoredEntry

PREVIEW = 60


@dataclass(frozen=True, slots=True)
class DroppedEntry:
    number: int
    what: str      # what the entry said, or a preview of its damaged text
    reason: str

    @property
    def sentence(self) -> str:
        return f"Entry {self.number} ({self.what}) was dropped: {self.reason}"


@dataclass
class Loaded:
    journal: Journal
    dropped: list[DroppedEntry]


def load_journal(session: str, stored: Sequence[StoredEntry],
                 watcher: Watcher | None = None) -> Loaded:
    """The journal of what was committed, and what had to be dropped to replay it."""
    events, dropped = _read(stored)
    if not events or not isinstance(events[0], GameStarted):
        reason = dropped[0].reason if dropped else "it is missing"
        raise RefereeError(f'The session "{session}" cannot be resumed: its first entry, the '
                           f"game's setup, is damaged ({reason}).")
    try:
        return Loaded(Journal.from_entries(events, watcher), dropped)
    except HrdeckError:
        pass
    names = events[0].players
    while (failure := first_failure(events)) is not None:
        number, reason = failure
        if number == 0:
            raise RefereeError(f'The session "{session}" cannot be resumed: its setup no longer '
                               f"starts a game ({reason}).")
        tail = [DroppedEntry(index, describe(event, names),
                             reason if index == number else f"it came after entry {number}, "
                             "which no longer replays")
                for index, event in enumerate(events[number:], start=number)]
        dropped = tail + dropped
        events = events[:number]
    return Loaded(Journal.from_entries(events, watcher), dropped)


def _read(stored: Sequence[StoredEntry]) -> tuple[list[Event], list[DroppedEntry]]:
    events: list[Event] = []
    decoded: dict[str, Event] = {}  # a game repeats few distinct entries; events are immutable
    own: dict[str, type[Any]] = {}  # the entry types of the game, once its setup is read
    for position, entry in enumerate(stored):
        if position == 1 and isinstance(events[0], GameStarted):
            with contextlib.suppress(HrdeckError):  # an unknown game: resuming says so
                own = entry_types(events[0].game)
        event = decoded.get(entry.text)
        if event is not None and entry.number == position:
            events.append(event)
            continue
        reason = entry.problem
        if entry.number != position:
            reason = f"entry {position} is missing before it"
        elif reason is None:
            try:
                data = json.loads(entry.text)
                _verify_known_type(entry.number, data, own)
                event = decoded[entry.text] = event_from_dict(data, own)
                events.append(event)
                continue
            except json.JSONDecodeError as error:
                reason = f"its text is not complete JSON (cut off at character {error.pos})"
            except RecursionError:
                reason = "its JSON is nested too deeply to be an entry"
            except JournalError as error:
                reason = str(error)
        first = _preview(entry.text)
        dropped = [DroppedEntry(entry.number, first, reason)]
        dropped += [DroppedEntry(later.number, _describe_text(later.text, events),
                                 f"it came after entry {entry.number}, which cannot be read")
                    for later in stored[position + 1:]]
        return events, dropped
    return events, []


def _verify_known_type(number: int, data: object, own: Mapping[str, type[Any]]) -> None:
    """An entry type this hrdeck does not know was written by a newer one: refuse it all."""
    kind = data.get("type") if isinstance(data, dict) else None
    if (isinstance(kind, str) and kind not in EVENT_TYPES and kind not in own
            and kind.isidentifier()):
        raise RefereeError(
            f'Entry {number} is a "{kind[:40]}", which this hrdeck does not know: the game was '
            "recorded by a newer hrdeck. Update hrdeck to go on with it; nothing was changed.")


def first_failure(entries: Sequence[Event]) -> tuple[int, str] | None:
    """The first entry that keeps the journal from replaying, and why; None if it replays."""
    setup = entries[0]
    assert isinstance(setup, GameStarted)
    try:
        replay(entries)
        return None
    except JournalError:
        pass
    except HrdeckError as error:
        return 0, str(error)
    for index, entry in enumerate(entries[1:], start=1):
        if isinstance(entry, GameStarted):
            return index, "it starts a second game inside this one"
        if isinstance(entry, Voided) and not 1 <= entry.entry < index:
            return index, f"it voids entry {entry.entry}, which is not an earlier entry"
    game = start_game(setup)
    for index, (entry, counts) in enumerate(zip(entries, active_entries(entries), strict=True)):
        if index == 0 or not counts or isinstance(entry, Voided):
            continue
        try:
            game.apply(entry)
        except HrdeckError as error:
            return index, f"it no longer replays ({error})"
    return len(entries) - 1, "the journal does not replay"


def _preview(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= PREVIEW else flat[:PREVIEW] + "…"


def _describe_text(text: str, events: Sequence[Event]) -> str:
    setup = events[0] if events and isinstance(events[0], GameStarted) else None
    try:
        event = event_from_dict(json.loads(text), entry_types(setup.game) if setup else None)
    except (ValueError, RecursionError, HrdeckError):
        return _preview(text)
    names = setup.players if setup else ()
    return describe(event, names)
