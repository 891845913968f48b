"""Who starts Joker's Secret at the referee: the referee never sees who holds the 3 of clubs,
so before play it asks the table (a name, or nobody to go on to the next start card), takes
what it can see face up as the answer, journals every answer (undo, resume), and refuses an
opening from anyone but the player the answers name."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import parse_card
from engine.errors import IllegalActionError
from engine.events import GameStarted
from engine.games.jokers_secret.events import Played, StartCardHeld
from engine.games.jokers_secret.game import JokersSecretGame, new_game
from engine.games.jokers_secret.real_cards import TableShedding
from engine.games.jokers_secret.shedding import START_ORDER
from engine.journal import Journal
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame
from tests.referee.helpers import ROOT, Table
from tests.referee.test_jokers_secret_table import rules


def referee(*args: str, script: str, db: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HRDECK_DB": str(db), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "hrdeck.referee", *args, "--script", "-"],
                          cwd=ROOT, env=env, input=script, text=True, capture_output=True,
                          timeout=60, check=False)


def plain_table(tmp_path: Path, face_up: tuple[tuple[str, ...], ...] = ()) -> Table:
    store = Store(tmp_path / "r.sqlite3")
    session = Session.create(store, NewGame(players=("Ann", "Ben", "Cat"), game="jokers-secret",
                                            face_up=face_up), name="js")
    return Table(session, store, io.StringIO(), io.StringIO())


def shedding(table: Table) -> TableShedding:
    game = table.session.game
    assert isinstance(game, JokersSecretGame) and isinstance(game.table, TableShedding)
    return game.table


def test_the_referee_asks_who_holds_the_lowest_club_and_only_they_open(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    script = "p ann 5h\nnobody\nnobody\nben\np cat 9s\np ann 9s\nundo yes\ncat\np 9s\n"
    done = referee("new", "--game", "jokers-secret", "--players", "Ann,Ben,Cat", script=script,
                   db=db)
    out, err = done.stdout, done.stderr
    assert ("line 1: Who starts? First say who holds the three of clubs, in hand or face up: "
            "type the name of who holds it, or nobody.") in err
    assert ("[1] Nobody holds the three of clubs (in hand or face up)\n    Who holds the four "
            "of clubs, in hand or face up? Type their name, or nobody") in out
    assert "[2] Nobody holds the four of clubs (in hand or face up)" in out
    assert ("[3] Ben holds the five of clubs (in hand or face up)\n    Ben starts: Ben holds "
            "the five of clubs, and nobody holds any start card before it (from the three of "
            "clubs on).") in out
    for line in (5, 6):
        assert (f"line {line}: Ben starts, not {'Cat' if line == 5 else 'Ann'}: Ben holds the "
                "five of clubs, and nobody holds any start card before it") in err
    assert "Entry 3 no longer counts: Ben holds the five of clubs" in out  # the undo
    assert "[5] Cat holds the five of clubs (in hand or face up)" in out
    assert "[6] Cat plays the nine of spades" in out
    assert done.returncode == 1 and "3 line(s) failed: 1, 5, 6." in err
    resumed = referee("resume", "game-1", script="history\n", db=db)
    assert "Resuming game-1: 7 entries." in resumed.stdout
    assert "3  Ben holds the five of clubs (in hand or face up)" in resumed.stdout
    assert "Ann to play on the 9♠" in resumed.stdout


def test_a_card_seen_face_up_answers_for_itself(tmp_path: Path) -> None:
    """Clarification start-asked: the referee never asks what it can see, nor contradicts
    it."""
    table = plain_table(tmp_path, face_up=(("9c", "9d", "9h"), ("3c", "4d", "4h"),
                                           ("5c", "5d", "5h")))
    assert shedding(table).asked() is None
    assert table.session.next_step().endswith(
        "Ben starts: the three of clubs lies face up in front of Ben. Type the first play: "
        "p CARDS.")
    table.fails("nobody", "Who starts is already settled: Ben, with the three of clubs")
    table.fails("p cat 7s", "Ben starts, not Cat: the three of clubs lies face up in front of "
                            "Ben.")
    assert "[1] Ben plays the seven of spades" in table.ok("p 7s")


def test_a_club_face_up_settles_once_nobody_holds_the_lower_ones(tmp_path: Path) -> None:
    table = plain_table(tmp_path, face_up=(("9c", "9d", "9h"), ("4c", "4d", "4h"),
                                           ("5c", "5d", "5h")))
    assert shedding(table).asked() == parse_card("3c")  # it may be in a hand: asked
    assert table.session.to_act() is None
    shown = table.ok("nobody")
    assert ("Ben starts: the four of clubs lies face up in front of Ben, and nobody holds the "
            "three of clubs.") in shown
    assert table.session.to_act() == (1, "play")


def test_a_swap_keeps_a_card_with_its_player_so_answers_hold(tmp_path: Path) -> None:
    table = plain_table(tmp_path)
    table.ok("swap ann 3c 9d")  # the 3 of clubs shows itself, face up in front of Ann
    assert shedding(table).asked() is None and shedding(table).start_player_seat == 0
    table.ok("undo yes")
    table.ok("ben")  # now said before any swap
    table.fails("swap ann 3c 9d", "The table said Ben holds the three of clubs in hand or "
                                  "face up, so Ann cannot have it. If that answer was wrong, "
                                  "undo it")
    table.ok("swap ben 3c 9d")
    table.fails("p ann 3c", "Ben starts, not Ann")


def test_nobody_holding_a_club_goes_on_to_the_diamonds() -> None:
    """Clarification start-card: all thirteen clubs in the draw pile or face down, the
    diamonds are asked next, from the 3 up."""
    journal = Journal(new_game(["Ann", "Ben"], seed=1, mode="table"))
    game = journal.game
    assert isinstance(game, JokersSecretGame) and isinstance(game.table, TableShedding)
    clubs = START_ORDER[:13]
    assert [card.code for card in clubs[-2:]] == ["Ac", "2c"]
    for club in clubs:
        assert game.table.asked() is club
        journal.record(StartCardHeld(card=club, player=None))
    assert game.table.asked() == parse_card("3d")
    with pytest.raises(IllegalActionError, match="question is who holds the three of diamonds"):
        journal.record(StartCardHeld(card=parse_card("4d"), player=1))
    journal.record(StartCardHeld(card=parse_card("3d"), player=1))
    with pytest.raises(IllegalActionError, match="Ben starts, not Ann: Ben holds the three of "
                                                 "diamonds, and nobody holds any start card"):
        journal.record(Played(player=0, cards=(parse_card("7h"),)))
    with pytest.raises(IllegalActionError, match="The table said nobody holds the ace of clubs"):
        journal.record(Played(player=1, cards=(parse_card("Ac"),)))
    journal.record(Played(player=1, cards=(parse_card("7h"),)))
    with pytest.raises(IllegalActionError, match="who starts was settled"):
        journal.record(StartCardHeld(card=parse_card("4d"), player=0))


def test_nobody_cannot_be_the_answer_for_every_card() -> None:
    journal = Journal(new_game(["Ann", "Ben"], seed=1, mode="table"))
    for card in START_ORDER[:42]:  # 54 cards, 12 of them in hand or face up: 10 not jokers
        journal.record(StartCardHeld(card=card, player=None))
    with pytest.raises(IllegalActionError, match=r"Nobody\? Each player holds 6 cards in hand "
                                                 r"and face up, so someone holds the"):
        journal.record(StartCardHeld(card=START_ORDER[42], player=None))


def test_a_journal_from_before_the_referee_asked_still_starts_with_the_first_move() -> None:
    """Its setup has no start question: whoever moved first started, as then."""
    old = GameStarted(game="jokers-secret", players=("Ann", "Ben"), seed=1, hand_size=3,
                      mode="table")
    journal = Journal(old)
    journal.record(Played(player=1, cards=(parse_card("7h"),)))
    game = journal.game
    assert isinstance(game, JokersSecretGame) and game.table.start_player_seat == 1
    with pytest.raises(IllegalActionError, match="does not ask who starts"):
        game.verify_name_holder(parse_card("3c"), 0)


def test_with_secret_rules_nobody_plays_out_of_turn_before_the_starter_is_known(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite3")
    session = Session.create(store, NewGame(players=("Ann", "Ben"), game="jokers-secret",
                                            deck=rules()), name="js")
    table = Table(session, store, io.StringIO(), io.StringIO())
    table.ok("keep ann 1 1\nkeep ben 1 1")
    table.fails("call ann on ben turn", "Nobody has a turn yet: first the table says who "
                                        "holds the three of clubs")
    table.ok("ben")
    table.fails("call ann on ben turn", "It is Ben's turn")
    assert "Ann -1 (played out of turn)" in table.ok("call ben on ann turn")
