"""Static checks, before any game: what each trigger reads and whether it can ever differ,
what each action asks, and whether every trigger can be kept with every action."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.actions import Subject, Timing, is_vague_hint
from generator.check import CheckOptions, check_deck
from generator.check.report import CheckReport
from generator.issues import SIMULATION_CODES, Issue, Severity

DECKS = Path(__file__).parent / "fixtures" / "decks"

ACTION = """  - id: {id}
    number: {number}
    kind: gesture
    text: Do it.
    timing: {timing}
    gesture: tap the table
    hints:
      - {hint}
"""


def write_deck(tmp_path: Path, triggers: list[tuple[str, str]], *,
               timings: tuple[str, ...] = ("before_next_card",), info: str = "",
               hints: tuple[str, ...] = ("You did not tap the table.",)) -> Path:
    """A deck of gesture actions: `triggers` as (when, subject)."""
    lines = ["deck:", "  name: Static Test", info, "triggers:"]
    for number, (when, subject) in enumerate(triggers, 1):
        lines += [f"  - id: t{number}", f"    number: {number}", "    text: A trigger.",
                  f"    when: {when}", f"    subject: {subject}"]
    lines.append("actions:")
    for number, timing in enumerate(timings, 1):
        hint = hints[(number - 1) % len(hints)]
        if number > len(hints):  # two actions with one hint would be a vague hint
            hint = f"{hint.rstrip('.')} for card {number}."
        lines.append(ACTION.format(id=f"a{number}", number=number, timing=timing,
                                   hint=hint).rstrip("\n"))
    path = tmp_path / "deck.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def static(path: Path, *, counts: bool = False) -> CheckReport:
    """Check without games. The decks `write_deck` makes hold only the cards under test, too
    few to deal: that is left out unless `counts`."""
    report, _ = check_deck(path, CheckOptions(simulate=False))
    if not counts:
        report.issues[:] = [issue for issue in report.issues if issue.code != "cards-too-few"]
    return report


def found(report: CheckReport) -> set[tuple[str, str]]:
    return {(issue.code, issue.field) for issue in report.issues}


# -- the unenforceable deck, statically ---------------------------------------------------------

UNENFORCEABLE_STATIC = {
    ("expr-hidden", "triggers[0].when"),            # next-card-ace: the top of the deck
    ("expr-owner", "triggers[1].when"),             # last-card-in-hand: the player's hand
    ("expr-never", "triggers[2].when"),             # positive-face
    ("expr-always", "triggers[3].when"),            # any-card
    ("expr-impossible-value", "triggers[4].when"),  # heart-played: "heart"
    ("table-only", "triggers[9].when"),             # hello-said: speech
    ("pair-timing", "triggers[10].subject"),        # taker-sings × shout-hooray
    ("hint-vague", "actions[1].hints[0]"),          # vague-gesture
    ("hint-missing", "actions[2]"),                 # hintless
    ("effect-unsupported", "actions[3].effect"),    # turn-around: reverse
}


def test_each_unenforceable_card_is_caught_for_its_reason() -> None:
    report = static(DECKS / "unenforceable.yaml")
    assert found(report) == UNENFORCEABLE_STATIC
    assert report.exit_code() == 1


def test_static_issues_have_the_severity_their_code_has() -> None:
    report = static(DECKS / "unenforceable.yaml")
    by_code = {issue.code: issue.severity for issue in report.issues}
    assert by_code["table-only"] is Severity.INFO
    assert {code for code, severity in by_code.items() if severity is Severity.ERROR} == {
        code for code, _ in UNENFORCEABLE_STATIC} - {"table-only", "hint-vague"}
    assert by_code["hint-vague"] is Severity.WARNING  # a judgement of words, not a proof
    assert report.errors == 8 and report.warnings == 1 and report.count(Severity.INFO) == 1


def test_each_trigger_issue_names_its_card() -> None:
    report = static(DECKS / "unenforceable.yaml")
    ids = ["next-card-ace", "last-card-in-hand", "positive-face", "any-card", "heart-played"]
    for number, card_id in enumerate(ids):
        [issue] = [i for i in report.issues if i.field == f"triggers[{number}].when"]
        assert f'"{card_id}"' in issue.message


def test_the_report_says_what_was_decided_of_each_trigger() -> None:
    report = static(DECKS / "unenforceable.yaml")
    verdicts = {row.card_id: (row.static, row.simulated) for row in report.triggers}
    assert verdicts == {
        "next-card-ace": ("invalid", False), "last-card-in-hand": ("invalid", False),
        "positive-face": ("never", False), "any-card": ("always", False),
        "heart-played": ("invalid", False), "full-deck": ("sometimes", True),
        "ace-on-ace-at-twenty": ("sometimes", True), "low-card": ("sometimes", True),
        "dealer-plays": ("sometimes", True), "hello-said": ("not enumerated", False),
        "taker-sings": ("sometimes", True),
    }
    assert [row.line for row in report.triggers][:3] == [12, 16, 20]


def test_nothing_of_the_simulation_is_reported_without_it() -> None:
    report = static(DECKS / "unenforceable.yaml")
    assert not {issue.code for issue in report.issues} & set(SIMULATION_CODES)
    assert report.games == 0 and report.plays == 0
    assert all(row.fires_per_game == {} for row in report.triggers)


# -- trigger × action pairs ---------------------------------------------------------------------

def test_the_next_player_cannot_act_around_a_play_that_is_not_theirs(tmp_path: Path) -> None:
    timings = tuple(timing.value for timing in Timing)
    report = static(write_deck(tmp_path, [("total == 0", "player"),
                                          ("total > 21", "next_player")], timings=timings))
    pairs = [issue for issue in report.issues if issue.code == "pair-timing"]
    assert {issue.field for issue in pairs} == {"triggers[1].subject"}
    assert len(pairs) == 1 and pairs[0].data["action_count"] == 3
    named = [action for action in ("a1", "a2", "a3", "a4", "a5")
             if f'"{action}"' in pairs[0].message]
    assert named == ["a1", "a2", "a3"]  # with_card, before_sum, after_sum
    assert all(issue.line == 14 for issue in pairs)  # t2's subject


def test_many_pairs_are_summarised_once_per_trigger_with_counts(tmp_path: Path) -> None:
    """300 next-player triggers × 300 actions timed by the play: 90,000 pairs, reported as
    one bounded issue per trigger (the deck once gave a million issues and 1.4 GB)."""
    report = static(write_deck(tmp_path, [(f"total == {n % 40 - 20}", "next_player")
                                          for n in range(300)],
                               timings=("before_sum",) * 300,
                               hints=tuple(f"You did not tap for sum {n}." for n in range(300))))
    pairs = [issue for issue in report.issues if issue.code == "pair-timing"]
    assert len(pairs) == 300
    assert all("300 actions" in issue.message and "297 more" in issue.message
               and len(issue.message) < 400 for issue in pairs)


def test_a_trigger_for_the_player_goes_with_every_timing(tmp_path: Path) -> None:
    timings = tuple(timing.value for timing in Timing)
    report = static(write_deck(tmp_path, [("total == 0", "player")], timings=timings))
    assert report.issues == []


def test_a_taker_who_made_21_goes_with_every_timing(tmp_path: Path) -> None:
    """Clarification taker-timing: the taker who made 21 with their own card announced that
    sum, and turns up the next card; every timing can be met."""
    timings = tuple(timing.value for timing in Timing)
    for when in ("total == 21", "total == 21 and card.is_face"):
        report = static(write_deck(tmp_path, [("total == 0", "player"), (when, "taker")],
                                   timings=timings))
        assert report.issues == [], when
    assert Timing.BEFORE_SUM.words_for(Subject.TAKER) == (
        "before you announce the sum of 21 that takes the trick")
    assert Timing.WITH_CARD.words_for(Subject.TAKER) == (
        "as you turn up the card that starts the next trick")


@pytest.mark.parametrize("when", ["total > 21", "total >= 21 and card.is_face",
                                  "total >= 21"])
def test_a_taker_handed_the_trick_cannot_act_around_a_sum(tmp_path: Path, when: str) -> None:
    """The seed: over 21, the player to the right takes the trick. That taker played no card
    and announces no sum, so an action due before (or right after) the sum cannot be done."""
    timings = tuple(timing.value for timing in Timing)
    report = static(write_deck(tmp_path, [("total == 0", "player"), (when, "taker")],
                               timings=timings))
    pairs = [issue for issue in report.issues if issue.code == "pair-timing"]
    assert [issue.field for issue in pairs] == ["triggers[1].subject"], report.issues
    message = pairs[0].message
    assert "announces none" in message and "over 21" in message
    assert "`total == 21`" in message  # the way out
    assert '"a2" (before you announce the sum)' in message
    assert '"a3" (right after you announce the sum)' in message
    assert '"a1"' not in message  # as you play: done as they turn up the next card
    assert pairs[0].data["action_count"] == 2
    report = static(write_deck(tmp_path, [("total == 0", "player"), (when, "taker")],
                               timings=("with_card", "before_next_card", "until_next_turn")))
    assert report.issues == []


def test_a_whole_rule_for_a_taker_handed_the_trick_cannot_time_the_sum(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("""\
deck:
  name: Whole Rules
