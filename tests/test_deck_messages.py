"""Reading a deck as a designer meets it (issue 26): each message about YAML, an expression
or a field's value says what to write instead, with the card and the line it is about."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.check.report import CheckReport
from generator.issues import Issue
from generator.yamlmarks import read_yaml
from tests.test_check_designers import SEVEN, TEXT, check, deck_with

MAO = Path(__file__).parent.parent / "decks" / "mao.yaml"
TAP = "    timing: with_card\n    gesture: tap the table twice"  # the third action's


def line_of(text: str, words: str) -> int:
    return text[:text.index(words)].count("\n") + 1


def only(report: CheckReport, code: str) -> Issue:
    [issue] = [issue for issue in report.issues if issue.code == code]
    return issue


# -- 1. YAML's punctuation in plain text ----------------------------------------------------

EYE_PATCH = ("      - You did not tap the table twice.",
             "      - You did not tap the table twice.\n    allow: []\n"
             "    style: [Where is your eye patch?]")


@pytest.mark.parametrize("text", ["hints: [Where is your eye patch?]\n",
                                  "hints: {Where? Here: arr}\n", "hints: [a ?b, c]\n"])
def test_both_readers_take_a_question_mark_inside_text(text: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    fast = read_yaml(text).data
    monkeypatch.delattr(yaml, "CSafeLoader")  # a PyYAML built without libyaml
    assert read_yaml(text).data == fast


def test_a_question_mark_in_a_hint_never_takes_the_blame_for_another_slip(
        tmp_path: Path) -> None:
    hint = ("      - You did not tap the table twice.", "      - Where is your eye patch?")
    listed = ("    hints:\n      - Where is your eye patch?",
              "    hints: [Where is your eye patch?]")
    colon = ("text: When a seven is played.", "text: When a seven is played: clap.")
    assert check(deck_with(tmp_path, hint, listed)).issues == []
    report = check(deck_with(tmp_path, hint, listed, colon))
    issue = only(report, "yaml-syntax")
    assert issue.line == line_of(TEXT, "text: When a seven is played.")
    assert 'text: "When a seven is played: clap."' in issue.message


@pytest.mark.parametrize(("written", "fixed"), [
    ("@pirates, arr", 'text: "@pirates, arr"'),
    ("%50 of the crew", 'text: "%50 of the crew"'),
    ("`Arr` at a seven", 'text: "`Arr` at a seven"'),
    ("| a seven is played", 'text: "| a seven is played"'),
    (">7 is played", 'text: ">7 is played"'),
    ("& a seven", 'text: "& a seven"'),
    ("*seven* is played", 'text: "*seven* is played"'),
    ("? a seven", 'text: "? a seven"'),
    ("- a seven", 'text: "- a seven"'),
    ('"Seven" said the captain', "text: '\"Seven\" said the captain'"),
    ("Seven: played", 'text: "Seven: played"'),
    ("!seven is played", 'text: "!seven is played"'),    # a tag: read, then refused
    ("#7 is played", 'text: "#7 is played"'),            # a comment: no text at all
])
def test_punctuation_that_breaks_plain_text_is_answered_with_the_line_quoted(
        tmp_path: Path, written: str, fixed: str) -> None:
    report = check(deck_with(tmp_path, ("text: When a seven is played.", f"text: {written}")))
    issue = next(issue for issue in report.issues if issue.line == 18)
    assert fixed in issue.message, issue.message
    assert "quote" in issue.message


def test_a_comment_beside_a_value_is_not_blamed_for_the_next_lines_slip(
        tmp_path: Path) -> None:
    report = check(deck_with(tmp_path, (SEVEN, SEVEN + "  # sevens are lucky"),
                             ("  - id: king-on-face", "   - id: king-on-face")))
    issue = only(report, "yaml-syntax")
    assert issue.line == line_of(TEXT, SEVEN) + 1
    assert "comment" not in issue.message and "quote" not in issue.message


def test_a_hash_in_a_list_on_one_line_is_answered_with_that_item_quoted(
        tmp_path: Path) -> None:
    report = check(deck_with(tmp_path, ("    hints:\n      - You did not tap the table twice.",
                                        "    hints: [You are number #1, arr]")))
    issue = only(report, "yaml-syntax")
    assert 'hints: ["You are number #1", arr]' in issue.message


# -- 2 and 3. an expression that starts with a quote, and a word looked for in what was said --

def test_an_expression_starting_with_a_quote_is_answered_with_it_quoted_whole(
        tmp_path: Path) -> None:
    issue = only(check(deck_with(tmp_path, (SEVEN, 'when: "arr" in said'))), "yaml-syntax")
    assert issue.line == line_of(TEXT, SEVEN)
    assert "when: '\"arr\" in said'" in issue.message, issue.message


def test_a_word_in_what_was_said_points_to_contains(tmp_path: Path) -> None:
    issue = only(check(deck_with(tmp_path, (SEVEN, "when: '\"arr\" in said'"))), "expr-type")
    assert 'contains(said, "arr")' in issue.message
    assert issue.field == "triggers[1].when" and issue.line == line_of(TEXT, SEVEN)


def test_a_word_not_in_what_was_said_points_to_not_contains(tmp_path: Path) -> None:
    issue = only(check(deck_with(tmp_path, (SEVEN, "when: '\"arr\" not in said'"))),
                 "expr-type")
    assert 'not contains(said, "arr")' in issue.message


def test_a_list_written_as_one_text_is_not_sent_to_contains(tmp_path: Path) -> None:
    issue = only(check(deck_with(tmp_path, (SEVEN, "when: 'card.rank in \"K\"'"))), "expr-type")
    assert "contains" not in issue.message and "a list of values" in issue.message


# -- 4. the base game of a deck whose YAML does not parse ------------------------------------

def broken_mao(folder: Path) -> Path:
    """The Mao deck with a hint ending in "?" and, further on, a colon in a rule's text."""
    text = MAO.read_text(encoding="utf-8")
    text = text.replace("hints: [A spade is always named.,", "hints: [Was the spade named?,", 1)
    old = "text: Whoever plays the nine of diamonds"
    text = text.replace(old, "text: Nine of diamonds: whoever plays it", 1)
    path = folder / "pirate-mao.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_deck_that_is_not_yaml_is_checked_over_its_own_base_game(tmp_path: Path) -> None:
    assert check(broken_mao(tmp_path)).game == "mao"
    colon = ("text: When a seven is played.", "text: When a seven is played: clap.")
    assert check(deck_with(tmp_path, colon)).game == "up-n-over"  # it names none: the default
    named_twice = deck_with(tmp_path, colon, ("  id: valid-minimal",
                                              "  base_game: mao\n  base_game: jokers-secret"))
    assert check(named_twice).game == ""


