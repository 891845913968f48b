"""A reader that stops reading is not a finding: `hrdeck check deck | head` exits as the
report would, quietly.

Python ignores SIGPIPE, so once the reader of a pipe has gone every write to it raises
BrokenPipeError, and click turns that into exit code 1. `quiet_when_closed` wraps standard
output and error (when they are not terminals) so that the first such write sends the rest of
that stream to the null device instead: the command runs to its end and exits with its own
code, and nothing is left to fail when Python flushes the stream at exit.
"""

from __future__ import annotations

import os
import sys
from typing import Any, TextIO


class _QuietWhenClosed:
    """A text stream that goes on silently once its pipe is closed."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._to_null()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._to_null()

    def _to_null(self) -> None:
        """Point the stream's descriptor at the null device: what it still holds, and all
        that follows, goes nowhere without an error."""
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, self._stream.fileno())
        finally:
            os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def quiet_when_closed() -> None:
    """Wrap `sys.stdout` and `sys.stderr`, unless they are terminals (which never close
    like a pipe) or have no descriptor of their own."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None or isinstance(stream, _QuietWhenClosed):
            continue
        try:
            if stream.isatty():
                continue
            stream.fileno()
        except (AttributeError, OSError, ValueError):
            continue  # a stand-in with no descriptor (a test's capture)
        setattr(sys, name, _QuietWhenClosed(stream))