triggers:
  - id: t1
    number: 1
    text: A trigger.
    when: total == 0
actions:
  - id: a1
    number: 1
    text: Tap.
    kind: gesture
    gesture: tap the table
    timing: before_next_card
    hints: [You did not tap the table.]
rules:
  - id: over-tap
    number: 1
    text: When the trick goes over, its taker taps before the sum.
    when: total > 21
    subject: taker
    then:
      kind: gesture
      gesture: tap the table
      timing: before_sum
      hints: [You did not tap before the sum.]
""", encoding="utf-8")
    report = static(path)
    pairs = [issue for issue in report.issues if issue.code == "pair-timing"]
    assert len(pairs) == 1 and "announces no sum" in pairs[0].message, report.issues
    assert "`total == 21`" in pairs[0].message


@pytest.mark.parametrize("when", ["card.is_face", "total > 15", "card.rank == \"K\" or total > 21"])
def test_a_taker_trigger_must_be_about_taking_the_trick(tmp_path: Path, when: str) -> None:
    report = static(write_deck(tmp_path, [("total == 0", "player"), (when, "taker")]))
    issues = [i for i in report.issues if i.code == "subject-not-taking"]
    assert [i.field for i in issues] == ["triggers[1].subject"], report.issues
    assert "total >= 21" in issues[0].message and issues[0].severity is Severity.ERROR


# -- actions ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("hint", "vague"), [
    ("You broke my rule!", True),
    ("Wrong!", True),
    ("That was not allowed.", True),
    ("You broke the rule, sorry.", True),
    ("Nope", True),
    ("You did not tap the table.", False),
    ("You forgot to name an animal.", False),
    ("Your clap came too late.", False),
    # Short and precise, in any language or script.
    ("You spoke.", False),
    ("Too late.", False),
    ("שכחת למחוא כף.", False),
    ("نسيت أن تصفق.", False),
    ("Ξέχασες να χτυπήσεις παλαμάκια.", False),
    ("拍手を忘れました。", False),
    # Filler that would fit any rule.
    ("You did not do the thing.", True),
])
def test_a_hint_must_say_more_than_you_broke_a_rule(tmp_path: Path, hint: str,
                                                     vague: bool) -> None:
    report = static(write_deck(tmp_path, [("total == 0", "player")], hints=(hint,)))
    assert (("hint-vague", "actions[0].hints[0]") in found(report)) is vague
    assert is_vague_hint(hint) is vague


def test_one_good_hint_does_not_excuse_a_vague_one(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [("total == 0", "player")])
    text = path.read_text(encoding="utf-8").replace(
        "      - You did not tap the table.\n",
        "      - You did not tap the table.\n      - You broke my rule!\n")
    path.write_text(text, encoding="utf-8")
    assert found(static(path)) == {("hint-vague", "actions[0].hints[1]")}


def test_draw_is_an_effect_up_n_over_can_do(tmp_path: Path) -> None:
    path = DECKS / "broken" / "effect-unsupported.yaml"
    text = path.read_text(encoding="utf-8").replace("effect: reverse", "effect: draw")
    fine = tmp_path / "draw.yaml"
    fine.write_text(text, encoding="utf-8")
    assert static(fine).issues == []
    for effect in ("skip", "suit"):
        fine.write_text(text.replace("effect: draw", f"effect: {effect}"), encoding="utf-8")
        assert found(static(fine)) == {("effect-unsupported", "actions[0].effect")}


def test_a_unique_answer_list_needs_two_different_answers(tmp_path: Path) -> None:
    path = DECKS / "broken" / "answers-too-few.yaml"
    text = path.read_text(encoding="utf-8")
    deck = tmp_path / "answers.yaml"
    for answers, flagged in (("[red, red]", True), ("[]", True), ("[red, blue]", False)):
        deck.write_text(text.replace("[red]", answers), encoding="utf-8")
        assert (("answers-too-few", "actions[0].answers") in found(static(deck))) is flagged


# -- what hides what ---------------------------------------------------------------------------

def test_an_unknown_base_game_stops_before_the_cards_are_checked() -> None:
    report = static(DECKS / "broken" / "unknown-game.yaml")
    assert [issue.code for issue in report.issues] == ["unknown-game"]
    assert report.triggers == [] and report.exit_code() == 1


def test_a_problem_in_the_deck_details_does_not_hide_the_cards_problems(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [("totl == 0", "player")],
                      info="  style:\n    action_colour: red")
    assert found(static(path)) >= {("bad-value", "deck.style.action_colour"),
                                   ("expr-unknown-name", "triggers[0].when")}


def test_every_problem_of_one_trigger_is_reported(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [('totl == 0 and card.rnak == "K" and len(hand) == 2', "player")])
    issues: list[Issue] = static(path).issues
    assert [(i.code, i.column) for i in issues] == [
        ("expr-unknown-name", 11), ("expr-unknown-attribute", 25), ("expr-owner", 50)]
    assert {i.line for i in issues} == {8}


@pytest.mark.parametrize("when", [
    'totl == 0 and card.is_face',
    '"totl == 0 and card.is_face"',
    "'totl == 0 and card.is_face'",
    'card.is_face and crad.rank == "K"',
    '"card.is_face and crad.rank == \\"K\\""',
    pytest.param('"card.rank == \\"K\\" and crad.is_face"', id="escaped"),
    pytest.param("'card.rank == ''K'' and crad.is_face'", id="doubled"),
    pytest.param('"  crad.is_face"', id="leading-spaces"),
    pytest.param("card.is_face  and  crad.is_face", id="double-spaces"),
])
def test_an_expression_problem_is_placed_at_its_column_in_the_file(tmp_path: Path,
                                                                   when: str) -> None:
    path = write_deck(tmp_path, [(when, "player")])
    line = path.read_text(encoding="utf-8").splitlines()[7]
    assert line.startswith("    when: ")
    wrong = "totl" if "totl" in line else "crad"
    [issue] = static(path).issues
    assert (issue.line, issue.column) == (8, line.index(wrong) + 1)
