"""`hrdeck play GAME`: play a game in the browser, the machine its game master. Each game that
can be played so adds its own command to `play_app` (through its declaration's `commands`
part); the web server and the game load only when one runs."""

from __future__ import annotations

import typer

from hrdeck.app import HELP_SETTINGS, app

PLAY_HELP = ("Play a game in the browser with the machine as its game master: one player on "
             "this computer, or a few on their phones.")

play_app = typer.Typer(help=PLAY_HELP, no_args_is_help=True, rich_markup_mode=None,
                       context_settings=HELP_SETTINGS)
app.add_typer(play_app, name="play", help=PLAY_HELP, short_help=PLAY_HELP)
