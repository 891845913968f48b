"""One referee process per session: an exclusive `flock` on a lock file beside the database.

The operating system releases a `flock` when its process ends, however it ends (SIGKILL
included), so a crashed referee never leaves a session locked.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType

from hrdeck.referee.errors import SessionBusyError, StoreError
from hrdeck.referee.store import verify_session_name


def lock_path(db: Path, session: str) -> Path:
    """`<db>.locks/<session>.lock` beside the database's real file (a symlink to it shares
    its locks), one file per session; the name is checked before any file is touched."""
    real = Path(os.path.realpath(db))
    return real.with_name(real.name + ".locks") / f"{verify_session_name(session)}.lock"


class SessionLock:
    """Hold a session for this process: `with SessionLock(db, name): ...`."""

    def __init__(self, db: Path, session: str) -> None:
        self.path = lock_path(db, session)
        self.session = session
        self._fd: int | None = None

    def acquire(self) -> SessionLock:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise StoreError(f"The lock file {self.path} cannot be opened: "
                             f"{error.strerror}.") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            who = f" (process {holder})" if holder.isdigit() else ""
            raise SessionBusyError(
                f'The session "{self.session}" is open in another referee{who}. Close that one '
                "first: two referees on one game would disagree.") from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode("ascii"))
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> SessionLock:
        return self.acquire()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.release()


def is_locked(db: Path, session: str) -> bool:
    """Whether a referee process holds the session now (for `list`)."""
    path = lock_path(db, session)
    if not path.exists():
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
