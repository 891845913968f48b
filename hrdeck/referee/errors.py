"""The referee's errors: each is an `HrdeckError` with a full sentence, like the engine's."""

from __future__ import annotations

from engine.errors import HrdeckError


class RefereeError(HrdeckError):
    """Something the referee cannot do (a missing session, a busy one, a broken database)."""


class CommandError(RefereeError):
    """A typed line that is not a command the referee understands."""


class SessionBusyError(RefereeError):
    """Another referee process holds the session."""


class StoreError(RefereeError):
    """The database cannot be read or written."""
