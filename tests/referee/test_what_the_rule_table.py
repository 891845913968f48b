"""What the Rule?! at the referee's table, with real cards: a whole game of three typed in
(the referee as game master in rounds 1 and 3, a master judging in person in round 2), the
master passing clockwise, cards judged, hands revealed with and without a card that fits,
wrong guesses only called wrong, right guesses written differently from the rule, hints
agreed and the referee's card to try given as one, the seed's scoring and the final
ranking; a game
kept in score mode and one of two players without points; undo, resume and export; the
rule cards drawn or named by number; refusals that change nothing; and the rule typed in
private at the keyboard."""

from __future__ import annotations

import functools
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.errors import ConfigError
from engine.games.what_the_rule.events import (
    Guessed,
    HandCounted,
    PileCounted,
    Revealed,
    RoundLed,
)
from engine.games.what_the_rule.game import WhatTheRuleGame
from hrdeck.referee.cli import referee_app
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.exporting import read_export
from hrdeck.referee.rule_deck import RuleDeck, load_rule_deck
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame
from hrdeck.referee.tables.what_the_rule.verbs import DRAW, Lead
from tests.referee.helpers import ROOT, Table

runner = CliRunner()
DECK_FILE = ROOT / "decks" / "what-the-rule.yaml"


@functools.cache
def deck() -> RuleDeck:
    return load_rule_deck(DECK_FILE)


def open_game(tmp_path: Path, *, players: tuple[str, ...] = ("Ann", "Ben", "Cat"),
              mode: str = "full", target: int = 3, options: tuple[str, ...] = (),
              name: str = "wtr", seed: int = 5) -> Table:
    store = Store(tmp_path / "referee.sqlite3")
    session = Session.create(store, NewGame(
        players=players, game="what-the-rule", mode=mode, target=target, seed=seed,
        options=options, deck=deck() if mode == "full" else None), name=name)
    return Table(session, store, io.StringIO(), io.StringIO())


def wtr(table: Table) -> WhatTheRuleGame:
    game = table.session.game
    assert isinstance(game, WhatTheRuleGame)
    return game


def hands(table: Table) -> list[int]:
    round_ = wtr(table).round
    assert round_ is not None
    return [len(hand) for hand in round_.hands]


# Round 1: Ann leads with rule card 6 ("anything but circles"), the referee judging.
ROUND_1 = """
lead 6
w3ft
guess card.colour == "white"
b3fc
show w1fc w2fc w3fc w4fc w5fc w6fc b1fc b2fc b4fc
pass
show b1uc w1uc b2uc w2uc b3uc w3uc b4uc w4uc b5uc w5ft
hints
hint
hint
w4us
guess not (card.shape == "circle")
"""
# Round 2: Ben judges in person (alternate colours, in his head); the referee keeps score.
ROUND_2 = """
lead judge
w1ft fits
guess wrong: white cards only
b2uc no
show none
pass
show place b5fs
b3us fits
guess right: black and white take turns
"""
# Round 3: Cat types her rule (alternate colours); Ann guesses it without `first or`.
ROUND_3 = """
lead: first or card.colour != previous.colour
w2ft
guess first or (card.colour != previous.colour and card.fill == "filled")
w3ft
b1us
guess card.colour != previous.colour
"""
VERDICT_WORDS = re.compile(r"\b(fits?|accept\w*|refuse\w*|takes it|allow\w*|yes|no|"
                           r"would|wrong card|right card)\b", re.IGNORECASE)


# -- a whole game --------------------------------------------------------------------------------


