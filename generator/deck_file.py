"""Reading a deck file's bytes safely: a few standard-library calls, so that a build can
tell an unchanged deck without loading the deck machinery."""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_BYTES = 2_000_000  # a deck file larger than this is refused before it is read


class UnreadableDeck(Exception):
    """A deck path that is not a file hrdeck can read safely; the reason in words."""


def read_deck_bytes(path: Path) -> bytes:
    """The deck file's bytes, refusing before reading anything that is not a regular file
    (a device like /dev/zero never ends, a named pipe may never start) or is too large."""
    try:
        mode = os.stat(path)
        if stat.S_ISDIR(mode.st_mode):
            raise UnreadableDeck("it is a directory, not a file")
        if not stat.S_ISREG(mode.st_mode):
            raise UnreadableDeck("it is not a regular file (a device or a pipe)")
        if mode.st_size > MAX_BYTES:
            raise UnreadableDeck(f"it is larger than {MAX_BYTES // 1_000_000} MB")
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise UnreadableDeck(error.strerror or str(error)) from None
    if len(data) > MAX_BYTES:
        raise UnreadableDeck(f"it is larger than {MAX_BYTES // 1_000_000} MB")
    return data
