"""The referee's journal on disk: SQLite, one row per entry, committed before it is acknowledged.

WAL mode with `synchronous=FULL`: once `append` returns, the entry survives a crash of the
process or of the machine. Each session row also keeps a summary (entries, scores, winner)
updated in the same transaction, so `hrdeck referee list` needs no replay.

Entries are never rewritten. The one exception is a journal damaged by a crash or by
corruption: `drop_from` moves the entries that can no longer be read or replayed to the
`dropped` table (kept for inspection) so the game can go on from what was committed.

A database is data that may be damaged or come from another version: a value of the wrong
type is read as far as it can be, a file SQLite cannot read is one clear `StoreError`, and a
database from an older hrdeck gains the columns it lacks (`_migrate`).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.events import DEFAULT_GAME, Event, event_to_dict
from hrdeck.printable import printable
from hrdeck.referee.errors import RefereeError, StoreError

SCHEMA_VERSION = 2  # 2: sessions name their base game
SESSION_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
# Columns a database from an older hrdeck may lack, and how to add them.
_ADDED_COLUMNS = {
    "sessions": {
        "created": "TEXT NOT NULL DEFAULT ''", "updated": "TEXT NOT NULL DEFAULT ''",
        "players": "TEXT NOT NULL DEFAULT '[]'", "mode": "TEXT NOT NULL DEFAULT 'table'",
        "deck": "TEXT", "entries": "INTEGER NOT NULL DEFAULT 0",
        "scores": "TEXT NOT NULL DEFAULT '[]'", "winner": "TEXT",
        "game": f"TEXT NOT NULL DEFAULT '{DEFAULT_GAME}'",
    },
    "entries": {},
    "dropped": {"reason": "TEXT NOT NULL DEFAULT ''", "dropped": "TEXT NOT NULL DEFAULT ''"},
}
_SESSION_COLUMNS = "name, created, updated, players, mode, deck, entries, scores, winner, game"
_KEY_COLUMNS = {"sessions": ("name",), "entries": ("session", "number", "event"),
                "dropped": ("session", "number", "event")}

_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS sessions (
    name     TEXT PRIMARY KEY,
    created  TEXT NOT NULL,
    updated  TEXT NOT NULL,
    players  TEXT NOT NULL,            -- JSON list of names
    mode     TEXT NOT NULL,            -- the engine's mode: table or score
    deck     TEXT,                     -- JSON: the rule cards (see rule_deck), null in score mode
    entries  INTEGER NOT NULL DEFAULT 0,
    scores   TEXT NOT NULL DEFAULT '[]',
    winner   TEXT,
    game     TEXT NOT NULL DEFAULT '{DEFAULT_GAME}'  -- the base game
);
CREATE TABLE IF NOT EXISTS entries (
    session  TEXT NOT NULL,
    number   INTEGER NOT NULL,
    event    TEXT NOT NULL,            -- JSON of engine.events.event_to_dict
    PRIMARY KEY (session, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS web_keys (
    session  TEXT NOT NULL,
    seat     INTEGER NOT NULL,         -- a player's seat; -1: the table page
    key      TEXT NOT NULL,            -- the page's secret (hrdeck.web.seats)
    PRIMARY KEY (session, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS dropped (
    session  TEXT NOT NULL,
    number   INTEGER NOT NULL,
    event    TEXT NOT NULL,
    reason   TEXT NOT NULL,
    dropped  TEXT NOT NULL
);
"""


def default_db_path() -> Path:
    """`$HRDECK_DB`, else `${XDG_DATA_HOME:-~/.local/share}/hrdeck/referee.sqlite3`."""
    explicit = os.environ.get("HRDECK_DB")
    if explicit:
        return Path(explicit).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home).expanduser() / "hrdeck" / "referee.sqlite3"


def verify_session_name(name: str) -> str:
    """A session name is part of a file name: a plain word, never a path."""
    if not SESSION_NAME.match(name) or name in (".", ".."):
        shown = name if len(name) <= 80 else name[:80] + "…"
        raise RefereeError(f"{printable(repr(shown))} cannot name a session: use letters, "
                           'digits, ".", "_" and "-" (up to 64), starting with a letter or '
                           "digit.")
    return name




