"""A journal a table kept with an older hrdeck resumes with the same scores, tricks and
entries: `fixtures/journal-v1.sqlite3` was written before base games became plugins (see
`fixtures/make_journal_v1.py`), and must keep resuming whatever the engine becomes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.events import GameStarted, event_from_dict
from hrdeck.referee.session import Session
from hrdeck.referee.store import SCHEMA_VERSION, Store

from .helpers import open_table

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = json.loads((FIXTURES / "journal-v1.json").read_text(encoding="utf-8"))


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    copy = tmp_path / "old.sqlite3"
    shutil.copy(FIXTURES / "journal-v1.sqlite3", copy)
    return copy


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_journal_from_before_resumes_as_it_was_left(old_db: Path, name: str) -> None:
    store = Store(old_db)
    try:
        session, dropped = Session.resume(store, name)
        assert not dropped
        expected = EXPECTED[name]
        assert list(session.game.scores) == expected["scores"]
        assert [row.counts[0] for row in session.board().rows] == expected["tricks"]
        assert len(store.entries(name)) == expected["entries"]
    finally:
        store.close()


def test_a_journal_from_before_goes_on_being_played(old_db: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hrdeck", "referee", "resume", "scores", "--db", str(old_db),
         "--script", "-"], input="trick eve\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    store = Store(old_db)
    try:
        session, _ = Session.resume(store, "scores")
        assert [row.counts[0] for row in session.board().rows] == [2, 2]
    finally:
        store.close()


def test_an_old_journal_names_no_game_and_reads_as_up_n_over(old_db: Path) -> None:
    first = json.loads(Store(old_db).entries("friday")[0].text)
    assert first["type"] == "GameStarted" and "game" not in first  # as it was written
    setup = event_from_dict(first)
    assert isinstance(setup, GameStarted) and setup.game == "up-n-over"


def test_the_store_migrates_an_old_database_to_name_each_sessions_game(old_db: Path) -> None:
    import sqlite3

    before = sqlite3.connect(old_db)
    assert before.execute("PRAGMA user_version").fetchone()[0] == 1
    before.close()
    store = Store(old_db)
    try:
        assert store.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert {info.name: info.game for info in store.sessions()} == {
            "friday": "up-n-over", "scores": "up-n-over"}
    finally:
        store.close()


def test_a_new_journal_and_its_session_row_name_their_game(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    first = json.loads(table.store.entries("t")[0].text)
    assert first["game"] == "up-n-over"
    info = table.store.session("t")
    assert info is not None and info.game == "up-n-over"
