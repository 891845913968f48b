"""`hrdeck rule equiv --deck FILE`: either rule may be a rule card's id in the deck; an id the
deck does not hold gets the closest one; an id without a deck gets the way to give one; the
comparison's budget (exit 3) holds for cards as for typed rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from engine.games.base import RuleComparison
from hrdeck.app import app
from hrdeck.cli import _register_commands

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "decks" / "what-the-rule.yaml"
FILL = "first or card.fill != previous.fill"  # the rule of card fill-takes-turns


def equiv(*args: str | Path) -> Result:
    _register_commands(["rule"])
    return CliRunner().invoke(app, ["rule", "equiv", *map(str, args)])


def test_a_card_id_on_either_side_is_its_rule() -> None:
    same = equiv("--deck", SHIPPED, FILL, "fill-takes-turns")
    assert same.exit_code == 0, same.output
    assert "fill-takes-turns" in same.stdout and "The same rule" in same.stdout
    different = equiv("--deck", SHIPPED, "fill-takes-turns", "odd-even-take-turns", "--json")
    found = json.loads(different.stdout)
    assert different.exit_code == 1 and found["same"] is False
    assert found["cards"] == ["fill-takes-turns", "odd-even-take-turns"]
    assert found["rules"][0] == FILL


def test_an_unknown_id_gets_the_closest_one() -> None:
    typo = equiv("--deck", SHIPPED, "fill-takes-turn", FILL)
    assert typo.exit_code == 2
    assert '"fill-takes-turn"' in typo.stderr and 'Did you mean "fill-takes-turns"' in typo.stderr
    assert "Traceback" not in typo.stderr
    far = equiv("--deck", SHIPPED, FILL, "zebra-stripes")
    assert far.exit_code == 2 and "second" in far.stderr and "no-circles" not in far.stderr
    assert "colours-in-pairs" in far.stderr  # some of the ids it does hold


def test_an_id_without_a_deck_says_to_give_the_deck() -> None:
    done = equiv("heavy-black", FILL)
    assert done.exit_code == 2 and "--deck" in done.stderr and "heavy-black" in done.stderr


def test_a_deck_that_cannot_be_used_is_one_clear_message(tmp_path: Path) -> None:
    missing = equiv("--deck", tmp_path / "nope.yaml", "a-b", "c-d")
    assert missing.exit_code == 2 and "nope.yaml" in missing.stderr
    no_cards = equiv("--deck", ROOT / "decks" / "mao.yaml", "a-b", "c-d")
    assert no_cards.exit_code == 2 and "no rule cards" in no_cards.stderr


def test_cards_too_complex_to_compare_still_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.games.what_the_rule import comparison

    def too_complex(first: str, second: str) -> RuleComparison:
        return RuleComparison(same=False, situations=0,
                              too_complex="Too complex to decide: the test says so.")

    monkeypatch.setattr(comparison, "compare_sources", too_complex)
    done = equiv("--deck", SHIPPED, "fill-takes-turns", "odd-even-take-turns")
    assert done.exit_code == 3 and "Too complex to decide" in done.stdout


def test_the_command_compares_a_designers_card_by_id(tmp_path: Path) -> None:
    deck = tmp_path / "mine.yaml"
    deck.write_text(
        "deck: {name: Mine, base_game: what-the-rule}\n"
        "rule_cards:\n"
        "  - {id: heavy-black, number: 1, text: Only black cards., level: easy,\n"
        "     rule: 'card.colour == \"black\"'}\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "hrdeck", "rule", "equiv", "--deck", str(deck),
                           "heavy-black", "only black cards"], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "heavy-black" in done.stdout and "The same rule" in done.stdout
