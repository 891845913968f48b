"""Simulated checks: small decks, a few hundred seeded games, and the warnings a designer
needs: too rare, too common, unfair to some seats, never seen, answers running out, and two
rules that demand and forbid speech on the same play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.check import CheckOptions, check_deck
from generator.check.report import CheckReport
from generator.issues import SIMULATION_CODES, Severity

DECKS = Path(__file__).parent / "fixtures" / "decks"
GAMES = 200

GESTURE = """  - id: tap-table
    number: 1
    kind: gesture
    text: Tap the table before the next card.
    timing: before_next_card
    gesture: tap the table
    hints:
      - You did not tap the table.
"""
SAY = """  - id: say-yes
    number: 2
    kind: say
    text: Say "yes" before the next card.
    timing: before_next_card
    phrase: "yes"
    hints:
      - You did not say yes.
"""
QUIET = """  - id: keep-quiet
    number: 3
    kind: forbid
    text: Say nothing until your next turn.
    timing: until_next_turn
    forbids: speaking
    silence: true
    hints:
      - You spoke before your next turn.
{allow}"""
COLOURS = """  - id: name-colour
    number: 4
    kind: name
    text: Name a primary colour not named before.
    timing: before_next_card
    category: primary colours
    answers: [red, yellow, blue]
    hints:
      - You did not name a new primary colour.
{allow}"""

RARE = 'card.rank == "A" and previous.rank == "A"'      # about 0.2 a game
COMMON = "card.value >= 0"                               # about 80% of plays
DEALER = "player.is_dealer"                              # only seat 0
NEVER = "deck_size == 52"                                # possible in principle, never dealt
FAIR = 'card.rank == "7"'                                # about 2 a game, any seat
OFTEN = "card.is_face"                                   # about 10 a game
KINGS = 'card.rank == "K"'                               # always with card.is_face


def write_deck(tmp_path: Path, triggers: list[tuple[str, list[str]]],
               actions: str = GESTURE, name: str = "deck.yaml") -> Path:
    """`triggers` as (when, allow); the deck simulates 3 players only."""
    lines = ["deck:", "  name: Simulated Test", "  check:", f"    games: {GAMES}",
             "    players: [3]", "    seed: 5", "triggers:"]
    for number, (when, allow) in enumerate(triggers, 1):
        lines += [f"  - id: t{number}", f"    number: {number}", "    text: A trigger.",
                  f"    when: '{when}'"]
        if allow:
            lines.append(f"    allow: [{', '.join(allow)}]")
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\nactions:\n" + actions, encoding="utf-8")
    return path


def run(path: Path, **options: object) -> CheckReport:
    """Check; these decks hold only the cards under test, too few to deal (not what they test)."""
    report, _ = check_deck(path, CheckOptions(workers=1, **options))  # type: ignore[arg-type]
    report.issues[:] = [issue for issue in report.issues if issue.code != "cards-too-few"]
    return report


def warnings(report: CheckReport) -> set[tuple[str, str]]:
    return {(issue.code, issue.field) for issue in report.issues}


# -- each warning, alone -----------------------------------------------------------------------

@pytest.mark.parametrize(("when", "code"), [
    (RARE, "sim-rare"), (COMMON, "sim-common"), (DEALER, "sim-seat-bias"), (NEVER, "sim-never"),
])
def test_a_trigger_that_would_not_work_as_a_secret_is_warned_about(tmp_path: Path, when: str,
                                                                   code: str) -> None:
    report = run(write_deck(tmp_path, [(FAIR, []), (when, [])]))
    assert warnings(report) == {(code, "triggers[1].when")}
    [issue] = report.issues
    assert issue.severity is Severity.WARNING and '"t2"' in issue.message
    assert issue.line == 15 and report.exit_code() == 0 and report.exit_code(strict=True) == 1


@pytest.mark.parametrize(("when", "code"), [
    (RARE, "sim-rare"), (COMMON, "sim-common"), (DEALER, "sim-seat-bias"), (NEVER, "sim-never"),
])
def test_a_card_may_accept_its_warning(tmp_path: Path, when: str, code: str) -> None:
    report = run(write_deck(tmp_path, [(FAIR, []), (when, [code])]))
    assert report.issues == []
    assert report.exit_code(strict=True) == 0


def test_accepting_one_warning_does_not_accept_another(tmp_path: Path) -> None:
    report = run(write_deck(tmp_path, [(FAIR, []), (DEALER, ["sim-rare"])]))
    assert warnings(report) == {("sim-seat-bias", "triggers[1].when")}


def test_a_fair_trigger_gets_no_warning(tmp_path: Path) -> None:
    report = run(write_deck(tmp_path, [(FAIR, []), ("total == 0", [])]))
    assert report.issues == []
    figures = {row.card_id: row for row in report.triggers}
    assert 1.0 < figures["t1"].fires_per_game[3] < 3.5
    assert figures["t1"].seat_bias[3] < 2.0


def test_the_rare_warning_gives_the_rate_and_the_games_without_it(tmp_path: Path) -> None:
    report = run(write_deck(tmp_path, [(FAIR, []), (RARE, [])]))
    [issue] = report.issues
    row = report.triggers[1]
    assert f"{row.fires_per_game[3]:.2f} times a game with 3 players" in issue.message
    assert f"{row.zero_chance[3]:.0%} of games pass without it" in issue.message
    assert "below 0.4" in issue.message


def test_the_limits_come_from_the_deck(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [(FAIR, [])])
    text = path.read_text(encoding="utf-8").replace(
        "    seed: 5\n", "    seed: 5\n    min_fires_per_game: 5\n")
    path.write_text(text, encoding="utf-8")
    assert warnings(run(path)) == {("sim-rare", "triggers[0].when")}
    assert "below 5 a game" in run(path).issues[0].message


def test_a_trigger_for_one_seat_only_is_said_plainly(tmp_path: Path) -> None:
    report = run(write_deck(tmp_path, [(DEALER, [])]))
    [issue] = report.issues
    assert "as for seat" not in issue.message


# -- actions, in simulation -----------------------------------------------------------------------

def test_a_short_unique_answer_list_runs_out(tmp_path: Path) -> None:
    actions = GESTURE + COLOURS.format(allow="")
    report = run(write_deck(tmp_path, [(FAIR, []), (OFTEN, [])], actions))
    assert ("answers-run-out", "actions[1].answers") in warnings(report)
    [issue] = [i for i in report.issues if i.code == "answers-run-out"]
    assert '"t2"' in issue.message and "has 3 answers" in issue.message
    assert issue.line == 31


def test_answers_last_when_no_trigger_fires_that_often(tmp_path: Path) -> None:
    actions = GESTURE + COLOURS.format(allow="")
    report = run(write_deck(tmp_path, [(RARE, ["sim-rare"])], actions))
    assert report.issues == []


def test_answers_need_not_be_unique(tmp_path: Path) -> None:
    actions = GESTURE + COLOURS.format(allow="    unique: false\n")
    report = run(write_deck(tmp_path, [(FAIR, []), (OFTEN, [])], actions))
    assert "answers-run-out" not in {issue.code for issue in report.issues}


def test_an_action_may_accept_running_out(tmp_path: Path) -> None:
    actions = GESTURE + COLOURS.format(allow="    allow: [answers-run-out]\n")
    report = run(write_deck(tmp_path, [(FAIR, []), (OFTEN, [])], actions))
    assert "answers-run-out" not in {issue.code for issue in report.issues}


def test_silence_and_speech_on_the_same_play_conflict(tmp_path: Path) -> None:
    actions = GESTURE + SAY + QUIET.format(allow="")
    report = run(write_deck(tmp_path, [(FAIR, []), (OFTEN, []), (KINGS, [])], actions))
    assert ("speech-conflict", "actions[2].silence") in warnings(report)
    [issue] = [i for i in report.issues if i.code == "speech-conflict"]
    assert '"t2" and "t3"' in issue.message and '"say-yes"' in issue.message
    assert issue.severity is Severity.WARNING


def test_silence_and_speech_that_never_meet_do_not_conflict(tmp_path: Path) -> None:
    actions = GESTURE + SAY + QUIET.format(allow="")
    report = run(write_deck(tmp_path, [(KINGS, []), ('card.rank == "Q"', [])], actions))
    assert "speech-conflict" not in {issue.code for issue in report.issues}


def test_silence_without_speech_does_not_conflict(tmp_path: Path) -> None:
    actions = GESTURE + QUIET.format(allow="")
    report = run(write_deck(tmp_path, [(OFTEN, []), (KINGS, [])], actions))
    assert "speech-conflict" not in {issue.code for issue in report.issues}


def test_an_action_may_accept_a_speech_conflict(tmp_path: Path) -> None:
    actions = GESTURE + SAY + QUIET.format(allow="    allow: [speech-conflict]\n")
    report = run(write_deck(tmp_path, [(FAIR, []), (OFTEN, []), (KINGS, [])], actions))
    assert "speech-conflict" not in {issue.code for issue in report.issues}


# -- the unenforceable fixture, simulated ---------------------------------------------------------

def test_each_unenforceable_card_is_warned_about_in_simulation() -> None:
    report = run(DECKS / "unenforceable.yaml")
    simulated = {(i.code, i.field) for i in report.issues if i.code in SIMULATION_CODES}
    assert simulated == {
        ("sim-never", "triggers[5].when"),        # full-deck
        ("sim-rare", "triggers[6].when"),         # ace-on-ace-at-twenty
        ("sim-common", "triggers[7].when"),       # low-card
        ("sim-seat-bias", "triggers[8].when"),    # dealer-plays
        ("speech-conflict", "actions[4].silence"),  # keep-quiet
        ("answers-run-out", "actions[5].answers"),  # name-primary
    }
    assert report.errors == 8 and report.warnings == 7 and report.exit_code() == 1


# -- figures: honest and reproducible -----------------------------------------------------------

def figures(report: CheckReport) -> dict[str, object]:
    data = report.to_dict()
    for key in ("seconds", "simulation", "chart", "cached", "deck"):
        data.pop(key)
    return data


def test_the_same_seed_gives_the_same_figures(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [(FAIR, []), (RARE, []), (DEALER, []), (OFTEN, [])])
    first, second = run(path, seed=3), run(path, seed=3)
    assert figures(first) == figures(second)
    assert figures(first) != figures(run(path, seed=4))


def test_the_figures_do_not_depend_on_how_the_games_are_split(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [(FAIR, []), (RARE, []), (OFTEN, [])])
    alone, _ = check_deck(path, CheckOptions(games=300, players=(3, 4), workers=1))
    shared, _ = check_deck(path, CheckOptions(games=300, players=(3, 4), workers=2))
    assert figures(alone) == figures(shared)
    assert alone.plays == shared.plays > 600


def test_the_figures_are_consistent(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [(FAIR, []), (RARE, ["sim-rare"]), (DEALER, ["sim-seat-bias"])])
    report = run(path, players=(3, 4))
    data = json.loads(json.dumps(report.to_dict()))
    assert data["simulation"]["players"] == [3, 4]
    assert data["simulation"]["games_per_player_count"] == GAMES
    for row in data["triggers"]:
        assert set(row["fires_per_game"]) == {"3", "4"}
        for players in ("3", "4"):
            low, high = row["ci95"][players]
            assert 0 <= low <= row["fires_per_game"][players] <= high
            assert 0 <= row["zero_fire_chance"][players] <= 1
            assert 0 <= row["share_of_plays"][players] <= 1
    dealer = data["triggers"][2]
    assert dealer["seat_bias"] == {"3": None, "4": None}  # only one seat: no finite ratio
    fair = data["triggers"][0]
    assert all(1 <= bias < 2 for bias in fair["seat_bias"].values())
    assert data["triggers"][1]["zero_fire_chance"]["3"] > 0.5


def test_command_line_settings_override_the_deck(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [(FAIR, [])])
    report = run(path, games=50, players=(2, 5), seed=1)
    assert report.games == 50 and report.players == [2, 5]
    assert set(report.triggers[0].fires_per_game) == {2, 5}
