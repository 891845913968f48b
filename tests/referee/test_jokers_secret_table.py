"""Joker's Secret at the referee's table, with real cards: a whole two-player game typed in
from the first play to a winner, an undone burn, refused plays that change nothing and say
why, a joker's swap kept private, who starts, resume, export and help; and the engine's
real-card table underneath (unseen cards standing in, seen ones refused, the counts of the
rule of three, flips that say what turned up)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.cards import Card, parse_card, parse_cards
from engine.errors import ConfigError, IllegalActionError
from engine.events import event_to_dict
from engine.games.jokers_secret.events import (
    Flipped,
    JokerPlayed,
    PickedUp,
    Played,
    StartCardHeld,
)
from engine.games.jokers_secret.game import JokersSecretGame, new_game
from engine.games.jokers_secret.real_cards import TableShedding
from engine.games.registry import decode_entries
from engine.journal import Journal, replay
from hrdeck.referee.cli import referee_app
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.exporting import read_export
from hrdeck.referee.rule_deck import RuleDeck, load_rule_deck
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame
from tests.referee.helpers import ROOT, Table

RULES = ROOT / "decks" / "jokers-secret-rules.yaml"
FACE_UP = (("9c", "9d", "9h"), ("4c", "4d", "4h"))

# Nine ranks go by as four of a kind: three at once, then the fourth burns and its player
# goes again. The 36 cards drawn meanwhile empty the draw pile.
RUNS = """
p ann 3c 3d 3h
3s
5c 5d 5h
5s
6c 6d 6h
6s
7c 7d 7h
7s
8c 8d 8h
8s
jc jd jh
js
qc qd qh
qs
kc kd kh
ks
ac ad ah
as
"""
# Then the last hands, the face-up rows and Ann's face-down cards: she goes out first.
ENDGAME = """
joker rj peek 1 swap 2h
p 2d
p 2s
p 9s
p 10h 10s
p 9c 9d 9h
pick up
flip 1 10c
flip 2 10d
flip 3 2c
"""

runner = CliRunner()


def cards(text: str) -> list[Card]:
    return parse_cards(text, jokers=True)


def rules() -> RuleDeck:
    return load_rule_deck(RULES)


def open_game(tmp_path: Path, *, face_up: tuple[tuple[str, ...], ...] = FACE_UP,
              starter: str = "ann") -> Table:
    """Ann and Ben at a new game with secret rules (ten points win, so going out decides),
    rules kept, and the table's answer to who holds the 3 of clubs (`starter`: none if "")."""
    store = Store(tmp_path / "referee.sqlite3")
    session = Session.create(store, NewGame(players=("Ann", "Ben"), game="jokers-secret",
                                            seed=2, target=10, deck=rules(),
                                            face_up=face_up), name="js")
    table = Table(session, store, io.StringIO(), io.StringIO())
    table.ok("keep ann 1 1\nkeep ben 1 1\n" + starter)
    return table


def shedding(table: Table) -> TableShedding:
    game = table.session.game
    assert isinstance(game, JokersSecretGame) and isinstance(game.table, TableShedding)
    return game.table


# -- at the referee -------------------------------------------------------------------------------


