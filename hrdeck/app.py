"""The typer app and the two consoles every command prints to."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape

from hrdeck import __version__
from hrdeck.printable import printable

EXIT_PROBLEMS = 1
EXIT_UNUSABLE = 2

app = typer.Typer(
    name="hrdeck",
    help="Write, prove, print and referee secret-rule card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def _version(value: bool) -> None:
    if value:
        out.print(f"hrdeck {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Write, prove, print and referee secret-rule card games."""


def plain(value: object) -> str:
    """Text from a deck, a file name or a player, made safe to print among rich markup:
    never read as markup, and without control characters (a terminal escape in a deck
    could clear the screen or retitle the window)."""
    return escape(printable(str(value), lines=True))
