"""The referee never loses a point: every acknowledged entry survives SIGKILL; a damaged
journal resumes with what was committed and says what was dropped; one process per game."""

from __future__ import annotations

import json
import random
import re
import signal
import sqlite3
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from engine.events import GameStarted
from engine.games.registry import decode_entries
from engine.games.upnover.events import Played, TrickTaken, TurnedUp
from engine.games.upnover.trick_game import Phase
from engine.journal import Journal
from hrdeck.referee.announce import entry_text
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from tests.referee.helpers import open_table, referee_process

ACK = re.compile(r"^\[(\d+)\] (.*)$")
PLAYERS = ("Ann", "Ben", "Cat")
CHAINS = 3                 # independent games in one database, killed in parallel
KILLS_PER_CHAIN = 10       # 30 kills in all


def table_commands(count: int, seed: int) -> list[str]:
    """Commands of a real game: a shuffled-deck game in the engine deals the cards that a
    table-mode referee is told about (the three `keep` lines first)."""
    mirror = Journal(GameStarted(players=PLAYERS, seed=seed, target=100_000))
    rng = random.Random(seed)
    commands = [f"keep {name} 1 1" for name in PLAYERS]
    while len(commands) < count:
        table = mirror.game.table  # type: ignore[union-attr]
        if table.phase is Phase.PLAY:
            card, ace = rng.choice(table.legal_plays(table.turn))
            mirror.record(Played(player=table.turn, card=card, ace_value=ace))
            commands.append(f"p {card.code}" + ("" if ace is None else f" {ace}"))
        else:
            turned = mirror.record(TurnedUp(player=table.turn))
            assert isinstance(turned, TurnedUp) and turned.card is not None
            commands.append(f"up {turned.card.code}")
    return commands


def stream_and_kill(process: subprocess.Popen[str], commands: list[str],
                    rng: random.Random) -> tuple[list[tuple[int, str]], str]:
    """Feed commands until a random moment, then SIGKILL; the acknowledgements printed."""
    assert process.stdin is not None and process.stdout is not None
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if line.endswith("\n"):  # a line cut short by the kill was not acknowledged
                lines.append(line[:-1])
            ready.set()

    reader = threading.Thread(target=read)
    reader.start()
    assert ready.wait(30), "the referee did not start"
    deadline = time.monotonic() + rng.uniform(0.01, 0.3)
    try:
        for command in commands:
            if time.monotonic() >= deadline:
                break
            process.stdin.write(command + "\n")
            process.stdin.flush()
            time.sleep(rng.uniform(0, 0.003))
    except BrokenPipeError:
        pass
    process.send_signal(signal.SIGKILL)
    process.wait()
    reader.join()
    process.stdin.close()
    acks = [(int(match[1]), match[2]) for line in lines if (match := ACK.match(line))]
    return acks, "\n".join(lines)


def check_acknowledged(db: Path, session: str, acks: list[tuple[int, str]]) -> int:
    """Every acknowledged entry is stored, at its number, saying what was acknowledged."""
    store = Store(db)
    try:
        stored = store.entries(session)
    finally:
        store.close()
    events = decode_entries([json.loads(entry.text) for entry in stored])
    assert [entry.number for entry in stored] == list(range(len(stored)))
    names = events[0].players  # type: ignore[union-attr]
    numbers = [number for number, _ in acks]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    for number, text in acks:
        assert number < len(events), f"acknowledged entry {number} was lost"
        if number:
            assert entry_text(events[number], names) == text
    return len(stored)


def kill_chain(db: Path, chain: int) -> int:
    session = f"dur-{chain}"
    rng = random.Random(chain)
    commands = table_commands(1500, seed=chain)
    process = referee_process("new", "--players", ",".join(PLAYERS), "--target", "100000",
                              "--seed", "1", "--session", session, "--script", "-", db=db)
    acknowledged, stored = 0, 1  # entry 0, the setup, is written before commands are read
    for _ in range(KILLS_PER_CHAIN):
        acks, output = stream_and_kill(process, commands[stored - 1:], rng)
        assert "damaged" not in output
        stored_after = check_acknowledged(db, session, acks)
        assert stored_after >= stored
        acknowledged += len(acks)
        stored = stored_after
        process = referee_process("resume", session, "--script", "-", db=db)
    out, errors = process.communicate("\n".join(commands[stored - 1:stored + 9]) + "\n",
                                      timeout=60)
    assert process.returncode == 0, errors
    assert "damaged" not in out
    assert check_acknowledged(db, session, []) == stored + 10
    return acknowledged


