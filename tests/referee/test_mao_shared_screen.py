"""What the shared screen shows in a game of Mao, read line by line from the real referee
over a whole scripted game: only what happened at the table (each card and what was said,
each call and its result, the cards taken, a point of order, a Mao), never a rule nor whose
turn it is. What the referee knows goes to the game master alone, on a private screen
(clarification game-master); what a player can physically do goes down and stands until
someone calls it."""

from __future__ import annotations

import re
from pathlib import Path

from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables.mao.verbs import Master
from hrdeck.referee.views import PrivateRule
from tests.referee.helpers import referee_process
from tests.referee.test_mao_table import mao, open_game

# Ann deals; Ben, on her left, goes first. A chain of three 7s, a card other than a 7 on
# it and the chain's cards called for; a point of order; an ace, two 8s, a jack and a suit
# named, a spade left unnamed and called late, a card called back, a bad call, a joker, a
# Mao; a winner back with a rule only he knows, his call contested and answered "new
# rule"; a Mao said in vain, called wrongly and rightly; a pass facing a 7; a card out of
# turn called back; calls too late; and a second Mao that ends the game.
GAME = """
help
help call
b 9c
c 7c nd
a 7s * vnd
b 7d vvnd
c 2d
a 2h
call b on c failure to take a penalty card
call a on c bad card
order c
call a on c touching cards
say a p of o
call c on a saying p of o during a p of o
end a
b ah
a 8h
c 8s
a js * d
call b on c fts eight of spades
b 3d lc
c 4c
call b on c bad card
c 3c
call a on c bad card
a rj: tb
score
b 9d: tb; mao
call c on a bad card
back ben: odd cards on even cards are bad cards
c 6d
a 6h
call b on a bad card
call a on b bad call
say b nr
a 6h
say a mao
call c on a forgetting to say mao
call b on a in vain
b 7h nd
pass c
call a on c penalty card
call a on c fts pc
b 5h
call a on b playing out of turn
a 5s
b 5h
pass c
pass a
call c on a failure to say five of spades
call c on a bad card
turn
master
9c
call a on b singing
b 8x
b 5d
pass c
undo yes
pass c
pass a
b 4d
pass c
pass a
b 10d lc
pass c
pass a
history
b 10c: mao
reveal yes
"""
# Words that would teach a rule or say whose turn it is.
TEACHING = re.compile(
    r"skip|turns? round|clockwise|faces?\b|aimed|chain|is (?:a|the) nine of diamonds|must|"
    r"to play|in force|follow|plays on|▶|whose turn|'s turn|\bnext\b|fits?\b|owe[sd]?\b|"
    r"only a 7|a 7\b|7s'|penalty cards? first|play a 7|not allowed|against the rules",
    re.IGNORECASE)


def shared_screen(tmp_path: Path) -> str:
    """Everything the real referee prints for the whole game: standard output and error."""
    process = referee_process("new", "--game", "mao", "--players", "Ann,Ben,Cat", "--first",
                              "9h", "--target", "2", "--session", "mao", "--script", "-",
                              db=tmp_path / "referee.sqlite3")
    out, errors = process.communicate(GAME, timeout=120)
    assert process.returncode == 1, errors  # the lines refused on purpose
    return out + errors


