"""Exporting a session as JSON or CSV, and reading an export back.

JSON: one object with the session's details and its entries, each as
`engine.events.event_to_dict` writes it. CSV: one row per entry, readable in a spreadsheet
(entry, type, whether it counts, the sentence, the scores after it) with the entry's exact
JSON in the last column, so both formats read back to the same events.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any

from engine.errors import HrdeckError
from engine.events import Event, GameStarted, Voided, event_to_dict
from engine.games.registry import decode_entries
from engine.journal import active_entries, start_game
from hrdeck.referee.announce import entry_text
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.recovery import DroppedEntry, load_journal
from hrdeck.referee.rule_deck import RuleDeck
from hrdeck.referee.store import SessionInfo, Store

FORMATS = ("json", "csv")
CSV_COLUMNS = ("entry", "type", "counts", "what", "scores", "event")


@dataclass(frozen=True, slots=True)
class Export:
    info: SessionInfo
    entries: tuple[Event, ...]
    dropped: tuple[DroppedEntry, ...]


def read_session(store: Store, name: str) -> Export:
    """A session's journal as it replays (a damaged tail left out, and listed); read only."""
    info = store.session(name)
    if info is None:
        raise RefereeError(f'There is no session "{name}" in {store.path}.')
    if info.deck is not None:
        RuleDeck.from_json(info.deck)  # a damaged deck is one clear message, here
    loaded = load_journal(name, store.entries(name))
    return Export(info, tuple(loaded.journal.entries), tuple(loaded.dropped))


def to_json(export: Export) -> str:
    info = export.info
    data = {
        "session": info.name, "created": info.created, "updated": info.updated,
        "players": list(info.players), "mode": {"table": "full"}.get(info.mode, info.mode),
        "scores": list(info.scores), "winner": info.winner,
        "deck": None if info.deck is None else json.loads(info.deck),
        "entries": [event_to_dict(event) for event in export.entries],
        "dropped": [{"entry": item.number, "what": item.what, "reason": item.reason}
                    for item in export.dropped],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def to_csv(export: Export) -> str:
    entries = export.entries
    active = active_entries(entries)
    names = export.info.players
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    scores = _scores_after(entries, active)
    for number, event in enumerate(entries):
        writer.writerow([number, type(event).__name__, "yes" if active[number] else "no",
                         entry_text(event, names), " ".join(map(str, scores[number])),
                         json.dumps(event_to_dict(event), ensure_ascii=False,
                                    separators=(",", ":"))])
    return buffer.getvalue()


def _scores_after(entries: tuple[Event, ...], active: list[bool]) -> list[tuple[int, ...]]:
    """The scores after each entry, as the final journal counts it (voided entries skipped)."""
    setup = entries[0]
    assert isinstance(setup, GameStarted)
    game = start_game(setup)
    after = [tuple(game.scores)]
    for number, event in enumerate(entries[1:], start=1):
        if active[number] and not isinstance(event, Voided):
            game.apply(event)
        after.append(tuple(game.scores))
    return after


def export_text(export: Export, fmt: str) -> str:
    if fmt == "json":
        return to_json(export)
    if fmt == "csv":
        return to_csv(export)
    raise RefereeError(f'"{fmt}" is not an export format: json or csv.')


def read_export(text: str, fmt: str) -> list[Event]:
    """The entries of an export, as events (the round trip of `export_text`)."""
    try:
        if fmt == "json":
            data: Any = json.loads(text)
            return decode_entries(data["entries"])
        rows = list(csv.DictReader(io.StringIO(text)))
        return decode_entries([json.loads(row["event"]) for row in rows])
    except (ValueError, KeyError, TypeError, HrdeckError) as error:
        raise RefereeError(f"This is not a referee export in {fmt}: {error}.") from None