def now() -> str:
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """One session's row: its summary as of its latest entry."""

    name: str
    created: str
    updated: str
    players: tuple[str, ...]
    mode: str
    deck: str | None
    entries: int
    scores: tuple[int, ...]
    winner: str | None
    game: str = DEFAULT_GAME


@dataclass(frozen=True, slots=True)
class StoredEntry:
    number: int
    text: str
    problem: str | None = None   # why the stored value is not text, when it is not


class Store:
    """The referee's SQLite database. Every write is one transaction, committed on return."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # the web referee runs commands on a worker thread; every use of the connection
            # is under the session's one lock (`hrdeck.web.hub`), never two at once
            self.connection = sqlite3.connect(str(path), isolation_level=None, timeout=10.0,
                                              check_same_thread=False)
            self.connection.execute("PRAGMA journal_mode=WAL")
            self.connection.execute("PRAGMA synchronous=FULL")
            version = self.connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(f"The database {path} was written by a newer hrdeck "
                                 f"(schema {version}); this one reads schema {SCHEMA_VERSION}.")
            self.connection.executescript(_SCHEMA)
            if version < SCHEMA_VERSION:
                self._migrate()
            self.connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except (sqlite3.Error, OSError) as error:
            raise StoreError(f"The referee's database {path} cannot be opened: {error}. If it "
                             "was damaged, `sqlite3 FILE .recover` may save what is left; "
                             "--db chooses another file.") from None

    def _migrate(self) -> None:
        """Add what an older schema lacks; refuse a table missing what cannot be added."""
        for table, added in _ADDED_COLUMNS.items():
            have = {row[1] for row in self.connection.execute(f"PRAGMA table_info({table})")}
            missing = [column for column in _KEY_COLUMNS[table] if column not in have]
            if missing:
                raise StoreError(f"The database {self.path} is not a referee database this "
                                 f"hrdeck can read: its {table} table has no "
                                 f"{', '.join(missing)}.")
            for column, declaration in added.items():
                if column not in have:
                    self.connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} "
                                            f"{declaration}")

    def _read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """Rows of a query; a damaged file is one clear `StoreError`."""
        try:
            return self.connection.execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"The referee's database {self.path} is damaged and cannot be read "
                             f"({error}). `sqlite3 FILE .recover` may save what is left.") \
                from None

    def close(self) -> None:
        self.connection.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        connection = self.connection
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            raise StoreError(f"The referee's database {self.path} could not be written: "
                             f"{error}. Nothing was recorded.") from None

    # -- sessions --------------------------------------------------------------------------------

    def create_session(self, name: str, setup: Event, *, players: Sequence[str], mode: str,
                       deck: str | None, game: str = DEFAULT_GAME) -> SessionInfo:
        """Create a session with its entry 0; refused if the name is taken."""
        verify_session_name(name)
        stamp = now()
        try:
            with self._transaction() as connection:
                connection.execute(
                    "INSERT INTO sessions (name, created, updated, players, mode, deck, entries, "
                    "scores, game) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)",
                    (name, stamp, stamp, json.dumps(list(players), ensure_ascii=False), mode,
                     deck, json.dumps([0] * len(players)), game))
                connection.execute("INSERT INTO entries (session, number, event) VALUES (?, 0, ?)",
                                   (name, _event_json(setup)))
        except StoreError as error:
            if self.has_session(name):
                raise RefereeError(f'There is already a session called "{name}": resume it with '
                                   f"`hrdeck referee resume {name}` or choose another name.") \
                    from None
            raise error
        info = self.session(name)
        assert info is not None
        return info

    def has_session(self, name: str) -> bool:
        return bool(self._read("SELECT 1 FROM sessions WHERE name = ?", (name,)))

    def next_session_name(self) -> str:
        """The first free name among game-1, game-2, ..."""
        taken = {row[0] for row in self._read("SELECT name FROM sessions")}
        number = 1
        while f"game-{number}" in taken:
            number += 1
        return f"game-{number}"

    def session(self, name: str) -> SessionInfo | None:
        rows = self._read(
            f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE name = ?", (name,))
        return _info(rows[0]) if rows else None

    def sessions(self) -> list[SessionInfo]:
        """Every session, the most recently changed first."""
        rows = self._read(
            f"SELECT {_SESSION_COLUMNS} FROM sessions "
            "ORDER BY updated DESC, created DESC, name DESC")
        return [_info(row) for row in rows]

    def latest(self) -> str | None:
        sessions = self.sessions()
        return sessions[0].name if sessions else None

    # -- entries ---------------------------------------------------------------------------------

    def entries(self, name: str) -> list[StoredEntry]:
        """A session's entries as stored; a value that is not text says why in `problem`."""
        rows = self._read("SELECT number, event FROM entries WHERE session = ? ORDER BY number",
                          (name,))
        return [_stored(number, value) for number, value in rows]

    def append(self, name: str, number: int, event: Event, *, scores: Sequence[int],
               winner: str | None) -> None:
        """Write entry `number` and the session's summary; durable once this returns."""
        with self._transaction() as connection:
            connection.execute("INSERT INTO entries (session, number, event) VALUES (?, ?, ?)",
                               (name, number, _event_json(event)))
            connection.execute(
                "UPDATE sessions SET updated = ?, entries = ?, scores = ?, winner = ? "
                "WHERE name = ?", (now(), number + 1, json.dumps(list(scores)), winner, name))

    def drop_from(self, name: str, number: int, reasons: dict[int, str], *,
                  scores: Sequence[int], winner: str | None) -> None:
        """Move entries `number` and after to `dropped` (a damaged journal's unreadable tail)."""
        stamp = now()
        with self._transaction() as connection:
            rows = connection.execute(
                "SELECT number, event FROM entries WHERE session = ? AND number >= ?",
                (name, number)).fetchall()
            connection.executemany(
                "INSERT INTO dropped (session, number, event, reason, dropped) "
                "VALUES (?, ?, ?, ?, ?)",
                [(name, row[0], row[1], reasons.get(row[0], "after a damaged entry"), stamp)
                 for row in rows])
            connection.execute("DELETE FROM entries WHERE session = ? AND number >= ?",
                               (name, number))
            connection.execute(
                "UPDATE sessions SET updated = ?, entries = ?, scores = ?, winner = ? "
                "WHERE name = ?", (stamp, number, json.dumps(list(scores)), winner, name))


    # -- the web pages' keys ----------------------------------------------------------------------

    def web_keys(self, name: str) -> dict[int, str]:
        """Each page's key of a session (seat -1: the table page), as last issued."""
        return {int(seat): _text(key) for seat, key in self._read(
            "SELECT seat, key FROM web_keys WHERE session = ?", (name,))
            if isinstance(seat, int)}

    def save_web_key(self, name: str, seat: int, key: str) -> None:
        with self._transaction() as connection:
            connection.execute("INSERT OR REPLACE INTO web_keys (session, seat, key) "
                               "VALUES (?, ?, ?)", (name, seat, key))


