"""Joker's Secret is refereed as the plain game unless a deck of secret rules is given: no
rule to keep, no points, no rounds, no score column, and the first player out of cards wins
however many burns anyone made (the seed). `--mode score` and a deck of player aids give the
plain game too. With `--deck decks/jokers-secret-rules.yaml` secret rules go on top, won as
the rulebook of that deck says, with the rulebook's target by default."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import parse_card
from engine.errors import IllegalActionError
from engine.events import Enforced
from engine.games.jokers_secret.events import Played, StartCardHeld
from engine.games.jokers_secret.game import JokersSecretGame, new_game
from engine.journal import Journal
from generator.deck import load_deck
from generator.rulebook.jokers_secret.context import book_for
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame, find_table
from tests.referee.helpers import ROOT, Table
from tests.referee.test_jokers_secret_table import ENDGAME, RUNS, rules

RULES = ROOT / "decks" / "jokers-secret-rules.yaml"
AIDS = ROOT / "decks" / "jokers-secret.yaml"
FACE_UP = "9c 9d 9h / 4c 4d 4h"


def referee(*args: str, script: str, db: Path) -> subprocess.CompletedProcess[str]:
    """The real `python -m hrdeck.referee`, a script on its standard input."""
    env = {**os.environ, "HRDECK_DB": str(db), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "hrdeck.referee", *args, "--script", "-"],
                          cwd=ROOT, env=env, input=script, text=True, capture_output=True,
                          timeout=60, check=False)


def new_plain(*args: str, script: str, db: Path) -> subprocess.CompletedProcess[str]:
    return referee("new", "--game", "jokers-secret", "--players", "Ann,Ben", "--face-up",
                   FACE_UP, *args, script=script, db=db)


def test_the_plain_game_is_the_default_and_only_going_out_wins(tmp_path: Path) -> None:
    """Twelve burns go by (Ben makes five of them, enough to win twice over with points) and
    nobody scores or wins by them: Ann wins when her last card goes."""
    done = new_plain(script="ann\n" + RUNS + ENDGAME, db=tmp_path / "r.sqlite3")
    assert done.returncode == 0, done.stderr
    shown = done.stdout
    assert "(the plain game: the first player out of cards wins; face up: Ann 9♣ 9♦ 9♥" in shown
    assert shown.lower().count("burn!") == 12
    for never in ("point", "Round", "secret rule", "to pick", "kept", "target"):
        assert never not in shown, never
    assert "[29] Ann flips face-down card 3: the two of clubs\n    Ann has no cards left: Ann " \
           "wins the game!" in shown
    board = shown[shown.index("game-1 · full"):]
    assert board.startswith("game-1 · full · first out of cards wins · 30 entries")
    header = board.splitlines()[1]
    assert header.split() == ["┃", "player", "┃", "hand", "┃", "face-up", "┃", "face-down"]
    assert "The game is over: Ann played their last card first and won." in board


def test_score_mode_and_a_deck_of_player_aids_give_the_plain_game(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    for how in (("--mode", "score"), ("--deck", str(AIDS))):
        done = new_plain(*how, script="ann\np 5h\n", db=db)
        assert done.returncode == 0, (how, done.stderr)
        assert "the plain game: the first player out of cards wins" in done.stdout, how
        assert "Ann plays the five of hearts" in done.stdout, how
        assert "score" not in done.stdout.split("\n", 2)[1], how
    aids_alone = referee("new", "--players", "Ann,Ben", "--deck", str(AIDS), script="",
                         db=db)  # the deck names its game
    assert aids_alone.returncode == 0, aids_alone.stderr
    assert "the plain game" in aids_alone.stdout


def test_secret_rules_on_top_only_from_a_deck_of_them_and_won_as_its_rulebook_says(
        tmp_path: Path) -> None:
    """The rulebook of the rules deck: a lone leader at the target when a burn ends a round
    wins; the referee's default target is that book's."""
    book = book_for(load_deck(RULES))
    assert book.triggers and all(find_table("jokers-secret").default_target(players)
                                 == book.rules.target for players in range(2, 6))
    done = new_plain("--deck", str(RULES), "--seed", "2",
                     script="keep ann 1 1\nkeep ben 1 1\nann\n" + RUNS, db=tmp_path / "r.sqlite3")
    shown = done.stdout
    assert f"(with secret rules, target {book.rules.target}; face up" in shown
    assert "Ben +1 (burned the pile): 1 point.\n    Round 1 is over." in shown
    assert ("Ben +1 (burned the pile): 3 points.\n    Round 5 is over.\n    Ben wins the game "
            "with 3 points!") in shown
    assert "game-1 · full · round 5 · first to 3 or first out of cards" in shown
    assert done.returncode == 1 and "The game is over: Ben won." in done.stderr  # the rest


def test_the_plain_game_refuses_what_only_secret_rules_and_points_give(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite3")
    session = Session.create(store, NewGame(players=("Ann", "Ben"), game="jokers-secret"),
                             name="plain")
    table = Table(session, store, io.StringIO(), io.StringIO())
    assert session.missing_rules() == [] and session.deck is None
    for line in ("enforce ann on ben", "call ann on ben turn", "keep ann 1 1", "reveal yes",
                 "timer on", "challenge ben", "peek ann"):
        table.fails(line, "this is the plain game, without secret rules or points")
    help_text = table.ok("help")
    assert "enforce" not in help_text and "WHO | nobody" in help_text
    table.ok("ann\np ann 7c")
    table.fails("p ann 8c", "Ann cannot play out of turn: it is Ben's turn. The cards go back "
                            "to Ann's hand.")
    with pytest.raises(RefereeError, match="The plain game of Joker's Secret has no points, so "
                                           "no target"):
        Session.create(store, NewGame(players=("Ann", "Ben"), game="jokers-secret", target=5),
                       name="aimed")
    with_rules = Session.create(store, NewGame(players=("Ann", "Ben"), game="jokers-secret",
                                               deck=rules(), target=5), name="rules")
    assert with_rules.game.target == 5 and with_rules.missing_rules() == [0, 1]


def test_the_plain_game_in_the_engine_scores_nothing_and_counts_no_rounds() -> None:
    """Clarification plain-game: four threes burn, and nothing but the cards moves."""
    journal = Journal(new_game(["Ann", "Ben"], seed=1, mode="table"))
    game = journal.game
    assert isinstance(game, JokersSecretGame) and game.is_plain
    journal.record(StartCardHeld(card=parse_card("3c"), player=0))
    journal.record(Played(player=0, cards=tuple(parse_card(c) for c in ("3c", "3d", "3h"))))
    journal.record(Played(player=1, cards=(parse_card("3s"),)))
    assert game.table.burns == 1 and game.rounds == 0 and game.scores == [0, 0]
    with pytest.raises(IllegalActionError, match="no rule to enforce"):
        journal.record(Enforced(enforcer=0, violator=1, holder=0, hint="said nothing"))
    with pytest.raises(IllegalActionError, match="no rule to keep"):
        game.verify_choose_rule(0, "t1", "a1")
