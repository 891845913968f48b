"""`hrdeck build`: check a deck, then write print files and a rulebook to output/<deck>/."""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from generator.check.options import MAX_GAMES, MIN_GAMES, CheckOptions
from generator.paths import TEMPLATES
from hrdeck.app import app
from hrdeck.console import EXIT_PROBLEMS, EXIT_UNUSABLE, plain

if TYPE_CHECKING:
    from generator.pipeline import BuildReport, SheetOptions
    from generator.printing.inks import InkOptions

WATCH_EVERY = 0.5  # seconds between looks at the files


@app.command("build")
def build_command(
    deck: Path = typer.Argument(..., help="The deck file, e.g. decks/base.yaml."),
    target: list[str] = typer.Option(
        [], "--target", "-t",
        help="pnp-a4, pnp-letter, dtc, tgc, mpc, dtc-cmyk, tts, vtt, a target the deck's base "
             "game brings, or all (repeat or use commas). "
             "Default: pnp-a4, pnp-letter and dtc. A rulebook is always made, on the paper "
             "of each pnp target (A4 when there is none)."),
    out_dir: Path | None = typer.Option(None, "--out", help="Where outputs go (default output/)."),
    strict: bool = typer.Option(False, "--strict",
                                help="Fail on checker warnings and on text that does not fit."),
    force: bool = typer.Option(False, "--force", help="Rebuild even if nothing changed."),
    games: int | None = typer.Option(None, "--games", "-n", min=MIN_GAMES, max=MAX_GAMES,
                                     help="Games per player count for the check."),
    watch: bool = typer.Option(False, "--watch", help="Rebuild whenever the deck or the "
                               "templates change (Ctrl-C stops)."),
    per_page: int | None = typer.Option(
        None, "--per-page", min=1,
        help="Cards per print-and-play sheet: 16, 12, 9, 8, 6, 4, 3, 2 or 1. Default: the "
             "most that fit the paper with their 3 mm bleed, every mark inside a 5 mm "
             "printer margin: 8 poker cards on A4 and on Letter (9 do not fit either)."),
    back_offset: str | None = typer.Option(
        None, "--back-offset", metavar="DX,DY",
        help="Shift the back pages by DX,DY mm (right and up, as seen on the back) for a "
             "printer whose duplex does not line up, e.g. --back-offset 1.5,-0.5."),
    tts_url: str | None = typer.Option(
        None, "--tts-url", metavar="URL",
        help="For --target tts: the web folder you will put its images in, e.g. "
             "https://example.com/mydeck/; the saved object then fetches them from there, so "
             "every player sees the cards. Default: their place on this computer."),
    book_appendix: bool = typer.Option(
        False, "--book-appendix",
        help="Add to each rulebook an appendix for designers and referees: how hrdeck's "
             "referee, checker and rule language read the game and this deck's cards. "
             "Without it the rulebook is the players' book alone, which never mentions "
             "software."),
    icc: Path | None = typer.Option(
        None, "--icc", metavar="FILE",
        help="The CMYK colour profile dtc-cmyk converts through, e.g. your shop's. Default: "
             "the system's (Debian/Ubuntu: apt install libgs-common)."),
    ink_limit: float | None = typer.Option(
        None, "--ink-limit", metavar="PERCENT",
        help="The most ink (C+M+Y+K, per cent) dtc-cmyk puts on any point, 200 to 400. "
             "Default: 300, as DriveThruCards asks."),
) -> None:
    """Check a deck, then write print-and-play sheets, print-shop files and a rulebook."""
    from generator.deck_game import base_game_of
    from generator.pipeline import SheetOptions, parse_targets
    from hrdeck.console import out

    targets = parse_targets(target, base_game_of(deck))  # the deck's game's targets too
    options = CheckOptions(games=games)
    inks = parse_inks(icc, ink_limit)
    targets = _with_cmyk_if_possible(targets, target, inks, ink_limit is not None)
    sheets = SheetOptions(per_page=per_page, back_offset_mm=parse_offset(back_offset),
                          inks=inks, tts_url=None if tts_url is None else _tts_url(tts_url))
    if not watch:
        raise typer.Exit(_build_once(deck, targets, out_dir, strict, force, options, sheets,
                                     book_appendix))
    out.print(f"watching {plain(deck)} and {plain(TEMPLATES)} (Ctrl-C stops)")
    seen = None
    try:
        while True:
            now = _inputs_digest(deck)
            if now != seen:
                seen = now
                _build_once(deck, targets, out_dir, strict, force, options, sheets,
                            book_appendix)
                out.print(f"[dim]{time.strftime('%H:%M:%S')} waiting for changes…[/dim]")
            time.sleep(WATCH_EVERY)
    except KeyboardInterrupt:
        out.print("stopped watching")


