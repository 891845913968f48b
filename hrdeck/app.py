"""The typer app every command registers with (consoles and exit codes: hrdeck.console)."""

from __future__ import annotations

import typer

from hrdeck import __version__
from hrdeck.console import out

app = typer.Typer(
    name="hrdeck",
    help="Write, prove, print and referee secret-rule card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

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
