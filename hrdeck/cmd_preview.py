"""`hrdeck preview`: PNGs of chosen cards, drawn again as their deck and layout are edited."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from hrdeck.app import app
from hrdeck.console import EXIT_DONE, plain

if TYPE_CHECKING:
    from generator.preview.session import Previewer, PreviewRun

MIN_DPI, MAX_DPI = 36, 600


@app.command("preview")
def preview_command(
    deck: Path = typer.Argument(..., help="The deck file, e.g. decks/base.yaml."),
    card: list[str] = typer.Option([], "--card", "-c", metavar="ID",
                                   help="A card to draw, by its id (repeat, or use commas). "
                                        "Default: every card."),
    back: bool = typer.Option(False, "--back", help="Draw the chosen cards' backs too, each "
                              "distinct back once (<kind>.back.png)."),
    out_dir: Path | None = typer.Option(None, "--out", help="The folder the PNGs go into "
                                        "(default output/<deck id>/preview/)."),
    hints: bool = typer.Option(False, "--hints", help="Also draw proof.png: the cards side "
                               "by side, every element's box outlined and named, with the "
                               "bleed, trim and safe zone."),
    watch: bool = typer.Option(False, "--watch", help="Keep going: draw again the cards that "
                               "change when the deck, its layout or a file they name is "
                               "saved (Ctrl-C stops)."),
    dpi: int = typer.Option(150, "--dpi", min=MIN_DPI, max=MAX_DPI,
                            help="Pixels per inch of the PNGs."),
) -> None:
    """Draw chosen cards as PNGs, their bleed lighter outside the cut, for a designer to keep
    open while editing a deck or its layout.

    The deck is checked first as far as its look goes (its cards' fields, art, glyphs and
    the layout); errors stop the preview with exit code 1. `hrdeck check` proves the rules.
    """
    from generator.preview.session import Previewer, PreviewOptions

    cards = tuple(dict.fromkeys(part.strip() for given in card for part in given.split(",")
                                if part.strip()))
    previewer = Previewer(deck, PreviewOptions(cards=cards, backs=back, hints=hints, dpi=dpi,
                                               out=out_dir))
    first = previewer.run(everything=True)
    code = print_run(first)
    if code != EXIT_DONE or not watch:
        raise typer.Exit(code)
    _watch(previewer)


def print_run(run: PreviewRun, *, watching: bool = False) -> int:
    """What a run found and wrote; its exit code."""
    from generator.preview.session import PROOF
    from hrdeck.cmd_check import print_report
    from hrdeck.console import out

    report = run.checked.report
    if report.issues or not run.checked.drawable:
        print_report(report)
    if not run.checked.drawable:
        if watching:
            out.print("[yellow]the previews stay as they were until the deck is fixed[/]")
        return report.exit_code()
    for path in run.written:
        out.print(plain(path), soft_wrap=True, highlight=False)
    for problem in run.problems:
        out.print(f"  [yellow]does not fit:[/yellow] {plain(problem)}", soft_wrap=True)
    if run.unoutlined:
        out.print("[dim]proof.png outlines no elements: the deck names no layout: file, so "
                  "its cards are drawn in its game's own design[/dim]", soft_wrap=True)
    redrawn = len(run.redrawn)
    what = (f"{redrawn} of {run.sides} side(s) drawn" if redrawn else
            f"none of the {run.sides} side(s) drew differently")
    sheet = (f" (the cards in {run.card_seconds:.2f} s, then the proof sheet)"
             if run.written and run.written[-1].name == PROOF else "")
    out.print(f"{what} in {run.seconds:.2f} s{sheet}", highlight=False)
    return EXIT_DONE


def _watch(previewer: Previewer) -> None:
    from engine.errors import HrdeckError
    from generator.preview.watch import POLL_SECONDS
    from hrdeck.console import out, print_error

    out.print(f"watching {plain(previewer.deck)} and the "
              f"{len(previewer.watch.stamps) - 1} file(s) its cards are drawn from "
              "(Ctrl-C stops)", soft_wrap=True, highlight=False)
    try:
        while True:
            time.sleep(POLL_SECONDS)
            try:
                run = previewer.poll()
            except HrdeckError as error:  # e.g. a chosen card renamed: said, and watched on
                print_error(error)
                continue
            if run is not None:
                changed = (f"changed: {plain(', '.join(run.redrawn) or 'no card')}"
                           if run.checked.drawable else "the deck cannot be drawn:")
                out.print(f"[dim]{time.strftime('%H:%M:%S')}[/dim] {changed}",
                          highlight=False, soft_wrap=True)
                print_run(run, watching=True)
    except KeyboardInterrupt:
        out.print("stopped watching")
