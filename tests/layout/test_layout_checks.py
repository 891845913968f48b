"""Each layout check has a fixture deck that triggers it and nothing else, at the element's
place in the layout file; the clean fixture deck triggers none."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.check import CheckOptions, check_deck
from generator.issues import ISSUE_CODES, Issue, Severity

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "layouts"
ROOT = Path(__file__).resolve().parents[2]

# Each fixture: where its one issue is (line and field of layout.yaml), and words of its
# message a designer needs (the card, the figures).
EXPECTED: dict[str, tuple[int, str, tuple[str, ...]]] = {
    "text-overflow": (5, "templates.front.elements.body",
                      ('"seven"', "tried 16 pt down to 10 pt", "1 line where 0 fit",
                       "0.5 mm")),
    "text-too-small": (5, "templates.front.elements.flavour",
                       ('the card "seven"', "6.25 pt", "min_size 5 pt")),
    "outside-safe": (4, "templates.front.elements.corner",
                     ('"seven"', "1.0 mm past the safe zone at the left and top")),
    "bleed-short": (4, "templates.front.elements.background",
                    ('"seven"', "does not run on into the 3.175 mm bleed",
                     "left, right, bottom and top")),
    "low-contrast": (4, "templates.front.elements.body",
                     ('"seven"', "#bbbbbb on #ffffff", "1.92:1", "needs 4.5:1")),
    "art-low-dpi": (4, "templates.front.elements.ship",
                    ('"seven"', "60 × 30 pixels", "at 38 dpi", "473 × 237 pixels")),
    "icon-unknown": (4, "templates.front.elements.suit",
                     ('no icon "sapde"', 'Did you mean "spade"?')),
    "back-leaks": (4, "templates.back.elements.deck_name", ("{id}",)),
    "font-unusable": (2, "fonts.Pirate", ('"pirate.ttf"', "not a TrueType or OpenType")),
    "icon-unusable": (2, "icons.anchor", ('"anchor.svg"', "not well-formed SVG")),
    "art-unusable": (2, "cover.art", ('"cover.png"', "not a picture")),
}


def checked(name: str) -> list[Issue]:
    report, _ = check_deck(FIXTURES / name / "deck.yaml", CheckOptions(simulate=False))
    return report.issues


def shown(issues: list[Issue]) -> str:
    return "\n".join(f"{i.code} {i.location} {i.field} {i.message}" for i in issues)


def test_every_layout_check_has_a_fixture_deck() -> None:
    folders = {path.name for path in FIXTURES.iterdir() if path.is_dir()}
    assert folders == {*EXPECTED, "clean"}
    for name in EXPECTED:
        assert name in ISSUE_CODES, name
        lines = (FIXTURES / name / "deck.yaml").read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("# "), "line 1 says what is wrong with the deck"


def test_the_clean_deck_passes_every_layout_check() -> None:
    assert checked("clean") == []


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_fixture_deck_triggers_its_check_alone_at_the_element(name: str) -> None:
    line, field, words = EXPECTED[name]
    issues = checked(name)
    assert [issue.code for issue in issues] == [name], shown(issues)
    issue = issues[0]
    assert issue.path == str(FIXTURES / name / "layout.yaml")
    assert (issue.line, issue.field) == (line, field), shown(issues)
    assert issue.severity is ISSUE_CODES[name][0]
    for word in words:
        assert word in issue.message, issue.message


def test_warnings_and_errors_are_as_the_issue_asks() -> None:
    warnings = {"text-too-small", "outside-safe", "low-contrast", "art-low-dpi"}
    for code in EXPECTED:
        expected = Severity.WARNING if code in warnings else Severity.ERROR
        assert ISSUE_CODES[code][0] is expected, code


def test_hrdeck_check_prints_a_layout_issue_at_its_file_and_line(tmp_path: Path) -> None:
    deck = FIXTURES / "text-overflow" / "deck.yaml"
    result = subprocess.run(
        [sys.executable, "-m", "hrdeck", "check", str(deck), "--games", "10", "--no-chart",
         "--workers", "1"], capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "HRDECK_DB": str(tmp_path / "play.db")})
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{FIXTURES / 'text-overflow' / 'layout.yaml'}:5:7" in result.stdout
    assert "text-overflow" in result.stdout
    assert "Traceback" not in result.stderr
