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

from hrdeck.referee.session import Session
from hrdeck.referee.store import Store

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
        assert [row.tricks for row in session.board().rows] == expected["tricks"]
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
        assert [row.tricks for row in session.board().rows] == [2, 2]
    finally:
        store.close()
