"""The referee serving pages, its laptop lines coming from a pipe that stays open (a program
feeding it, as the real-browser tests do): Ctrl-C stops it at once, cleanly, instead of
waiting for a line that never comes (or aborting on the thread that waits for it)."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

from tests.web.referee_process import WAIT_SECONDS, Referee, free_port


def test_ctrl_c_stops_the_served_referee_while_its_input_is_open(tmp_path: Path) -> None:
    laptop = Referee(["new", "--players", "Ann,Ben", "--session", "s", "--mode", "score"],
                     tmp_path / "referee.sqlite3", free_port())
    try:
        laptop.type("trick ann", expect="Ann +1")
        laptop.process.send_signal(signal.SIGINT)
        try:
            code = laptop.process.wait(timeout=WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            code = None
        assert code == 0, f"the referee kept waiting for its input: {laptop.errors.text}"
    finally:
        laptop.process.kill()
        laptop.stop()
