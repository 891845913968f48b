"""Mao's penalty calls as the real referee judges them: a call that says "Mao" costs its
caller three cards; a true call made late is still true, until its offender's next turn,
and after that it is too late; a holder answers "bad call" with "new rule"; the calls are
read in the table's words, the seed text's among them; and the short forms a typist uses
spell out the long ones."""

from __future__ import annotations

from pathlib import Path

from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables.mao.shorthand import HELP, SHORT
from tests.referee.helpers import referee_process


def referee(tmp_path: Path, script: str, players: str = "Ann,Ben,Cat",
            failing: int = 0) -> tuple[str, list[int]]:
    """What the real referee printed for `script` (a new game, Ann dealing, on the 9♥),
    and the cards in each hand at the end, read back from its journal."""
    db = tmp_path / "referee.sqlite3"
    process = referee_process("new", "--game", "mao", "--players", players, "--first", "9h",
                              "--session", "m", "--script", "-", db=db)
    out, errors = process.communicate(script, timeout=60)
    assert process.returncode == (1 if failing else 0), errors
    assert f"{failing} line(s) failed" in errors if failing else not errors, errors
    session = Session.resume(Store(db), "m")[0]
    return out + errors, [len(hand) for hand in session.game.table.hands]  # type: ignore[attr-defined]


def test_a_call_that_says_mao_costs_its_caller_three_cards(tmp_path: Path) -> None:
    screen, hands = referee(tmp_path, "say ben mao\n"
                                      "call ann on ben saying mao\n"
                                      "call cat on ben failure to say Mao\n"
                                      "call ann on ben forgetting to say mao\n"
                                      "call cat on ben taking the name of the great Chinese "
                                      "leader in vain\n")
    assert ("[2] Ann calls 'saying mao' on Ben\n    Ann takes 3 cards: taking the name of the "
            "great Chinese leader in vain.\n") in screen
    assert "[3] Cat calls 'failure to say Mao' on Ben\n    Cat takes 3 cards" in screen
    assert "[4] Ann calls 'forgetting to say mao' on Ben\n    Ann takes 3 cards" in screen
    # nothing came of those for Ben: the call in the proper words still holds
    assert ("[5] Cat calls taking the name of the great Chinese leader in vain on Ben\n"
            "    Ben takes 3 cards: taking the name of the great Chinese leader in vain.\n"
            ) in screen
    assert hands == [11, 8, 8]


def test_a_true_call_made_late_is_still_true_until_the_offenders_next_turn(
        tmp_path: Path) -> None:
    screen, hands = referee(tmp_path, "b 3h\n"
                                      "c 3s\n"            # not named
                                      "a 2c\n"            # does not fit
                                      "b 2h\n"
                                      "call ben on cat failure to say three of spades\n"
                                      "c 6h\n"
                                      "a 6c\n"            # Ann's next turn: her 2c is over
                                      "call cat on ann bad card\n"
                                      "call cat on ann failure to say six of clubs\n")
    assert ("[5] Ben calls failure to say 'three of spades' on Cat\n"
            "    Cat takes a card: failure to say 'three of spades'.\n") in screen
    assert "[8] Cat calls bad card on Ann\n    Too late: nobody takes a card.\n" in screen
    assert ("[9] Cat calls failure to say 'six of clubs' on Ann\n"
            "    Bad call: Cat takes the card.\n") in screen  # never owed: a bad call
    assert hands == [3, 3, 5]


def test_bad_call_is_answered_with_new_rule_and_the_card_stands(tmp_path: Path) -> None:
    """Ben wins, comes back with a rule only he knows, and calls Ann's 2♥ a bad card
    though it fits the standard rules. Ann answers "bad call": the card goes back to Ben.
    Ben answers "new rule": it goes back to Ann, and stays; undone, it is Ben's again."""
    screen, hands = referee(tmp_path, "b ah\nb as *\nb ad\nb ac lc\nb 2c: mao\n"
                                      "back ben: no red card on a red card\n"
                                      "a 2d\n"
                                      "call ben on ann bad card\n"
                                      "call ann on ben bad call\n"
                                      "say ben new rule\n"
                                      "a 2d\n"
                                      "b 5h\n"            # fits nothing
                                      "call ann on ben bad card\n"
                                      "call ben on ann bad call\n"
                                      "say ben nr\n", players="Ann,Ben")
    assert ("[8] Ben calls bad card on Ann\n    Ann takes the 2♦ back, and a penalty card: "
            "bad card.\n[9] Ann calls bad call on Ben\n    The card goes back to Ben: bad call."
            "\n[10] Ben says 'new rule'\n    The card goes back to Ann: new rule.\n") in screen
    assert ("[14] Ben calls bad call on Ann\n    Bad call: Ben takes the card.\n"
            "[15] Ben says 'new rule'\n") in screen  # a call the referee saw hold: no contest
    assert hands == [5, 7]
    undone, hands = referee(tmp_path / "again", "b ah\nb as *\nb ad\nb ac lc\nb 2c: mao\n"
                                                "back ben: no red card on a red card\na 2d\n"
                                                "call ben on ann bad card\n"
                                                "call ann on ben bad call\nsay ben new rule\n"
                                                "undo yes\n", players="Ann,Ben")
    assert "Entry 10 no longer counts: Ben says 'new rule'." in undone
    assert hands == [5, 6]


