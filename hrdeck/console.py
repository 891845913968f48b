"""The two consoles every command prints to, and the one meaning of an exit code.

Exit codes, for every command: 0 done (a clean check, a build, a finished script); 1 the
input was read but has problems (a check's errors, a failed build, a script line that
failed); 2 the input cannot be used at all (an unreadable deck, bad options, a missing or
busy session). An `HrdeckError` anywhere becomes one line on standard error and code 2.

The consoles are made, and rich loaded, when first asked for, so that `hrdeck --help` does
without rich: a command takes them inside its function (`from hrdeck.console import out`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from engine.errors import EXIT_DONE, EXIT_PROBLEMS, EXIT_UNUSABLE, HrdeckError
from hrdeck.printable import printable

if TYPE_CHECKING:
    from rich.console import Console

    out: Console  # standard output
    err: Console  # standard error

_ON_STDERR = {"out": False, "err": True}


def __getattr__(name: str) -> Console:
    """`out` and `err`, each made on first use and kept."""
    if name not in _ON_STDERR:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _console(name)


def _console(name: str) -> Console:
    made: Console | None = globals().get(name)
    if made is None:
        from rich.console import Console

        made = globals()[name] = Console(stderr=_ON_STDERR[name], highlight=False)
    return made


def plain(value: object) -> str:
    """Text from a deck, a file name or a player, made safe to print among rich markup:
    never read as markup, and without control characters (a terminal escape in a deck
    could clear the screen or retitle the window)."""
    from rich.markup import escape

    return escape(printable(str(value), lines=True))


def print_error(error: BaseException) -> None:
    from rich.text import Text

    message = Text.assemble(("error: ", "bold red"), printable(str(error)))
    _console("err").print(message, soft_wrap=True)


@contextmanager
def unusable_on_error() -> Iterator[None]:
    """An `HrdeckError` inside becomes one line on standard error and exit code 2."""
    try:
        yield
    except HrdeckError as error:
        print_error(error)
        sys.exit(EXIT_UNUSABLE)


__all__ = ["EXIT_DONE", "EXIT_PROBLEMS", "EXIT_UNUSABLE", "err", "out", "plain", "print_error",
           "unusable_on_error"]
