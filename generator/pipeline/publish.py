"""Put a build's files in place all at once: the old set or the new set, never a mix.

A build draws its files into a staging folder beside the deck's output folder
(`output/.<deck>.staging`). When everything succeeded, the files the build kept from last
time and whatever else the output folder held are linked into the staging folder, and
the two folders are exchanged in one step (Linux `renameat2(RENAME_EXCHANGE)`), so a
build killed at any moment leaves either the whole old folder or the whole new one. Where
the system cannot exchange folders, the old one is renamed aside first and the next build
puts it back if the new one never arrived. A lock keeps two builds of one deck apart.

    with build_lock(folder):
        clean_leftovers(folder)
        staging = fresh_staging(folder)
        ... draw the files into staging ...
        carry_over(folder, staging)
        put_in_place(staging, folder)
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

from engine.errors import HrdeckError
from generator.printing.atomic import make_folder, output_error

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def staging_path(folder: Path) -> Path:
    return folder.parent / f".{folder.name}.staging"


def _aside_path(folder: Path) -> Path:
    return folder.parent / f".{folder.name}.previous"


@contextlib.contextmanager
def build_lock(folder: Path) -> Iterator[None]:
    """Hold `output/.<deck>.lock` while building; a second build of the deck is refused."""
    lock = make_folder(folder.parent) / f".{folder.name}.lock"
    try:
        handle = open(lock, "a+b")  # noqa: SIM115 (closed below); "a" never truncates
    except OSError as error:
        raise output_error(lock, error) from None
    with handle:
        if sys.platform != "win32":
            import fcntl

            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise HrdeckError(f"Another build of {folder.name} is writing to {folder} "
                                  "right now; wait for it to finish.") from None
        yield


def clean_leftovers(folder: Path) -> None:
    """Undo what a killed build left: put an old folder back that was moved aside, and
    remove staging folders and half-written temporary files."""
    aside = _aside_path(folder)
    if aside.is_dir() and not folder.exists():
        os.replace(aside, folder)
    for leftover in (aside, staging_path(folder), folder / ".staging"):
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)
    if folder.is_dir():
        for temporary in folder.glob(".*.tmp"):
            if temporary.is_dir() and not temporary.is_symlink():
                shutil.rmtree(temporary, ignore_errors=True)
            else:
                temporary.unlink(missing_ok=True)


def fresh_staging(folder: Path) -> Path:
    staging = staging_path(folder)
    shutil.rmtree(staging, ignore_errors=True)
    return make_folder(staging)


def carry_over(folder: Path, staging: Path) -> None:
    """Link into `staging` everything in `folder` the new build did not write: files kept
    unchanged, the check's record, outputs of targets not built this time."""
    if not folder.is_dir():
        return
    for entry in folder.iterdir():
        target = staging / entry.name
        if target.exists() or target.is_symlink() or entry.name.endswith(".tmp"):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.copytree(entry, target, symlinks=True, copy_function=_link_or_copy)
        else:
            _link_or_copy(str(entry), str(target))


def _link_or_copy(source: str, destination: str) -> None:
    if os.path.islink(source):
        os.symlink(os.readlink(source), destination)
        return
    try:
        os.link(source, destination)
    except OSError:
        shutil.copy2(source, destination)


def put_in_place(staging: Path, folder: Path) -> None:
    """Make `staging` the output folder in one step, then remove the old folder."""
    if not folder.exists():
        os.replace(staging, folder)
        return
    if exchange(staging, folder):
        shutil.rmtree(staging, ignore_errors=True)  # the old set, now at the staging name
        return
    aside = _aside_path(folder)
    shutil.rmtree(aside, ignore_errors=True)
    os.replace(folder, aside)
    os.replace(staging, folder)
    shutil.rmtree(aside, ignore_errors=True)


def exchange(first: Path, second: Path) -> bool:
    """Swap two folders atomically; False where the system cannot (then nothing moved)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                          ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second),
                 _RENAME_EXCHANGE) == 0:
        return True
    failure = ctypes.get_errno()
    if failure in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EPERM):
        return False
    raise OSError(failure, os.strerror(failure), str(second))
