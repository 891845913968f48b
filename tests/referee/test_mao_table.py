"""Mao at the referee's table, with real cards: a whole three-player game typed in from the
card turned up to a Mao (a chain of 7s, a jack's suit, a spade named and one not named then
called, a bad card called back, a bad call, a point of order with a touched card, a Mao out
of place), a winner coming back with a rule typed in private, undo of a penalty and of a Mao,
refusals that change nothing and teach nothing, the generic verbs Mao does without, setup,
resume and export, and the board's counts. What the shared screen may say is pinned in
test_mao_shared_screen.py, the calls in test_mao_calls.py."""

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
from hrdeck.referee.tables.mao.verbs import Master
from hrdeck.referee.views import PrivateRule
from tests.referee.helpers import DECK, ROOT, Table, rule_deck

runner = CliRunner()

# Ann deals, Ben goes first. Each part is what the table did, in order, every move naming
# its player; the comments say what the referee knows that the table has yet to find out.
OPENING = """
p ben 9c
p cat 7c: have a nice day
p ann 7s: seven of spades; have a very nice day
take ben 2: penalty card
p ben 5s: five of spades
p cat 3s
call ann on cat failure to say three of spades
say cat three of spades
p ann js: jack of spades; diamonds
"""
CALLS = """
p ben 4h
call cat on ben bad card
p ben 4d
call ann on ben bad card
order ann
call ann on cat touching cards
end cat
say ben mao
call cat on ben taking the name of the great Chinese leader in vain
"""
# The 8 turns the order round; Cat plays out, says "last card" with one left and Mao with
# her last card, in turn.
TO_A_MAO = """
p cat 8d
p ben 6d
p ann 6c
p cat 10c
p ben 10h
pass ann
p cat qh
p ben qc
p ann kc
p cat kd: last card
p ben 2d
p ann 2h
p cat 3h: mao
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
    assert table.session.next_step() == "Play on."
    shown = table.ok(OPENING)
    for said in (
            "[2] Cat plays the seven of clubs, saying 'have a nice day'\n"
            "[3] Ann plays the seven of spades",
            "[4] Ben takes 2 penalty cards, saying 'penalty card'\n[5]",
            "[6] Cat plays the three of spades\n[7]",  # nothing said, by Cat or the referee
            "[7] Ann calls failure to say 'three of spades' on Cat\n"
            "    Cat takes a card: failure to say 'three of spades'.",
            "[9] Ann plays the jack of spades, saying 'jack of spades'; 'diamonds'\n"):
        assert said in shown, said
    assert hands(table) == [3, 5, 4]
    shown = table.ok(CALLS)
    for said in (
            "[10] Ben plays the four of hearts\n[11]",  # not a word
            "[11] Cat calls bad card on Ben\n    Ben takes the 4♥ back, and a penalty card: "
            "bad card.\n",
            "[13] Ann calls bad card on Ben\n    Bad call: Ann takes the card.",
            "[14] Ann says 'point of order'\n    Point of order, called by Ann.",
            "Cat takes a card: touching cards during a point of order.",
            "[16] Cat says 'end of point of order'\n    End of the point of order.\n",
            "[17] Ben says 'mao'\n[18]",
            "Ben takes 3 cards: taking the name of the great Chinese leader in vain."):
        assert said in shown, said
    assert hands(table) == [4, 8, 5]
    shown = table.ok(TO_A_MAO)
    assert "[19] Cat plays the eight of diamonds\n[20] Ben plays" in shown
    assert "[24] Ann takes a card\n[25] Cat plays the queen of hearts" in shown
    assert shown.endswith("[31] Cat plays the three of hearts, saying 'mao'\n"
                          "    Mao! Cat wins a Mao (1 of 2).\n")
    assert hands(table) == [2, 4, 0] and table.scores == [0, 0, 1]
    board = table.ok("score")
    assert "round 2 · first to 2 · 32 entries" in board
    assert "│ Cat    │     1 │     0" in board and "│ Ben    │     0 │     4" in board
    assert "Pile: … K♦ 2♦ 2♥ 3♥ (20 cards) · stack: 28\nOut after a Mao: Cat" in board
    assert "Cat is out after a Mao (back WHO brings them back)." in board
    history = [line.rstrip() for line in table.ok("history").splitlines()]
    for said in (" 2  Cat plays the seven of clubs, saying 'have a nice day'",
                 "13  Ann calls bad card on Ben — bad call: Ann takes a card",
                 "19  Cat plays the eight of diamonds",
                 "31  Cat plays the three of hearts, saying 'mao' — Mao! 1 Mao"):
        assert said in history, said
    table.fails("call ben on cat bad card", "Cat is out after a Mao")
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
            in shown) and shown.endswith("\n    Play on.\n")
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
    assert "Cat: 1 → 0" in shown and "Cat" not in shown.split("Cat: 1 → 0")[1]
    assert table.scores == [0, 0, 0] and hands(table)[2] == 1 and not mao(table).table.out
    assert table.stored_scores() == [0, 0, 0]
    assert "Mao! Cat wins a Mao (1 of 2)." in table.ok("p cat 3h: mao")


REFUSED_AT_ONCE = (
    ("p ben 9h", "Every nine of hearts (1 in 1 pack) is already on the pile"),
    ("9c", "Who plays the nine of clubs? Every move names its player first, as in ben 9c (or "
           "b 9c)."),
    ("p 9c", "Who? Every move names its player first"),
    ("pass", "Who? Every move names its player first, as in pass ben"),
    ("take: penalty card", "Who? Every move names its player first"),
    ("back ben", "Ben is in the game: only a player who won with a Mao comes back"),
    ("call ann on ben bad kard", '"bad kard" is not a call the referee knows. Did you mean '
                                 '"bad card"?'),
    ("call ann on ben bad card 7h", '"7h" is left over'),
    ("call on ben bad card", "Who calls it?"),
    ("p ben 8x", '"8x" is not a card'),
    ("enforce ann on ben", '"enforce" has no place in Mao: there are no enforcements or '
                           "challenges"),
    ("challenge ben", "every penalty is a call the referee judges"),
    ("rule upheld", "call WHO on WHOM WORDS"),
    ("keep ann 1 1", "the referee deals no secret rules"),
    ("pick", "a player brings one in when they come back after a Mao"),
    ("peek ann", "Ann has brought in no secret rule of their own"),
    ("help enforce", '"enforce" has no place in Mao'),
    ("turn", '"turn" has no place in Mao: the table keeps track of play itself'),
    ("timer on", '"timer" has no place in Mao: the table keeps its own time.'),
    ("master ben", "Only the game master, Ann, asks the referee what it knows"),
    ("master", "master works only at the keyboard"),
)


def test_refused_entries_change_nothing_and_teach_nothing(tmp_path: Path) -> None:
    """Only what cannot happen at the table is refused (a card nobody can hold, a line that
    names nobody, words the referee cannot read), in words that teach no rule."""
    table = open_game(tmp_path)
    for line, words in REFUSED_AT_ONCE:
        table.fails(line, words)
    table.ok("p ben 7h: have a nice day\norder ann")  # the table is paused
    table.fails("p cat 7c: have a very nice day", "no card played or taken is recorded")
    table.fails("take cat", "no card played or taken is recorded")


def test_only_the_mao_master_calls_in_a_dictatorial_game(tmp_path: Path) -> None:
    table = open_game(tmp_path, options=("calls=dictatorial", "master=cat"))
    setup = table.session.journal.entries[0]
    assert setup.options == ("calls=dictatorial", "master=2")  # type: ignore[attr-defined]
    shown = table.ok("p ben 3c")
    table.fails("call ann on ben bad card", "Only the Mao master, Cat, calls penalties")
    shown = table.ok("call on ben bad card")
    assert "[2] Cat calls bad card on Ben\n    Ben takes the 3♣ back, and a penalty card" in shown
    assert "only the Mao master, Cat, calls penalties" in table.session.history().rows[0].text


def test_help_lists_mao_s_verbs_and_not_the_ones_it_does_without(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    shown = table.ok("help")
    for verb in ("play WHO CARD[: WORDS; WORDS]", "pass WHO[: WORDS]",
                 "take WHO [N][: WORDS]", "say WHO WORDS[; WORDS]", "order WHO", "end WHO",
                 "call WHO on WHOM WORDS", "back WHO [no rule | : RULE]", "master [WHO]",
                 "undo", "reveal", "history"):
        assert verb in shown, verb
    for generic in ("enforce WHO", "challenge [WHO]", "rule upheld", "keep WHO", "pick [WHO]",
                    "call WHO on WHOM slow|turn", "timer on", "turn "):
        assert generic not in shown, generic
    assert "Every move names its player first: b 7s" in shown
    assert "nd have a nice day (vnd, vvnd: a v for each very)" in shown.replace("\n", " ")
    assert "call WHO on WHOM WORDS" in table.ok("help call")


def test_the_board_counts_each_hand_and_shows_the_pile(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    board = table.ok("score")
    assert "│ Ann    │     0 │     5" in board and "  │ Ben    │     0 │     5" in board
    assert "Pile: 9♥ (1 card) · stack: 38\nPlay on." in board and "▶" not in board
    table.ok("p ben 7h: have a nice day\np cat 7d: have a very nice day\norder ben")
    board = table.ok("score")
    assert "Pile: 9♥ 7♥ 7♦ (3 cards) · stack: 38 · point of order (Ben)\n" in board
    assert "│ Ann    │     0 │     5" in board and "│ Cat    │     0 │     4" in board
    table.ok("end ann\ntake ann 2: penalty card\np ann jd: hearts")
    board = table.ok("score")
    assert "J♦ (4 cards) · stack: 36\n" in board
    assert "│ Ann    │     0 │     6" in board


def test_what_the_cards_did_is_for_the_game_master_in_private(tmp_path: Path) -> None:
    """A joker is the nine of diamonds, an ace skips: the table hears only the cards; the
    game master (the dealer, Ann) reads what they did on a private screen."""
    table = open_game(tmp_path, first="5d")
    shown = table.ok("p ben rj: that's the badger\np cat ad")
    assert shown == ("[1] Ben plays the red joker, saying \"that's the badger\"\n"
                     "[2] Cat plays the ace of diamonds\n")
    outcome = table.session.execute(Master())
    assert isinstance(outcome.view, PrivateRule) and outcome.view.name == "Ann"
    assert outcome.view.title == "What the referee knows"
    knows = outcome.view.text
    assert "Ben is to play, on the A♦; diamonds to follow." in knows
    assert "Play goes clockwise." in knows
    assert "The latest card, Cat's A♦, fits and went down in turn; it skipped Ann." in knows
    table.ok("p ben 8d")
    knows = table.session.execute(Master()).view.text  # type: ignore[union-attr]
    assert "Cat is to play" not in knows and "Ann is to play, on the 8♦" in knows
    assert "Play goes anticlockwise." in knows and "it turned the order round" in knows


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
    assert session.next_step() == "Play on."
    words = session.history().rows[0].text
    assert words == ("a new game for Ann, Ben, Cat (first card J♥; Cat deals, Ann goes first; "
                     "4 Maos end the session)")  # the other settings are rules like any other


# -- hrdeck referee, as a table uses it -----------------------------------------------------------


def test_the_command_starts_a_game_and_it_is_resumed_and_exported(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    started = runner.invoke(referee_app, [
        "new", "--game", "mao", "--players", "Ann,Ben,Cat", "--first", "9h", "--target", "2",
        "--option", "calls=dictatorial,master=Ann", "--session", "m", "--script", "-", "--db",
        str(db)], input="p ben 9c\np cat 7c: have a nice day\nquit\n", env={"COLUMNS": "200"})
    assert started.exit_code == 0, started.output
    assert ("[0] a new game for Ann, Ben, Cat (first card 9♥; Ann deals, Ben goes first; 2 Maos "
            "end the session; only the Mao master, Ann, calls penalties); session m"
            ) in started.stdout
    assert "[2] Cat plays the seven of clubs, saying 'have a nice day'\n" in started.stdout
    assert "faces" not in started.stdout
    resumed = runner.invoke(referee_app, ["resume", "m", "--script", "-", "--json", "--db",
                                          str(db)], input="p ann 7s: seven of spades\n"
                                                          "call on ann failure to say have a "
                                                          "very nice day\n",
                            env={"COLUMNS": "200"})
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming m: 3 entries." in resumed.stderr
    assert "Ann takes a card: failure to say 'have a very nice day'." in resumed.stderr
    state = json.loads(resumed.stdout)
    assert state["cards"] == [5, 4, 4] and state["scores"] == [0, 0, 0]
    assert state["next"] == "Play on."
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
    shown = table.ok("p ben ah\np ben as: ace of spades\np ben ad\np ben ac: last card\n"
                     "p ben 2c")
    assert "[1] Ben plays the ace of hearts\n[2] Ben plays the ace of spades" in shown
    assert "Mao!" not in shown and table.scores == [0, 0]  # out of cards, Mao not yet said
    shown = table.ok("say ben mao")
    assert ("[6] Ben says 'mao'\n    Mao! Ben wins a Mao (1 of 3).\n"
            ) in shown
    table.fails("back ben", "In a script, type the rule on the line: back ben: RULE (or the "
                            "rule card's number), or back ben no rule")
    table.ok("back ben no rule")
    assert table.session.journal.entries[-1] == ReEntered(player=1)


def test_the_new_rule_and_the_referee_s_knowledge_are_seen_in_private(tmp_path: Path) -> None:
    """`back ben`: the screen clears, Ben types his rule, the screen clears again, and the
    table hears only that he came back with a new rule; peek shows it to him alone. The
    prompt never names whose turn it is; `master` shows the game master (Ann, the dealer)
    what the referee knows, on a cleared screen."""
    pexpect = pytest.importorskip("pexpect")
    from tests.referee.test_interactive import spawn

    child = spawn("new", "--game", "mao", "--players", "Ann,Ben", "--first", "9h",
                  db=tmp_path / "referee.sqlite3")
    child.expect(r"Play on\.")
    child.expect(r"\n> ")
    for line in ("p ben ah", "b as: ace of spades", "b ad", "b ac: last card"):
        child.sendline(line)
        child.expect(r"\n> ")
    child.sendline("b 2c: mao")
    child.expect(r"Mao! Ben wins a Mao \(1 of 3\)")
    child.expect(r"\n> ")
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
    child.expect(r"\n> ")
    child.sendline("history")
    child.expect("with a new rule")
    child.expect(r"\n> ")
    child.sendline("master")
    child.expect("Only Ann should look now.")
    child.expect("Ann, press Enter to see it.")
    child.sendline("")
    child.expect("What the referee knows")
    child.expect(r"Ann is to play, on the 2♣; clubs to follow\.")
    child.expect("Ben: kings are wild \\(its holder judges it")
    child.expect("Press Enter to hide it.")
    child.sendline("")
    child.expect(r"\n> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "kings are wild" not in child.before and "Ann, play" not in child.before


def test_a_winner_brings_the_rule_card_they_drew_and_the_referee_judges_it(
        tmp_path: Path) -> None:
    """The printed deck's secret rule 10 (a six on a six: "the roots run deep"), drawn by
    Ben and typed by its number: the referee knows its machine form and judges the call."""
    deck = load_rule_deck(ROOT / "decks" / "mao.yaml")
    table = open_game(tmp_path, players=("Ann", "Ben"), target=3, deck=deck)
    table.ok("b ah\nb as *\nb ad\nb ac lc\nb 2c: mao")
    table.fails("back ben: 99", "There is no secret rule card 99 in Mao — the rules nobody "
                                "explains: the secret rules are numbered 10 to 41.")
    table.fails("back ben: 5", "There is no secret rule card 5")  # a standard rule
    table.ok("back ben: 10")
    entry = table.session.journal.entries[-1]
    assert isinstance(entry, ReEntered) and entry.rule == "second-six"
    assert entry.when and entry.phrase == "the roots run deep"
    text = next(rule.text for rule in deck.rules if rule.id == "second-six")
    peeked = table.session.private_rule(1)  # what `peek ben` shows Ben: the card's words
    assert peeked.text == f"rule card 10 (second-six): {text}"
    table.ok("p ann 6c")                # Ann: a six on the 2 of clubs
    table.ok("p ben 6h")                # Ben: a six on a six, and the words not said
    table.ok("call ann on ben failure to say the roots run deep")
    penalty = mao(table).penalties[-1]
    assert penalty.taker == 1 and not penalty.bad_call  # the referee knew the rule
    table.ok("call ann on ben failure to say the roots run deep")  # still not said
    assert mao(table).penalties[-1].words == "continued failure to say 'the roots run deep'"
