"""The checker as a designer meets it, writing a new deck from docs/deck-format.md: helpful
errors, warnings that can be accepted, the same refusals as `build`, its own player range."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from generator.check import CheckOptions, check_deck
from generator.check.report import CheckReport
from generator.issues import Issue, Severity

MINIMAL = Path(__file__).parent / "fixtures" / "decks" / "valid-minimal.yaml"
TEXT = MINIMAL.read_text(encoding="utf-8")
STATIC = CheckOptions(simulate=False)


def deck_with(tmp_path: Path, *changes: tuple[str, str], extra: str = "") -> Path:
    """The minimal clean deck with `changes` (old, new) made to its text and `extra` added."""
    text = TEXT
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "deck.yaml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def check(path: Path, options: CheckOptions = STATIC) -> CheckReport:
    return check_deck(path, options)[0]


def issues(report: CheckReport, code: str) -> list[Issue]:
    return [issue for issue in report.issues if issue.code == code]


SEVEN = 'when: card.rank == "7"'


# -- helper arguments are values too ----------------------------------------------------------

@pytest.mark.parametrize(("when", "advice"), [
    ('count_rank(trick, "King") == 0', 'Did you mean "K"?'),
    ('count_suit(trick, "Hearts") >= 1', 'Did you mean "hearts"?'),
    ('count_colour(trick, "blue") == 2', '"red", "black"'),
])
def test_a_helper_text_argument_outside_its_values_is_an_error(tmp_path: Path, when: str,
                                                               advice: str) -> None:
    report = check(deck_with(tmp_path, (SEVEN, f"when: '{when}'")))
    [issue] = issues(report, "expr-impossible-value")
    assert issue.severity is Severity.ERROR and advice in issue.message
    assert issue.field == "triggers[1].when" and issue.line == 19


# -- syntax that other languages taught ----------------------------------------------------------

@pytest.mark.parametrize(("when", "advice"), [
    ("total = 21", "Write == to compare"),
    ("total == 21 && card.is_face", "Write and, not &&"),
    ("total =< 5", "Write <= "),
    ("total === 21", "Write == to compare, not ==="),
    ("card.rank == K", 'go in quotes: "K"'),
])
def test_a_syntax_slip_says_what_to_write(tmp_path: Path, when: str, advice: str) -> None:
    report = check(deck_with(tmp_path, (SEVEN, f"when: '{when}'")))
    [issue] = [i for i in report.issues if i.severity is Severity.ERROR]
    assert advice in issue.message, issue.message


def test_a_colon_in_card_text_says_to_quote_it(tmp_path: Path) -> None:
    path = deck_with(tmp_path, ("text: When a seven is played.",
                                "text: When a seven is played: clap."))
    [issue] = check(path).issues
    assert issue.code == "yaml-syntax" and issue.line == 18
    assert "must be quoted" in issue.message


# -- hints ------------------------------------------------------------------------------------

def test_a_vague_hint_is_a_warning_that_allow_accepts(tmp_path: Path) -> None:
    broke = ("      - You pointed at a player.", "      - You broke my rule!")
    vague = deck_with(tmp_path, broke)
    [issue] = check(vague).issues
    assert (issue.code, issue.severity) == ("hint-vague", Severity.WARNING)
    assert check(vague).exit_code() == 0 and check(vague).exit_code(strict=True) == 1
    accepted = deck_with(tmp_path, broke,
                         ("    forbids: pointing at players",
                          "    forbids: pointing at players\n    allow: [hint-vague]"))
    assert check(accepted).issues == []


def test_one_hint_on_two_actions_tells_nothing(tmp_path: Path) -> None:
    path = deck_with(tmp_path, ("      - You pointed at a player.",
                                "      - You did not tap the table twice."))
    [issue] = check(path).issues
    assert issue.code == "hint-vague" and 'also a hint of action "tap-table"' in issue.message


def test_allow_names_warnings_only(tmp_path: Path) -> None:
    path = deck_with(tmp_path, ("    forbids: pointing at players",
                                "    forbids: pointing at players\n"
                                "    allow: [expr-never, sim-rear]"))
    found = check(path).issues
    assert [i.code for i in found] == ["bad-value", "bad-value"]
    assert "only warnings can be allowed" in found[0].message
    assert 'Did you mean "sim-rare"?' in found[1].message


# -- what the players judge ---------------------------------------------------------------------

def test_a_trigger_the_players_judge_is_accepted_and_not_simulated(tmp_path: Path) -> None:
    path = deck_with(tmp_path, (SEVEN, "judged_by: table"),
                     ("text: When a seven is played.", "text: When someone laughs."))
    report = check(path, CheckOptions(games=40))
    assert report.errors == 0 and report.warnings == 0
    [info] = issues(report, "table-only")
    assert info.field == "triggers[1].judged_by"
    row = next(r for r in report.triggers if r.card_id == "seven-played")
    assert not row.simulated and row.fires_per_game == {}
    assert row.static == "judged at the table"
    both = deck_with(tmp_path, (SEVEN, SEVEN + "\n    judged_by: table"))
    [error] = issues(check(both), "missing-field")
    assert error.field == "triggers[1]" and "judged_by: table" in error.message


def test_say_takes_a_description_when_the_words_are_not_fixed(tmp_path: Path) -> None:
    path = deck_with(tmp_path, ("phrase: nothing doing",
                                "what: a word that rhymes with the last one said"))
    assert check(path).issues == []
    neither = deck_with(tmp_path, ("    phrase: nothing doing\n", ""))
    [issue] = issues(check(neither), "missing-field")
    assert issue.field == "actions[0]"
    assert '"phrase"' in issue.message and '"what"' in issue.message


# -- what build would refuse or mangle ---------------------------------------------------------

def test_too_few_cards_to_deal_is_an_error(tmp_path: Path) -> None:
    text = TEXT.split("  - id: prime-value")[0] + "actions:" + TEXT.split("actions:")[1]
    path = tmp_path / "few.yaml"
    path.write_text(text, encoding="utf-8")
    [issue] = check(path).issues
    assert issue.code == "cards-too-few" and issue.field == "triggers"
    assert "needs 4 triggers; this one has 3" in issue.message


def test_art_must_be_a_picture_inside_the_deck_folder(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "not-a-picture.png").write_text("hello", encoding="utf-8")
    Image.new("RGB", (40, 40), "white").save(tmp_path / "outside.png")
    path = deck_with(folder, ("    when: total == 0", "    when: total == 0\n"
                              "    art: not-a-picture.png"),
                     ("    when: card.rank == \"7\"", "    when: card.rank == \"7\"\n"
                      "    art: ../outside.png"))
    found = {i.field: i.message for i in issues(check(path), "art-unusable")}
    assert set(found) == {"triggers[0].art", "triggers[1].art"}
    assert "not a picture" in found["triggers[0].art"]
    assert "outside the deck's folder" in found["triggers[1].art"]


def test_text_the_fonts_cannot_print_is_an_error(tmp_path: Path) -> None:
    path = deck_with(tmp_path, ("text: When a seven is played.",
                                "text: When a seven is played 🎲."),
                     ("      - You pointed at a player.", "      - 指さしました。"))
    found = {i.field: i for i in issues(check(path), "glyph-missing")}
    assert set(found) == {"triggers[1].text", "actions[4].hints[0]"}
    assert "U+1F3B2" in found["triggers[1].text"].message
    assert found["triggers[1].text"].severity is Severity.ERROR


# -- the deck's own players ---------------------------------------------------------------------

def test_the_deck_is_simulated_for_the_players_its_cards_can_be_dealt_to(tmp_path: Path) -> None:
    """Six triggers and six actions deal two of each to two or three players."""
    path = deck_with(tmp_path, ("    players: [2, 3]\n", ""))
    report = check(path, CheckOptions(games=40))
    assert report.players == [2, 3] and report.issues == []
    asked = check(deck_with(tmp_path, ("players: [2, 3]", "players: [3, 4, 5]")))
    [issue] = asked.issues
    assert (issue.code, issue.field) == ("bad-value", "deck.check.players")
    assert "4, 5 players" in issue.message and issue.data["most_players"] == 3
    skipped = check(deck_with(tmp_path), CheckOptions(games=40, players=(3, 5)))
    assert skipped.players == [3] and [i.code for i in skipped.issues] == ["players-skipped"]


# -- twins and repeats ---------------------------------------------------------------------------

def test_identical_triggers_and_repeated_answers_are_warned_about(tmp_path: Path) -> None:
    path = deck_with(tmp_path, (SEVEN, "when: '(card.rank  ==  \"7\")'"),
                     ("    when: total == 0", '    when: card.rank == "7"'),
                     ("    category: animals", "    category: animals\n"
                      "    answers: [Cat, dog, cat, owl]"))
    report = check(path)
    [twin] = issues(report, "trigger-duplicate")
    assert twin.field == "triggers[1].when" and twin.data["same_as"] == "total-zero"
    [repeat] = issues(report, "answers-duplicate")
    assert repeat.field == "actions[1].answers[2]" and repeat.data["first_answer"] == 1


# -- the command's words and numbers -----------------------------------------------------------

def test_json_carries_the_numbers_and_messages_count_properly(tmp_path: Path) -> None:
    path = deck_with(tmp_path, ("  - id: seven-played", "  - id: total-zero"))
    run = subprocess.run([sys.executable, "-m", "hrdeck", "check", str(path), "--json",
                          "--no-chart", "--games", "20"], capture_output=True, text=True,
                         timeout=120)
    data = json.loads(run.stdout)
    [duplicate] = [i for i in data["issues"] if i["code"] == "duplicate-id"]
    assert duplicate["data"] == {"first_line": 12}
    assert "first at line 12" in duplicate["message"]


def test_the_characters_the_checker_takes_on_trust_are_in_both_card_fonts() -> None:
    from generator.check.printable import SURE_GLYPHS
    from generator.printing.fonts import BOLD, REGULAR, missing_glyphs

    sure = "".join(sorted(SURE_GLYPHS))
    assert missing_glyphs(sure, REGULAR) == missing_glyphs(sure, BOLD) == ""
