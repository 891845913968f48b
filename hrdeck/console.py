"""The two consoles every command prints to, and the one meaning of an exit code.

Exit codes, for every command: 0 done (a clean check, a build, a finished script); 1 the
input was read but has problems (a check's errors, a failed build, a script line that
failed); 2 the input cannot be used at all (an unreadable deck, bad options, a missing or
busy session). An `HrdeckError` anywhere becomes one line on standard error and code 2.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from engine.errors import EXIT_DONE, EXIT_PROBLEMS, EXIT_UNUSABLE, HrdeckError
from hrdeck.printable import printable

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def plain(value: object) -> str:
    """Text from a deck, a file name or a player, made safe to print among rich markup:
    never read as markup, and without control characters (a terminal escape in a deck
    could clear the screen or retitle the window)."""
    return escape(printable(str(value), lines=True))


def print_error(error: BaseException) -> None:
    err.print(Text.assemble(("error: ", "bold red"), printable(str(error))), soft_wrap=True)


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