def test_the_calls_in_the_seeds_own_words_are_calls(tmp_path: Path) -> None:
    screen, hands = referee(tmp_path, "say cat mao\n"   # Cat does not introduce the game
                                      "call ben on cat taking the name of the great Chinese "
                                      "leader in vain\n"
                                      "b 7h: have a nice day\n"
                                      "pass c\n"
                                      "call ann on cat failure to take a penalty card\n"
                                      "call ann on cat failure to say 'penalty card'\n"
                                      "a 7s\n"
                                      "call ben on ann failure to call a spade a spade\n"
                                      "call ben on ann continued failure to call a spade a "
                                      "spade\n"
                                      "order cat\n"
                                      "say ben P-of-O\n"
                                      "call cat on ben saying P-of-O during a P-of-O\n"
                                      "call ann on ben touching cards during a P-of-O\n"
                                      "end ann\n"
                                      "call cat on ben failure to play within 10 seconds\n"
                                      "call ann on cat explaining the rules\n")
    for said in (
            "[2] Ben calls taking the name of the great Chinese leader in vain on Cat\n"
            "    Cat takes 3 cards: taking the name of the great Chinese leader in vain.",
            "[5] Ann calls failure to take a penalty card on Cat\n    Cat takes 2 cards",
            "[6] Ann calls failure to say 'penalty card' on Cat\n    Cat takes a card",
            "[8] Ben calls failure to call a spade a spade on Ann\n"
            "    Ann takes a card: failure to say 'seven of spades'.",
            "    Ann takes a card: continued failure to say 'seven of spades'.",
            "[12] Cat calls point of order during a point of order on Ben\n    Ben takes a card",
            "[13] Ann calls touching cards during a point of order on Ben\n    Ben takes a card",
            "[15] Cat calls failure to play in time on Ben\n    Ben takes a card: failure to "
            "play within 10 seconds.",
            "[16] Ann calls explaining the rules on Cat\n    Cat takes a card"):
        assert said in screen, said
    assert hands == [6, 7, 13]


def test_short_forms_spell_out_what_the_typist_writes(tmp_path: Path) -> None:
    short, long = "b 7s * nd", "p ben 7s: seven of spades; have a nice day"
    assert len(short) < len(long) / 3
    screen, hands = referee(tmp_path, f"{short}\n"
                                      "take c 2: pc\n"
                                      "c 7h: vnd\n"
                                      "a 7c vvnd; lc\n"
                                      "call b on a fts *\n"          # the card on top
                                      "b jh h\n"
                                      "say c hearts\n")
    said = "saying 'seven of spades'; 'have a nice day'"
    assert f"[1] Ben plays the seven of spades, {said}\n" in screen
    assert "[2] Cat takes 2 penalty cards, saying 'penalty card'\n" in screen
    assert "[3] Cat plays the seven of hearts, saying 'have a very nice day'\n" in screen
    assert ("[4] Ann plays the seven of clubs, saying 'have a very very nice day'; 'last card'"
            "\n") in screen
    assert ("[5] Ben calls failure to say 'seven of clubs' on Ann\n    Bad call: Ben takes the "
            "card.\n") in screen
    assert "[6] Ben plays the jack of hearts, saying 'hearts'\n" in screen
    assert hands == [4, 4, 6]
    again, _ = referee(tmp_path / "long", f"{long}\n")
    assert f"[1] Ben plays the seven of spades, {said}\n" in again


def test_the_docs_and_help_name_every_short_form() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "games" / "mao.md").read_text("utf-8")
    for short in (*SHORT, "*", "nd", "vnd", "tyvm"):
        assert f"`{short}`" in page, short
        assert f"{short} " in HELP or f"{short}:" in HELP or f"{short}," in HELP, short
