"""A layout's `cmyk:` (docs/layout.md, Colours in CMYK): colours the designer gives in process
inks reach a CMYK build exactly, by the #rrggbb they name; mistakes are named at their file,
line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck import load_deck
from generator.issues import Issue
from generator.layout.checks import check_layout
from generator.layout.deck_look import given_cmyk

from .helpers import pirate_deck

ROOT = Path(__file__).resolve().parents[2]


def _deck(tmp_path: Path, layout: str) -> tuple[tuple[tuple[str, tuple[float, ...]], ...],
                                                list[Issue]]:
    deck = load_deck(pirate_deck(tmp_path, layout))
    check_layout(deck)
    return given_cmyk(deck), deck.issues


def test_named_and_hex_colours_are_given_by_their_rrggbb(tmp_path: Path) -> None:
    given, issues = _deck(tmp_path, "colours: {sea: '#1D4E63'}\n"
                                    "cmyk:\n  sea: [95, 60, 40, 25]\n"
                                    "  '#1a1a1a': [0, 0, 0, 100]\n")
    assert issues == []
    assert given == (("#1a1a1a", (0.0, 0.0, 0.0, 1.0)), ("#1d4e63", (0.95, 0.6, 0.4, 0.25)))


def test_a_colour_of_the_look_extended_can_be_given(tmp_path: Path) -> None:
    given, issues = _deck(tmp_path, "cmyk: {ink: [0, 0, 0, 100]}\n")
    assert issues == [] and given == (("#1a1a1a", (0.0, 0.0, 0.0, 1.0)),)


def test_a_deck_without_a_layout_gives_none() -> None:
    assert given_cmyk(load_deck(ROOT / "decks" / "base.yaml")) == ()


def test_the_pirate_example_gives_its_sea_in_cmyk() -> None:
    deck = load_deck(ROOT / "decks" / "examples" / "pirates" / "pirates.yaml")
    assert given_cmyk(deck) == (("#1d4e63", (0.95, 0.6, 0.4, 0.25)),)


@pytest.mark.parametrize(("entry", "field", "words"), [
    ("sea: [95, 160, 40, 25]", "cmyk.sea[1]", "less than or equal to 100"),
    ("sea: [95, -1, 40, 25]", "cmyk.sea[1]", "greater than or equal to 0"),
    ("sea: [95, 60, 40]", "cmyk.sea", "at least 4"),
    ("sea: [95, 60, 40, 25, 5]", "cmyk.sea", "at most 4"),
    ("sea: [95, 60, 40, lots]", "cmyk.sea[3]", "valid number"),
])
def test_a_value_that_is_not_four_percentages_is_named(tmp_path: Path, entry: str, field: str,
                                                       words: str) -> None:
    _, issues = _deck(tmp_path, f"colours: {{sea: '#1d4e63'}}\ncmyk:\n  {entry}\n")
    (issue,) = [issue for issue in issues if issue.field.startswith("cmyk")]
    assert issue.path == str(tmp_path / "layout.yaml") and issue.line == 3
    assert issue.field == field and words in issue.message


def test_a_name_that_is_no_colour_is_named_with_the_closest(tmp_path: Path) -> None:
    given, issues = _deck(tmp_path, "colours: {sea: '#1d4e63'}\ncmyk:\n  see: [95, 60, 40, 25]\n")
    (issue,) = issues
    assert issue.code == "bad-value" and issue.line == 3 and issue.field == "cmyk.see"
    assert '"see" is neither a name from colours:' in issue.message
    assert 'Did you mean "sea"?' in issue.message
    assert given == ()
