"""`hrdeck`: the command line. Each command parses options, calls one core function, prints.

Exit codes: 0 success; 1 the command ran and found problems (e.g. a deck with errors);
2 unusable input (a bad option, file or setting), reported as one clear message.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import typer

from hrdeck import games_help
from hrdeck.app import app
from hrdeck.console import unusable_on_error
from hrdeck.defaults import DEFAULT_GAME, DEFAULT_TURN_LIMIT

if TYPE_CHECKING:
    from engine.simulate import SimulationReport

PROGRESS_FROM_GAMES = 2_000  # smaller runs finish before a bar would help
MAX_SIMULATED_GAMES = 1_000_000  # about a minute on one core
MAX_TURN_LIMIT = 100_000


@app.command("simulate")
def simulate_command(
    games: int = typer.Option(1_000, "--games", "-n", min=1, max=MAX_SIMULATED_GAMES,
                              help="How many games to play."),
    game: str = typer.Option(DEFAULT_GAME, "--game", "-g", help="The base game to play."),
    players: int = typer.Option(4, "--players", "-p",
                                help=f"Players per game ({games_help.player_counts()})."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the run; each game's seed follows."),
    policy: str = typer.Option("random", "--policy",
                               help=f"How the bots play ({games_help.policies()})."),
    fewer_cards: bool = typer.Option(False, "--fewer-cards",
                                     help=games_help.per_game("fewer-cards", after=".")),
    target: int | None = typer.Option(None, "--target", min=1, help="Points that win the "
                                      "game (by default 3"
                                      f"{games_help.per_game('target', before='; ')})."),
    turn_limit: int = typer.Option(DEFAULT_TURN_LIMIT, "--turn-limit", min=1, max=MAX_TURN_LIMIT,
                                   help="Plays after which a game is stopped undecided."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead."),
) -> None:
    """Play many seeded games of a base game and print their figures."""
    from engine.simulate import simulate

    options = {"fewer_cards_variant": True} if fewer_cards else {}
    run = functools.partial(simulate, games=games, players=players, seed=seed, policy=policy,
                            game=game, options=options, target=target, turn_limit=turn_limit)
    report = _with_bar(run, games) if _shows_bar(games) else run(progress=None)
    if as_json:
        import json

        print(json.dumps(report.to_dict()))
    else:
        _print_simulation(report)


def _shows_bar(games: int) -> bool:
    """A progress bar for a long run, and on a terminal only."""
    if games < PROGRESS_FROM_GAMES:
        return False
    from hrdeck.console import err

    return err.is_terminal


def _with_bar(run: Callable[..., SimulationReport], games: int) -> SimulationReport:
    """`run(progress=...)` under a progress bar on standard error, gone once it is done."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from hrdeck.console import err

    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=err,
                  transient=True) as bar:
        task = bar.add_task("simulating", total=games)
        step = max(1, games // 200)

        def advance(done: int) -> None:
            if done % step == 0 or done == games:
                bar.update(task, completed=done)

        report: SimulationReport = run(progress=advance)
    return report


def _print_simulation(report: SimulationReport) -> None:
    from rich.text import Text

    from engine.games.registry import find_game
    from hrdeck.console import out

    data = report.to_dict()
    base = find_game(report.game)
    out.print(f"[bold]{report.games:,} games[/bold] of {base.title}, {report.players} players, "
              f"policy {report.policy}, seed {report.seed}")
    rows = [("plays per game", f"{data['plays_per_game']:.1f} (fewest {report.fewest_plays}, "
                               f"most {report.most_plays})")]
    rows += [(label, f"{data[f'{name}_per_game']:.2f}")
             for name, label in (base.simulation.figures if base.simulation else ())]
    rows += [(label, f"{data[key]:.2f}") for key, _, _, label in report.ratios]
    stalled = (f"{report.turn_limited:,} games stopped at the turn limit of "
               f"{report.turn_limit:,} plays ({report.turn_limited / report.games:.1%})")
    rows.append(("[yellow]undecided[/yellow]", f"[yellow]{stalled}[/yellow]")
                if report.turn_limited else ("undecided", stalled))
    if report.no_winner:
        share = report.no_winner / report.games
        rows.append(("no single winner", f"{report.no_winner:,} games ended in a shared win "
                                          f"or without points ({share:.1%})"))
    rows.append(("wins by seat", "  ".join(f"seat {seat}: {rate:.1%}"
                                           for seat, rate in enumerate(report.win_rates))))
    score = data["final_score"]
    assert isinstance(score, dict)
    if score["lowest"] or score["highest"]:  # a game played for points
        rows.append(("final scores", f"mean {score['mean']:.2f}, spread (stdev) "
                                     f"{score['stdev']:.2f}, lowest {score['lowest']}, highest "
                                     f"{score['highest']}, winner's lead "
                                     f"{score['mean_winning_margin']:.2f}"))
        rows.append(("scores by seat", "  ".join(f"seat {seat}: {mean:.2f}" for seat, mean
                                                 in enumerate(report.mean_scores))))
    rows.append(("speed", f"{report.plays:,} plays in {report.seconds:.2f} s = [bold]"
                          f"{report.plays_per_second:,.0f} plays/s, "
                          f"{report.games / report.seconds if report.seconds else 0:,.0f} "
                          "games/s[/bold]"))
    width = max(len(Text.from_markup(label)) for label, _ in rows)
    for label, value in rows:
        pad = " " * (width - len(Text.from_markup(label)))
        out.print(f"  {label}{pad}  {value}")


def _register_commands(argv: list[str] | None = None) -> None:
    """Import the command modules: each adds its command to `app`. The referee's is a thin
    stand-in that loads the referee's terminal program only to run it (`cmd_referee`), so
    `hrdeck --help` and every other command do without it."""
    from engine.games import declared, load_part
    from hrdeck import (  # noqa: F401
        cmd_build,
        cmd_check,
        cmd_play,
        cmd_preview,
        cmd_referee,
        cmd_schema,
    )

    for name in declared():
        load_part(name, "commands")  # a game's own commands, if it brings any


def main() -> None:
    """The console script: runs the app; an `HrdeckError` becomes one line and exit code 2,
    and a pipe closed by its reader ends nothing early (see `hrdeck.pipes`)."""
    from hrdeck.pipes import quiet_when_closed

    quiet_when_closed()
    with unusable_on_error():
        _register_commands(sys.argv[1:])  # reads the declarations: a bad one is one line
        app()
