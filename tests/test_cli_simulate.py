"""`hrdeck simulate` as a user runs it: its output and its exit code (the first test and the
last in a real process, the rest in-process)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests import in_process


def real_hrdeck(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hrdeck", *args], capture_output=True,
                          text=True, timeout=120)


def hrdeck(*args: str) -> subprocess.CompletedProcess[str]:
    return in_process.hrdeck(*args)


def test_simulate_json_prints_one_object_with_the_figures() -> None:
    result = real_hrdeck("simulate", "--games", "300", "--players", "4", "--seed", "9", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 300 and data["plays"] > 300
    assert data["seconds"] > 0 and data["plays_per_second"] > 0
    assert len(data["win_rate_by_seat"]) == 4


def test_simulate_is_reproducible_from_its_seed() -> None:
    runs = [json.loads(hrdeck("simulate", "-n", "100", "-p", "3", "-s", "4", "--json").stdout)
            for _ in range(2)]
    for run in runs:
        run.pop("seconds")
        run.pop("plays_per_second")
    assert runs[0] == runs[1]


def test_simulate_prints_a_readable_summary() -> None:
    result = hrdeck("simulate", "--games", "200", "--players", "5", "--policy", "greedy")
    assert result.returncode == 0
    for words in ("200 games", "plays per game", "tricks per game", "reshuffles",
                  "wins by seat", "final scores", "plays/s"):
        assert words in result.stdout


def test_bad_options_are_one_clear_line_not_a_traceback() -> None:
    result = hrdeck("simulate", "--players", "6")
    assert result.returncode == 2
    assert "2 to 5 players, not 6" in result.stderr and "Traceback" not in result.stderr
    result = hrdeck("simulate", "--policy", "smart")
    assert result.returncode == 2 and 'no policy called "smart"' in result.stderr
    result = hrdeck("simulate", "--games", "0")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_version_and_help() -> None:
    assert real_hrdeck("--version").stdout.startswith("hrdeck ")
    assert "simulate" in real_hrdeck("--help").stdout