def test_a_whole_game_of_three_rounds_is_judged_scored_and_ranked(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    assert table.session.next_step() == (
        "Round 1: Ann leads as game master: lead (the rule typed in private, a rule card's "
        "number, draw, or judge).")
    shown = table.ok(ROUND_1)
    for said in (
            "[1] Ann leads a round as game master (the referee judges their rule)\n"
            "    Round 1: Ann is the game master, and the referee judges the cards by their "
            "rule. Ann deals ten cards to each of the others; the rest is the draw pile (124 "
            "cards). Ben to play a card, or show their hand (show CARDS).",
            "[2] Ben plays a white card with 3 filled triangles\n"
            "    It fits: into the row, now 1 card long. Ben may guess (guess RULE) or pass; "
            "then Cat to play a card, or show their hand (show CARDS).",
            "[3] Ben guesses: card.colour == \"white\"\n    Not Ann's rule. Cat to play a card",
            "[4] Cat plays a black card with 3 filled circles\n    It does not fit: below the "
            "row, and Cat draws a card. Ben to play a card",
            "[5] Ben reveals their hand (w1fc w2fc w3fc w4fc w5fc w6fc b1fc b2fc b4fc)\n"
            "    None of them fits: the 9 cards go under the draw pile and Ben draws 8. Ben may "
            "guess (guess RULE) or pass",
            "[7] Cat reveals their hand (b1uc w1uc b2uc w2uc b3uc w3uc b4uc w4uc b5uc w5ft)\n"
            "    A white card with 5 filled triangles (w5ft) fits: the referee places it in "
            "the row, and Cat takes back the others and draws a card.",
            "[8] everyone at the table, the master too, agrees to hints\n    Hints are on: "
            "everyone at the table agrees, Ann too, and so does the referee, which judges "
            "Ann's rule. A right guess is now worth 2 points, not 5.",
            # the referee's hint answers Ben's wrong guess, on the row as it stands
            "[9] a hint is announced\n    The referee has a hint: a card to try, played next "
            "to the w5ft at the end of the row. Anyone against the hint says so now (object "
            "WHO); otherwise hint gives it; then Ben to play a card",
            "[10] the referee gives its hint, a card to try\n    The referee's hint: a black "
            "card with 1 filled triangle (b1ft), played next to the w5ft at the end of the "
            "row, fits Ann's rule but not Ben's guess.",
            # the seed's scoring: Ben 10 - 7 cards + 2 (hints); Cat 10 - 10; Ann the best,
            # halved (four cards played)
            "[12] Ben guesses: not (card.shape == \"circle\")\n    Right! That is Ann's rule, "
            "however it is written.\n    Ben +5 (round 1: 7 cards left, guessed the rule): 5 "
            "points.\n    Cat +0 (round 1: 10 cards left): 0 points.\n    Ann +2 (round 1: "
            "game master, halved): 2 points.\n    Round 1 is over: Ben found Ann's rule. Ann's "
            "rule was: card.shape != \"circle\". Ann scores the best player's 5 points, halved "
            "to 2: the rule was guessed before ten cards were played.\n    Round 2: Ben leads "
            "as game master"):
        assert said in shown, said
    assert table.scores == [2, 5, 0]
    shown = table.ok(ROUND_2)
    for said in (
            "[13] Ben leads a round as game master (they judge the cards themselves)",
            "[14] Cat plays a white card with 1 filled triangle, which fits\n    Into the row, "
            "now 1 card long. Cat may guess (guess right|wrong WORDS) or pass",
            "[15] Cat guesses: white cards only (wrong)\n    Wrong, says Ben.",
            "[16] Ann plays a black card with 2 unfilled circles, which does not fit\n    Below "
            "the row: Ann draws a card.",
            "[17] Cat reveals their hand\n    None fits, says Ben: they go under the draw pile "
            "and Cat draws 8.",
            "[19] Ann reveals their hand; the master places a black card with 5 filled squares "
            "in the row\n    Ben places a black card with 5 filled squares (b5fs) in the row, "
            "and Ann draws a card.",
            "Cat +8 (round 2: 7 cards left, guessed the rule): 8 points.",
            "Ben +4 (round 2: game master, halved): 9 points.",
            "Round 2 is over: Cat found Ben's rule. Ben scores the best player's 8 points, "
            "halved to 4: the rule was guessed before ten cards were played."):
        assert said in shown, said
    assert "Ben's rule was" not in shown  # he judged in person: the referee never knew it
    assert table.scores == [2, 9, 8]
    shown = table.ok(ROUND_3)
    for said in (
            "Not Cat's rule. Ben to play a card",
            "Right! That is Cat's rule, however it is written.",
            "Ann +7 (round 3: 8 cards left, guessed the rule): 9 points.",
            "Cat scores the best player's 7 points, halved to 3: the rule was guessed before "
            "every player had two turns, and before ten cards were played.",
            "The game is over after 3 rounds: Cat won with 11 points. Final ranking: 1. Cat 11 "
            "· 2. Ann 9 · 2. Ben 9."):
        assert said in shown, said
    assert table.scores == [9, 9, 11] and wtr(table).winners == (2,)
    assert [result.master for result in wtr(table).results] == [0, 1, 2]  # clockwise
    assert table.session.final_state()["over"] and table.session.final_state()["winner"] == "Cat"
    board = table.ok("score")
    assert "wtr · full · round 3 · 3 rounds · 28 entries" in board
    assert "│ Cat    │    11 │    0" in board and "▶" not in board
    table.fails("w1fc", "The game is over: Cat won")
    reveal = table.ok("reveal")  # no question once the game is over
    assert 'round 1: card.shape != "circle"' in reveal
    assert "round 2: their own rule, judged at the table" in reveal
    assert "round 3: first or card.colour != previous.colour" in reveal
    assert "Nobody enforced" not in reveal and "Cat won the game." in reveal
    history = table.ok("history 8")
    assert "Ann guesses: card.colour != previous.colour — right" in history
    assert "Ben plays a white card with 3 filled triangles — does not fit" in history


# -- the master's rule ----------------------------------------------------------------------------


def test_the_masters_rule_is_checked_and_a_bad_one_changes_nothing(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.fails("lead: card.colour != previous.colour", "reads the row (previous …) but does "
                "not say what the first card of a row may be: begin it with first or")
    table.fails("lead: card.colur == \"white\"", 'The referee cannot read that rule: column 1: '
                'card has no "colur"')
    table.fails("lead 99", "There is no rule card 99 in What the Rule?!: the rule cards are "
                           "numbered 1 to 44")
    table.fails("lead draw tricky", '"tricky" is no kind of rule card')
    table.fails("lead ben judge", "Ann was chosen to lead the first round, not Ben")
    table.fails("lead", "In a script, the master's rule goes on the line: lead: RULE, lead N")
    table.ok("lead draw starter")
    led = table.session.journal.entries[-1]
    assert isinstance(led, RoundLed) and led.master == 0
    assert led.rule in {card.rule for card in deck().masters if card.starter}
    table.fails("lead judge", "Round 1 is under way, led by Ann")


def test_at_the_keyboard_the_rule_is_asked_checked_and_shown_in_private(tmp_path: Path) -> None:
    """`lead` asks the master in private; a rule that cannot be taken is said there, with the
    reason; a rule card drawn is shown to the master alone, and the entry is that card's."""
    table = open_game(tmp_path)
    outcome = table.session.execute(Lead())
    ask = outcome.private
    assert ask is not None and ask.check is not None and ask.shown is not None
    assert not outcome.changed and not outcome.lines  # nothing said to the table
    assert ask.question == ("Ann, your rule for round 1 (a rule card's number, draw, judge, or "
                            "the rule itself):")
    problem = ask.check("card.colour != previous.colour")
    assert problem is not None and "first card of a row" in problem
    assert ask.check("lead 7") is not None  # not a rule: said in private too
    assert ask.check("first or card.colour != previous.colour") is None
    assert ask.shown("card.count >= 3") is None  # their own rule: nothing more to show
    card = deck().master_rule(7)
    assert card is not None
    assert ask.shown("7") == (f"Rule card 7 (medium): {card.text}\n\nThe referee judges by: "
                              f"{card.rule}")
    drawn = ask.shown("draw")
    assert drawn is not None and drawn == ask.shown("draw")  # the same card every time asked
    assert ask.answer("draw") == Lead(master=0, how=DRAW)
    outcome = table.session.execute(ask.answer("draw"))
    assert outcome.error is None and outcome.changed
    led = table.session.journal.entries[-1]
    assert isinstance(led, RoundLed) and f"The referee judges by: {led.rule}" in drawn
    assert all(led.rule not in line.text for line in outcome.lines)  # the table hears none of it


# -- the master in person ------------------------------------------------------------------------


def test_a_game_kept_in_score_mode_takes_every_verdict(tmp_path: Path) -> None:
    table = open_game(tmp_path, mode="score", target=1, name="kept")
    assert "every master judges" in table.session.history().rows[0].text
    table.fails("lead: card.count >= 1", "In a game kept in score mode every master judges")
    table.ok("lead")
    table.fails("w1ft", "Ann judges this round: say whether the card fits")
    table.fails("show", "Ann judges this round: show ben 10 none (nothing fits), or show ben "
                        "10 place CARD")
    table.fails("guess card.count >= 1", "Nobody may guess now")
    shown = table.ok("w1ft yes\nguess right: everything goes")
    assert "Right, says Ann." in shown
    # Ben 10 - 9 + 5 = 6; Cat 10 - 10 = 0; Ann 6, halved (one card, one turn): 3
    assert table.scores == [3, 6, 0] and wtr(table).over
    assert ("The game is over after 1 round: Ben won with 6 points. Final ranking: 1. Ben 6 · "
            "2. Ann 3 · 3. Cat 0.") in table.ok("turn")


def test_two_players_play_without_points_and_nobody_wins(tmp_path: Path) -> None:
    table = open_game(tmp_path, players=("Ann", "Ben"), target=2, name="two")
    assert "played without points" in table.session.history().rows[0].text
    shown = table.ok("lead 9\nw3ft\nguess card.count > 2")
    assert "Right! That is Ann's rule" in shown and "points" not in shown.split("Right!")[1]
    shown = table.ok("lead judge\nw1fc no\nw2fc fits\nguess right: two or more")
    assert "The game is over after 2 rounds, played without points." in shown
    assert table.scores == [0, 0] and table.session.final_state()["winner"] is None
    assert table.session.final_state()["over"]
    with pytest.raises(ConfigError, match=r"Two players play What the Rule.* without points"):
        open_game(tmp_path, players=("Ann", "Ben"), options=("points=on",), name="bad")


def test_a_shared_win_is_said_and_stored(tmp_path: Path) -> None:
    table = open_game(tmp_path, players=("Ann", "Ben", "Cat"), mode="score", target=1)
    table.ok("lead")
    # Ben plays his ten cards into the row, Cat hers; Ben guesses at the end: Ben 15, Cat 9
    # (one card left), Ann 15, not halved: Ann and Ben share the win.
    codes = [f"{colour}{count}{fill}{shape}" for colour in "wb" for count in "123456"
             for fill in "fu" for shape in "cts"]
    for turn in range(9):
        table.ok(f"{codes[turn]} fits\npass\n{codes[40 + turn]} fits\npass")
    shown = table.ok(f"{codes[9]} fits\nguess right: anything")
    assert ("The game is over after 1 round: Ann and Ben share the win with 15 points. Final "
            "ranking: 1. Ann 15 · 1. Ben 15 · 3. Cat 9.") in shown
    stored = Store(table.store.path).session("wtr")
    assert stored is not None and stored.winner == "Ann and Ben"
    assert table.session.board().winners == ("Ann", "Ben")


# -- undo, resume, export ------------------------------------------------------------------------


def test_an_entry_and_a_round_end_are_undone_and_the_game_resumes_and_exports(
        tmp_path: Path) -> None:
    table = open_game(tmp_path, name="u")
    table.ok("lead 6\nw3ft\npass\nb3fc")
    assert hands(table) == [0, 9, 10]
    shown = table.ok("undo yes")
    assert "Entry 4 no longer counts: Cat plays a black card with 3 filled circles." in shown
    assert "Cat to play a card, or show their hand" in shown
    table.ok("b3fc\nshow w1fc w2fc w3fc w4fc w5fc w6fc b1fc b2fc b4fc")
    shown = table.ok("guess card.shape != \"circle\"")
    assert "Round 1 is over" in shown and table.scores == [3, 7, 0]
    shown = table.ok("undo yes")
    assert "Ben: 7 → 0" in shown and "Ann: 3 → 0" in shown
    assert wtr(table).under_way is not None and table.stored_scores() == [0, 0, 0]
    shown = table.ok('guess first or card.shape != "circle"')  # a circle may start a row
    assert "Not Ann's rule. Cat to play" in shown and "try" not in shown  # no hints agreed
    table.ok("count cat 9\ncount ben 3")  # the table's counts: Cat's is right, Ben's not
    shown = table.ok("undo yes")
    assert "Entry 12 no longer counts: the table counts Ben's hand: 3 cards." in shown
    table.ok("pile 100")
    assert ("Row: w3ft (1 card) · below the row: 1 · draw pile: 100" in table.ok("score"))
    table.ok("b4fc\nshow w1uc w2uc w3uc w4uc w5uc w6uc b1uc b2uc")  # Cat, then Ben: circles
    table.ok('guess card.shape == "triangle" or card.shape == "square"')  # the same rule
    assert table.scores == [4, 8, 1]  # Ben 10 - 7 + 5; Cat 10 - 9; Ann the best, halved
    resumed, dropped = Session.resume(table.store, "u")
    assert not dropped and resumed.game.snapshot() == wtr(table).snapshot()
    assert resumed.deck is not None and resumed.deck.master_rule(6) is not None
    exported = runner.invoke(referee_app, ["export", "u", "--db", str(table.store.path)])
    assert exported.exit_code == 0, exported.output
    entries = read_export(exported.stdout, "json")
    assert entries == resumed.journal.entries
    data = json.loads(exported.stdout)
    assert data["mode"] == "full" and data["entries"][0]["mode"] == "table"
    shows = [entry for entry in entries if isinstance(entry, Revealed)]
    assert shows[0].cards[:2] == ("w1fc", "w2fc")
    assert sum(isinstance(entry, Guessed) for entry in entries) == 3  # one undone
    assert [entry for entry in entries if isinstance(entry, HandCounted | PileCounted)] == [
        HandCounted(player=2, cards=9), HandCounted(player=1, cards=3),  # the second undone
        PileCounted(cards=100)]
    csv = runner.invoke(referee_app, ["export", "u", "--db", str(table.store.path), "--format",
                                      "csv"])
    assert read_export(csv.stdout, "csv") == entries


def test_the_command_starts_a_game_with_a_round_for_each_player(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    started = runner.invoke(referee_app, [
        "new", "--game", "what-the-rule", "--players", "Ann,Ben,Cat,Dan", "--dealer", "cat",
        "--session", "w", "--script", "-", "--db", str(db)],
        input="lead 6\nw3ft\nquit\n", env={"COLUMNS": "200"})
    assert started.exit_code == 0, started.output
    assert ("[0] a new game for Ann, Ben, Cat, Dan (Cat leads the first round; 4 rounds, the "
            "lead passing clockwise); session w") in started.stdout
    assert "Round 1: Cat is the game master" in started.stdout
    assert "w · full · round 1 · 4 rounds · 3 entries" in started.stdout
    resumed = runner.invoke(referee_app, ["resume", "w", "--script", "-", "--json", "--db",
                                          str(db)], input="pass\nb3fc\n",
                            env={"COLUMNS": "200"})
    assert resumed.exit_code == 0, resumed.output
    state = json.loads(resumed.stdout)
    assert state["hand"] == [10, 10, 0, 9] and state["scores"] == [0, 0, 0, 0]
    assert state["next"].startswith("Ben to play a card")
    kept = runner.invoke(referee_app, [
        "new", "--game", "what-the-rule", "--players", "Ann,Ben", "--mode", "score",
        "--script", "-", "--db", str(db)], input="lead\nw1fc fits\n", env={"COLUMNS": "200"})
    assert kept.exit_code == 0 and "Ann leads a round" in kept.stdout
    refused = runner.invoke(referee_app, [
        "new", "--game", "what-the-rule", "--players", "Ann,Ben", "--first", "9h",
        "--script", "-", "--db", str(db)], input="")
    assert refused.exit_code == 2 and "What the Rule?! has no --first" in refused.stderr


# -- refusals --------------------------------------------------------------------------------------


def test_refusals_change_nothing_and_say_why(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    table.fails("w3ft", "No round is under way: Ann leads the next one (lead)")
    table.fails("enforce ann on ben", '"enforce" has no place in What the Rule?!: there are '
                                      "no enforcements or challenges")
    table.fails("pick", "each round's master brings one (lead)")
    table.ok("lead 6")
    table.fails("peek ben", "Ben has brought in no secret rule of their own")
    table.fails("w3ft fits", "The referee judges this round by Ann's rule: an entry does not "
                             "say whether the card fits")
    table.fails("p cat w3ft", "It is Ben's turn: only they can play a card now")
    table.fails("p ann w3ft", "Ann is the game master this round: the master holds no cards")
    table.fails("x3fc", '"x3fc" is not a card')
    table.fails("wft", '"wft" is neither a command nor a card')
    table.fails("guess card.count >= 1", "Nobody may guess now")
    table.fails("show none", "The referee judges this round by Ann's rule: type the hand's "
                             "cards (show CARDS)")
    table.fails("show w1fc w2fc", "Ben holds 10 cards, not 2: a revealed hand is typed whole")
    table.fails("hint", "The referee gives hints only once everyone at the table has agreed")
    table.fails("hint circles", "The referee judges this round by Ann's rule: its hints are "
                                "cards to try, not words")
    table.ok("w3ft")
    table.fails("guess card.colr == 'white'", "Ben's guess must be a rule the referee can judge")
    table.fails("pass cat", "Cat has no guess to let go. Only Ben may guess now")
    table.ok("w3ft")                      # Cat: the second white card with 3 filled triangles
    table.fails("w3ft", "Both white cards with 3 filled triangles (w3ft) are already on the "
                        "table")
    table.ok("hints")
    table.fails("hints", "already agreed to hints in this round")
    table.fails("hint", "The referee's hints are cards that tell a wrong guess from Ann's rule, "
                        "and nobody has guessed wrong in this round yet")
    assert table.scores == [0, 0, 0]


def test_help_lists_the_verbs_and_the_board_says_what_is_on_the_table(tmp_path: Path) -> None:
    table = open_game(tmp_path)
    shown = table.ok("help")
    for verb in ("lead [: RULE | N | draw [LEVEL] | judge]", "play [WHO] CARD [fits|no]",
                 "show [WHO] CARDS | [N] none | [N] place CARD",
                 "guess [WHO] RULE | right|wrong [WORDS]", "pass [WHO]", "hints", "hint [WORDS]",
                 "object WHO", "count WHO N | count pile N", "pile empty | pile N",
                 "undo", "reveal", "history"):
        assert verb in shown, verb
    for generic in ("enforce WHO", "challenge [WHO]", "keep WHO", "pick [WHO]"):
        assert generic not in shown, generic
    table.ok("lead 6\nw3ft\npass\nb3fc\nw4us\npass\nw5ft\nhints")
    board = table.ok("score")
    assert ("Round 1, master Ann (the referee judges) · Row: w3ft w4us w5ft (3 cards) · below "
            "the row: 1 · draw pile: 123 · hints on") in board
    assert "▶ │ Ben    │     0 │    8" in board and "│ Ann    │     0 │    0" in board
    table.ok("w6ut\npass\nb1fc\nw1ft")
    assert "Row: … w4us w5ft w6ut w1ft (5 cards) · below the row: 2" in table.ok("score")


def test_a_new_game_is_set_up_or_refused_in_sentences(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite3")

    def new(**settings: object) -> Session:
        return Session.create(store, NewGame(players=("Ann", "Ben", "Cat"),
                                             game="what-the-rule", **settings),  # type: ignore[arg-type]
                              name="bad")

    with pytest.raises(RefereeError, match="--fewer-cards is a variant of Up 'N Over"):
        new(fewer_cards=True)
    with pytest.raises(RefereeError, match=r"What the Rule.* has no --first"):
        new(first="9h")
    with pytest.raises(ConfigError, match='"colour=red" is not a setting of What the Rule'):
        new(options=("colour=red",))
    with pytest.raises(ConfigError, match="stacked order"):
        new(options=("deck1=b3fc",))
    assert store.sessions() == []


# -- at the keyboard ------------------------------------------------------------------------------


def test_the_rule_is_typed_in_private_at_the_keyboard(tmp_path: Path) -> None:
    """`lead`: the screen clears, Ann types a rule the referee refuses (she alone reads
    why), then the number of the rule card she drew, sees its words alone, and the screen
    clears again; the table hears only that she leads, then the referee's verdicts."""
    pexpect = pytest.importorskip("pexpect")
    from tests.referee.test_interactive import spawn

    child = spawn("new", "--game", "what-the-rule", "--players", "Ann,Ben,Cat",
                  db=tmp_path / "referee.sqlite3")
    child.expect(r"Round 1: Ann leads as game master")
    child.expect(r"Ann, lead> ")
    child.sendline("lead")
    child.expect("Ann answers in private")
    child.expect("Ann, press Enter when only you can see the screen")
    child.sendline("")
    child.expect(r"Ann, your rule for round 1 \(a rule card's number, draw, judge")
    child.sendline("card.colour != previous.colour")
    child.expect("Not taken: The rule reads the row")
    child.expect("Answer again, or press Enter to leave it")
    child.sendline("11")
    child.expect("Rule card 11 \\(easy\\)")
    child.expect("Press Enter to hide it")
    child.sendline("")
    child.expect(r"\[1\] Ann leads a round as game master \(the referee judges their rule\)")
    public = child.before
    child.expect(r"Ben, play> ")
    public += child.before
    assert "colour" not in public and "black" not in public
    child.sendline("b2fc")
    child.expect("It fits: into the row")
    child.expect(r"Ben, guess> ")
    child.sendline('guess card.colour == "black"')
    child.expect("Right! That is Ann's rule")
    child.expect(r"Ben, lead> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
