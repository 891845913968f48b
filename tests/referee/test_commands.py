"""The command language: short, forgiving forms; bad input gets one clear line and changes
nothing; undo is a new entry; views; scripts report failing lines by number."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import parse_card
from engine.errors import CardError
from engine.events import Voided
from engine.games.upnover.events import Played
from hrdeck.referee import commands as c
from hrdeck.referee.errors import CommandError
from hrdeck.referee.interactive import completions
from hrdeck.referee.tables import upnover as u
from tests.referee.helpers import open_table

NAMES = ("Ann", "Ben", "Cat")


@pytest.mark.parametrize(("line", "command"), [
    ("p 7h", u.Play(None, parse_card("7h"))),
    ("7h", u.Play(None, parse_card("7h"))),
    ("play ben 7h", u.Play(1, parse_card("7h"))),
    ("ben 7h", u.Play(1, parse_card("7h"))),
    ("p b 10s", u.Play(1, parse_card("10s"))),
    ("p as 11", u.Play(None, parse_card("As"), 11)),
    ("as 1", u.Play(None, parse_card("As"), 1)),
    ('p 7h "Captain Nemo"', u.Play(None, parse_card("7h"), said="Captain Nemo")),
    ("p 7h say thank you", u.Play(None, parse_card("7h"), said="thank you")),
    ("up 9c", u.TurnUp(None, parse_card("9c"))),
    ("u cat ad 11", u.TurnUp(2, parse_card("Ad"), 11)),
    ('enforce ann on ben rule cat "You did not salute."',
     c.Enforce(0, 1, 2, "You did not salute.")),
    ("e ann ben you didn't clap", c.Enforce(0, 1, None, "you didn't clap")),
    ("enforce ann on ben cat's rule no wink", c.Enforce(0, 1, 2, "no wink")),
    ("challenge ben", c.Challenge(1)),
    ("challenge ben 2", c.Challenge(1, 2)),
    ("challenge", c.Challenge(None)),
    ("rule upheld", c.Rule(True)),
    ("rule overturned it was a six", c.Rule(False, "it was a six")),
    ("trick CAT", u.Trick(2)),
    ("draw", u.Draw(None)),
    ("d cat 2", u.Draw(2, 2)),
    ("keep ann seven-played name-animal", c.Keep(0, "seven-played", "name-animal")),
    ("undo", c.Undo()),
    ("undo 12 yes", c.Undo(12, True)),
    ("reveal yes", c.Reveal(True)),
    ("timer on 5", c.Timer(5.0)),
    ("timer off", c.Timer(None)),
    ("history 5", c.History(5)),
    ("h", c.History()),
    ("s", c.Score()),
    ("turn", c.Turn()),
    ("q", c.Quit()),
])
def test_commands_are_read(line: str, command: c.Command) -> None:
    assert c.parse_command(line, NAMES, u.UP_N_OVER) == command


@pytest.mark.parametrize(("line", "message"), [
    ("histroy", 'Did you mean "history"?'),
    ("enforse ann on ben", 'Did you mean "enforce"?'),
    ("play bem 7h", 'Did you mean "Ben"?'),
    ("challenge dan", "There is no player called \"dan\""),
    ("p 7x", '"7x" is not a card'),
    ("11h", '"11h" is neither a command nor a card'),
    ("p as", "Say what the ace of spades counts: p As 1 or p As 11."),
    ("p 7h Captain Nemo", 'Put what the player said in quotes: p 7h "Captain Nemo".'),
    ("rule maybe", "is not a ruling"),
    ("timer on soon", "timer on 5"),
    ("p jk", "played without jokers"),
])
def test_bad_lines_say_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises((CommandError, CardError)) as caught:
        c.parse_command(line, NAMES, u.UP_N_OVER)
    assert message in str(caught.value)


def test_an_ambiguous_start_of_a_name_is_refused() -> None:
    with pytest.raises(CommandError, match='"b" could be Ben or Bea'):
        c.parse_command("p b 7h", ("Ann", "Ben", "Bea"), u.UP_N_OVER)


def test_bad_input_at_the_table_changes_nothing(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.fails("p 7h", "must first turn up a card")
    table.ok("up 9c\np 7h")
    table.fails("p 7h", "already on the table")
    table.fails("p ann 5d", "out of turn: it is Cat's turn")
    table.fails("challenge ben", "nothing for Ben to challenge")
    table.fails("challenge", "nothing to challenge")
    table.fails("rule upheld", "no challenge waiting")
    table.fails("trick ann", "works out who takes each trick")
    table.fails("enforce ann on cat for 9c", "turned up to open the trick")
    table.fails("enforce ann on cat for 2s", "not among the cards played")
    table.fails("p 8h 11", "only an ace has a declared value")
    table.ok("p 6d")  # 22: over, Ben takes it
    table.fails("up cat 2c", "Ben opens the next trick")
    table.ok("up 2c")
    table.fails("p 9c", "taken in an earlier trick (Ben's pile)")
    table.fails("keep ann 1 1", "before the first move")


def test_draws_a_rule_asks_for_are_recorded(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.fails("draw", "Who draws?")
    table.ok("up 9c\np 7h")
    out = table.ok("draw")  # whoever played the latest card
    assert "[6] Ben draws 1 card" in out and "Ben now holds 5 cards." in out
    out = table.ok("draw cat 2")
    assert "Cat now holds 7 cards." in out
    table.fails("draw ann 11", "draws 1 to 10 cards")
    hands = [len(hand) for hand in table.session.game.table.hands]  # type: ignore[union-attr]
    assert hands == [5, 5, 7]


def test_score_mode_refuses_cards(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    table.fails("draw ann", "keeps score only")
    table.fails("p 7h", "keeps score only")
    table.fails("up 9c", "keeps score only")
    table.fails("keep ann 1 1", "score mode")


def test_rules_are_kept_before_the_first_card(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    full = open_table(tmp_path / "full", rules={"Ann": "seven-played"})
    assert table.session.game.rules == [None, None, None]
    assert next(rule.trigger for rule in full.session.game.rules if rule) == "seven-played"
    fresh = open_table(tmp_path / "fresh", mode="full", name="x")
    # open_table kept every rule; a new session shows who still has to pick:
    from hrdeck.referee.session import Session
    from hrdeck.referee.tables import NewGame
    from tests.referee.helpers import rule_deck
    session = Session.create(fresh.store, NewGame(players=NAMES, deck=rule_deck()), name="y")
    assert session.next_step() == "Ann, Ben and Cat still to pick a secret rule: pick."
    outcome = session.execute(u.TurnUp(None, parse_card("9c")))
    assert outcome.error is not None and "still have to pick a secret rule" in outcome.error
    outcome = session.execute(c.Keep(0, "nonsense", "1"))
    assert outcome.error is not None and "was not dealt a trigger" in outcome.error
    assert "seven" not in outcome.error  # no secret dealt card is named


def test_undo_is_a_new_entry_and_asks_first(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.ok("up 9c\np 7h")
    entries = len(table.session.journal.entries)
    result = table.run("undo")
    assert result.failures and "Undo entry 5: Ben plays the seven of hearts?" in (
        result.failures[0][1]) and "undo yes" in result.failures[0][1]
    out = table.ok("undo yes")
    assert "[6] entry 5 is void (undo)" in out and "Ben to play; the sum is 9." in out
    journal = table.session.journal
    assert len(journal.entries) == entries + 1 and isinstance(journal.entries[-1], Voided)
    assert isinstance(journal.entries[5], Played)  # still there, never deleted
    table.ok("undo 6 yes")  # undoing the void brings entry 5 back
    assert table.session.game.table.total == 16  # type: ignore[union-attr]
    table.ok("undo yes")
    table.ok("p 7h")  # the card is free to play again
    history = table.ok("history")
    assert "Ben plays the seven of hearts — sum 16" in history
    assert "(undone by entry 8)" in history
    table.fails("undo 8 yes", "would no longer add up")  # the seven would be played twice
    table.fails("undo 99 yes", "There is no entry 99")


def test_views_need_no_journal_entry(tmp_path: Path) -> None:
    table = open_table(tmp_path, rules={"Ann": "seven-played"})
    table.ok("up 9c\np 7h")
    before = len(table.store.entries("t"))
    out = table.ok("score\nturn\nhistory 2\nhelp\nhelp enforce")
    assert "Cat to play; the sum is 16." in out
    assert "enforce WHO on WHOM [rule HOLDER]" in out
    assert len(table.store.entries("t")) == before
    result = table.run("peek ann\npick")
    assert len(result.failures) == 2 and "only work at the keyboard" in result.failures[0][1]
    out = table.ok("reveal yes")
    assert "seven-played" in out and "Ann's rule fired on Ben's 7h (entry 5)" in out


def test_reveal_audits_every_enforcement(tmp_path: Path) -> None:
    table = open_table(tmp_path, rules={"Ann": "seven-played", "Cat": "king-played"})
    table.ok('up 9c\np 7h\nenforce ann on ben "You did not name an animal."')
    table.ok('p 5h\nenforce ann on cat "You did not name an animal."\nchallenge cat')
    reveal = table.session.reveal()
    verdicts = [(row.number, row.verdict, row.challenge) for row in reveal.audit]
    assert verdicts == [(1, "right", "not challenged"), (2, "wrong", "overturned")]
    assert reveal.unenforced == ()


def test_turn_timer_warns_a_slow_player(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    now = [100.0]
    table.session.clock = lambda: now[0]
    table.ok("timer on 5\nup 9c")
    now[0] += 7.5
    assert table.session.overdue() == ("Ben", 7.5)
    out = table.ok("p 7h")
    assert "Ben took 7.5 s: longer than the 5-second limit." in out
    assert table.session.overdue() is None
    table.ok("timer off")
    now[0] += 60
    assert table.session.overdue() is None


def test_completion_knows_commands_names_and_words() -> None:
    assert completions([], "his", NAMES) == ["history"]
    assert completions([], "b", NAMES) == ["Ben"]
    assert completions(["enforce"], "", NAMES) == list(NAMES)
    assert completions(["enforce", "ann"], "o", NAMES) == ["on"]
    assert completions(["enforce", "ann", "on"], "c", NAMES) == ["Cat"]
    assert completions(["enforce", "ann", "on", "ben"], "", NAMES) == ["rule", "for"]
    assert completions(["enforce", "ann", "on", "ben", "for"], "n", NAMES) == ["none"]
    assert completions(["call", "ann"], "", NAMES) == ["on", *NAMES]
    assert completions(["call", "ann", "on", "ben"], "s", NAMES) == ["slow"]
    assert completions(["call", "ann", "ben"], "", NAMES) == ["slow", "turn"]
    assert completions(["enforce", "ann", "on", "ben", "rule"], "", NAMES) == list(NAMES)
    assert completions(["rule"], "o", NAMES) == ["overturned"]
    assert completions(["timer"], "", NAMES) == ["on", "off"]


def test_a_script_reports_failing_lines_and_goes_on(tmp_path: Path) -> None:
    table = open_table(tmp_path, mode="score")
    result = table.run("# a comment\ntrick ann\n\ntrick dan\ntrick ben\nfoo\ntrick cat")
    assert [number for number, _ in result.failures] == [4, 6]
    assert table.scores == [1, 1, 1]
    assert "line 4: There is no player called \"dan\"" in table.errors.getvalue()
    strict = table.run("trick ann\nbad\ntrick ben", strict=True)
    assert [number for number, _ in strict.failures] == [2] and table.scores == [2, 1, 1]
