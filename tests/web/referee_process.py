"""The real referee with its pages, in its own process, as a table starts it: `hrdeck referee
new … --web --port N`, standard input a pipe kept open (without a terminal, each line written
to it runs through the hub as if typed at the laptop's prompt), standard output read as it
comes (the pages' addresses, then what the table hears).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 30.0  # a generous bound on a quiet machine's seconds: never a measure
ADDRESS = re.compile(r"^ {2}(?P<who>[^:]+): (?P<url>http://\S+/p/\S+)$", re.MULTILINE)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Stream:
    """A pipe read on a thread, everything kept, waited on by text."""

    def __init__(self, pipe: IO[str]) -> None:
        self.text = ""
        self.closed = False
        self._changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self.thread.start()

    def _read(self, pipe: IO[str]) -> None:
        for line in pipe:
            with self._changed:
                self.text += line
                self._changed.notify_all()
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def wait_for(self, wanted: str, start: int = 0, why: str = "") -> int:
        """Wait until `wanted` is printed at or after `start`; returns where it ends."""
        deadline = time.monotonic() + WAIT_SECONDS
        with self._changed:
            while (found := self.text.find(wanted, start)) < 0:
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    raise AssertionError(f"never printed {wanted!r} {why}; it printed:\n"
                                         f"{self.text[start:]}")
                self._changed.wait(left)
            return found + len(wanted)


class Referee:
    """One referee process serving pages; `urls` are the addresses it printed, by seat name
    and "The table"."""

    def __init__(self, args: list[str], db: Path, port: int) -> None:
        self.db, self.port = db, port
        env = {**os.environ, "HRDECK_DB": str(db), "PYTHONUNBUFFERED": "1", "COLUMNS": "200",
               "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hrdeck", "referee", *args, "--web", "--port", str(port)],
            cwd=ROOT, env=env, text=True, encoding="utf-8", stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert self.process.stdout and self.process.stderr
        self.out = Stream(self.process.stdout)
        self.errors = Stream(self.process.stderr)
        self.out.wait_for("keep it to yourself", why=f"(the errors: {self.errors.text})")
        self.urls = {match["who"].strip(): match["url"] for match in ADDRESS.finditer(
            self.out.text)}
        self._seen = 0

    @property
    def table_url(self) -> str:
        return self.urls["The table"]

    def type(self, *lines: str, expect: str) -> str:
        """Type lines at the laptop; wait for `expect` in what it prints after them; return
        what was printed since. A line that fails fails the test."""
        errors = len(self.errors.text)
        assert self.process.stdin is not None
        self.process.stdin.write("".join(f"{line}\n" for line in lines))
        self.process.stdin.flush()
        end = self.out.wait_for(expect, self._seen, why=f"after {lines}")
        printed, self._seen = self.out.text[self._seen:end], end
        assert len(self.errors.text) == errors, self.errors.text[errors:]
        return printed

    def heard(self, expect: str) -> str:
        """Wait for `expect` in what the laptop prints (a page's move, as the table hears
        it); return what was printed since the last wait."""
        end = self.out.wait_for(expect, self._seen)
        printed, self._seen = self.out.text[self._seen:end], end
        return printed

    def kill(self) -> None:
        """The server dies at once, as on a power cut (SIGKILL)."""
        self.process.kill()
        self.process.wait(timeout=WAIT_SECONDS)

    def stop(self) -> None:
        """Stop as the table does (the signal Ctrl-C sends), the laptop's input still open:
        the process must end by itself, the game saved (a process killed is left as it is)."""
        ended = self.process.poll()
        if ended is None:
            self.process.send_signal(signal.SIGINT)
            try:
                ended = self.process.wait(timeout=WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.out, self.errors):
            stream.thread.join(timeout=WAIT_SECONDS)
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()
        assert ended in (0, 1, -signal.SIGKILL), (
            f"Ctrl-C did not stop the referee serving pages (exit {ended}): "
            f"{self.errors.text[-2000:]}")
