"""`hrdeck check` keeps its numbers in bounds and says how far the games have got."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.check import CheckOptions, check_deck

MINIMAL = Path(__file__).parent / "fixtures" / "decks" / "valid-minimal.yaml"


def hrdeck_check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hrdeck", "check", str(MINIMAL), "--no-chart",
                           *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("option", "value", "limit"), [
    ("--games", "200001", "200000"), ("--games", "9", "10"),
    ("--workers", "1000", "64"), ("--workers", "0", "1"),
])
def test_numbers_out_of_bounds_are_refused_in_a_sentence(option: str, value: str,
                                                         limit: str) -> None:
    run = hrdeck_check(option, value)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert limit in run.stderr and option in run.stderr


def test_numbers_in_bounds_run() -> None:
    assert hrdeck_check("--games", "10", "--workers", "1").returncode == 0


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_counts_every_game(workers: int) -> None:
    seen: list[tuple[int, int]] = []
    report, _ = check_deck(MINIMAL, CheckOptions(games=400, workers=workers),
                           lambda done, total: seen.append((done, total)))
    total = 400 * len(report.players)
    assert seen and seen[-1] == (total, total)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