def test_sigkill_never_loses_an_acknowledged_entry(tmp_path: Path) -> None:
    db = tmp_path / "referee.sqlite3"
    with ThreadPoolExecutor(CHAINS) as pool:
        acknowledged = list(pool.map(lambda chain: kill_chain(db, chain), range(CHAINS)))
    assert sum(acknowledged) > 0


# -- a damaged journal ---------------------------------------------------------------------------


def _write_row(db: Path, session: str, number: int, text: str) -> None:
    connection = sqlite3.connect(db)
    with connection:
        connection.execute("INSERT INTO entries (session, number, event) VALUES (?, ?, ?)",
                           (session, number, text))
    connection.close()


def test_a_cut_off_last_entry_is_dropped_and_reported(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    table.ok("trick ann\ntrick ben\ntrick ann")
    db = table.store.path
    table.store.close()
    _write_row(db, "t", 4, '{"type":"TrickTaken","play')
    process = referee_process("resume", "t", "--script", "-", "--json", db=db)
    out, errors = process.communicate("trick cat\n", timeout=60)
    assert process.returncode == 0, errors
    assert "The journal of t was damaged" in errors
    assert ('Entry 4 ({"type":"TrickTaken","play) was dropped: its text is not complete JSON '
            "(cut off at character 21)") in errors
    state = json.loads(out)
    assert state["scores"] == [2, 1, 1] and state["entries"] == 5
    store = Store(db)
    assert store.connection.execute("SELECT number, reason FROM dropped").fetchall() == [
        (4, "its text is not complete JSON (cut off at character 21)")]


def test_an_entry_that_no_longer_replays_is_dropped_with_what_followed(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    table.ok("trick ann")
    store = table.store
    _write_row(store.path, "t", 2, json.dumps({"type": "TrickTaken", "player": 7}))
    _write_row(store.path, "t", 3, json.dumps({"type": "TrickTaken", "player": 1}))
    session, dropped = Session.resume(store, "t")
    assert [(item.number, item.what) for item in dropped] == [
        (2, "seat 7 takes a trick"), (3, "Ben takes a trick")]
    assert "no longer replays (There is no seat 7" in dropped[0].reason
    assert "it came after entry 2" in dropped[1].reason
    assert session.game.scores == [1, 0, 0] and len(session.journal.entries) == 2
    assert len(store.entries("t")) == 2
    outcome = session.execute(session.parse("trick ben"))
    assert outcome.lines[0].entry == 2
    assert isinstance(session.journal.entries[2], TrickTaken)


def test_a_damaged_setup_cannot_be_resumed(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    table.store.connection.execute("UPDATE entries SET event = '{\"type\":\"Game' WHERE number = 0")
    process = referee_process("resume", "t", "--script", "-", db=table.store.path)
    _, errors = process.communicate("", timeout=60)
    assert process.returncode == 2
    assert "its first entry, the game's setup, is damaged" in errors


# -- one referee per game ------------------------------------------------------------------------


def test_a_second_referee_on_the_same_game_is_refused(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    db = table.store.path
    first = referee_process("resume", "t", "--script", "-", db=db)
    assert first.stdout is not None
    assert "Resuming t" in first.stdout.readline()
    second = referee_process("resume", "t", "--script", "-", db=db)
    _, errors = second.communicate("trick ann\n", timeout=60)
    assert second.returncode == 2
    assert f'The session "t" is open in another referee (process {first.pid})' in errors
    assert len(Store(db).entries("t")) == 1  # nothing was written
    first.send_signal(signal.SIGKILL)  # the lock goes with the process, however it ends
    first.wait()
    third = referee_process("resume", "t", "--script", "-", db=db)
    _, errors = third.communicate("trick ann\n", timeout=60)
    assert third.returncode == 0, errors
    assert len(Store(db).entries("t")) == 2