def test_the_shared_screen_says_what_happened_and_teaches_no_rule(tmp_path: Path) -> None:
    screen = shared_screen(tmp_path)
    for line in screen.splitlines():
        # "playing out of turn" is a call's name, said as the table says it
        plain = line.replace("playing out of turn", "").replace("(also return)", "")
        assert not TEACHING.search(plain), line
        assert not re.search(r"\bturn\b", plain) or "has no place in Mao" in plain, line
    for said in (
            "[5] Cat plays the two of diamonds\n[6] Ann plays the two of hearts\n",
            "[7] Ben calls failure to take a penalty card on Cat\n"
            "    Cat takes 4 cards: failure to take a penalty card.",
            "[8] Ann calls bad card on Cat\n    Cat takes a card: bad card.",
            "[9] Cat says 'point of order'\n    Point of order, called by Cat.",
            "[14] Ben plays the ace of hearts\n[15] Ann plays the eight of hearts\n",
            "[17] Ann plays the jack of spades, saying 'jack of spades'; 'diamonds'\n[18]",
            "[24] Ann plays the red joker, saying \"that's the badger\"\n",
            "Mao! Ben wins a Mao (1 of 2).",
            "[30] Ben calls bad card on Ann\n    Ann takes the 6♥ back, and a penalty card: "
            "bad card.",
            "[31] Ann calls bad call on Ben\n    The card goes back to Ben: bad call.",
            "[32] Ben says 'new rule'\n    The card goes back to Ann: new rule.",
            "[35] Cat calls 'forgetting to say mao' on Ann\n    Cat takes 3 cards: taking the "
            "name of the great Chinese leader in vain.",
            "[38] Cat takes a card\n[39]",
            "[47] Cat calls failure to say 'five of spades' on Ann\n    Too late: nobody "
            "takes a card.",
            "Mao! Ben wins a Mao (2 of 2).\n    The game is over: Ben won with 2 Maos.",
            "odd cards on even cards are bad cards"):  # the reveal, once the game is over
        assert said in screen, said
    for refused in ('line 53: "turn" has no place in Mao: the table keeps track of play itself',
                    "line 54: What the referee knows is for the game master's eyes alone",
                    "line 55: Who plays the nine of clubs? Every move names its player first",
                    'line 56: "singing" is not a call the referee knows.',
                    'line 57: "8x" is not a card'):
        assert refused in screen, refused


def test_the_game_master_sees_in_private_what_the_screen_leaves_out(tmp_path: Path) -> None:
    """The same game typed in at the table: at each step the game master's private screen
    says what the shared one does not."""
    table = open_game(tmp_path, target=2)
    knows: dict[str, str] = {}
    for line in GAME.strip().splitlines():
        table.run(line)
        outcome = table.session.execute(Master())
        if isinstance(outcome.view, PrivateRule):
            knows[line] = outcome.view.text
    assert "Cat faces a chain of 3 sevens: a 7, or 3 cards taken saying \"penalty card\"." in (
        knows["b 7d vvnd"])
    assert ("The latest card, Cat's 2♦, does not fit and went down in turn." in knows["c 2d"]
            and "Cat: failure to take a penalty card (3 cards not taken, and one more)" in
            knows["c 2d"] and "Cat: failure to say 'penalty card'" in knows["c 2d"])
    assert "it skipped Cat" in knows["b ah"] and "Ann is to play" in knows["b ah"]
    assert "Play goes anticlockwise." in knows["a 8h"] and "Cat is to play" in knows["a 8h"]
    assert "diamonds to follow (named after a jack)" in knows["a js * d"]
    assert "the red joker is the nine of diamonds" in knows["a rj: tb"]
    assert ("Ben: odd cards on even cards are bad cards (its holder judges it"
            in knows["back ben: odd cards on even cards are bad cards"])
    assert "Ann: bad card, the 5♠ (it goes back if called now)" in knows["a 5s"]
    assert "10 seconds to begin a turn" in knows["b 9c"]
    assert mao(table).winner == 1


def test_what_a_player_can_do_goes_down_and_stands_until_called(tmp_path: Path) -> None:
    """A pass facing a 7, a card other than a 7 on a 7, a card taken out of turn: each goes
    down without a word from the referee, and the calls judge it."""
    process = referee_process("new", "--game", "mao", "--players", "Ann,Ben,Cat", "--first",
                              "9h", "--script", "-", db=tmp_path / "referee.sqlite3")
    out, errors = process.communicate(
        "b 7h nd\npass c\ncall b on c failure to take a penalty card\n"  # a pass
        "a 7c nd\nb 2c\ncall c on b penalty card\n"                     # not a 7
        "pass a\ncall b on a out of turn\n", timeout=60)                 # Cat's turn
    assert process.returncode == 0, errors
    assert ("[2] Cat takes a card\n[3] Ben calls failure to take a penalty card on Cat\n"
            "    Cat takes 2 cards: failure to take a penalty card.\n") in out
    assert ("[5] Ben plays the two of clubs\n[6] Cat calls failure to take a penalty card on "
            "Ben\n    Ben takes 2 cards: failure to take a penalty card.\n") in out
    assert ("[7] Ann takes a card\n[8] Ben calls playing out of turn on Ann\n    Ann takes a "
            "card: playing out of turn.\n") in out
    stored = Session.resume(Store(tmp_path / "referee.sqlite3"), "game-1")[0]
    assert [len(hand) for hand in stored.game.table.hands] == [6, 5, 8]  # type: ignore[attr-defined]

