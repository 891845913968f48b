"""Atomic writes: a file (or a folder of files) appears complete or not at all.

Everything is written next to its destination under a hidden temporary name and renamed into
place once finished, so a crash or an exception midway leaves neither a half-written file nor
the temporary behind.

    with atomic_path(Path("output/cards.pdf")) as temporary:
        write_the_pdf(temporary)
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

FILE_MODE = 0o644
FOLDER_MODE = 0o755


def _fsync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


@contextlib.contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path beside `path`; rename it onto `path` when the block succeeds.

    The writer inside the block may open and close the temporary path as it likes. If the block
    raises, the temporary file is removed and the exception goes on; `path` is untouched.
    """
    path = Path(path)
    descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(descriptor)
    temporary = Path(name)
    try:
        yield temporary
        mode = path.stat().st_mode & 0o777 if path.exists() else FILE_MODE
        os.chmod(temporary, mode)
        _fsync(temporary)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def atomic_open(path: Path, mode: str = "wb") -> Iterator[IO[bytes]]:
    """Open a temporary file for writing bytes; it becomes `path` when the block succeeds."""
    if mode not in ("wb", "xb"):
        raise ValueError(f"atomic_open writes bytes; mode {mode!r} is not supported.")
    with atomic_path(path) as temporary, open(temporary, "wb") as handle:
        yield handle


@contextlib.contextmanager
def atomic_directory(path: Path) -> Iterator[Path]:
    """Yield a temporary folder beside `path`; it replaces `path` when the block succeeds.

    The old folder (if any) is moved aside, the new one renamed into place, then the old one
    deleted. If the block raises, the temporary folder goes and `path` is untouched. Only use
    this for a folder the caller owns entirely: its old contents are deleted.
    """
    path = Path(path)
    temporary = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"))
    try:
        yield temporary
        os.chmod(temporary, FOLDER_MODE)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    if not path.exists():
        os.replace(temporary, path)
        return
    aside = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".old"))
    try:
        os.replace(path, aside / path.name)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        aside.rmdir()
        raise
    os.replace(temporary, path)
    shutil.rmtree(aside, ignore_errors=True)
