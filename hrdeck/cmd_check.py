"""`hrdeck check`: prove a deck's cards can be enforced, and show how often triggers fire."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from generator.check.options import MAX_GAMES, MAX_WORKERS, MIN_GAMES, MOST_PLAYERS, CheckOptions
from generator.paths import output_dir
from hrdeck import games_help
from hrdeck.app import app
from hrdeck.console import EXIT_UNUSABLE, plain

if TYPE_CHECKING:
    from generator.check.report import CheckReport
    from generator.deck import LoadedDeck

STYLE = {"error": "red", "warning": "yellow", "info": "cyan"}  # by `Severity.value`


def known_game(name: str | None) -> str | None:
    """`name` if hrdeck knows that base game; a usage error with "did you mean" if not."""
    if name is not None:
        from engine.games.registry import UnknownGameError, find_game

        try:
            find_game(name)
        except UnknownGameError as error:
            raise typer.BadParameter(str(error), param_hint="'--game'") from None
    return name


def parse_players(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    try:
        counts = tuple(sorted({int(part) for part in text.split(",") if part.strip()}))
    except ValueError:
        raise typer.BadParameter(f'"{text}" is not a list of player counts like 3,4,5.') from None
    if not counts or any(not 2 <= count <= MOST_PLAYERS for count in counts):
        raise typer.BadParameter(f'"{text}": player counts run from 2 to {MOST_PLAYERS} (each '
                                 "game has its own range).")
    return counts


@app.command("check")
def check_command(
    deck: Path = typer.Argument(..., help="The deck file, e.g. decks/base.yaml."),
    games: int | None = typer.Option(None, "--games", "-n", min=MIN_GAMES, max=MAX_GAMES,
                                     help="Games per player count (default: the deck's, 2000)."),
    players: str | None = typer.Option(None, "--players", "-p",
                                       help="Player counts to simulate, e.g. 3,4,5."),
    seed: int | None = typer.Option(None, "--seed", "-s", help="Seed of the simulation."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    workers: int | None = typer.Option(None, "--workers", min=1, max=MAX_WORKERS,
                                       help="Processes to simulate with (default: the cores, "
                                            "at most 4)."),
    out_dir: Path | None = typer.Option(None, "--out", help="Where outputs go (default output/)."),
    chart: bool = typer.Option(True, "--chart/--no-chart", help="Draw the fire-rate chart."),
    game: str | None = typer.Option(None, "--game", "-g",
                                    help="The base game to check over (default: the deck's "
                                         f"base_game, else {games_help.default_title()})."),
) -> None:
    """Check a deck: every trigger, action and pair, then thousands of simulated games.

    Exit code 0 when clean, 1 when errors were found (or warnings, with --strict), 2 when the
    deck cannot be read at all.
    """
    from generator.check import check_deck
    from hrdeck.console import err

    options = CheckOptions(games=games, players=parse_players(players), seed=seed,
                           workers=workers, game=known_game(game))
    shown = not as_json and err.is_terminal
    report, loaded = check_deck(deck, options, show_progress if shown else None)
    if shown:
        err.print(" " * 60, end="\r")
    if chart and report.triggers and any(row.simulated for row in report.triggers):
        report.chart = str(_chart(report, loaded, out_dir))
    if as_json:
        import json

        print(json.dumps(report.to_dict(strict), ensure_ascii=False))
    else:
        print_report(report)
    raise typer.Exit(report.exit_code(strict))


def show_progress(done: int, total: int) -> None:
    """One line on the terminal, rewritten as the simulated games come in."""
    from hrdeck.console import err

    err.print(f"simulating: {done:,} of {total:,} games ({done / total:.0%})", end="\r",
              highlight=False)


def _chart(report: CheckReport, loaded: LoadedDeck, out_dir: Path | None) -> Path:
    from generator.check.chart import draw_chart
    from generator.pipeline.publish import own_file

    info = loaded.info
    title = info.name if info is not None else loaded.deck_id
    rare = info.check.min_fires_per_game if info is not None else 0.4
    path = own_file(output_dir(loaded.deck_id, out_dir), "fire-rates.png")  # never a link
    return draw_chart(report, path, title=title, rare_below=rare)


def print_report(report: CheckReport) -> None:
    from engine.games.registry import GAMES
    from generator.issues import Severity
    from hrdeck.console import err, out

    console = err if report.exit_code() == EXIT_UNUSABLE else out
    console.print(f"[bold]{plain(report.path)}[/bold]")
    if report.game in GAMES:
        console.print(f"played over {plain(GAMES[report.game].title)}")
    for severity in Severity:
        issues = [issue for issue in report.sorted_issues() if issue.severity is severity]
        if not issues:
            continue
        style = STYLE[severity.value]
        console.print(f"\n[bold {style}]{severity.value}s ({len(issues)})[/]")
        for issue in issues:
            console.print(f"  {plain(issue.location)}  [{style}]{issue.code}[/]  "
                          f"{plain(issue.message)}", soft_wrap=True)
    if report.triggers and report.players:
        console.print()
        console.print(trigger_table(report), markup=False, highlight=False, soft_wrap=True)
    console.print()
    summary = (f"{report.errors} error(s), {report.warnings} warning(s)")
    if report.plays:
        rate = report.plays / report.simulation_seconds if report.simulation_seconds else 0
        summary += (f"; {report.games:,} games for each of {', '.join(map(str, report.players))}"
                    f" players: {report.plays:,} plays in {report.simulation_seconds:.1f} s "
                    f"({rate:,.0f} plays/s)")
    console.print(summary + f"; {report.seconds:.1f} s in all.")
    if report.chart:
        console.print(f"fire-rate chart: {plain(report.chart)}")


def trigger_table(report: CheckReport) -> str:
    """How often each trigger fires, as plain aligned text: every trigger's id whole (a
    terminal table squeezing columns to fit would cut them short), then for each player
    count its fires per game and the share of games without one."""
    counts = report.players
    rows = [(str(row.number), row.card_id, str(row.line or ""),
             [(f"{row.fires_per_game[players]:.2f}", f"{row.zero_chance[players]:.0%}")
              if row.simulated else ("—", "") for players in counts])
            for row in report.triggers]
    number = max(len("#"), *(len(cells[0]) for cells in rows))
    name = max(len("trigger"), *(len(cells[1]) for cells in rows))
    line = max(len("line"), *(len(cells[2]) for cells in rows))
    fires = max(4, *(len(cells[3][column][0]) for cells in rows
                     for column in range(len(counts))))
    header = (f"{'#':>{number}}  {'trigger':<{name}}  {'line':>{line}}"
              + "".join(f"  {f'{players}p':>{fires}} {'none':>4}" for players in counts))
    lines = ["How often each trigger fires: per game, and the share of games with none",
             header]
    for first, card_id, at, figures in rows:
        lines.append(f"{first:>{number}}  {card_id:<{name}}  {at:>{line}}"
                     + "".join(f"  {rate:>{fires}} {none:>4}" for rate, none in figures))
    unsimulated: dict[str, list[str]] = {}  # why, and the triggers it holds for
    for row in report.triggers:
        if not row.simulated:
            unsimulated.setdefault(row.unsimulated or "not simulated", []).append(str(row.number))
    if unsimulated:
        lines.append("")
    for why, numbers in unsimulated.items():
        lines += textwrap.wrap(f"— for {', '.join(numbers)}: {why}", 80, subsequent_indent="  ")
    return "\n".join(line.rstrip() for line in lines)
