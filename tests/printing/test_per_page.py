"""`hrdeck build --per-page N`: the sheet chosen, rebuilt when the choice changes, clear errors."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.check.options import CheckOptions
from generator.pipeline import BuildReport, SheetOptions, build_deck
from generator.printing import PrintError

FIXTURES = Path(__file__).parents[1] / "fixtures" / "decks"
SIX = SheetOptions(per_page=6)
FAST = CheckOptions(games=60, players=(3, 4))


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    path = tmp_path / "small.yaml"
    shutil.copy(FIXTURES / "valid-minimal.yaml", path)
    return path


def _pnp(report: BuildReport) -> dict[str, str]:
    """What the summary says of each print-and-play file, by paper: {"a4.pdf": "home..."}."""
    return {f.path.name.rsplit("-", 1)[-1]: f.what for f in report.files
            if "-pnp-" in f.path.name}


def test_per_page_picks_the_sheet_and_a_change_rebuilds(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    targets = ("pnp-a4", "pnp-letter")
    default = build_deck(deck, out=out, check_options=FAST, targets=targets)
    assert not default.failed
    layouts = _pnp(default)
    # With a 5 mm unprintable margin and marks outside it, 8 poker cards fit on either paper.
    assert "8-up: 2 × 4 cards turned a quarter, A4" in layouts["a4.pdf"]
    assert "8-up: 2 × 4 cards turned a quarter, Letter" in layouts["letter.pdf"]
    # 12 cards: 2 sheets of 6 (and their backs) when asked for 6 a page.
    chosen = build_deck(deck, out=out, check_options=FAST, targets=targets, sheets=SIX)
    assert not chosen.up_to_date
    assert all(what.startswith("home printing, 6-up") for what in _pnp(chosen).values())
    a4 = next(f.path for f in chosen.files if f.path.name.endswith("pnp-a4.pdf"))
    assert len(PdfReader(a4).pages) == 4
    again = build_deck(deck, out=out, check_options=FAST, targets=targets, sheets=SIX)
    assert again.up_to_date
    back = build_deck(deck, out=out, check_options=FAST, targets=targets)
    assert not back.up_to_date and _pnp(back) == layouts


def test_a_sheet_that_does_not_fit_is_an_error_before_checking(deck: Path,
                                                               tmp_path: Path) -> None:
    out = tmp_path / "out"
    with pytest.raises(PrintError, match=r"^pnp-letter: 9 poker cards with 3 mm bleed do not "
                                         r"fit on letter paper .* What fits: 8, 6"):
        build_deck(deck, out=out, check_options=FAST, targets=("pnp-letter",),
                   sheets=SheetOptions(per_page=9))
    with pytest.raises(PrintError, match=r"^pnp-a4: 9 poker cards .* do not fit on a4 paper"):
        build_deck(deck, out=out, check_options=FAST, targets=("pnp-a4",),
                   sheets=SheetOptions(per_page=9))
    with pytest.raises(PrintError, match="no sheet with 7 cards"):
        build_deck(deck, out=out, check_options=FAST, sheets=SheetOptions(per_page=7))
    assert not list(out.rglob("*.pdf"))


def test_the_command_takes_per_page_and_fails_in_one_line(deck: Path, tmp_path: Path) -> None:
    run = [sys.executable, "-m", "hrdeck", "build", str(deck), "--out", str(tmp_path / "out"),
           "--games", "60", "--target", "pnp-letter"]
    bad = subprocess.run([*run, "--per-page", "9"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "9 poker cards with 3 mm bleed do not fit on letter paper" in bad.stderr
    assert "What fits: 8, 6, 4, 3, 2, 1 per page." in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    wide = {**os.environ, "COLUMNS": "200"}
    good = subprocess.run([*run, "--per-page", "6"], capture_output=True, text=True,
                          timeout=120, env=wide)
    assert good.returncode == 0, good.stderr
    assert "6-up" in good.stdout
    help_text = subprocess.run([sys.executable, "-m", "hrdeck", "build", "--help"],
                               capture_output=True, text=True, timeout=60, env=wide).stdout
    assert "--per-page" in help_text




def _per_page_help() -> str:
    from typer.models import OptionInfo

    from hrdeck.cmd_build import build_command

    for info in build_command.__defaults__ or ():
        if isinstance(info, OptionInfo) and "--per-page" in (info.param_decls or ()):
            return " ".join((info.help or "").split())
    raise AssertionError("build has no --per-page")


def test_the_help_names_the_default_a_build_makes() -> None:
    """`build --help` promises, on each paper, as many poker cards a sheet as a default
    build lays out (it used to promise 9 on A4, where 9 do not fit)."""
    from generator.printing import DEFAULT_BLEED_MM, find_size, sheet_layout

    default = _per_page_help().split("Default:")[1]
    for paper, shown in (("a4", "A4"), ("letter", "Letter")):
        made = sheet_layout(paper=paper, size=find_size("poker"), bleed_mm=DEFAULT_BLEED_MM)
        promised = re.findall(rf"(\d+)[a-z ]* on (?:A4 and on )?{shown}\b", default)
        assert promised == [str(made.per_page)], (paper, default)
