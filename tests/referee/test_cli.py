"""`hrdeck referee new|resume|list|export` in-process: exports round-trip, list shows every
game, resuming a finished game names the winner, options are checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from hrdeck.referee.cli import referee_app
from hrdeck.referee.exporting import read_export
from hrdeck.referee.store import default_db_path
from tests.referee.helpers import DECK, open_table

runner = CliRunner()


def invoke(*args: str, db: Path, input: str | None = None) -> Result:
    return runner.invoke(referee_app, [*args, "--db", str(db)], input=input,
                         env={"COLUMNS": "200"})


def test_new_is_the_default_command_and_json_is_the_final_state(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    result = invoke("--players", "Ann,Ben", "--mode", "score", "--script", "-", "--json",
                    db=db, input="trick ann\ntrick ben\ntrick ann\ntrick ann\n")
    assert result.exit_code == 0, result.output
    state = json.loads(result.stdout)
    assert state == {"session": "game-1", "mode": "score", "players": ["Ann", "Ben"],
                     "scores": [3, 1], "tricks": [3, 1], "winner": "Ann", "over": True,
                     "entries": 5, "round": 4, "next": "The game is over: Ann won with 3 points.",
                     "failed_lines": []}
    assert "[4] Ann takes a trick" in result.stderr


def test_a_failing_script_line_exits_1_and_strict_stops(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    result = invoke("new", "--players", "Ann,Ben", "--mode", "score", "--script", "-", db=db,
                    input="trick ann\ntrick zed\ntrick ben\n")
    assert result.exit_code == 1
    assert 'line 2: There is no player called "zed"' in result.stderr
    assert "[2] Ben takes a trick" in result.stdout
    script = tmp_path / "game.txt"
    script.write_text("trick ann\nbad line\ntrick ben\n", encoding="utf-8")
    result = invoke("new", "--players", "Ann,Ben", "--mode", "score", "--script", str(script),
                    "--strict-script", "--session", "strict", db=db)
    assert result.exit_code == 1
    assert "[2]" not in result.stdout


def test_full_mode_deals_from_the_deck(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    result = invoke("new", "--players", "Ann,Ben,Cat", "--deck", str(DECK), "--seed", "4",
                    "--fewer-cards", "--target", "5", "--dealer", "ben", "--script", "-",
                    "--json", db=db, input="keep ann 1 2\nkeep ben 2 1\nkeep cat 1 1\nup 9c\n")
    assert result.exit_code == 0, result.output
    state = json.loads(result.stdout)
    assert state["next"] == "Cat to play; the sum is 9." and state["entries"] == 5


@pytest.mark.parametrize(("players", "message"), [
    ("Ann", "2 to 5 players, not 1"),
    ("Ann,Ben,Cat,Dan,Eve,Fay", "2 to 5 players, not 6"),
    ("Ann,As", "reads as a card"),
    ("Ann,Up", "not command words"),
    ("Ann,ann", "must differ"),
])
def test_bad_players_are_refused(tmp_path: Path, players: str, message: str) -> None:
    result = invoke("new", "--players", players, "--mode", "score", "--script", "-",
                    db=tmp_path / "r.sqlite3", input="")
    assert result.exit_code == 2
    assert message in result.stderr


def test_bad_options_are_refused(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    result = invoke("new", "--players", "Ann,Ben", "--mode", "fulll", "--script", "-", db=db)
    assert result.exit_code == 2 and 'Did you mean "full"?' in result.stderr
    result = invoke("new", "--players", "Ann,Ben", "--deck", "nowhere.yaml", "--script", "-",
                    db=db)
    assert result.exit_code == 2 and "cannot deal from it" in result.stderr
    result = invoke("resume", "gmae-1", "--script", "-", db=db)
    assert result.exit_code == 2 and 'There is no session "gmae-1"' in result.stderr


def test_list_shows_every_session(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score", name="friday")
    table.ok("trick ann\ntrick ann\ntrick ann")
    other = open_table(tmp_path, name="saturday")
    other.ok("up 9c")
    db = table.store.path
    result = invoke("list", db=db)
    assert result.exit_code == 0
    out = result.stdout
    assert "friday" in out and "won by Ann" in out and "Ann, Ben, Cat" in out
    assert "saturday" in out and "playing (Ann 0, Ben 0, Cat 0)" in out
    listed = json.loads(invoke("list", "--json", db=db).stdout)
    assert [(row["session"], row["entries"], row["winner"]) for row in listed] == [
        ("saturday", 5, None), ("friday", 4, "Ann")]


def test_resume_of_a_finished_game_reports_the_winner(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    table.ok("trick ann\ntrick ben\ntrick ann\ntrick ann")
    result = invoke("resume", "--script", "-", db=table.store.path, input="trick ben\n")
    assert result.exit_code == 1  # the game is over: the trick is refused
    assert "Resuming t: 5 entries." in result.stdout
    assert "The game is over: Ann won with 3 points." in result.stdout
    assert "The game is over: Ann won." in result.stderr


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_exports_round_trip(tmp_path: Path, fmt: str) -> None:
    table = open_table(tmp_path, rules={"Ann": "seven-played"})
    table.ok('up 9c\np 7h "oh, please"\nenforce ann on ben "You did not name it."\n'
             "challenge\nrule upheld\np 5d\nundo yes\np as 11")
    entries = table.session.journal.entries
    result = invoke("export", "t", "--format", fmt, db=table.store.path)
    assert result.exit_code == 0
    assert read_export(result.stdout, fmt) == entries
    target = tmp_path / "out" / f"game.{fmt}"
    result = invoke("export", "t", "-f", fmt, "-o", str(target), db=table.store.path)
    assert result.exit_code == 2 and "does not exist" in result.stderr  # no folder made
    target.parent.mkdir()
    result = invoke("export", "t", "-f", fmt, "-o", str(target), db=table.store.path)
    assert result.exit_code == 0 and read_export(target.read_text("utf-8"), fmt) == entries
    if fmt == "csv":
        lines = target.read_text("utf-8").splitlines()
        assert lines[0] == "entry,type,counts,what,scores,event"
        assert lines[10].startswith("9,Played,no,Cat plays the five of diamonds,1 -2 0,")
    else:
        data = json.loads(target.read_text("utf-8"))
        assert data["mode"] == "full" and data["deck"]["name"] == "Referee Test Deck"


def test_the_database_is_found_from_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    monkeypatch.setenv("HRDECK_DB", str(tmp_path / "x.sqlite3"))
    assert default_db_path() == tmp_path / "x.sqlite3"
    monkeypatch.delenv("HRDECK_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "hrdeck" / "referee.sqlite3"


def test_the_command_is_on_hrdeck_and_loads_the_referee_only_to_run() -> None:
    """`hrdeck --help` lists `referee` without loading the referee's terminal program;
    `hrdeck referee …` hands every argument to it, `--help` included."""
    import subprocess
    import sys

    listed = subprocess.run(
        [sys.executable, "-c", "import sys\n"
         "from typer.testing import CliRunner\n"
         "from hrdeck.cli import _register_commands\n"
         "from hrdeck.app import app\n"
         "_register_commands(['--help'])\n"
         "shown = CliRunner().invoke(app, ['--help']).stdout\n"
         "print('referee' in shown, 'hrdeck.referee.session' in sys.modules)"],
        capture_output=True, text=True, check=True)
    assert listed.stdout.split() == ["True", "False"]
    from hrdeck import cmd_referee  # noqa: F401
    from hrdeck.app import app
    helped = CliRunner().invoke(app, ["referee", "--help"])
    assert helped.exit_code == 0 and "resume" in helped.stdout and "export" in helped.stdout


def test_a_file_that_is_not_a_database_is_reported(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list: milk, cards\n" * 100, encoding="utf-8")
    result = invoke("list", db=notes)
    assert result.exit_code == 2
    assert f"The referee's database {notes} cannot be opened: file is not a database." in (
        result.stderr)