def test_the_real_check_of_a_broken_mao_deck(tmp_path: Path) -> None:
    path = broken_mao(tmp_path)
    done = subprocess.run([sys.executable, "-m", "hrdeck", "check", str(path), "--no-chart"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    shown = done.stdout + done.stderr
    assert done.returncode == 2 and "Traceback" not in shown
    assert "played over Mao" in shown and "Up 'N Over" not in shown
    line = line_of(path.read_text(encoding="utf-8"), "text: Nine of diamonds")
    assert f"pirate-mao.yaml:{line}:" in shown
    assert "text: 'Nine of diamonds: whoever plays it" in shown  # it holds both quotes
    assert "'?'" not in shown


# -- 6. a value that is not one of a field's choices -----------------------------------------

def test_a_misspelt_choice_names_the_card_and_the_closest_value(tmp_path: Path) -> None:
    report = check(deck_with(tmp_path, (TAP, TAP.replace("with_card", "with-card"))))
    [issue] = [issue for issue in report.issues if issue.field == "actions[2].timing"]
    assert issue.line == line_of(TEXT, TAP)
    assert '"tap-table"' in issue.message and 'Did you mean "with_card"?' in issue.message


def test_a_misspelt_choice_is_told_beside_the_cards_other_errors(tmp_path: Path) -> None:
    typo = ("    timing: before_sum\n    phrase: nothing doing",
            "    timing: before-sum\n    pharse: nothing doing")
    report = check(deck_with(tmp_path, typo))
    messages = " | ".join(issue.message for issue in report.issues)
    assert 'Did you mean "before_sum"?' in messages
    assert 'Did you mean "phrase"?' in messages           # the unknown key
    assert '"phrase"' in only(report, "missing-field").message  # a say needs phrase or what


def test_a_misspelt_kind_does_not_hide_a_misspelt_timing(tmp_path: Path) -> None:
    report = check(deck_with(tmp_path, ("    kind: gesture\n    text: Tap",
                                        "    kind: gestur\n    text: Tap"),
                             (TAP, TAP.replace("with_card", "with card"))))
    messages = [issue.message for issue in report.issues]
    assert any('Did you mean "gesture"?' in message for message in messages)
    assert any('"tap-table"' in message and 'Did you mean "with_card"?' in message
               for message in messages)


def test_a_misspelt_choice_in_a_whole_rule_names_the_rule(tmp_path: Path) -> None:
    text = MAO.read_text(encoding="utf-8").replace("timing: with_card", "timing: with-card", 1)
    path = tmp_path / "mao.yaml"
    path.write_text(text, encoding="utf-8")
    issue = only(check(path), "bad-value")
    assert issue.field == "rules[0].then.timing"
    assert '"name-the-spade"' in issue.message and 'Did you mean "with_card"?' in issue.message


# -- the docs' common mistakes ---------------------------------------------------------------

DOC = (Path(__file__).parent.parent / "docs" / "deck-format.md").read_text(encoding="utf-8")


def test_the_docs_common_mistakes_hold_each_way_out() -> None:
    section = DOC.split("## Common mistakes", 1)[1].split("\n## ", 1)[0]
    for advice in ("quotes", "when: '\"arr\" in said'", 'contains(said, "arr")', "with_card",
                   "allow: [speech-conflict]", "expr-never"):
        assert advice in section, advice


def test_the_docs_quoted_lines_read_as_they_say() -> None:
    section = DOC.split("## Common mistakes", 1)[1].split("\n## ", 1)[0]
    example = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    read = [read_yaml(line).data for line in example.splitlines()]
    assert [next(iter(value.values())) for value in read] == [
        "Sum: zero", "@pirates shout", ["You are number #1", "Arr!"],
        '"Arr" said the captain', "The captain's parrot"]
