"""The referee against hostile and broken input: session names that try to leave their
folder, databases damaged or written by another hrdeck, scripts that are not text, and
terminal escapes in what people typed. One clear line each, never a traceback, nothing lost."""

from __future__ import annotations

import atexit
import functools
import itertools
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from tests import in_process
from tests.referee.helpers import ROOT, open_table

SCRIPT = "keep ann 1 1\nkeep ben 1 1\nkeep cat 1 1\nup 4d\np 7h\np 5c\n"


def real_referee(*args: str, db: Path, stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    """`python -m hrdeck.referee ARGS --db DB` in its own process: kept where a process is
    the point (a database closed as a referee leaves it, then damaged and opened afresh)."""
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "hrdeck.referee", *args, "--db", str(db)],
                          cwd=ROOT, env=env, input=stdin.encode(), capture_output=True,
                          timeout=60)


def referee(*args: str, db: Path, stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    """The same command run in this process, answered as the real process answers (bytes)."""
    done = in_process.hrdeck("referee", *args, "--db", str(db), cwd=ROOT, stdin=stdin,
                             env={"COLUMNS": "200"})
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.encode(),
                                       done.stderr.encode())


def assert_clean_refusal(done: subprocess.CompletedProcess[bytes], message: str) -> None:
    err = done.stderr.decode()
    assert "Traceback" not in err, err
    assert done.returncode == 2, (done.returncode, err)
    assert message.lower() in " ".join(err.split()).lower(), err


