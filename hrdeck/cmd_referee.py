"""`hrdeck referee`: the tabletop referee (new, resume, list, export); see hrdeck/referee/.

The referee brings its whole terminal program along (sessions, SQLite, prompt, rich), so the
command here is a stand-in: listed with its help like any other, it loads the referee only
when it runs and hands it every argument, `--help` included.
"""

from __future__ import annotations

import typer

from hrdeck.app import app

REFEREE_HELP = ("Referee a game at the table: sums, tricks, points, enforcements, challenges. "
                "`hrdeck referee --players Ann,Ben,Cat` starts one (new is the default "
                "command).")


@app.command("referee", help=REFEREE_HELP, short_help=REFEREE_HELP, add_help_option=False,
             context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def referee_command(ctx: typer.Context) -> None:
    from hrdeck.referee.cli import referee_app

    referee_app(args=list(ctx.args), prog_name="hrdeck referee")
