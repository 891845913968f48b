"""A phone makes its own player's moves and calls, and no one else's: a move with no name
is that player's (not whoever's turn it is), another player's is refused in a sentence with
nothing recorded, the laptop's own commands are refused, and a challenged rule is ruled on
only by the one it was shown to; a phone can still undo, with a confirm that says only
what the table heard."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web import helpers
from tests.web.helpers import ORIGIN, TABLE, Web, open_web

HINT = '"You did not clap after the sum."'
TABLE_JUDGED = "someone-laughs"


@pytest.fixture
def web(tmp_path: Path) -> Web:
    """Hidden Rules with every rule kept from the phones (Cat's judged by the table, so a
    challenge of it is shown to the challenger), Ann's 10c turned up: Ben to play."""
    web = open_web(tmp_path, helpers.hidden_rules, rules={"Cat": TABLE_JUDGED})
    for seat, line in enumerate(("keep 1 1", "keep 1 1", f"keep {TABLE_JUDGED} 1")):
        web.ok(seat, line)
    web.ok(0, "up 10c")
    return web


def test_a_move_with_no_name_is_the_phone_s_own(web: Web) -> None:
    reply = web.ok(1, "p 10d")
    assert reply["lines"][0]["text"] == "Ben plays the ten of diamonds"
    web.refused(1, "p 4c", "Cat")             # Cat's turn now: Ben's phone plays only for Ben
    web.refused(0, "p 4c", "Cat")
    reply = web.ok(2, "p cat 2c")             # a phone may name its own player
    assert reply["lines"][0]["text"] == "Cat plays the two of clubs"


def test_another_player_s_move_is_refused_in_a_sentence(web: Web) -> None:
    for line in ("p ben 10d", f"enforce ben on cat {HINT}", "keep cat 1 1", "peek cat"):
        reply = web.refused(0, line, "This is Ann's phone")
        assert reply["error"] == ("This is Ann's phone: it makes Ann's own moves and calls. "
                                  "Type " + ("Ben" if "ben" in line else "Cat")
                                  + "'s at the laptop, or on their phone.")
        assert reply["lines"] == []
    assert web.view(TABLE)["log"][-1]["text"] == "Sum 10. Ben to play."


def test_the_laptop_s_own_commands_are_refused_on_a_phone(web: Web) -> None:
    web.refused(1, "quit", "quit is given at the laptop, not from a phone")
    web.refused(1, "timer 30", "timer is given at the laptop")
    web.refused(1, "reveal", "only the laptop can reveal them")
    assert web.session.timer is None


def test_the_table_page_has_the_laptop_s_rights(web: Web) -> None:
    reply = web.ok(TABLE, "p ben 10d")
    assert reply["lines"][0]["text"] == "Ben plays the ten of diamonds"
    assert web.send(TABLE, "reveal")["confirm"].startswith("The game is not over")
    assert web.post(TABLE, "cancel")["said"] == "Nothing changed."
    assert "reveal" not in web.view(TABLE)


def test_only_the_challenger_rules_on_a_rule_shown_to_them(web: Web) -> None:
    web.ok(1, "p 10d")
    web.ok(2, f"enforce on ben {HINT}")       # Cat's table-judged rule: shown to Ben
    web.ok(1, "challenge")
    question = web.view(TABLE)["question"]
    assert question["viewer"] == "Ben" and web.view(1)["rules_here"]
    assert not web.view(0)["rules_here"] and not web.view(2)["rules_here"]
    for seat in (0, 2, TABLE):  # the table page too: anyone may tap the table's screen
        web.refused(seat, "rule upheld", "Ben rules on this challenge: they alone have seen "
                                         "the rule.")
    reply = web.ok(1, "rule overturned")
    assert "Enforcement 1 is overturned." in [line["text"] for line in reply["lines"]]


def test_a_challenge_nobody_was_shown_is_ruled_from_any_page(tmp_path: Path) -> None:
    """In score mode the referee knows no rule and shows none: the table rules, from the
    table page or a phone."""
    web = open_web(tmp_path, helpers.score_game)
    web.ok(0, f"enforce on ben {HINT}")
    web.ok(1, "challenge")
    assert web.view(TABLE)["question"]["viewer"] is None
    reply = web.ok(TABLE, "rule upheld")
    assert "Enforcement 1 is upheld." in [line["text"] for line in reply["lines"]]
    web.ok(0, f"enforce on cat {HINT}")
    web.ok(2, "challenge")
    reply = web.ok(1, "rule overturned")
    assert "Enforcement 2 is overturned." in [line["text"] for line in reply["lines"]]


def test_a_phone_undoes_with_a_confirm_in_public_words(web: Web) -> None:
    deck = web.session.deck
    assert deck is not None
    web.ok(1, "p 10d")
    entries = web.entries()
    reply = web.send(2, "undo")
    assert reply["confirm"] == "Undo entry 5: Ben plays the ten of diamonds?"
    assert web.entries() == entries
    assert web.post(2, "cancel")["said"] == "Nothing changed."
    assert web.post(2, "confirm")["error"] == "Nothing waits to be confirmed."
    web.send(2, "undo")
    assert web.post(1, "confirm")["error"] == "Nothing waits to be confirmed."  # Cat's alone
    reply = web.post(2, "confirm")
    assert [line["text"] for line in reply["lines"]][:2] == [
        "entry 5 is void (undo)", "Entry 5 no longer counts: Ben plays the ten of diamonds."]
    assert len(web.entries()) == len(entries) + 1
    assert web.session.game.table.total == 10  # type: ignore[attr-defined]


def test_undoing_a_kept_rule_says_nothing_of_it(tmp_path: Path) -> None:
    web = open_web(tmp_path, helpers.hidden_rules)
    deck = web.session.deck
    assert deck is not None
    web.ok(0, "keep 2 2")
    rule = web.session.game.rules[0]
    assert rule is not None
    said = [web.send(1, "undo"), web.post(1, "confirm"), web.send(0, "history"),
            web.send(1, "history")]
    text = str(said)
    for word in (rule.trigger, rule.action, deck.rule_text(rule.trigger, rule.action)):
        assert word not in text
    assert said[0]["confirm"] == "Undo entry 1: Ann keeps a secret rule?"
    assert web.session.game.rules[0] is None and web.view(0)["pick"] is not None


def test_a_page_s_request_that_cannot_be_read_changes_nothing(web: Web) -> None:
    entries = web.entries()
    for body in (b"", b"[]", b"{", b'{"line": 7}', b'{"line": ""}', b"x" * 20_000):
        response = web.client.post(f"/p/{web.key(1)}/send", content=body,
                                   headers={**ORIGIN, "content-type": "application/json"})
        assert response.status_code == 200
        assert response.json()["error"] == "Type a command (help lists them)."
    assert web.post(1, "choose", {"number": "1"})["error"] == "Nothing waits for a choice."
    assert web.post(TABLE, "answer", {"text": "x"})["error"] == (
        "That is done on a player's own page.")
    assert web.post(1, "answer", {"text": "x"})["error"] == "Nothing is asked of you now."
    assert web.entries() == entries


def test_a_card_or_a_word_alone_is_the_phone_s_own_in_mao(tmp_path: Path) -> None:
    """Mao's lines name who plays (`ben ah`); on Ben's phone `ah` alone is his, and so is
    `say hello`."""
    web = open_web(tmp_path, helpers.mao)
    assert web.ok(0, "ah")["lines"][0]["text"].startswith("Ann plays the ace of hearts")
    assert web.ok(1, "say hello")["lines"][0]["text"] == "Ben says 'hello'"
