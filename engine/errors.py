"""The one error hierarchy of hrdeck.

Every error a user can cause is an `HrdeckError` with a full sentence as its message.
Only the command line catches them; anything else escaping is a bug.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from typing import ParamSpec

_P = ParamSpec("_P")

# What every command's exit code means (hrdeck.console prints them): done; the input was
# read but has problems; the input cannot be used at all (every HrdeckError reaching a
# command).
EXIT_DONE, EXIT_PROBLEMS, EXIT_UNUSABLE = 0, 1, 2


class HrdeckError(Exception):
    """Base of every error a user can cause. The message is a full sentence."""


class ConfigError(HrdeckError):
    """A game was set up with settings it cannot be played with."""


class CardError(HrdeckError):
    """Text that does not name a playing card."""


class UnknownPlayerError(HrdeckError):
    """A player name or seat that is not at the table."""


class IllegalActionError(HrdeckError):
    """An action the rules do not allow right now (out of turn, card not in hand...)."""


class JournalError(HrdeckError):
    """A journal entry that cannot be read or replayed; `entry` is its number when known."""

    def __init__(self, message: str, entry: int | None = None) -> None:
        super().__init__(message)
        self.entry = entry


def allowed(verify: Callable[_P, object], *args: _P.args, **kwargs: _P.kwargs) -> bool:
    """Whether `verify` passes for these arguments: every `can_x` asks its `verify_x` this way.

    >>> def verify_even(number: int) -> None:
    ...     if number % 2:
    ...         raise IllegalActionError(f"{number} is odd.")
    >>> allowed(verify_even, 4), allowed(verify_even, 3)
    (True, False)
    """
    try:
        verify(*args, **kwargs)
    except (IllegalActionError, UnknownPlayerError):
        return False
    return True


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Return ' Did you mean "x"?' for the closest choice, or '' when nothing is close.

    >>> did_you_mean("bbo", ["bob", "alice"])
    ' Did you mean "bob"?'
    """
    options = list(choices)
    lowered = {choice.lower(): choice for choice in options}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f' Did you mean "{lowered[close[0]]}"?' if close else ""
