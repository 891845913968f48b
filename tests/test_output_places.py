"""Where outputs go: a place that cannot be written is one clear sentence (exit 2, no
traceback), and writing an output never replaces what is not a regular file — a symbolic
link is followed, a named pipe or a device is written through."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests import in_process

DECK = (Path(__file__).parent / "fixtures" / "decks" / "valid-minimal.yaml").resolve()


def real_hrdeck(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The real process: for the wiring, and for what a device or a pipe does to it."""
    return subprocess.run([sys.executable, "-m", "hrdeck", *map(str, args)],
                          capture_output=True, text=True, timeout=120, cwd=cwd)


def hrdeck(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return in_process.hrdeck(*args, cwd=cwd)


def refused(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "error:" in done.stderr, done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("place", ["a-file", "a-file/below", "/dev/null", "/dev/full/x",
                                   "/proc/self/nope"])
def test_an_output_folder_that_cannot_be_one_is_a_sentence(tmp_path: Path, command: str,
                                                           place: str) -> None:
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    done = hrdeck(command, DECK, "--games", "10", "--out", place, cwd=tmp_path)
    refused(done, "Cannot write")
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "not a folder"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
@pytest.mark.parametrize("command", ["build", "check"])
def test_a_read_only_output_folder_is_a_sentence(tmp_path: Path, command: str) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        refused(hrdeck(command, DECK, "--games", "10", "--out", locked, cwd=tmp_path),
                "permission denied")
    finally:
        locked.chmod(0o755)


def test_schema_into_a_folder_or_a_missing_folder_is_refused(tmp_path: Path) -> None:
    refused(hrdeck("schema", "-o", tmp_path, cwd=tmp_path), "is a folder")
    refused(hrdeck("schema", "-o", tmp_path / "missing" / "x.json", cwd=tmp_path),
            "does not exist")
    assert not (tmp_path / "missing").exists()  # never created behind the user's back


def test_schema_into_a_full_device_says_so_and_leaves_the_device(tmp_path: Path) -> None:
    full = Path("/dev/full")
    if not full.exists() or not stat.S_ISCHR(full.stat().st_mode):
        pytest.skip("no /dev/full here")
    refused(real_hrdeck("schema", "-o", full, cwd=tmp_path), "disk is full")
    assert stat.S_ISCHR(full.stat().st_mode)


def test_schema_follows_a_symbolic_link_and_keeps_it(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    done = hrdeck("schema", "-o", link, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and '"$schema"' in real.read_text(encoding="utf-8")


def _read_pipe_in_background(pipe: Path) -> tuple[threading.Thread, list[bytes]]:
    received: list[bytes] = []

    def read() -> None:
        with open(pipe, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader, received


def test_schema_writes_through_a_named_pipe(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader, received = _read_pipe_in_background(pipe)
    done = real_hrdeck("schema", "-o", pipe, cwd=tmp_path)
    reader.join(timeout=30)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(pipe.stat().st_mode)  # still a pipe, not replaced by a file
    assert b'"$schema"' in received[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_referee_export_follows_a_link_and_writes_through_a_pipe(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    script = tmp_path / "game.txt"
    script.write_text("trick ann\n", encoding="utf-8")
    made = hrdeck("referee", "new", "--mode", "score", "--players", "Ann,Ben",
                  "--session", "friday", "--db", db, "--script", script, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    done = hrdeck("referee", "export", "friday", "--db", db, "-o", link, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("{")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader, received = _read_pipe_in_background(pipe)
    done = real_hrdeck("referee", "export", "friday", "--db", db, "-o", pipe, cwd=tmp_path)
    reader.join(timeout=30)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(pipe.stat().st_mode) and received[0].startswith(b"{")