@functools.cache
def _played_once() -> Path:
    """A folder holding a database with one game ("g") played by the real referee: made once
    per process, copied for each test that damages it. A real process, so that the database
    is left as a referee leaves it, closed (its journal file folded in): damage done to the
    file is then damage to the game."""
    folder = Path(tempfile.mkdtemp(prefix="hrdeck-played-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    done = real_referee("new", "--players", "Ann,Ben,Cat", "--seed", "1", "--session", "g",
                        "--script", "-", db=folder / "referee.sqlite3", stdin=SCRIPT)
    assert done.returncode == 0, done.stderr.decode()
    return folder


def played_game(tmp_path: Path) -> Path:
    """The database of a game played by the real referee, the test's own copy."""
    shutil.copytree(_played_once(), tmp_path, dirs_exist_ok=True)
    return tmp_path / "referee.sqlite3"


# -- session names and locks ----------------------------------------------------------------------


@pytest.mark.parametrize("args", [("resume", "{outside}/poetry"),
                                  ("new", "--players", "Ann,Ben", "--session", "../x/poetry"),
                                  ("export", "{outside}/poetry")])
def test_a_session_name_never_touches_a_file_outside(tmp_path: Path, args: tuple[str, ...]) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "poetry.lock"
    victim.write_text("keep me\n")
    db = tmp_path / "db" / "referee.sqlite3"
    done = referee(*(arg.format(outside=outside) for arg in args), db=db)
    assert_clean_refusal(done, "cannot name a session")
    assert victim.read_text() == "keep me\n"
    assert not db.exists(), "nothing was created before the name was checked"


def test_a_symlinked_database_shares_the_lock(tmp_path: Path) -> None:
    db = played_game(tmp_path)
    link = tmp_path / "elsewhere" / "link.sqlite3"
    link.parent.mkdir()
    link.symlink_to(db)
    first = subprocess.Popen([sys.executable, "-m", "hrdeck.referee", "resume", "g", "--db",
                              str(db), "--script", "-"], cwd=ROOT, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert first.stdout is not None
        first.stdout.readline()  # "Resuming g": the first referee holds the lock now
        second = referee("resume", "g", "--script", "-", db=link, stdin="p 8c\n")
        assert_clean_refusal(second, "open in another referee")
    finally:
        first.communicate(b"", timeout=30)


# -- damaged and foreign databases ----------------------------------------------------------------


def damage(db: Path, sql: str, *params: object) -> None:
    connection = sqlite3.connect(db)
    connection.execute(sql, params)
    connection.commit()
    connection.close()


@pytest.mark.parametrize(("sql", "params", "message"), [
    ("UPDATE sessions SET entries = 'abc'", (), ""),
    ("UPDATE sessions SET scores = '[1e400]'", (), ""),
    ("UPDATE sessions SET players = 'not json'", (), ""),
], ids=["entries", "scores", "players"])
@pytest.mark.parametrize("command", ["list", "resume", "export"])
def test_a_damaged_session_row_is_read_or_refused_clearly(
        tmp_path: Path, sql: str, params: tuple[object, ...], message: str, command: str) -> None:
    db = played_game(tmp_path)
    damage(db, sql, *params)
    args = {"list": ("list",), "resume": ("resume", "g", "--script", "-"),
            "export": ("export", "g")}[command]
    done = referee(*args, db=db)
    assert "Traceback" not in done.stderr.decode(), done.stderr.decode()
    assert done.returncode == 0, done.stderr.decode()


@pytest.mark.parametrize(("event", "reason"), [
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    (b'{"type": "Played", "player": 1, "card": "8c"}', ""),
    (b"\xff\xfe not text", "not UTF-8"),
], ids=["nested", "blob", "bytes"])
def test_a_damaged_entry_is_dropped_and_the_rest_recovered(
        tmp_path: Path, event: str | bytes, reason: str) -> None:
    db = played_game(tmp_path)
    damage(db, "UPDATE entries SET event = ? WHERE number = 6", event)
    done = referee("resume", "g", "--script", "-", db=db)
    err, out = done.stderr.decode(), done.stdout.decode()
    assert "Traceback" not in err and done.returncode == 0, err
    if reason:
        assert "Entry 6" in out and reason in out, out
    store = Store(db)
    assert len(Session.resume(store, "g")[0].journal.entries) >= 6


def test_a_corrupt_deck_in_the_database_is_one_clear_message(tmp_path: Path) -> None:
    db = played_game(tmp_path)
    damage(db, "UPDATE sessions SET deck = '{broken'")
    for args in (("resume", "g", "--script", "-"), ("export", "g")):
        assert_clean_refusal(referee(*args, db=db), "rule cards stored with this session")


def test_an_entry_from_a_newer_hrdeck_refuses_the_journal_and_drops_nothing(
        tmp_path: Path) -> None:
    db = played_game(tmp_path)
    damage(db, "UPDATE entries SET event = ? WHERE number = 5",
           json.dumps({"type": "Teleported", "player": 1}))
    done = referee("resume", "g", "--script", "-", db=db, stdin="p 8c\n")
    assert_clean_refusal(done, "newer hrdeck")
    rows = sqlite3.connect(db).execute("SELECT COUNT(*) FROM entries").fetchone()[0]
    assert rows == 7 and sqlite3.connect(db).execute(
        "SELECT COUNT(*) FROM dropped").fetchone()[0] == 0


def test_an_older_database_is_brought_up_to_date(tmp_path: Path) -> None:
    """A database written before the `updated` and `winner` columns existed."""
    db = played_game(tmp_path)
    connection = sqlite3.connect(db)
    connection.executescript(
        "CREATE TABLE old AS SELECT name, created, players, mode, deck, entries, scores "
        "FROM sessions; DROP TABLE sessions; ALTER TABLE old RENAME TO sessions; "
        "PRAGMA user_version = 0;")
    connection.close()
    for args in (("list",), ("resume", "g", "--script", "-"), ("export", "g")):
        done = referee(*args, db=db, stdin="p 8c\n")
        assert done.returncode == 0 and "Traceback" not in done.stderr.decode(), done.stderr
    assert '"entries": 8' in referee("list", "--json", db=db).stdout.decode()


def test_random_bytes_over_the_database_are_one_clear_message(tmp_path: Path) -> None:
    db = played_game(tmp_path)
    size = db.stat().st_size
    with db.open("r+b") as file:
        file.seek(size // 2)
        file.write(os.urandom(min(4096, size // 2)))
        file.seek(0)
        file.write(os.urandom(100))
    for args in (("list",), ("resume", "g", "--script", "-"), ("export", "g")):
        assert_clean_refusal(real_referee(*args, db=db), "database")


# -- scripts and terminals ------------------------------------------------------------------------


def test_a_script_that_is_not_utf8_reports_the_line(tmp_path: Path) -> None:
    db = tmp_path / "referee.sqlite3"
    script = tmp_path / "bad.txt"
    script.write_bytes(SCRIPT.encode() + b"p 8c \"caf\xe9\"\np 9c\n")
    done = referee("new", "--players", "Ann,Ben,Cat", "--seed", "1", "--script", str(script),
                   db=db)
    err = done.stderr.decode()
    assert "Traceback" not in err and done.returncode == 1, err
    assert "line 7" in err and "not UTF-8" in err
    assert "Ann plays the nine of clubs" in done.stdout.decode(), "the script goes on"


def test_escape_sequences_never_reach_the_terminal(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    out = table.ok('up 4d\np 7h "\x1b[2Jhello\x07"\nenforce ann on ben "\x1b]0;pwned\x07hint"')
    table.ok("history")
    printed = table.out.getvalue()
    assert "\x1b" not in printed and "\x07" not in printed
    assert "hello" in out and "pwned" in printed


def test_what_a_player_said_is_bounded(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.ok("up 4d")
    table.fails('p 7h "' + "la " * 4000 + '"', "too long")


def test_a_player_name_with_control_characters_is_refused(tmp_path: Path) -> None:
    done = referee("new", "--players", "Ann,B\x1b[2Jen", "--script", "-",
                   db=tmp_path / "referee.sqlite3")
    assert_clean_refusal(done, "cannot be a player's name")


FUZZ_GAMES = itertools.count()


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.one_of(
    st.text(max_size=60),
    st.builds(lambda head, tail: f"{head} {tail}",
              st.sampled_from(["p", "up", "enforce ann on", "call ben on", "challenge", "rule",
                               "undo", "draw", "keep", "history", "enforce cat on ben for"]),
              st.text(max_size=30))), max_size=25))
def test_any_typed_line_is_a_command_or_one_clear_error(tmp_path: Path, lines: list[str]) -> None:
    """Whatever is typed, the referee answers with an entry or an error: never a traceback,
    never a control character on the terminal, and the journal always replays."""
    table = open_table(tmp_path, name=f"fuzz{next(FUZZ_GAMES)}")
    table.run("\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines))
    printed = table.out.getvalue() + table.errors.getvalue()
    assert not set(printed) & {"\x1b", "\x07", "\x9b"}
    resumed, dropped = Session.resume(table.store, table.session.name)
    assert not dropped and resumed.game.snapshot() == table.session.game.snapshot()


def test_the_referee_refuses_a_deck_the_checker_finds_errors_in(tmp_path: Path) -> None:
    deck = tmp_path / "bad.yaml"
    text = (ROOT / "tests/referee/fixtures/referee-deck.yaml").read_text(encoding="utf-8")
    deck.write_text(text.replace('when: card.rank == "7"', "when: card.__class__ == 1"),
                    encoding="utf-8")
    done = referee("new", "--players", "Ann,Ben,Cat", "--deck", str(deck), "--script", "-",
                   db=tmp_path / "referee.sqlite3")
    assert_clean_refusal(done, "cannot deal from it")
    assert "bad.yaml:" in done.stderr.decode() and "__class__" in done.stderr.decode()
    assert not (tmp_path / "referee.sqlite3").exists()