def _build_once(deck: Path, targets: tuple[str, ...], out_dir: Path | None, strict: bool,
                force: bool, options: CheckOptions, sheets: SheetOptions,
                book_appendix: bool = False) -> int:
    from generator.pipeline import build_deck
    from hrdeck.console import err, out

    with out.status("building…") as status:
        report = build_deck(deck, targets=targets, out=out_dir, strict=strict, force=force,
                            check_options=options, sheets=sheets, book_appendix=book_appendix,
                            progress=lambda step: status.update(f"{step}…"))
    if report.failed:
        from hrdeck.cmd_check import print_report

        if report.check.errors or report.check.unusable or (strict and report.check.warnings):
            print_report(report.check)
        for problem in report.problems:
            err.print(f"  [red]{plain(problem)}[/red]", soft_wrap=True)
        err.print(f"[red]build failed:[/red] {plain(report.reason)}; nothing was written.")
        return EXIT_UNUSABLE if report.check.unusable else EXIT_PROBLEMS
    print_summary(report)
    return 0


def parse_inks(icc: Path | None, ink_limit: float | None) -> InkOptions:
    """The CMYK target's choices, checked before anything is drawn."""
    from generator.printing.errors import PrintError
    from generator.printing.inks import InkOptions, verify_ink_limit

    if icc is not None and not icc.is_file():
        raise typer.BadParameter(f"{icc}: there is no such file (a CMYK colour profile, "
                                 "usually .icc or .icm, is expected).", param_hint="'--icc'")
    if ink_limit is None:
        return InkOptions(icc=icc)
    try:
        verify_ink_limit(ink_limit)
    except PrintError as error:
        raise typer.BadParameter(str(error), param_hint="'--ink-limit'") from None
    return InkOptions(icc=icc, ink_limit=ink_limit)


def _with_cmyk_if_possible(targets: tuple[str, ...], asked: list[str], inks: InkOptions,
                           limit_given: bool) -> tuple[str, ...]:
    """The targets, less dtc-cmyk when `all` brought it and no CMYK profile is found (said
    in a line); named itself, a missing profile is the error saying what to install."""
    from generator.pipeline.cmyk_target import CMYK_TARGET, cmyk_targets
    from hrdeck.console import err

    chosen, left_out = cmyk_targets(targets, asked, inks)
    if left_out:
        err.print(f"[yellow]{plain(left_out)}[/yellow]", soft_wrap=True)
    elif CMYK_TARGET not in chosen and (inks.icc is not None or limit_given):
        err.print(f"[yellow]--icc and --ink-limit shape only the {CMYK_TARGET} target, "
                  "which this build does not write.[/yellow]", soft_wrap=True)
    return chosen


def parse_offset(text: str | None) -> tuple[float, float]:
    """ "1.5,-0.5" -> (1.5, -0.5): millimetres, at most 10 either way."""
    if text is None:
        return (0.0, 0.0)
    try:
        dx, dy = (float(part) for part in text.split(","))
    except ValueError:
        raise typer.BadParameter(f'"{text}" is not an offset like 1.5,-0.5 (mm).') from None
    if not (math.isfinite(dx) and math.isfinite(dy)):
        raise typer.BadParameter(f'"{text}": an offset is two numbers of millimetres, like '
                                 "1.5,-0.5.")
    if max(abs(dx), abs(dy)) > 10:
        raise typer.BadParameter(f'"{text}": an offset of more than 10 mm is a layout problem, '
                                 "not a duplex one.")
    return (dx, dy)


