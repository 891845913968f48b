"""What the Rule?! at the referee's table in the players' own words (issue 23): the master's
rule and each guess may be said in plain words; the referee says back how it read a guess
before judging it, shows the master alone how it read their rule, refuses a phrase it
cannot read with the closest phrasings it knows (nothing is recorded), and keeps the words
said in the journal beside the rule it judged by."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from engine.games.what_the_rule.events import Guessed, RoundLed
from engine.games.what_the_rule.words import NOT_READ
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame
from hrdeck.referee.tables.what_the_rule.verbs import Lead
from tests.referee.helpers import ROOT, Table


def open_game(tmp_path: Path) -> Table:
    store = Store(tmp_path / "referee.sqlite3")
    session = Session.create(store, NewGame(players=("Ann", "Ben", "Cat"), game="what-the-rule",
                                            mode="full", target=3, seed=5), name="words")
    return Table(session, store, io.StringIO(), io.StringIO())


def last(table: Table) -> object:
    return table.session.journal.entries[-1]


def test_a_guess_in_plain_words_is_said_back_then_judged(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.ok("lead: no circles")
    led = last(table)
    assert isinstance(led, RoundLed)
    assert led.rule == 'card.shape != "circle"' and led.said == "no circles"
    table.ok("w3ft")
    table.fails("guess nice cards", f'{NOT_READ}: it does not know the word "nice". The '
                                    "closest phrasings I know:")
    table.fails("guess hexagons only", "The closest phrasings I know: ")
    said = table.ok("guess just white ones")
    guessed = last(table)
    assert isinstance(guessed, Guessed)
    assert guessed.rule == 'card.colour == "white"' and guessed.said == "just white ones"
    assert 'Ben guesses "just white ones" (read as card.colour == "white")' in said
    assert "Understood as: only white cards. Not Ann's rule." in said
    assert said.count("just white ones") == 1  # heard once, not twice
    table.ok("b2ft")                          # Cat
    said = table.ok('guess card.shape == "triangle" or card.shape == "square"')
    assert "Cat guesses \"" not in said and "Right! That is Ann's rule" in said  # rule language
    assert ('Ann\'s rule was "no circles" — read as: no cards with circles (card.shape != '
            '"circle")') in said


def test_a_word_a_phrase_begins_with_is_not_taken_for_a_player(tmp_path: Path) -> None:
    table = open_game(tmp_path)   # "a" and "no" could begin Ann's and Noa's names
    table.ok("lead: only triangles")
    table.ok("w3ft")
    said = table.ok("guess a card with triangles only")
    guessed = last(table)
    assert isinstance(guessed, Guessed) and guessed.player == 1
    assert "Right!" in said
    assert table.session.game.scores[1] > 0


def test_the_master_types_a_phrase_in_private_and_alone_sees_how_it_was_read(
        tmp_path: Path) -> None:
    table = open_game(tmp_path)
    ask = table.session.execute(Lead()).private
    assert ask is not None and ask.check is not None and ask.shown is not None
    problem = ask.check("nice cards")
    assert problem is not None and problem.startswith(NOT_READ)
    assert ask.check("two blacks then two whites") is None
    assert ask.shown("two blacks then two whites") == (
        "Your rule, read as: two black cards then two white cards, and so on; any card may "
        "start the row\n\nThe referee judges by: first or position % 2 == 1 and card.colour "
        "!= previous.colour or position % 2 == 0 and card.colour == previous.colour")
    outcome = table.session.execute(ask.answer("two blacks then two whites"))
    assert outcome.error is None and outcome.changed
    led = last(table)
    assert isinstance(led, RoundLed) and led.said == "two blacks then two whites"
    assert all("black" not in line.text for line in outcome.lines)  # the table hears none


def test_a_rule_in_the_rule_language_is_taken_as_it_is(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.ok("lead: first or card.colour != previous.colour")
    led = last(table)
    assert isinstance(led, RoundLed) and not led.said
    assert led.rule == "first or card.colour != previous.colour"


def test_a_master_judging_in_person_hears_the_guess_as_said(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.ok("lead judge")
    table.ok("w3ft fits")
    table.ok("guess wrong: nice cards")     # the master's words: nothing is read
    guessed = last(table)
    assert isinstance(guessed, Guessed) and guessed.rule == "nice cards" and not guessed.said


def test_the_referee_process_reads_phrases_and_keeps_them_on_resume(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    env = {"COLUMNS": "200", "PYTHONPATH": str(ROOT), "HRDECK_DB": str(db)}

    def referee(*args: str, lines: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "hrdeck", "referee", *args, "--script",
                               "-", "--db", str(db)], input=lines, capture_output=True,
                              text=True, cwd=ROOT, timeout=120, env=env)

    started = referee("new", "--game", "what-the-rule", "--players", "Ann,Ben,Cat",
                      "--session", "words", lines="lead: just black ones\nb1fc\n"
                                                  "guess pretty ones only\n"
                                                  "guess only filled cards\n")
    assert "line 3: I could not read that as a rule" in started.stdout + started.stderr
    assert ('Ben guesses "only filled cards" (read as card.fill == "filled")\n'
            "    Understood as: only cards with filled shapes. Not Ann's rule.") in started.stdout
    resumed = referee("resume", "words", lines="history\n")
    assert resumed.returncode == 0, resumed.stderr
    assert 'Ben guesses "only filled cards" (read as card.fill == "filled")' in resumed.stdout
