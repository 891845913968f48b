"""Every scoring branch of Hidden Rules, scripted through the referee's command language, in
both modes where it applies; and full mode's automatic judging of challenges."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.events import Ruling
from tests.referee.helpers import Table, open_table

MODES = ("full", "score")
HINT = '"You did not name an animal."'


def seven_by_ben(table: Table, card: str = "7h") -> None:
    """Full mode: Ann turns up the 4♦ and Ben plays `card`; score mode: nothing to type."""
    if table.session.mode == "full":
        out = table.ok(f"up 4d\np {card}")
        assert "Sum 4. Ben to play." in out


# -- own rule ----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_own_rule_enforced_and_upheld(tmp_path: Path, mode: str) -> None:
    table = open_table(tmp_path, mode=mode, rules={"Ann": "seven-played"})
    seven_by_ben(table)
    out = table.ok(f"enforce ann on ben {HINT}")
    assert "Ben -1 (broke Ann's rule): -1 point." in out
    assert table.scores == [0, -1, 0]
    out = table.ok("challenge ben")
    assert "Ann must show the rule to Ben." in out
    question = table.session.question()
    assert question is not None, "the referee asks for a ruling"
    assert "When you play a seven" not in out, "the rule is shown to the challenger alone"
    if mode == "full":
        assert question.shown is not None and question.shown.viewer == "Ben"
        assert question.shown.rule.startswith("When you play a seven… …")
        assert "fired on Ben's 7h" in question.shown.finding
        assert "seven" not in question.text
    table.ok("rule upheld")
    assert table.scores == [1, -2, 0]
    assert table.stored_scores() == [1, -2, 0]


@pytest.mark.parametrize("mode", MODES)
def test_own_rule_enforced_and_overturned(tmp_path: Path, mode: str) -> None:
    table = open_table(tmp_path, mode=mode, rules={"Ann": "seven-played"})
    seven_by_ben(table, "5h")
    table.ok(f"enforce ann on ben {HINT}")
    out = table.ok("challenge ben")
    if mode == "full":  # the trigger did not fire on a five: overturned without asking
        assert "The referee rules: The journal shows Ann's rule was not broken by Ben" in out
        assert "seven" not in out, "the table hears who was right, nothing of the rule"
        assert isinstance(table.session.journal.entries[-1], Ruling)
        assert table.session.question() is None
    else:
        assert table.session.question() is not None
        table.ok("rule overturned")
    assert "Ann -1 (enforcement 1 overturned)" in table.out.getvalue()
    assert table.scores == [-1, 0, 0]
    assert table.stored_scores() == [-1, 0, 0]


# -- third-party enforcement -------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_third_party_enforcement_upheld(tmp_path: Path, mode: str) -> None:
    table = open_table(tmp_path, mode=mode, rules={"Ann": "seven-played"})
    seven_by_ben(table)
    table.ok(f"enforce cat on ben rule ann {HINT}")
    out = table.ok("challenge")  # the one player who may challenge
    assert "Ann must show the rule to Ben." in out
    table.ok("rule upheld")
    assert table.scores == [-1, -2, 1]  # enforcer +1, challenger -1, holder -1


@pytest.mark.parametrize("mode", MODES)
def test_third_party_enforcement_overturned(tmp_path: Path, mode: str) -> None:
    table = open_table(tmp_path, mode=mode, rules={"Ann": "seven-played"})
    seven_by_ben(table, "5h")
    table.ok(f"enforce cat on ben with ann {HINT}")
    table.ok("challenge ben")
    if mode == "score":
        table.ok("rule overturned")
    assert table.session.game.challenge_pending is None
    assert table.scores == [1, 0, -1]  # enforcer -1, challenger +1, holder +1
    assert table.stored_scores() == [1, 0, -1]


# -- the floor ---------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_no_score_goes_below_minus_ten(tmp_path: Path, mode: str) -> None:
    table = open_table(tmp_path, mode=mode)
    if mode == "full":
        table.ok("up 4d")
    out = table.ok("\n".join([f"enforce ann on ben {HINT}"] * 12))
    assert table.scores[1] == -10
    assert "Ben stays at -10 (broke Ann's rule): no score goes below -10." in out
    assert table.stored_scores()[1] == -10


# -- winning and ties --------------------------------------------------------------------------


def test_win_at_round_end_score_mode(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    out = table.ok("trick ann\ntrick ben\ntrick ann\ntrick ann")
    assert "Ann wins the game with 3 points!" in out
    assert table.session.game.winner == 0
    table.fails("trick ben", "game is over")


def test_win_at_round_end_full_mode(tmp_path: Path) -> None:
    table = open_table(tmp_path, ("Ann", "Ben"))
    out = table.ok("up 10c\np 10d\np as 1")
    assert "Sum 21! Ann takes the trick." in out
    table.ok("up 10h\np 10s\np ah 1\nup 9c\np 9d")
    out = table.ok("p 3c")
    assert table.scores == [3, 0] and table.session.game.winner is None
    assert ("Unless a rule is enforced first, gathering the trick ends the round and Ann "
            "wins; no card is turned up.") in out
    out = table.ok("up 2c")  # Ann gathers the trick: the round ends
    assert "Round 3 is over." in out and "Ann wins the game with 3 points!" in out
    assert table.session.game.winner == 0
    assert table.session.final_state()["winner"] == "Ann"


def test_a_tie_plays_on_score_mode(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    table.ok("trick ann\ntrick ann\ntrick ben\ntrick ben")
    table.ok('enforce ben on cat "You did not clap after the sum."\nchallenge cat\nrule upheld')
    assert table.scores == [2, 3, -2] and table.session.game.winner is None
    out = table.ok("trick ann")
    assert "Ann and Ben share the lead at 3" in out
    assert table.session.game.winner is None
    out = table.ok("trick ben")
    assert "Ben wins the game with 4 points!" in out


def test_a_tie_plays_on_full_mode(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    out = table.ok("up 10c\np 10d\np 2c")
    assert "Sum 22: over 21! Ben, on Cat's right, takes the trick." in out
    table.ok("up 10h\np 10s\np as 1")       # Ann makes 21
    table.ok("up 9c\np 9d\np 5c")           # Cat goes over: Ben takes it
    table.ok("up 9h\np 9s\np 3c")           # Ann makes 21
    assert table.scores == [2, 2, 0]
    table.ok('up 2h\nenforce ben on cat "You did not clap after the sum."\nchallenge cat')
    question = table.session.question()
    assert question is not None and question.shown is not None
    assert "only the table can judge" in question.shown.finding
    table.ok("rule upheld")
    assert table.scores == [2, 3, -2]
    table.ok("p 8c\np 8d\np 3d")            # Ann makes 21
    out = table.ok("up 4c")
    assert "Ann and Ben share the lead at 3" in out and table.session.game.winner is None
    table.ok("p 7c\np 6c\np 4d")
    out = table.ok("up 5d")
    assert "Ann wins the game with 4 points!" in out


# -- taking a card back --------------------------------------------------------------------------


def test_take_back_of_a_trick_winning_card(tmp_path: Path) -> None:
    table = open_table(tmp_path, rules={"Ann": "seven-played"})
    out = table.ok("up 10c\np 4h\np 7h")
    assert "Sum 21! Cat takes the trick." in out and table.scores == [0, 0, 1]
    out = table.ok(f"enforce ann on cat {HINT}")
    assert "Cat -1 (broke Ann's rule)" in out
    assert "Cat -1 (the trick was reopened)" in out
    assert "Cat takes back the seven of hearts: the sum is back to 14." in out
    assert "Ann to play." in out
    game = table.session.game
    assert table.scores == [0, 0, -1] and game.table.tricks_taken == [0, 0, 0]  # type: ignore[union-attr]
    table.fails("p cat 7h", "out of turn")  # the card is back in Cat's hand, but Cat's turn ended
    out = table.ok("p 7d")
    assert "Sum 21! Ann takes the trick." in out


def test_enforcing_on_an_older_play_keeps_the_card(tmp_path: Path) -> None:
    table = open_table(tmp_path, rules={"Ann": "seven-played"})
    table.ok("up 10c\np 7h\np 2d")
    out = table.ok(f"enforce ann on ben {HINT}")
    assert "The play stands" in out and table.session.game.table.total == 19  # type: ignore[union-attr]
    out = table.ok("challenge ben")
    assert table.session.question() is not None  # fired on Ben's seven, earlier in the trick
    table.ok("rule upheld")
    assert table.scores == [1, -2, 0]


# -- what the referee judges itself --------------------------------------------------------------


def test_speech_is_judged_when_typed_in(tmp_path: Path) -> None:
    table = open_table(tmp_path, rules={"Ann": "says-please"})
    table.ok('up 4d\np 5h "Oh please, not again"')
    table.ok(f"enforce ann on ben {HINT}\nchallenge ben")
    question = table.session.question()
    assert question is not None and question.shown is not None
    assert "fired on Ben's 5h" in question.shown.finding
    table.ok("rule upheld")


def test_a_speech_rule_that_did_not_fire_is_still_asked(tmp_path: Path) -> None:
    """Speech may not have been typed in, so "did not fire" is advice, not a ruling."""
    table = open_table(tmp_path, rules={"Ann": "says-please"})
    table.ok(f"up 4d\np 5h\nenforce ann on ben {HINT}\nchallenge ben")
    question = table.session.question()
    assert question is not None and question.advice is False and question.shown is not None
    assert "did not fire" in question.shown.finding and "not typed in" in question.shown.finding
    table.ok("rule overturned")
    assert table.scores == [-1, 0, 0]


def test_undoing_an_automatic_ruling_asks_the_table(tmp_path: Path) -> None:
    table = open_table(tmp_path, rules={"Ann": "seven-played"})
    table.ok(f"up 4d\np 5h\nenforce ann on ben {HINT}\nchallenge ben")
    assert table.scores == [-1, 0, 0]
    table.ok("undo yes")
    assert table.scores == [0, -1, 0]
    question = table.session.question()
    assert question is not None and question.advice is False
    table.ok("rule upheld")  # the table overrules the referee's advice
    assert table.scores == [1, -2, 0]
