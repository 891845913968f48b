"""Each private thing goes to one player's page alone: the rule pick, a peek, a challenged
rule (to the challenger and its holder), a Mao winner's new rule and the game master's
knowledge, a What the Rule?! master's rule, a joker's swapped card; every other page (the
table page too) gets none of it, nor any word of a wrong answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web import helpers
from tests.web.helpers import TABLE, Web, open_web

HINT = '"You did not clap after the sum."'


def others(web: Web, seat: int) -> list[int]:
    return [other for other in (*range(len(web.session.names)), TABLE) if other != seat]


def on_page(web: Web, seat: int, *words: str) -> bool:
    page = json.dumps(web.view(seat), ensure_ascii=False)
    return all(word in page for word in words)


def nowhere_else(web: Web, seat: int, *words: str) -> None:
    for other in others(web, seat):
        page = json.dumps(web.view(other), ensure_ascii=False)
        for word in words:
            assert word not in page, (other, word)


def notes(web: Web, seat: int) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = web.view(seat)["notes"]
    return result


# -- Hidden Rules ------------------------------------------------------------------------------


def test_each_player_picks_their_rule_on_their_own_page(tmp_path: Path) -> None:
    web = open_web(tmp_path, helpers.hidden_rules)
    deck = web.session.deck
    assert deck is not None
    for seat in range(3):
        pick = web.view(seat)["pick"]
        dealt = web.session.game.dealt[seat]
        assert [card["id"] for card in pick["actions"]] == list(dealt.actions)
        assert [card["text"] for card in pick["triggers"]] == [
            deck.trigger(card).text for card in dealt.triggers]  # type: ignore[union-attr]
        nowhere_else(web, seat, *dealt.triggers, *dealt.actions,
                     *(card["text"] for card in pick["triggers"] + pick["actions"]))
    assert web.send(TABLE, "pick")["said"] == ("Each player picks their secret rule on "
                                               "their own page.")
    pick = web.view(1)["pick"]
    trigger, action = pick["triggers"][1]["id"], pick["actions"][0]["id"]
    web.ok(1, f"keep {trigger} {action}")      # the page sends the ids picked
    view = web.view(1)
    assert view["pick"] is None
    assert view["secrets"] == [{"title": "Your secret rule",
                                "text": deck.rule_text(trigger, action)}]
    nowhere_else(web, 1, deck.rule_text(trigger, action), trigger, action)


def test_a_peek_is_shown_on_its_player_s_page_alone(tmp_path: Path) -> None:
    web = open_web(tmp_path, helpers.hidden_rules)
    for seat in range(3):
        web.ok(seat, "keep 1 1")
    text = web.session.private_rule(2).text
    assert web.send(2, "peek")["said"] is None
    assert [note["text"] for note in notes(web, 2)] == [text]
    assert web.send(TABLE, "peek cat")["said"] == "It is shown on Cat's page alone."
    assert [note["text"] for note in notes(web, 2)] == [text, text]
    nowhere_else(web, 2, text)
    first = notes(web, 2)[0]["id"]
    web.post(2, "dismiss", {"note": first})
    assert [note["id"] for note in notes(web, 2)] != [first] and len(notes(web, 2)) == 1
    web.post(1, "dismiss", {"note": notes(web, 2)[0]["id"]})  # not Ben's to hide
    assert len(notes(web, 2)) == 1


def test_a_challenged_rule_is_shown_to_the_challenger_and_its_holder_alone(
        tmp_path: Path) -> None:
    """Ann enforces Cat's rule (judged by the table) on Ben; Ben challenges: the rule goes to
    Ben's page and Cat's, never to Ann's (she enforced it without seeing it) or the table's."""
    web = open_web(tmp_path, helpers.hidden_rules, rules={"Cat": "someone-laughs"})
    for seat, line in enumerate(("keep 1 1", "keep 1 1", "keep someone-laughs 1")):
        web.ok(seat, line)
    web.ok(0, "up 10c")
    web.ok(1, "p 10d")
    web.ok(0, f"enforce on ben rule cat {HINT}")
    reply = web.ok(1, "challenge")
    assert "Cat must show the rule to Ben." in [line["text"] for line in reply["lines"]]
    rule = web.session.private_rule(2).text
    for seat in (1, 2):
        (note,) = notes(web, seat)
        assert note["title"] == "Cat's secret rule" and note["text"].startswith(rule)
    assert notes(web, 0) == []
    for seat in (0, TABLE):
        assert not on_page(web, seat, rule)
    assert web.view(TABLE)["question"]["viewer"] == "Ben"


# -- Mao ---------------------------------------------------------------------------------------


def mao_won_by_ben(tmp_path: Path) -> Web:
    web = open_web(tmp_path, helpers.mao, players=("Ann", "Ben"))
    for line in ("b ah", "b as *", "b ad", "b ac lc", "b 2c: mao"):
        web.ok(1, line)
    return web


def test_a_mao_winner_types_their_new_rule_on_their_own_page(tmp_path: Path) -> None:
    web = mao_won_by_ben(tmp_path)
    web.refused(0, "back ben", "This is Ann's phone")
    assert web.send(TABLE, "back ben")["said"] == "Ben answers on their own page."
    ask = web.view(1)["ask"]
    assert ask["question"].startswith("Ben, your new rule:")
    assert web.view(0)["ask"] is None and "ask" not in web.view(TABLE)
    entries = web.entries()
    reply = web.answer(1, "99")
    assert reply["error"].startswith("There is no secret rule card 99")
    assert web.entries() == entries and web.view(1)["ask"] == ask  # asked again
    assert web.answer(0, "kings are wild")["error"] == "Nothing is asked of you now."
    nowhere_else(web, 1, "There is no secret rule card 99")
    reply = web.answer(1, "kings are wild")
    assert reply["error"] is None and web.view(1)["ask"] is None
    assert [line["text"] for line in reply["lines"]] == [
        "Ben comes back into the game with a new rule",
        "Ben is back in the game: they take 5 cards from the stack."]
    assert web.view(1)["secrets"] == [{"title": "Your secret rule", "text": "kings are wild"}]
    assert not on_page(web, TABLE, "kings are wild")


def test_a_question_left_unanswered_changes_nothing(tmp_path: Path) -> None:
    web = mao_won_by_ben(tmp_path)
    assert web.send(1, "back")["said"] is None  # from his own phone: asked there
    entries = web.entries()
    assert web.answer(1, "  ")["said"] == "Nothing changed."
    assert web.view(1)["ask"] is None and web.entries() == entries


def test_what_the_mao_referee_knows_is_for_the_game_master_alone(tmp_path: Path) -> None:
    web = mao_won_by_ben(tmp_path)
    web.ok(TABLE, "back ben")
    web.answer(1, "kings are wild")
    web.refused(1, "master", "Only the game master, Ann, asks the referee what it knows")
    assert web.send(0, "master")["error"] is None
    (note,) = notes(web, 0)
    assert note["title"] == "What the referee knows" and "Ben: kings are wild" in note["text"]
    assert notes(web, 1) == []
    assert web.send(TABLE, "master")["said"] == "It is shown on Ann's page alone."
    nowhere_else(web, 0, "What the referee knows")


# -- What the Rule?! ----------------------------------------------------------------------------


def test_a_master_s_rule_is_entered_and_shown_on_their_page_alone(tmp_path: Path) -> None:
    web = open_web(tmp_path, helpers.what_the_rule)
    web.refused(1, "lead", "Ann")           # Ann leads round 1, not Ben
    assert web.send(TABLE, "lead")["said"] == "Ann answers on their own page."
    assert web.view(0)["ask"]["question"].startswith("Ann, your rule for round 1")
    assert web.answer(0, "99")["error"].startswith("Not taken: There is no rule card 99")
    assert web.view(0)["ask"] is not None and web.entries()[-1].number == 0
    reply = web.answer(0, "6")
    assert reply["error"] is None
    deck = web.session.deck
    assert deck is not None
    card = deck.master_rule(6)
    assert card is not None
    (note,) = notes(web, 0)
    assert note["text"] == (f"Rule card 6 (easy): {card.text}\n\nThe referee judges by: "
                            f"{card.rule}")
    assert web.view(0)["secrets"][0]["text"] == f"round 1: {card.rule}"
    nowhere_else(web, 0, card.text, card.rule, card.id, "Rule card 6")


# -- Joker's Secret -------------------------------------------------------------------------------


def test_a_joker_s_swapped_card_is_asked_on_its_player_s_page_alone(tmp_path: Path) -> None:
    from tests.referee.test_jokers_secret_table import RUNS

    web = open_web(tmp_path, helpers.jokers_secret)
    web.ok(0, "keep 1 1")
    web.ok(1, "keep 1 1")
    web.ok(1, "ann")
    for line in RUNS.strip().splitlines():
        acting = web.session.to_act()
        assert acting is not None
        web.ok(acting[0], line.replace("p ann ", "p "))
    reply = web.send(1, "joker rj peek 1 swap")
    assert reply["error"] is None and reply["lines"] == []
    assert web.view(1)["ask"]["question"] == "Ben, which hand card goes face down in place 1?"
    assert web.view(0)["ask"] is None
    reply = web.answer(1, "2h")
    assert reply["lines"][0]["text"] == ("Ben plays the red joker, peeks at face-down card 1 "
                                         "and swaps a hand card with it")
    nowhere_else(web, 1, "2h", "2H", "two of hearts", "2♥")
