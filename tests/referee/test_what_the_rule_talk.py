"""What the Rule?! at the referee's table, through the real `hrdeck referee` process where it
matters: hints only once the whole table agreed (a wrong guess before that is only wrong;
after it the referee announces a card to try on the row as it lies, anyone may object, and
a right guess is worth 2); the table's counts corrected, undone and resumed, the round
ending when the pile runs out; and a hand shown in person given by its count."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests import in_process
from tests.referee.helpers import ROOT
from tests.referee.test_what_the_rule_table import open_game, wtr


def referee(*args: str, db: Path, script: str, real: bool = True) -> str:
    """`hrdeck referee ARGS --script -` in its own process (or, not `real`, run in-process):
    what it printed, errors last."""
    command = ["referee", *args, "--script", "-", "--db", str(db)]
    if not real:
        done = in_process.hrdeck(*command, cwd=ROOT, stdin=script, env={"COLUMNS": "200"})
        return done.stdout + done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "hrdeck", *command],
        input=script, capture_output=True, text=True, timeout=120, cwd=ROOT,
        env={**os.environ, "COLUMNS": "200", "PYTHONPATH": str(ROOT)})
    return done.stdout + done.stderr


def new_game(db: Path, script: str, real: bool = True) -> str:
    return referee("new", "--game", "what-the-rule", "--players", "Ann,Ben,Cat", "--session",
                   "w", db=db, script=script, real=real)


def test_hints_come_only_once_the_whole_table_agreed_and_a_right_guess_is_then_worth_2(
        tmp_path: Path) -> None:
    """Ann's rule card 1: filled and unfilled take turns."""
    shown = new_game(tmp_path / "r.sqlite3", real=False, script="\n".join((
        "lead 1",
        "w2ft",
        'guess card.colour == "white"',           # wrong, no hints: nothing more is said
        "b3us\npass\nw1fc",
        "guess card.count >= 1",
        "hints",
        "b2uc",
        "guess card.count >= 1",                  # wrong: the referee announces a hint
        "object ben",
        "hint",                                   # asked again, and given
        "hint",
        "w3fc",
        "guess first or card.fill != previous.fill")))
    assert re.search(r'Ben guesses: card.colour == "white"\n    Not Ann\'s rule\. Cat to play',
                     shown), shown
    assert "part ways" not in shown and "try a" not in shown
    assert ("[7] Ben guesses: card.count >= 1\n    Not Ann's rule. Cat to play a card, or show "
            "their hand (show CARDS).") in shown
    assert ("[8] everyone at the table, the master too, agrees to hints\n    Hints are on: "
            "everyone at the table agrees, Ann too, and so does the referee") in shown
    assert ("[10] Cat guesses: card.count >= 1\n    Not Ann's rule. Hints are on, so the referee "
            "has a hint: a card to try, played next to the b2uc at the end of the row. Anyone "
            "against the hint says so now (object WHO); otherwise hint gives it; then Ben to "
            "play a card") in shown
    assert "[11] Ben objects to the hint\n    Ben objects: the referee keeps its hint." in shown
    assert ("[13] the referee gives its hint, a card to try\n    The referee's hint: a white card "
            "with 1 unfilled circle (w1uc), played next to the b2uc at the end of the row, fits "
            "Cat's guess but not Ann's rule.") in shown
    # the seed's scoring after hints: Ben 2 + (10 - 7 cards); Cat 10 - 8; Ann the best,
    # halved (five cards played)
    assert "Ben +5 (round 1: 7 cards left, guessed the rule): 5 points." in shown
    assert "Cat +2 (round 1: 8 cards left): 2 points." in shown
    assert "Ann +2 (round 1: game master, halved): 2 points." in shown
    assert "failed" not in shown, shown


def test_the_table_corrects_the_counts_undoes_a_correction_and_resumes(tmp_path: Path) -> None:
    """Ben holds seven, the pile holds one: Cat's refused card draws the last one and the
    round ends; undone, the table says the pile ran out, in a second process."""
    db = tmp_path / "r.sqlite3"
    shown = new_game(db, "\n".join((
        "lead judge",
        "count ben 7",
        "show 9 none",                            # refused: the referee counts seven
        "show 7 none",
        "pass",
        "count pile 1",
        "score",
        "w1fc no")))
    assert ("[2] the table counts Ben's hand: 7 cards\n    The table counts 7 cards in Ben's "
            "hand; the referee counts on from there.") in shown
    assert ("line 3: Ben holds 7 cards by the referee's count, not 9. If the table counted "
            "right, correct it first (count ben 9), then show again.") in shown
    assert ("[3] Ben reveals their hand (7 cards)\n    None fits, says Ann: the 7 cards go under "
            "the draw pile and Ben draws 6.") in shown
    assert "│ Ben    │     0 │    6" in shown and "draw pile: 1 · hints off" in shown
    assert "Round 1 is over: the draw pile is empty." in shown
    assert "Ben +4 (round 1: 6 cards left): 4 points." in shown
    shown = referee("resume", "w", db=db, script="undo yes\npile empty\nhistory 3\n")
    assert ("Entry 6 no longer counts: Cat plays a white card with 1 filled circle, which does "
            "not fit.") in shown
    assert "Ben: 4 → 0" in shown  # the round's points undone with it
    assert ("the table finds the draw pile empty\n    The draw pile has run out, as the table "
            "says.") in shown
    assert "Round 1 is over: the draw pile is empty." in shown
    assert "Cat +0 (round 1: 10 cards left): 0 points." in shown
    assert "failed" not in shown, shown


def test_a_hand_shown_in_person_is_given_by_its_count_and_the_full_form_still_works(
        tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.ok("lead judge")
    shown = table.ok("show 10 cards none\npass")
    assert "Ben reveals their hand (10 cards)" in shown and "Ben draws 9" in shown
    assert "or show their 10 cards (show 10 none, or show 10 place CARD)" in shown
    shown = table.ok("show cat 10 place b5fs")
    assert "Ann places a black card with 5 filled squares (b5fs) in the row" in shown
    table.fails("show 8 place w1fc", "Ben holds 9 cards by the referee's count, not 8. If the "
                                     "table counted right, correct it first (count ben 8)")
    table.ok("show none\npass")                 # the count may be left out, as before
    table.ok("w1fc fits\nguess right: anything goes")
    table.ok("lead 6")                          # the referee judges: every card typed
    table.fails("show 10 none", "The referee judges this round by Ben's rule: type the hand's "
                                "cards (show CARDS)")
    table.ok("show w1fc w2fc w3fc w4fc w5fc w6fc b1fc b2fc b3fc b4fc")
    assert wtr(table).round.guesser == 2  # type: ignore[union-attr]
