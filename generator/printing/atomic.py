"""Atomic writes: a file (or a folder of files) appears complete or not at all.

Everything is written next to its destination under a hidden temporary name and renamed into
place once finished, so a crash or an exception midway leaves neither a half-written file nor
the temporary behind. Only a regular file is ever replaced: a symbolic link is followed (its
target is replaced, the link stays), a device or a named pipe is written through, and a
folder, a missing folder or one that cannot be written to is an `OutputError` naming it.

    with atomic_path(Path("output/cards.pdf")) as temporary:
        write_the_pdf(temporary)
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from engine.errors import HrdeckError

from .errors import PrintError

FILE_MODE = 0o644
FOLDER_MODE = 0o755


class OutputError(HrdeckError):
    """An output that cannot be written where it was asked for, in a sentence."""


# Failures of the place written to, not of the program writing: reported as OutputError.
_PLACE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM,
                           errno.EIO, errno.ENOENT, errno.ENOTDIR, errno.EISDIR, errno.EEXIST,
                           errno.ENAMETOOLONG, errno.ELOOP})


def output_error(path: Path, error: OSError) -> OutputError:
    """`error` met while writing `path`, as one sentence."""
    reasons = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
               errno.EROFS: "it is on a read-only disk", errno.EACCES: "permission denied",
               errno.EPERM: "permission denied", errno.ENOENT: "that folder does not exist",
               errno.ENOTDIR: "part of that path is a file, not a folder",
               errno.EISDIR: "it is a folder", errno.EEXIST: "a file is in the way",
               errno.ENAMETOOLONG: "the name is too long",
               errno.ELOOP: "its symbolic links go round in a circle"}
    reason = reasons.get(error.errno or 0, error.strerror or str(error))
    return OutputError(f"Cannot write {path}: {reason}.")


def make_folder(folder: Path) -> Path:
    """Create an output folder (and its parents) or say in a sentence why it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"Cannot write into {folder}: it is not a folder.") from None
    except OSError as error:
        raise output_error(folder, error) from None
    return folder


def _fsync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


@contextlib.contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path beside `path`; rename it onto `path` when the block succeeds.

    The writer inside the block may open and close the temporary path as it likes. If the block
    raises, the temporary file is removed and the exception goes on; `path` is untouched. A
    full disk or a folder that cannot be written to becomes an `OutputError`.
    """
    path = Path(path)
    real = Path(os.path.realpath(path))  # a symbolic link stays; what it points at is written
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise output_error(path, error) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(f"Cannot write {path}: it is a folder; give a file name.")
    if mode is not None and not stat.S_ISREG(mode):
        with _written_through(path, real) as temporary:
            yield temporary
        return
    if not real.parent.is_dir():
        raise OutputError(f"Cannot write {path}: the folder {real.parent} does not exist.")
    try:
        descriptor, name = tempfile.mkstemp(dir=real.parent, prefix=f".{real.name}.",
                                            suffix=".tmp")
    except OSError as error:
        raise output_error(path, error) from None
    os.close(descriptor)
    temporary = Path(name)
    try:
        yield temporary
        os.chmod(temporary, mode & 0o777 if mode is not None else FILE_MODE)
        _fsync(temporary)
        os.replace(temporary, real)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        if error.errno in _PLACE_ERRORS:
            raise output_error(path, error) from None
        raise
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def _written_through(path: Path, device: Path) -> Iterator[Path]:
    """For a device or a named pipe: write to a temporary file, then copy it into `device`
    (opened without replacing it), so `-o /dev/stdout` or a pipe works as asked."""
    handle, name = tempfile.mkstemp(suffix=".tmp")
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        with open(temporary, "rb") as source, open(device, "wb") as sink:
            shutil.copyfileobj(source, sink)
    except OSError as error:
        if error.errno in _PLACE_ERRORS:
            raise output_error(path, error) from None
        raise
    finally:
        temporary.unlink(missing_ok=True)


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


def verify_replaceable(directory: Path, ours: re.Pattern[str], what: str) -> None:
    """Raise PrintError unless `directory` is missing or holds only files matching `ours`
    (what an earlier run wrote), which may be replaced."""
    if not directory.exists():
        return
    if not directory.is_dir():
        raise PrintError(f"{directory} is a file, not a folder for {what}.")
    foreign = sorted(p.name for p in directory.iterdir() if not ours.fullmatch(p.name))
    if foreign:
        raise PrintError(f"{directory} holds files hrdeck did not write ({', '.join(foreign[:3])}"
                         f"{'...' if len(foreign) > 3 else ''}); choose an empty folder.")