def _stored(number: object, value: object) -> StoredEntry:
    index = number if isinstance(number, int) else -1
    if isinstance(value, str):
        return StoredEntry(index, value)
    if isinstance(value, bytes):
        try:
            return StoredEntry(index, value.decode("utf-8"))
        except UnicodeDecodeError:
            return StoredEntry(index, value.decode("utf-8", "replace"),
                               "it is stored as bytes that are not UTF-8 text")
    return StoredEntry(index, str(value), f"it is stored as {type(value).__name__}, not text")


def _event_json(event: Event) -> str:
    return json.dumps(event_to_dict(event), ensure_ascii=False, separators=(",", ":"))


def _info(row: tuple[object, ...]) -> SessionInfo:
    """A session row, each damaged summary field read as "unknown" (the journal is the truth)."""
    name, created, updated, players, mode, deck, entries, scores, winner, game = row
    return SessionInfo(name=_text(name), created=_text(created), updated=_text(updated),
                       players=tuple(_text(item) for item in _json_list(players)),
                       mode=_text(mode), deck=None if deck is None else _text(deck),
                       entries=_whole(entries), scores=tuple(
                           _whole(item) for item in _json_list(scores)),
                       winner=None if winner is None else _text(winner), game=_text(game))


def _text(value: object) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def _whole(value: object) -> int:
    """A whole number, or -1 where the stored value is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return -1
    try:
        number = float(value) if isinstance(value, str) else value
        return int(number) if float(number).is_integer() else -1
    except (ValueError, OverflowError):
        return -1


def _json_list(value: object) -> list[object]:
    try:
        data = json.loads(_text(value))
    except (ValueError, RecursionError):
        return []
    return data if isinstance(data, list) else []
