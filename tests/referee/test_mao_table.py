"""Mao at the referee's table, with real cards: a whole three-player game typed in from the
card turned up to a Mao (a chain of 7s, a jack's suit, a spade named and one not named then
called, a bad card called back, a bad call, a point of order with a touched card, a Mao out
of place), a winner coming back with a rule typed in private, undo of a penalty and of a Mao,
refusals that change nothing and say why, the generic verbs Mao does without, setup, resume
and export, and the board's counts."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.cards import parse_card
from engine.errors import ConfigError
from engine.games.mao.events import Played, ReEntered
from engine.games.mao.game import MaoGame
from hrdeck.referee.cli import referee_app
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.exporting import read_export
from hrdeck.referee.rule_deck import RuleDeck, load_rule_deck
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame
from tests.referee.helpers import DECK, ROOT, Table, rule_deck

runner = CliRunner()

# Ann deals, Ben goes first. Each part is what the table did, in order; the comments say
# what the referee knows that the table has yet to find out.
OPENING = """
p 9c
p 7c: have a nice day
p 7s: seven of spades; have a very nice day
take: penalty card
p 5s: five of spades
p 3s
call ann on cat failure to say three of spades
say cat three of spades
p js: jack of spades; diamonds
"""
CALLS = """
p 4h
call cat on ben bad card
p 4d
call ann on ben bad card
order ann
call ann on cat touching cards
end cat
say ben mao
call cat on ben saying mao
"""
# The 8 turns the order round; Cat plays out, says "last card" with one left and Mao with
# her last card, in turn.
TO_A_MAO = """
p 8d
p 6d
p 6c
p 10c
p 10h
pass
p qh
p qc
p kc
p kd: last card
p 2d
p 2h
p 3h: mao
"""


def open_game(tmp_path: Path, *, target: int = 2, options: tuple[str, ...] = (),
              first: str = "9h", players: tuple[str, ...] = ("Ann", "Ben", "Cat"),
              name: str = "mao", deck: RuleDeck | None = None) -> Table:
    store = Store(tmp_path / "referee.sqlite3")
    session = Session.create(store, NewGame(players=players, game="mao", target=target,
                                            first=first, options=options, deck=deck),
                             name=name)
    return Table(session, store, io.StringIO(), io.StringIO())


def mao(table: Table) -> MaoGame:
    game = table.session.game
    assert isinstance(game, MaoGame)
    return game


def hands(table: Table) -> list[int]:
    return [len(hand) for hand in mao(table).table.hands]


# -- a whole game -------------------------------------------------------------------------------


def test_a_whole_game_is_typed_in_from_the_first_card_to_a_mao(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    assert table.session.next_step() == "Ben to play on the 9♥."
    shown = table.ok(OPENING)
    for said in (
            "[2] Cat plays the seven of clubs, saying 'have a nice day'\n"
            "    Ann faces 1 seven: play a 7 or take 1 card.",
            "Ben faces 2 sevens: play a 7 or take 2 cards.",
            "[4] Ben takes the 7s' cards, saying 'penalty card'\n"
            "    Ben takes 2 cards and plays on. Ben to play on the 7♠.",
            "[6] Cat plays the three of spades\n    Ann to play on the 3♠.",  # nothing said
            "[7] Ann calls failure to say 'three of spades' on Cat\n"
            "    Cat takes a card: failure to say 'three of spades'.",
            "[9] Ann plays the jack of spades, saying 'jack of spades'; 'diamonds'\n"
            "    Ben to play on the J♠: diamonds must follow."):
        assert said in shown, said
    assert hands(table) == [3, 5, 4]
    shown = table.ok(CALLS)
    for said in (
            "[10] Ben plays the four of hearts\n    Cat to play on the 4♥.",  # not a word
            "[11] Cat calls bad card on Ben\n    Ben takes the 4♥ back, and a penalty card: "
            "bad card. Ben to play on the J♠: diamonds must follow.",
            "[13] Ann calls bad card on Ben\n    Bad call: Ann takes the card.",
            "[14] Ann says 'point of order'\n    Point of order, called by Ann: no card is "
            "played or taken until it ends (end WHO).",
            "Cat takes a card: touching cards during a point of order.",
            "[16] Cat says 'end of point of order'\n    End of the point of order: play goes on. "
            "Cat to play on the 4♦.",
            "[17] Ben says 'mao'\n[18]",
            "Ben takes 3 cards: saying Mao out of place."):
        assert said in shown, said
    assert hands(table) == [4, 8, 5]
    shown = table.ok(TO_A_MAO)
    assert "The order turns round: anticlockwise now. Ben to play on the 8♦." in shown
    assert "[24] Ann takes a card\n    Cat to play on the 10♥." in shown
    assert ("[31] Cat plays the three of hearts, saying 'mao'\n    Mao! Cat wins a Mao (1 of "
            "2). Cat leaves the game until they come back with five cards (back cat).\n"
            "    Ben to play on the 3♥.") in shown
    assert hands(table) == [2, 4, 0] and table.scores == [0, 0, 1]
    board = table.ok("score")
    assert "round 2 · first to 2 · 32 entries" in board
    assert "│ Cat    │     1 │     0" in board and "│ Ben    │     0 │     4" in board
    assert ("Pile: … K♦ 2♦ 2♥ 3♥ (20 cards) · stack: 28 · anticlockwise · hearts in force\n"
            "Out after a Mao: Cat") in board
    assert "Cat is out after a Mao (back WHO brings them back)." in board
    history = table.ok("history")
    for said in ("2  Cat plays the seven of clubs, saying 'have a nice day' — 1 seven aimed at "
                 "Ann", "13  Ann calls bad card on Ben — bad call: Ann takes a card",
                 "19  Cat plays the eight of diamonds — the order turns round: anticlockwise "
                 "now", "31  Cat plays the three of hearts, saying 'mao' — Mao! 1 Mao"):
        assert said in history, said
    table.fails("call ben on cat bad card", "Cat won with a Mao and is out of the game")
    shown = table.ok("back cat: odd cards on even cards are bad cards")
    assert ("[32] Cat comes back into the game with a new rule\n    Cat is back in the game: "
            "they take 5 cards from the stack.") in shown and "odd cards" not in shown
    assert hands(table) == [2, 4, 5]
    assert table.session.private_rule(2).text == "odd cards on even cards are bad cards"  # peek
    reveal = table.ok("reveal yes")
    assert "odd cards on even cards are bad cards" in reveal
    assert "(no rule of their own)" in reveal and "Every rule that fired" not in reveal
    resumed, dropped = Session.resume(table.store, "mao")  # the journal replays to the same
    assert not dropped and resumed.game.snapshot() == mao(table).snapshot()


def test_the_last_mao_ends_the_session(tmp_path: Path) -> None:
    table = open_game(tmp_path, target=1)
    shown = table.ok(OPENING + CALLS + TO_A_MAO)
    assert shown.endswith("[31] Cat plays the three of hearts, saying 'mao'\n    Mao! Cat wins a "
                          "Mao (1 of 1).\n    The game is over: Cat won with 1 Mao.\n")
    assert "Round 1 is over" not in shown and "points" not in shown
    assert table.session.next_step() == "The game is over: Cat won with 1 Mao."
    table.fails("p ann 3d", "The game is over: Cat won")
    assert table.session.final_state()["winner"] == "Cat"


def test_a_penalty_and_a_mao_are_undone(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    opening = OPENING.strip().splitlines()
    table.ok("\n".join(opening[:7]))  # to the first call of Cat's spade
    shown = table.ok("call ben on cat failure to say three of spades")
    assert "Cat takes a card: continued failure to say 'three of spades'." in shown
    assert hands(table) == [4, 5, 5]
    shown = table.ok("undo yes")
    assert ("Entry 8 no longer counts: Ben calls failure to say 'three of spades' on Cat."
            in shown) and "Ann to play on the 3♠." in shown
    assert hands(table) == [4, 5, 4] and table.stored_scores() == [0, 0, 0]
    table.ok("undo 7 yes")  # the first call too
    assert hands(table) == [4, 5, 3] and mao(table).penalties == []
    assert "Bad call: Ann takes the card." in table.ok(
        "call ann on cat failure to say three of sp")  # not owed
    table.ok("undo yes")
    table.ok("\n".join(opening[6:]) + CALLS + TO_A_MAO)  # the first call again, and on
    assert table.scores == [0, 0, 1] and mao(table).table.out == {2}
    shown = table.ok("undo yes")
    assert "no longer counts: Cat plays the three of hearts, saying 'mao'." in shown
    assert "Cat: 1 → 0" in shown and "Cat to play on the 2♥." in shown
    assert table.scores == [0, 0, 0] and hands(table)[2] == 1 and not mao(table).table.out
    assert table.stored_scores() == [0, 0, 0]
    assert "Mao! Cat wins a Mao (1 of 2)." in table.ok("p 3h: mao")


def test_refused_entries_change_nothing_and_say_why(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.fails("p 9h", "Every nine of hearts (1 in 1 pack) is already on the pile")
    table.fails("pass cat", "It is Ben's turn: only they can take a card and pass")
    table.fails("take", "No 7 is aimed at anyone")
    table.fails("back ben", "Ben is in the game: only a player who won with a Mao comes back")
    table.fails("call ann on ben bad kard", '"bad kard" is not a penalty call')
    table.fails("call ann on ben bad kard", 'Did you mean "bad card"?')
    table.fails("call ann on ben bad card 7h", '"7h" is left over')
    table.fails("call on ben bad card", "Who calls it?")
    table.fails("end ann", "There is no point of order to end")
    table.fails("p 8x", '"8x" is not a card')
    table.ok("p 7h: have a nice day")
    table.fails("pass", "A 7 is aimed at Cat: they play a 7 or take 1 penalty card first")
    table.ok("order ann")
    table.fails("p 7c: have a very nice day", "no cards are played or taken")
    table.fails("take", "no cards are played or taken")
    table.fails("enforce ann on ben", '"enforce" has no place in Mao: there are no '
                                      "enforcements or challenges")
    table.fails("challenge ben", "every penalty is a call the referee judges")
    table.fails("rule upheld", "call WHO on WHOM REASON")
    table.fails("keep ann 1 1", "the referee deals no secret rules")
    table.fails("pick", "a player brings one in when they come back after a Mao")
    table.fails("peek ann", "Ann has brought in no secret rule of their own")
    table.fails("help enforce", '"enforce" has no place in Mao')
    table.fails("back ben", "only a player who won with a Mao comes back")


def test_only_the_mao_master_calls_in_a_dictatorial_game(tmp_path: Path) -> None:
    table = open_game(tmp_path, options=("calls=dictatorial", "master=cat"))
    setup = table.session.journal.entries[0]
    assert setup.options == ("calls=dictatorial", "master=2")  # type: ignore[attr-defined]
    shown = table.ok("p 3c")
    table.fails("call ann on ben bad card", "Only the Mao master, Cat, calls penalties")
    shown = table.ok("call on ben bad card")
    assert "[2] Cat calls bad card on Ben\n    Ben takes the 3♣ back, and a penalty card" in shown
    assert "only the Mao master, Cat, calls penalties" in table.session.history().rows[0].text


def test_help_lists_mao_s_verbs_and_not_the_ones_it_does_without(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    shown = table.ok("help")
    for verb in ("play [WHO] CARD[: WORDS; WORDS]", "pass [WHO][: WORDS]", "take [WHO][: WORDS]",
                 "say WHO WORDS[; WORDS]", "order WHO", "end WHO",
                 "call WHO on WHOM REASON [PHRASE]", "back WHO [no rule | : RULE]", "undo",
                 "reveal", "history"):
        assert verb in shown, verb
    for generic in ("enforce WHO", "challenge [WHO]", "rule upheld", "keep WHO", "pick [WHO]",
                    "call WHO on WHOM slow|turn"):
        assert generic not in shown, generic
    assert "call WHO on WHOM REASON" in table.ok("help call")


def test_the_board_counts_each_hand_and_says_what_is_on_the_table(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    board = table.ok("score")
    assert "│ Ann    │     0 │     5" in board and "▶ │ Ben    │     0 │     5" in board
    assert "Pile: 9♥ (1 card) · stack: 38 · clockwise · hearts in force" in board
    table.ok("p 7h: have a nice day\np 7d: have a very nice day\norder ben")
    board = table.ok("score")
    assert ("Pile: 9♥ 7♥ 7♦ (3 cards) · stack: 38 · clockwise · diamonds in force · 7s: 2 "
            "aimed at Ann · point of order (Ben)") in board
    assert "│ Ann    │     0 │     5" in board and "│ Cat    │     0 │     4" in board
    assert "▶" not in board  # nobody plays during a point of order
    table.ok("end ann\ntake ann: penalty card\np ann jd: hearts")
    board = table.ok("score")
    assert "J♦ (4 cards) · stack: 36 · clockwise · hearts in force (named)" in board
    assert "│ Ann    │     0 │     6" in board


def test_a_joker_is_the_nine_of_diamonds_and_an_ace_skips(tmp_path: Path) -> None:
    table = open_game(tmp_path, first="5d")
    shown = table.ok("p rj: that's the badger\np ad")
    assert ("[1] Ben plays the red joker, saying \"that's the badger\"\n    The red joker is a "
            "nine of diamonds. Cat to play on the red joker (a nine of diamonds).") in shown
    assert "[2] Cat plays the ace of diamonds\n    Ann is skipped. Ben to play on the A♦." in (
        shown)


# -- setup -----------------------------------------------------------------------------------------


def test_a_new_game_is_set_up_or_refused_in_sentences(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite3")

    def new(game: str = "mao", **settings: object) -> Session:
        return Session.create(store, NewGame(players=("Ann", "Ben", "Cat"), game=game,
                                             **settings), name="bad")  # type: ignore[arg-type]

    with pytest.raises(RefereeError, match=r"card turned up to start the pile: --first 9h"):
        new()
    with pytest.raises(RefereeError, match='"9x" is not a card'):
        new(first="9x")
    with pytest.raises(RefereeError, match="Mao is refereed in full mode only"):
        new(first="9h", mode="score")
    with pytest.raises(RefereeError, match="has no whole rules for winners to draw: leave "
                                           "out --deck"):
        new(first="9h", deck=rule_deck())
    with pytest.raises(ConfigError, match=r'"colour=red" is not a Mao setting'):
        new(first="9h", options=("colour=red",))
    with pytest.raises(ConfigError, match='Did you mean "dictatorial"'):
        new(first="9h", options=("calls=dictator",))
    with pytest.raises(RefereeError, match='The Mao master: There is no player called "zed"'):
        new(first="9h", options=("calls=dictatorial", "master=zed"))
    with pytest.raises(RefereeError, match="Up 'N Over has no --first to set up"):
        new(game="up-n-over", first="9h", deck=rule_deck())
    with pytest.raises(RefereeError, match="Up 'N Over has no --option to set up"):
        new(game="up-n-over", options=("calls=dictatorial",), deck=rule_deck())
    assert store.sessions() == []
    session = new(first="jh", options=("sevens=thank-you", "talking=penalized", "seconds=5"),
                  dealer=2, target=4)
    setup = session.journal.entries[0]
    assert setup.options == ("seconds=5", "sevens=thank you",  # type: ignore[attr-defined]
                             "talking=penalised")
    assert session.next_step() == "Ann to play on the J♥."
    words = session.history().rows[0].text
    assert words == ("a new game for Ann, Ben, Cat (first card J♥; Cat deals, Ann goes first; "
                     "4 Maos end the session; no talking; 5 seconds to begin a turn)")
    assert "thank you" not in words  # how the 7s are answered is a rule like any other


# -- hrdeck referee, as a table uses it -----------------------------------------------------------


def test_the_command_starts_a_game_and_it_is_resumed_and_exported(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    started = runner.invoke(referee_app, [
        "new", "--game", "mao", "--players", "Ann,Ben,Cat", "--first", "9h", "--target", "2",
        "--option", "calls=dictatorial,master=Ann", "--session", "m", "--script", "-", "--db",
        str(db)], input="p 9c\np 7c: have a nice day\nquit\n", env={"COLUMNS": "200"})
    assert started.exit_code == 0, started.output
    assert ("[0] a new game for Ann, Ben, Cat (first card 9♥; Ann deals, Ben goes first; 2 Maos "
            "end the session; only the Mao master, Ann, calls penalties; 10 seconds to begin a "
            "turn); session m") in started.stdout
    assert "Ann faces 1 seven: play a 7 or take 1 card." in started.stdout
    resumed = runner.invoke(referee_app, ["resume", "m", "--script", "-", "--json", "--db",
                                          str(db)], input="p 7s: seven of spades\n"
                                                          "call on ann failure to say have a "
                                                          "very nice day\n",
                            env={"COLUMNS": "200"})
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming m: 3 entries." in resumed.stderr
    assert "Ann takes a card: failure to say 'have a very nice day'." in resumed.stderr
    state = json.loads(resumed.stdout)
    assert state["cards"] == [5, 4, 4] and state["scores"] == [0, 0, 0]
    assert state["next"] == "Ben faces 2 sevens: play a 7 or take 2 cards."
    exported = runner.invoke(referee_app, ["export", "m", "--db", str(db)])
    assert exported.exit_code == 0, exported.output
    entries = read_export(exported.stdout, "json")
    assert entries == Session.resume(Store(db), "m")[0].journal.entries
    setup = json.loads(exported.stdout)["entries"][0]
    assert setup["game"] == "mao" and setup["mode"] == "table" and setup["deck"] == ["9h"]
    assert setup["options"] == ["calls=dictatorial", "master=0"]
    assert entries[3] == Played(player=0, card=parse_card("7s"), said=("seven of spades",))
    refused = runner.invoke(referee_app, [
        "new", "--game", "mao", "--players", "Ann,Ben", "--deck", str(DECK), "--first", "9h",
        "--script", "-", "--db", str(db)], input="")
    assert refused.exit_code == 2 and "deals no secret rules in Mao" in refused.stderr
    refused = runner.invoke(referee_app, [
        "new", "--players", "Ann,Ben", "--mode", "score", "--first", "9h", "--script", "-",
        "--db", str(db)], input="")
    assert refused.exit_code == 2 and "Up 'N Over has no --first" in refused.stderr


def test_a_script_types_the_new_rule_on_the_line(tmp_path: Path) -> None:
    table = open_game(tmp_path, players=("Ann", "Ben"), target=3)
    shown = table.ok("p ah\np as: ace of spades\np ad\np ac: last card\np 2c")
    assert "[1] Ben plays the ace of hearts\n    Ann is skipped. Ben to play on the A♥." in shown
    assert "Mao!" not in shown and table.scores == [0, 0]  # out of cards, Mao not yet said
    shown = table.ok("say ben mao")
    assert ("[6] Ben says 'mao'\n    Mao! Ben wins a Mao (1 of 3). Ben leaves the game until they "
            "come back with five cards (back ben).\n    Ann to play on the 2♣.") in shown
    table.fails("back ben", "In a script, type the rule on the line: back ben: RULE (or the "
                            "rule card's number), or back ben no rule")
    table.ok("back ben no rule")
    assert table.session.journal.entries[-1] == ReEntered(player=1)


def test_the_new_rule_is_typed_in_private_at_the_keyboard(tmp_path: Path) -> None:
    """`back ben`: the screen clears, Ben types his rule, the screen clears again, and the
    table hears only that he came back with a new rule; peek shows it to him alone."""
    pexpect = pytest.importorskip("pexpect")
    from tests.referee.test_interactive import spawn

    child = spawn("new", "--game", "mao", "--players", "Ann,Ben", "--first", "9h",
                  db=tmp_path / "referee.sqlite3")
    child.expect(r"Ben to play on the 9♥\.")
    child.expect(r"Ben, play> ")
    for line in ("p ah", "p as: ace of spades", "p ad", "p ac: last card"):
        child.sendline(line)
        child.expect(r"Ben, play> ")
    child.sendline("p 2c: mao")
    child.expect(r"Mao! Ben wins a Mao \(1 of 3\)")
    child.expect(r"Ann, play> ")
    child.sendline("enforce ann on ben")
    child.expect('"enforce" has no place in Mao')
    child.sendline("back ben")
    child.expect("Ben answers in private")
    child.expect("Ben, press Enter when only you can see the screen")
    child.sendline("")
    child.expect("Ben, your new rule: the number of the card you drew, or words")
    child.sendline("kings are wild")
    child.expect(r"\[6\] Ben comes back into the game with a new rule")
    child.expect(r"Ben is back in the game: they take 5 cards from the stack\.")
    child.expect(r"Ann, play> ")
    child.sendline("history")
    child.expect("with a new rule")
    child.expect(r"Ann, play> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "kings are wild" not in child.before


def test_a_winner_brings_the_rule_card_they_drew_and_the_referee_judges_it(
        tmp_path: Path) -> None:
    """The printed deck's secret rule 10 (a six on a six: "the roots run deep"), drawn by
    Ben and typed by its number: the referee knows its machine form and judges the call."""
    deck = load_rule_deck(ROOT / "decks" / "mao.yaml")
    table = open_game(tmp_path, players=("Ann", "Ben"), target=3, deck=deck)
    table.ok("p ah\np as: ace of spades\np ad\np ac: last card\np 2c: mao")
    table.fails("back ben: 99", "There is no secret rule card 99 in Mao — the rules nobody "
                                "explains: the secret rules are numbered 10 to 41.")
    table.fails("back ben: 5", "There is no secret rule card 5")  # a standard rule
    table.ok("back ben: 10")
    entry = table.session.journal.entries[-1]
    assert isinstance(entry, ReEntered) and entry.rule == "second-six"
    assert entry.when and entry.phrase == "the roots run deep"
    table.ok("p 6c")                    # Ann: a six on the 2 of clubs
    table.ok("p 6h")                    # Ben: a six on a six, and the words not said
    table.ok("call ann on ben failure to say the roots run deep")
    penalty = mao(table).penalties[-1]
    assert penalty.taker == 1 and not penalty.bad_call  # the referee knew the rule
    table.ok("call ann on ben failure to say the roots run deep")  # still not said
    assert mao(table).penalties[-1].words == "continued failure to say 'the roots run deep'"
