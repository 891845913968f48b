"""Put a build's files in place all at once: the old set or the new set, never a mix.

A build draws its files into a staging folder beside the deck's output folder
(`output/.<deck>.staging`). When everything succeeded, the files the build kept from last
time and whatever else the output folder held are linked into the staging folder, and
the two folders are exchanged in one step (Linux `renameat2(RENAME_EXCHANGE)`), so a
build killed at any moment leaves either the whole old folder or the whole new one. Where
the system cannot exchange folders, the old one is renamed aside first and the next build
puts it back if the new one never arrived. A lock keeps two builds of one deck apart.

Every name the build makes beside or in the output folder is its own, and a link found at one
is never followed: at the staging folder, the folder moved aside, the lock and a temporary
file, which hold nothing of anyone's, a link (or anything else in the way) is removed and the
build goes on; the output folder itself, which the user may have placed on purpose, is
refused with a sentence when it is a link or a file. The output folder lists what the build
put there (`MANIFEST`): only those files and folders are carried into the next set, never a
link; anything else found there is refused by name rather than deleted with the old folder.

    with build_lock(folder):
        clean_leftovers(folder)
        own = own_entries(folder)
        staging = fresh_staging(folder)
        ... draw the files into staging ...
        carry_over(folder, staging, own)
        put_in_place(staging, folder)
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import shutil
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

from engine.errors import HrdeckError
from generator.printing.atomic import make_folder, output_error

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
MANIFEST = ".hrdeck-files.json"  # the names a build put in the output folder
# Names the build writes into the output folder outside a staging set: the check's chart and
# record (kept after a failed build); its own always, listed or not.
ALWAYS_OWN = frozenset({MANIFEST, ".check.json", "fire-rates.png"})


def staging_path(folder: Path) -> Path:
    return folder.parent / f".{folder.name}.staging"


def published_path(staging: Path) -> Path:
    """The output folder a staging folder becomes (any other folder is its own)."""
    name = staging.name
    if name.startswith(".") and name.endswith(".staging"):
        return staging.parent / name[1:-len(".staging")]
    return staging


def _aside_path(folder: Path) -> Path:
    return folder.parent / f".{folder.name}.previous"


@contextlib.contextmanager
def build_lock(folder: Path) -> Iterator[None]:
    """Hold `output/.<deck>.lock` while building; a second build of the deck is refused."""
    verify_output_folder(folder)
    lock = make_folder(folder.parent) / f".{folder.name}.lock"
    if lock.is_symlink() or (lock.exists() and not lock.is_file()):
        remove_own(lock)  # the lock is only ever a file the build made
    try:
        descriptor = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                             | getattr(os, "O_CLOEXEC", 0), 0o644)  # never truncates
    except OSError as error:
        raise output_error(lock, error) from None
    with os.fdopen(descriptor, "r+b") as handle:
        if sys.platform != "win32":
            import fcntl

            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise HrdeckError(f"Another build of {folder.name} is writing to {folder} "
                                  "right now; wait for it to finish.") from None
        yield


def verify_output_folder(folder: Path) -> None:
    """Refuse, with a sentence, an output folder that is a link or a file: the build replaces
    the whole folder, and will neither write through a link nor put a folder in its place."""
    if folder.is_symlink():
        raise HrdeckError(f"{folder} is a symbolic link (to {os.readlink(folder)}); hrdeck "
                          "writes a deck's files into a folder of its own, never through a "
                          "link. Remove the link, or give --out the place you want the files.")
    if folder.exists() and not folder.is_dir():
        raise HrdeckError(f"{folder} is a file, not a folder; hrdeck needs that name for the "
                          "deck's folder. Move the file, or give --out another place.")


def own_file(folder: Path, name: str) -> Path:
    """The path of a file hrdeck writes straight into a deck's output folder (the check's
    chart and record): the folder made if need be (refused if it is a link or a file), and
    a link or a folder at the file's name removed, so the writing never goes through it."""
    verify_output_folder(folder)
    make_folder(folder)
    path = folder / name
    if not _is_real_file(path):
        remove_own(path)
    return path


