"""Text from a deck or a file name is printed as it is: never read as terminal markup."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests import in_process

HOSTILE = """\
deck:
  name: "Hostile [bold red]deck[/]"
  "[/bold]": 1
triggers:
  - id: t1
    number: 1
    text: "When [link=http://x]x[/link]"
    when: total == 0
actions:
  - id: a1
    number: 1
    kind: say
    text: "say hi"
    timing: before_sum
    phrase: "hi"
    hints: ["[/] no"]
"""


def real_hrdeck(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hrdeck", *args], capture_output=True,
                          text=True, timeout=120)


def hrdeck(*args: str) -> subprocess.CompletedProcess[str]:
    return in_process.hrdeck(*args)


def test_markup_in_a_deck_prints_literally(tmp_path: Path) -> None:
    deck = tmp_path / "hostile.yaml"
    deck.write_text(HOSTILE, encoding="utf-8")
    result = hrdeck("check", str(deck), "--no-chart", "--games", "10")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert '"[/bold]" is not a key' in result.stdout and 'the hint "[/] no"' in result.stdout
    built = hrdeck("build", str(deck), "--out", str(tmp_path / "out"), "--games", "10")
    assert built.returncode == 1 and "Traceback" not in built.stderr + built.stdout
    assert "[/] no" in built.stdout


def test_markup_in_a_file_name_prints_literally(tmp_path: Path) -> None:
    missing = tmp_path / "[/red]nope.yaml"
    result = real_hrdeck("build", str(missing))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "[/red]nope.yaml" in result.stdout + result.stderr