def _tts_url(text: str) -> str:
    from generator.printing.errors import PrintError
    from generator.printing.tts_save import base_address

    try:
        return base_address(text)
    except PrintError as error:
        raise typer.BadParameter(str(error)) from None


def print_summary(report: BuildReport) -> None:
    from hrdeck.console import out

    check = report.check
    kept = sum(built.kept for built in report.files)
    verdict = ("up to date, nothing to do" if report.up_to_date else
               f"built ({kept} file(s) unchanged, kept as they were)" if kept else "built")
    out.print(f"[bold]{plain(report.deck_id)}[/bold]: {verdict} in {report.seconds:.1f} s "
              f"(check: {check.errors} errors, {check.warnings} warnings"
              f"{', cached' if check.cached else ''})", soft_wrap=True)
    for issue in check.sorted_issues():
        if issue.severity.value == "warning":
            out.print(f"  [yellow]{plain(issue.location)}  {issue.code}[/yellow]  "
                      f"{plain(issue.message)}",
                      soft_wrap=True)
    _print_files(report)
    if report.no_rulebook:
        out.print(f"no rulebook: {plain(report.no_rulebook)}.", soft_wrap=True)
    for problem in report.problems:
        out.print(f"  [yellow]does not fit:[/yellow] {plain(problem)}", soft_wrap=True)
    if report.preflight and not report.up_to_date:
        out.print("[bold]preflight[/bold]")
        for line in report.preflight:
            out.print(f"  {plain(line)}", soft_wrap=True)
    if check.chart:
        out.print(f"fire-rate chart: {plain(_in_folder(Path(check.chart), report.folder))}",
                  soft_wrap=True)
    out.print(where_it_went(report.folder), soft_wrap=True)


def where_it_went(folder: Path) -> str:
    """The summary's last line: the deck's folder, and what the build keeps beside it."""
    beside = folder.parent
    return (f"The files are in {plain(folder)}/; beside it in {plain(beside)}/ the build "
            f"keeps .builds/ (what the next build reuses) and its lock, "
            f".{plain(folder.name)}.lock.")


def _in_folder(path: Path, folder: Path) -> str:
    """`path` as the summary names it: relative to the deck's folder (a folder ends in /)."""
    try:
        name = str(path.relative_to(folder))
    except ValueError:
        name = str(path)
    return name + ("/" if path.is_dir() else "")


SUMMARY_COLUMNS = 55  # the width the table needs besides the file names


def _print_files(report: BuildReport) -> None:
    """What was written: a table where the names fit whole beside the rest, otherwise each
    name on a line of its own, then its pages, size and what it is. A name is never cut."""
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    from hrdeck.console import out

    names = [_in_folder(built.path, report.folder) for built in report.files]
    rows = [(name, "" if built.pages is None else str(built.pages), _size(built.size),
             built.what + ("; unchanged, kept" if built.kept else ""))
            for name, built in zip(names, report.files, strict=True)]
    if max(map(len, names), default=0) + SUMMARY_COLUMNS <= out.width:
        table = Table(show_header=True, header_style="bold")
        table.add_column("file", no_wrap=True)
        table.add_column("pages", justify="right", no_wrap=True)
        table.add_column("size", justify="right", no_wrap=True)
        table.add_column("what", overflow="fold")
        for name, pages, size, what in rows:
            table.add_row(Text(name), pages, size, Text(what))
        out.print(table)
        return
    for name, pages, size, what in rows:
        out.print(Text(name, style="bold"), soft_wrap=True)
        counted = f"{pages} {'page' if pages == '1' else 'pages'}, {size}" if pages else size
        out.print(Padding(Text(f"{counted}: {what}"), (0, 0, 0, 2)))


def _size(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB" if size >= 1_000_000 else f"{size / 1000:.0f} kB"


def _inputs_digest(deck: Path) -> str:
    from generator.card_fields import deck_arts
    from generator.deck import load_deck
    from generator.pipeline.cache import files_digest, outside_game_files

    loaded = load_deck(deck)
    arts = [deck.parent / art for _, art in deck_arts(loaded)]
    templates = [path for path in TEMPLATES.rglob("*") if path.is_file()]
    return files_digest([deck, *arts, *templates, *outside_game_files()])