def test_a_whole_game_is_typed_in_from_the_first_play_to_a_winner(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    assert "Ann starts: Ann holds the three of clubs" in table.session.next_step()
    shown = table.ok(RUNS)
    assert "[4] Ann plays 3 threes\n    Ann draws 3. Ben to play on the 3♥." in shown
    assert ("Four threes: burn! Ben draws 1. Ben goes again and plays on an empty pile.\n"
            "    Ben +1 (burned the pile): 1 point.") in shown
    assert "Four aces: burn! Ben draws 1: the draw pile is empty." in shown
    assert not shedding(table).draw_pile and [len(h) for h in shedding(table).hands] == [3, 3]
    shown = table.ok(ENDGAME)
    for said in (
            "[22] Ben plays the red joker, peeks at face-down card 1 and swaps a hand card with "
            "it\n    The pile stays as it was. Ann to play on an empty pile.",
            "Reset: anything goes on a 2. Ben to play on the 2♦: anything goes.",
            "Reset, and Ann is skipped. Ben goes again and plays on the 2♠: anything goes.",
            "Burn! Ann goes again and plays from the face-up row on an empty pile.",
            "Ben to play from the face-up row on the 9♥.",
            "[28] Ben picks up the pile\n    Ben picks up 3 cards. Ann to flip a face-down "
            "card, on an empty pile (flip PLACE CARD).",
            "[29] Ann flips face-down card 1: the ten of clubs\n    Burn! Ann goes again and "
            "flips a face-down card",
            "[31] Ann flips face-down card 3: the two of clubs\n    Ann has no cards left: Ann "
            "wins the game!"):
        assert said in shown, said
    game = table.session.game
    assert game.winner == 0 and game.scores == [7, 5]  # a point a burn; going out wins
    board = table.ok("score")
    assert "Ann has no cards left · face up: none" in board
    assert "Ben plays from the hand · face up: 4♣ 4♦ 4♥" in board
    assert "Pile: 2♣ (1 card) · draw pile: 0 · burned: 43" in board
    history = table.ok("history 4")
    assert "28  Ben picks up the pile — 3 cards" in history
    assert "30  Ann flips face-down card 2: the ten of diamonds — burn!" in history
    table.fails("p ben 4c", "the game is over")
    resumed, dropped = Session.resume(table.store, "js")  # the journal replays to the same
    assert not dropped and resumed.game.snapshot() == game.snapshot()


def test_an_undone_burn_puts_the_pile_back(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.ok("p ann 3c 3d 3h\n3s")
    assert shedding(table).turn == 1 and table.scores == [0, 1]
    shown = table.ok("undo yes")
    assert "Entry 5 no longer counts: Ben plays the three of spades." in shown
    assert "Ben: 1 → 0" in shown and "Ben to play on the 3♥, or pick up." in shown
    after = shedding(table)
    assert after.pile == cards("3c 3d 3h") and len(after.draw_pile) == 33
    assert "Pile: 3♣ 3♦ 3♥ (3 cards) · draw pile: 33 · burned: 0" in table.ok("score")
    table.ok("3s")  # and again
    assert shedding(table).burned == cards("3c 3d 3h 3s") and table.stored_scores() == [0, 1]


def test_refused_plays_change_nothing_and_say_why(tmp_path: Path) -> None:
    table = open_game(tmp_path, starter="")
    table.fails("p 5h", "Who starts? First say who holds the three of clubs")
    table.fails("p ann 5h", "Who starts? First say who holds the three of clubs")
    table.ok("ann\np ann 7c 7d")
    table.fails("p 5h", "The five of hearts cannot go on the seven of diamonds")  # lower
    table.fails("p 8h 9s", "must all be of one rank")                          # mixed ranks
    table.fails("p ben 4c", "not in the hand. Face-up cards are played once")  # face up early
    table.fails("p 7c", "The seven of clubs is on the discard pile")           # seen already
    table.fails("p 9c", "lies face up in front of Ann")
    table.fails("p 8h 8d 8s 8c", "only 3 cards in Ben's hand, not 4")
    table.fails("p ann 8h", "Ann cannot play out of turn: it is Ben's turn")
    table.fails("flip 1 8h", "only once the hand and the face-up row are empty")
    table.fails("swap ben 8h 4c", "only before the first card is played")
    table.fails("p 8x", '"8x" is not a card')


def test_a_joker_swap_is_checked_and_never_shown(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.ok("p ann 5c")
    table.fails("joker rj peek 2 swap 5c", "on the discard pile")
    table.fails("joker bj peek 4 swap 8h", "1 to 3 from the left")
    shown = table.ok("joker rj peek 2 swap 8h") + table.ok("score") + table.ok("history")
    assert "Ben plays the red joker, peeks at face-down card 2 and swaps a hand card with it" in (
        shown)
    for said in ("8h", "eight of hearts", "8♥"):
        assert said not in shown  # typed once, never repeated
    assert shedding(table).face_down[1][1] == parse_card("8h")
    table.ok("p ann 6c")
    table.fails("p ben 8h", "somewhere the referee knows, out of reach")
    assert "Ann is skipped. Ben draws 1. Ben goes again and plays on the 6♦." in table.ok(
        "p ben 6d")


def test_the_player_to_start_is_the_one_the_known_cards_name(tmp_path: Path) -> None:
    table = open_game(tmp_path, face_up=(("9c", "9d", "9h"), ("3c", "4d", "4h")), starter="")
    table.fails("ann", "Who starts is already settled: Ben, with the three of clubs")
    assert table.session.next_step().endswith(
        "Ben starts: the three of clubs lies face up in front of Ben. Type the first play: "
        "p CARDS.")  # the referee asks nothing it can see
    table.fails("p ann 5h", "Ben starts, not Ann: the three of clubs lies face up in front of Ben")
    table.fails("p 3c", "not in the hand. Face-up cards are played once")
    shown = table.ok("swap ann 8s 9c\np 5h")  # swaps first; then Ben, without his name
    assert "Ann's face-up row: 8♠ 9♦ 9♥." in shown and "[4] Ben plays the five of hearts" in shown
    assert shedding(table).start_player_seat == 1 and shedding(table).turn == 0


def test_face_up_rows_not_typed_in_are_learned_as_they_are_played(tmp_path: Path) -> None:
    table = open_game(tmp_path, face_up=())
    table.ok("swap ann 7h kd")
    learned = shedding(table)
    assert learned.face_up[0][0] == parse_card("7h") and parse_card("kd") in learned.hands[0]
    assert "Ann plays from the hand · face up: 7♥ + 2 not typed in" in table.ok("score")
    table.fails("swap ben 5s 7h", "lies face up in front of Ann")


def test_a_new_game_is_set_up_or_refused_in_sentences(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite3")

    def new(face_up: tuple[tuple[str, ...], ...] = FACE_UP, mode: str = "full",
            fewer_cards: bool = False) -> None:
        Session.create(store, NewGame(players=("Ann", "Ben"), game="jokers-secret", mode=mode,
                                      fewer_cards=fewer_cards, face_up=face_up,
                                      deck=rules() if mode == "full" else None), name="bad")

    with pytest.raises(RefereeError, match="variant of Up 'N Over"):
        new(fewer_cards=True)
    with pytest.raises(RefereeError, match="a face-up row for each of the 2 players"):
        new(face_up=(("9c", "9d", "9h"),))
    with pytest.raises(RefereeError, match="Ben's face-up row: \"4x\" is not a card"):
        new(face_up=(("9c", "9d", "9h"), ("4c", "4x", "4h")))
    with pytest.raises(RefereeError, match="Ann's face-up row is 3 cards, not 2"):
        new(face_up=(("9c", "9d"), ("4c", "4d", "4h")))
    with pytest.raises(ConfigError, match="nine of clubs is typed twice"):
        new(face_up=(("9c", "9d", "9h"), ("4c", "9c", "4h")))
    assert store.sessions() == []


# -- hrdeck referee, as a table uses it -----------------------------------------------------------


def test_a_game_is_resumed_after_closing_and_exported(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.ok(RUNS + "quit\n")
    db = tmp_path / "referee.sqlite3"
    resumed = runner.invoke(referee_app, ["resume", "js", "--script", "-", "--json", "--db",
                                          str(db)], input=ENDGAME, env={"COLUMNS": "200"})
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming js: 22 entries." in resumed.stderr
    assert "Ann has no cards left: Ann wins the game!" in resumed.stderr
    state = json.loads(resumed.stdout)
    assert state["winner"] == "Ann" and state["over"] is True and state["scores"] == [7, 5]
    assert state["hand"] == [0, 3] and state["face-up"] == [0, 3] and state["face-down"] == [0, 3]
    exported = runner.invoke(referee_app, ["export", "js", "--db", str(db)])
    assert exported.exit_code == 0, exported.output
    entries = read_export(exported.stdout, "json")
    assert entries == Session.resume(Store(db), "js")[0].journal.entries
    setup = json.loads(exported.stdout)["entries"][0]
    assert setup["mode"] == "table" and setup["deck"] == ["9c", "9d", "9h", "4c", "4d", "4h"]
    assert entries[-1] == Flipped(player=0, slot=2, card=parse_card("2c"))


def test_help_lists_the_game_s_verbs_and_the_command_starts_a_game(tmp_path: Path) -> None:
    script = "help\nhelp flip\nkeep ann 1 1\nkeep ben 1 1\nann\np ann 3c\npick up\n"
    started = runner.invoke(referee_app, [
        "new", "--game", "jokers-secret", "--players", "Ann,Ben", "--deck", str(RULES),
        "--seed", "2", "--script", "-", "--db", str(tmp_path / "r.sqlite3")], input=script,
        env={"COLUMNS": "200"})
    assert started.exit_code == 0, started.output
    shown = started.stdout
    for verb in ("play [WHO] CARD [CARD ...]", "pickup [WHO]", "pick up [WHO]",
                 "flip [WHO] PLACE CARD", "joker [WHO] [rj|bj] [peek PLACE [swap CARD]]",
                 "swap [WHO] HAND-CARD FACE-UP-CARD", "enforce WHO on WHOM"):
        assert verb in shown, verb
    assert "the face-up rows were not typed in: the referee learns them" in shown
    assert "[4] Ann plays the three of clubs" in shown
    assert "[5] Ben picks up the pile\n    Ben picks up 1 card. Ann to play on an empty pile." in (
        shown)


# -- the engine's real-card table -----------------------------------------------------------------


def test_unseen_cards_stand_in_and_the_counts_follow_the_rule_of_three() -> None:
    journal = Journal(new_game(["Ann", "Ben"], seed=1, mode="table",
                               deck=tuple(cards("9c 9d 9h 4c 4d 4h"))))
    journal.record(StartCardHeld(card=parse_card("3c"), player=0))

    def table() -> TableShedding:
        game = journal.game
        assert isinstance(game, JokersSecretGame) and isinstance(game.table, TableShedding)
        return game.table

    assert table().snapshot()["hands"] == [["??"] * 3] * 2 and len(table().draw_pile) == 36
    journal.record(Played(player=0, cards=tuple(cards("5h 5d"))))
    assert len(table().hands[0]) == 3 and (len(table().draw_pile), table().drawn) == (34, 2)
    journal.record(PickedUp(player=1))                     # known cards into Ben's hand
    assert table().hands[1][-2:] == cards("5h 5d") and table().taken == 2
    with pytest.raises(IllegalActionError, match="went into Ben's hand"):
        journal.record(Played(player=0, cards=tuple(cards("5h"))))
    journal.record(Played(player=0, cards=tuple(cards("2c"))))
    with pytest.raises(IllegalActionError, match="only by a player who cannot play"):
        journal.record(PickedUp(player=1))                 # Ben's known fives go on a 2
    journal.record(Played(player=1, cards=tuple(cards("5h 5d"))))
    assert len(table().hands[1]) == 3 and table().drawn == 0  # five cards, two played
    journal.record(JokerPlayed(player=0, joker=cards("bj")[0], peek=0, swap=parse_card("js")))
    assert table().face_down[0][0] == parse_card("js") and table().known[0] == {0}
    with pytest.raises(IllegalActionError, match="The nine of clubs lies face up"):
        journal.record(JokerPlayed(player=1, joker=cards("rj")[0], peek=0,
                                   swap=parse_card("9c")))
    entries = decode_entries([event_to_dict(entry) for entry in journal.entries])
    assert replay(entries).snapshot() == journal.game.snapshot()


def test_a_flip_says_what_turned_up() -> None:
    table = TableShedding(players=2, names=("Ann", "Ben"),
                          face_up=tuple(cards("9c 9d 9h 4c 4d 4h")))
    table.hands, table.face_up[0], table.draw_pile = [[], cards("8s")], [], []
    table.face_down[0][1] = parse_card("2h")  # put there by a joker's swap
    table.pile, table.started = cards("7s 8d"), True
    with pytest.raises(IllegalActionError, match=r"Which card turned up\? .*: flip 1 7h\."):
        table.verify_flip(0, 0)
    with pytest.raises(IllegalActionError, match="eight of diamonds is on the discard pile"):
        table.verify_flip(0, 0, parse_card("8d"))
    with pytest.raises(IllegalActionError, match="not the card in face-down place 2"):
        table.verify_flip(0, 1, parse_card("5h"))
    table.verify_flip(0, 1, parse_card("2h"))
    table.reveal(0, 0, parse_card("5h"))
    assert table.turn_over(0, 0) == parse_card("5h")    # it cannot go on the 8: picked up
    assert table.hands[0] == cards("7s 8d 5h") and table.taken == 3 and table.turn == 1
    with pytest.raises(IllegalActionError, match="Ben cannot have the king of spades: the "
                                                 "referee knows every card in Ben's hand"):
        table.verify_play(1, cards("ks"))
    with pytest.raises(ConfigError, match="3 cards for each of the 2 players, 6 in all, not 2"):
        TableShedding(players=2, face_up=tuple(cards("9c 9d")))


def test_face_up_rows_come_from_the_command_line_and_settle_who_starts(tmp_path: Path) -> None:
    script = "p ben 4s\nann\np 5h\n"
    started = runner.invoke(referee_app, [
        "new", "--game", "jokers-secret", "--players", "Ann,Ben", "--face-up",
        "3c 9d 9h / 2s Ks 4s", "--seed", "2", "--script", "-", "--db",
        str(tmp_path / "r.sqlite3")], input=script, env={"COLUMNS": "200"})
    assert started.exit_code == 1, started.output  # "p ben 4s" and "ann" are refused
    shown = started.stdout + started.stderr
    assert "face up: Ann 3♣ 9♦ 9♥, Ben 2♠ K♠ 4♠" in shown
    assert ("line 1: Ann starts, not Ben: the three of clubs lies face up in front of Ann"
            in shown)
    assert "line 2: Who starts is already settled: Ann, with the three of clubs" in shown
    assert "[1] Ann plays the five of hearts" in shown
    wrong = runner.invoke(referee_app, [
        "new", "--players", "Ann,Ben", "--face-up", "3c 9d 9h / 2s Ks 4s", "--script", "-",
        "--db", str(tmp_path / "r.sqlite3")], input="")
    assert wrong.exit_code == 2 and "Up 'N Over deals no cards face up" in wrong.stderr


def test_a_joker_swap_is_typed_in_private_at_the_keyboard(tmp_path: Path) -> None:
    """`joker rj peek 1 swap` with no card: the screen clears, its player types the card, the
    screen clears again, and the table hears only that a card was swapped."""
    pexpect = pytest.importorskip("pexpect")
    from tests.referee.test_interactive import pick, spawn

    child = spawn("new", "--game", "jokers-secret", "--players", "Ann,Ben", "--seed", "2",
                  "--deck", str(RULES), db=tmp_path / "referee.sqlite3")
    pick(child, "Ann", 1, 1)
    pick(child, "Ben", 1, 1)
    child.expect(r"Who holds the 3♣, in hand or face up\? Name, or nobody> ")
    child.sendline("ann")
    child.expect(r"Ann, play> ")
    child.sendline("joker rj peek 1 swap")
    child.expect("Ann answers in private")
    child.expect("Ann, press Enter when only you can see the screen")
    child.sendline("")
    child.expect("which hand card goes face down in place 1")
    child.sendline("2h")
    child.expect(r"Ann plays the red joker, peeks at face-down card 1 and swaps a hand card "
                 r"with it")
    child.expect(r"> ")
    child.sendline("history")
    child.expect("swaps a hand card with it")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "2h" not in child.before and "two of hearts" not in child.before


def test_a_script_types_the_swapped_card_on_the_line(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.fails("joker ann rj peek 1 swap", "In a script, type the swapped card on the line")
