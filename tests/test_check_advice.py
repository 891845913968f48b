"""The checker's messages say how to fix what they find: which rules clash over speech and
how to accept it, which part of a trigger can never hold and the values it can take, and, in
the chart and the report, why a trigger has no figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageDraw

from engine.games.registry import find_game
from engine.language.never import why_never
from engine.language.parse import parse_trigger
from generator.check import CheckOptions, check_deck
from generator.check.chart import draw_chart
from generator.check.report import CheckReport
from generator.issues import Issue

DECKS = (Path(__file__).parent / "fixtures" / "decks").resolve()
MAO_SPEECH = DECKS / "mao-speech-conflict.yaml"
UNENFORCEABLE = DECKS / "unenforceable.yaml"


def issues_of(report: CheckReport, code: str) -> list[Issue]:
    return [issue for issue in report.issues if issue.code == code]


# -- 5. speech-conflict names the rules that clash and the way out ----------------------------

def test_a_mao_silence_names_only_the_rule_whose_speech_it_meets() -> None:
    report, _ = check_deck(MAO_SPEECH, CheckOptions(workers=1))
    [issue] = issues_of(report, "speech-conflict")  # the hearts' silence never meets a spade
    assert issue.field == "rules[3].then.silence"   # hush-on-kings
    assert '"hush-on-kings"' in issue.message and '"name-the-spade"' in issue.message
    assert "tap-on" not in issue.message  # the gestures have nothing to do with speech
    assert "allow: [speech-conflict]" in issue.message


def test_the_way_out_it_gives_quiets_it(tmp_path: Path) -> None:
    text = MAO_SPEECH.read_text(encoding="utf-8").replace(
        "  - id: hush-on-kings\n", "  - id: hush-on-kings\n    allow: [speech-conflict]\n")
    path = tmp_path / "mao.yaml"
    path.write_text(text, encoding="utf-8")
    report, _ = check_deck(path, CheckOptions(workers=1))
    assert not issues_of(report, "speech-conflict") and report.exit_code() == 0


def test_a_silence_on_a_play_a_standard_rule_names_is_a_conflict(tmp_path: Path) -> None:
    """Standard rules are never simulated (they are public), yet always in force."""
    text = MAO_SPEECH.read_text(encoding="utf-8").replace(
        'when: played and card.suit == "hearts"', 'when: played and card.rank == "9"').replace(
        'when: played and card.suit == "spades"', 'when: played and card.rank == "2"')
    path = tmp_path / "mao.yaml"
    path.write_text(text, encoding="utf-8")
    report, _ = check_deck(path, CheckOptions(games=100, workers=1))
    [issue] = issues_of(report, "speech-conflict")
    assert issue.field == "rules[2].then.silence"   # hush-on-hearts, now on nines
    assert '"the-badger"' in issue.message and "9d" in issue.message
    assert 'allow: [speech-conflict]` to "hush-on-hearts"' in issue.message


def test_a_separate_silence_action_says_how_to_accept_it() -> None:
    report, _ = check_deck(UNENFORCEABLE, CheckOptions(games=100, workers=1))
    [issue] = issues_of(report, "speech-conflict")
    assert 'allow: [speech-conflict]` to action "keep-quiet"' in issue.message


# -- 7. expr-never names the part that never holds ---------------------------------------------

@pytest.mark.parametrize(("game", "when", "blamed", "values"), [
    # a queen is always worth -2 in Up 'N Over
    ("up-n-over", 'card.rank == "Q" and card.value > 0', 'card.rank == "Q"', "always -2"),
    ("up-n-over", 'card.is_face and card.value > 0', "card.value > 0", "-4, -2, 0"),
    ("up-n-over", 'previous.is_face and total > 40', "total > 40", "-24 to 31"),
    ("mao", 'played and card.suit == "hearts" and card.colour == "black"',
     'card.suit == "hearts"', 'always "red"'),
])
def test_the_part_that_never_holds_is_named_with_its_values(game: str, when: str, blamed: str,
                                                            values: str) -> None:
    schema = find_game(game).schema
    why = why_never(parse_trigger(when, schema), schema)
    assert why is not None and blamed in why and values in why
    assert "played" not in why and "previous" not in why  # the parts that can hold are left out


def test_the_unenforceable_deck_says_why_its_face_trigger_never_fires() -> None:
    report, _ = check_deck(UNENFORCEABLE, CheckOptions(simulate=False))
    [issue] = issues_of(report, "expr-never")
    assert "card.value > 0" in issue.message and "-4, -2, 0" in issue.message


# -- 8. why a trigger has no figures, in a designer's words ------------------------------------

def chart_labels(report: CheckReport, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                 ) -> list[str]:
    """Every text the chart draws."""
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, words: str, *args: Any, **kwargs: Any) -> None:
        drawn.append(words)
        original(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    draw_chart(report, tmp_path / "chart.png", title="test", rare_below=0.4)
    return drawn


def test_every_trigger_without_figures_says_why_in_the_chart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    report, _ = check_deck(UNENFORCEABLE, CheckOptions(games=100, workers=1))
    labels = chart_labels(report, tmp_path, monkeypatch)
    why = {row.card_id: row.unsimulated for row in report.triggers if not row.simulated}
    assert why["hello-said"] == "judged at the table: speech is not simulated"
    assert "never" in why["positive-face"] and "every play" in why["any-card"]
    assert "`when`" in why["next-card-ace"]   # an expression with errors: fix it first
    assert set(why.values()) <= set(labels)
    assert not [label for label in labels if "enumerated" in label]


def test_a_standard_mao_rule_has_no_figures_because_it_is_public() -> None:
    report, _ = check_deck(MAO_SPEECH, CheckOptions(games=50, players=(3,), workers=1))
    [badger] = [row for row in report.triggers if row.card_id == "the-badger"]
    assert not badger.simulated and "standard rule" in badger.unsimulated
    assert "enumerated" not in badger.unsimulated


# -- through the real command ------------------------------------------------------------------

def test_the_check_command_explains_a_never_and_a_speech_trigger(tmp_path: Path) -> None:
    deck = tmp_path / "pirates.yaml"
    deck.write_text(UNENFORCEABLE.read_text(encoding="utf-8"), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "hrdeck", "check", str(deck), "-n", "50",
                             "--no-chart"], capture_output=True, text=True, timeout=120,
                            cwd=tmp_path)
    out = " ".join(result.stdout.split())  # the terminal may wrap long lines
    assert result.returncode == 1
    assert "card.value is one of -4, -2, 0" in out       # why positive-face never fires
    assert "judged at the table: speech is not simulated" in out  # why hello-said has no rate
    assert "not enumerated" not in out