def remove_own(path: Path) -> None:
    """Remove what is at a name only the build uses: a link itself (never what it points at),
    a file, or a whole folder."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise output_error(path, error) from None
    if stat.S_ISDIR(mode):
        shutil.rmtree(path, ignore_errors=True)  # a link inside is removed, not followed
    else:
        path.unlink(missing_ok=True)


def _is_real_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _is_real_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def clean_leftovers(folder: Path) -> None:
    """Undo what a killed build left: put an old folder back that was moved aside, and
    remove staging folders and half-written temporary files (a link at any of those names
    is removed, never followed)."""
    aside = _aside_path(folder)
    if _is_real_folder(aside) and not os.path.lexists(folder):
        os.replace(aside, folder)
    remove_own(aside)
    remove_own(staging_path(folder))
    if _is_real_folder(folder):
        remove_own(folder / ".staging")
        for temporary in folder.glob(".*.tmp"):
            remove_own(temporary)


def own_entries(folder: Path) -> set[str]:
    """The names in the output folder a build put there: listed in its `MANIFEST`, each a
    real file or folder (a link is nobody's to carry). A folder with no list, from before
    builds kept one, is taken as the build's own, links left out."""
    if not _is_real_folder(folder):
        return set()
    present = {entry.name for entry in folder.iterdir()
               if _is_real_file(entry) or _is_real_folder(entry)}
    listed = _listed(folder)
    return present if listed is None else present & (listed | ALWAYS_OWN)


def foreign_entries(folder: Path, own: set[str]) -> list[str]:
    """The files and folders in the output folder no build put there (links, which are
    removed with the old set, and leftovers aside)."""
    if not _is_real_folder(folder):
        return []
    return sorted(entry.name for entry in folder.iterdir()
                  if entry.name not in own and not entry.is_symlink()
                  and not entry.name.endswith(".tmp") and not _desktop_litter(entry.name))


def _desktop_litter(name: str) -> bool:
    """A file a desktop drops into any folder it shows (Finder, Explorer): nobody's work, so
    it goes with the old set rather than stop every build after the folder was looked at."""
    return name in {".DS_Store", "Thumbs.db", "desktop.ini"} or name.startswith("._")


def verify_nothing_foreign(folder: Path, own: set[str]) -> None:
    """Refuse a build that would delete, with the old set, files it never wrote."""
    foreign = foreign_entries(folder, own)
    if foreign:
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5
                                          else "")
        them = "it" if len(foreign) == 1 else "them"
        raise HrdeckError(f"{folder} holds {shown}, which no build put there. A build replaces "
                          f"the whole folder: move {them} elsewhere first, or give --out "
                          "another place.")


def _listed(folder: Path) -> set[str] | None:
    manifest = folder / MANIFEST
    if not _is_real_file(manifest):
        return None
    try:
        names = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {name for name in names if isinstance(name, str)} if isinstance(names, list) \
        else set()


def fresh_staging(folder: Path) -> Path:
    staging = staging_path(folder)
    remove_own(staging)
    try:
        staging.mkdir(mode=0o755)  # never exist_ok: whatever is in the way is not ours
    except OSError as error:
        raise output_error(staging, error) from None
    return staging


def carry_over(folder: Path, staging: Path, own: set[str]) -> None:
    """Link into `staging` what the build put in `folder` and did not write again: files
    kept unchanged, the check's record, outputs of targets not built this time (`own`, never
    a link); then list everything the new set holds in its `MANIFEST`."""
    if _is_real_folder(folder):
        for entry in folder.iterdir():
            target = staging / entry.name
            if (entry.name not in own or entry.name == MANIFEST or os.path.lexists(target)
                    or entry.name.endswith(".tmp")):
                continue
            if _is_real_folder(entry):
                shutil.copytree(entry, target, copy_function=_link_or_copy,
                                ignore=_links_in)
            elif _is_real_file(entry):
                _link_or_copy(str(entry), str(target))
    names = sorted(entry.name for entry in staging.iterdir())
    (staging / MANIFEST).write_text(json.dumps(names), encoding="utf-8")


def _links_in(folder: str, names: list[str]) -> list[str]:
    return [name for name in names if os.path.islink(os.path.join(folder, name))]


def _link_or_copy(source: str, destination: str) -> None:
    try:
        os.link(source, destination, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, destination, follow_symlinks=False)


def put_in_place(staging: Path, folder: Path) -> None:
    """Make `staging` the output folder in one step, then remove the old folder."""
    verify_output_folder(folder)
    if not folder.exists():
        os.replace(staging, folder)
        return
    if exchange(staging, folder):
        remove_own(staging)  # the old set, now at the staging name
        return
    aside = _aside_path(folder)
    remove_own(aside)
    os.replace(folder, aside)
    os.replace(staging, folder)
    remove_own(aside)


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
