"""The seed's rules at the referee, as a table types them: enforcing on yourself, calling an
illegal play, enforcing a little later, keeping rules before play, declared aces."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.events import Enforced, Ruling
from tests.referee.helpers import Table, open_table

HINT = '"You did not name an animal."'
LATE_TRICK = "up 2h\np ks\np 5c\np 4c\np 2d\np 6c"  # Ben Ks (-2), Cat, Ann, Ben 2d, Cat


def cat_holds_below_zero(tmp_path: Path) -> Table:
    return open_table(tmp_path, rules={"Cat": "below-zero"})


# -- enforcing a little later ---------------------------------------------------------------------


def test_a_late_enforcement_is_judged_on_the_card_that_broke_the_rule(tmp_path: Path) -> None:
    """The user's report: the referee judged Ben's latest card (2d) and overturned by itself."""
    table = cat_holds_below_zero(tmp_path)
    table.ok(LATE_TRICK)
    out = table.ok('enforce cat on ben "Name someone when it goes below zero."')
    assert "The play stands" in out
    out = table.ok("challenge ben")
    assert "The referee rules" not in out
    assert not isinstance(table.session.journal.entries[-1], Ruling)
    question = table.session.question()
    assert question is not None and question.shown is not None
    assert "fired on Ben's Ks" in question.shown.finding
    table.ok("rule upheld")
    assert table.scores == [0, -2, 1]


def test_the_enforcer_says_which_card_when_it_is_ambiguous(tmp_path: Path) -> None:
    """Ben's 2d is the latest card, but his Ks broke the rule: only the Ks may be meant."""
    table = cat_holds_below_zero(tmp_path)
    table.ok("up 2h\np ks\np 5c\np 4c\np 2d")
    result = table.run(f"enforce cat on ben {HINT}")
    assert result.failures and "Which card broke it?" in result.failures[0][1]
    assert "king of spades or the two of diamonds" in result.failures[0][1]
    assert len(table.session.game.enforcements) == 0, "nothing recorded"
    out = table.ok(f"enforce cat on ben for ks {HINT}")
    assert "The play stands" in out, "the king is not the latest card: it stays"
    assert table.session.game.table.total == 9  # type: ignore[union-attr]
    entry = table.session.journal.entries[-1]
    assert isinstance(entry, Enforced) and entry.card is not None and entry.card.code == "Ks"


def test_naming_the_latest_card_takes_it_back(tmp_path: Path) -> None:
    table = cat_holds_below_zero(tmp_path)
    table.ok("up 2h\np ks\np 5c\np 4c\np 2d")
    out = table.ok(f"enforce cat on ben for 2d {HINT}")
    assert "Ben takes back the two of diamonds: the sum is back to 7." in out
    out = table.ok("challenge ben")  # the rule did not fire on the 2d: overturned
    assert "The referee rules: The journal shows Cat's rule was not broken" in out


def test_an_enforcement_for_no_card_takes_nothing_back(tmp_path: Path) -> None:
    table = cat_holds_below_zero(tmp_path)
    table.ok("up 2h\np ks\np 5c\np 4c\np 2d")
    out = table.ok(f"enforce cat on ben for none {HINT}")
    assert "The play stands" in out and table.session.game.table.total == 9  # type: ignore[union-attr]


# -- enforcing on yourself ------------------------------------------------------------------------


def test_a_player_may_enforce_their_own_rule_on_themselves(tmp_path: Path) -> None:
    table = open_table(tmp_path, rules={"Ben": "seven-played"})
    table.ok("up 4d\np 7h")
    out = table.ok('enforce ben on ben "I forgot the animal."')
    assert "Ben enforces their own rule on themselves" in out
    assert "Ben takes back the seven of hearts" in out and table.scores == [0, -1, 0]
    table.fails("challenge ben", "nothing")


# -- illegal plays --------------------------------------------------------------------------------


def test_a_card_played_out_of_turn_is_refused_and_can_be_called(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.ok("up 4d")
    table.fails("p cat 7h", "call WHO on Cat turn")
    out = table.ok("call ann on cat turn")
    assert "Cat -1 (played out of turn)" in out
    assert "goes back to their hand; it never counted" in out and "Ben to play" in out
    table.fails("call ann on ben turn", "It is Ben's turn to play")
    table.fails("challenge cat", "nothing")


def test_a_slow_card_called_at_once_comes_back(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.ok("up 4d\np 7h")
    out = table.ok("call ann on ben slow")
    assert "Ben -1 (took more than five seconds to play)" in out
    assert "Ben's slow card goes back to their hand: the sum is back to 4." in out
    assert "Cat to play" in out and table.scores == [0, -1, 0]


def test_the_turn_timer_says_who_may_call_it(tmp_path: Path) -> None:
    clock = [0.0]
    table = open_table(tmp_path)
    table.session.clock = lambda: clock[0]
    table.ok("timer on 5\nup 4d")
    clock[0] += 8
    out = table.ok("p 7h")
    assert "Ben took 8.0 s" in out and "call WHO on Ben slow" in out


def test_score_mode_counts_illegal_plays_too(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    out = table.ok("call ann on ben slow")
    assert "Ben -1 (took more than five seconds to play)" in out and table.scores == [0, -1, 0]


# -- keeping rules, declaring aces ----------------------------------------------------------------


def test_a_kept_rule_cannot_be_undone_once_play_has_begun(tmp_path: Path) -> None:
    """The user's report: `undo 1 yes` after the first card left a game nobody could play."""
    table = open_table(tmp_path)
    table.ok("up 5c\np 7d")
    table.fails("undo 1 yes", "cannot be swapped once it has")
    table.ok("p 8d")  # the game goes on


@pytest.mark.parametrize("line", ["up 5c 11", "up 5c 1"])
def test_only_an_ace_is_declared_when_turned_up(tmp_path: Path, line: str) -> None:
    table = open_table(tmp_path)
    table.fails(line, "Only an ace is declared")
    table.ok("up ac 11")
    assert table.session.game.table.total == 11  # type: ignore[union-attr]


def test_a_holder_who_challenges_shows_the_rule_to_the_enforcer(tmp_path: Path) -> None:
    """Clarification holder-shows-enforcer: Cat enforced Ben's own rule on Ben."""
    table = open_table(tmp_path, rules={"Ben": "seven-played"})
    table.ok(f"up 4d\np 7h\nenforce cat on ben rule ben {HINT}")
    out = table.ok("challenge ben")
    assert "Ben must show the rule to Cat." in out
    question = table.session.question()
    assert question is not None and question.shown is not None
    assert question.shown.viewer == "Cat" and question.shown.holder == "Ben"


def test_a_rule_the_table_judges_is_enforced_and_challenged_by_the_players(
        tmp_path: Path) -> None:
    """A trigger with `judged_by: table` (no condition): the referee takes the enforcer's
    word, and on a challenge asks the table after the challenger has seen the rule."""
    table = open_table(tmp_path, rules={"Cat": "someone-laughs"})
    table.ok("up 2h\np 5c")
    out = table.ok('enforce cat on ann "You laughed as you played."')
    assert "Ann -1 (broke Cat's rule)" in out
    table.ok("challenge ann")
    question = table.session.question()
    assert question is not None and question.shown is not None
    assert question.shown.viewer == "Ann" and "When you laugh" in question.shown.rule
    assert "only the table can judge" in question.shown.finding
    table.ok("rule upheld")
    assert table.scores == [-2, 0, 1]
