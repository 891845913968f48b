"""The typer app every command registers with (consoles and exit codes: hrdeck.console).

Help and usage errors are printed as plain text (`rich_markup_mode=None`): typer's boxed
help loads rich's Markdown, syntax highlighting and tracebacks, which took nearly as long as
everything else `hrdeck --help` does.
"""

from __future__ import annotations

import typer

from hrdeck import __version__

HELP_WIDTH = 100  # help fills the terminal up to this many columns (click stops at 80)
HELP_SETTINGS: dict[str, object] = {"max_content_width": HELP_WIDTH}

app = typer.Typer(
    name="hrdeck",
    help="Write, prove, print and referee secret-rule card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=HELP_SETTINGS,
)

def _version(value: bool) -> None:
    if value:
        from hrdeck.console import out

        out.print(f"hrdeck {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Write, prove, print and referee secret-rule card games."""
