"""`hrdeck play what-the-rule`: What the Rule?! in the browser against the machine master
(hrdeck/web/what_the_rule/play.py, loaded only when the command runs)."""

from __future__ import annotations

from pathlib import Path

import typer

from hrdeck.cmd_play import play_app
from hrdeck.console import unusable_on_error

PLAY_WTR_HELP = ("Play What the Rule?! in the browser against the machine: it draws each "
                 "round's rule from the rule cards by level, deals every player a hand of "
                 "card pictures on their own page, judges each card and each guess said in "
                 "plain words, and scores as the game does. One player alone plays without "
                 "points, on this computer; a few play on their phones (--lan).")


@play_app.command("what-the-rule", help=PLAY_WTR_HELP, short_help=PLAY_WTR_HELP)
def play_what_the_rule(
    players: str = typer.Option("Player", "--players", "-p",
                                help="The players' names, comma-separated: Ann (alone) or "
                                     "Ann,Ben,Cat."),
    level: str = typer.Option("easy", "--level", "-l",
                              help="How hard the first rule is: starter, easy, medium or "
                                   "hard (later rounds: each page offers every level)."),
    rounds: int | None = typer.Option(None, "--rounds", "-r", min=1, max=50,
                                      help="Rounds to play (default: one per player, three "
                                           "for one player alone)."),
    lan: bool = typer.Option(False, "--lan", help="Serve on the local network, so phones "
                             "can reach the pages (default: this computer only)."),
    port: int | None = typer.Option(None, "--port", min=1, max=65535,
                                    help="The port (default 8765, or the next free one)."),
    db: Path | None = typer.Option(None, "--db", help="The database (default: $HRDECK_DB, or "
                                   "$XDG_DATA_HOME/hrdeck/referee.sqlite3)."),
    session: str | None = typer.Option(None, "--session", "-s",
                                       help="A name for the game (default game-N)."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the shuffles and the rules "
                                    "drawn (random if not given)."),
    no_browser: bool = typer.Option(False, "--no-browser", help="One player alone: do not "
                                    "open their page in this computer's browser."),
    resume: bool = typer.Option(False, "--resume", help="Carry on with a game against the "
                                "machine (--session, or the latest) where it stopped: the same "
                                "pages, the same addresses."),
) -> None:
    """What the Rule?! against the machine master (see PLAY_WTR_HELP)."""
    from hrdeck.web.what_the_rule.play import play

    with unusable_on_error():
        code = play(players, level=level, rounds=rounds,
                    host="0.0.0.0" if lan else "127.0.0.1", port=port, db=db,
                    session_name=session, seed=seed, browser=not no_browser, resume=resume)
    raise typer.Exit(code)
