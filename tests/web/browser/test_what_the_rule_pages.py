"""What the Rule?! on two phones and the laptop in a real browser: the master types the
round's rule on their own phone (asked of them alone), the player plays and guesses from
theirs, the referee judges, to the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.web.browser.pages import LAPTOP, Page
from tests.web.referee_process import Referee

RULE = "white cards only"
# the shape cards and one rule card: the game starts at once
DECK = Path(__file__).parent / "fixtures" / "what-the-rule-small.yaml"


def test_a_round_of_what_the_rule_with_the_master_on_their_phone(
        referee: Callable[..., Referee], open_page: Callable[..., Page]) -> None:
    laptop = referee("new", "--game", "what-the-rule", "--deck", str(DECK), "--players",
                     "Ann,Ben", "--target", "1", "--seed", "5", "--session", "wtr")
    table = open_page(laptop.table_url, LAPTOP)
    ann, ben = open_page(laptop.urls["Ann"]), open_page(laptop.urls["Ben"])

    # Ann, the master, is asked for the rule on her phone alone
    assert ann.send("lead", until="#ask") == ""
    assert not ben.shown("#ask")
    assert "Ann leads a round as game master" in ann.answer(RULE)
    ann.read_note("only white cards")
    ben.wait_text("#next-step", "Ben to play a card")
    for page in (ben, table):
        page.wait_text("#log", "Ann leads a round as game master")
        assert RULE not in page.body() and "only white" not in page.body()
    assert ann.layout_problems() == [] and ben.layout_problems() == []

    # Ben plays from his phone, the laptop too, and he guesses in plain words
    assert "It does not fit" in ben.send("b2uc")
    laptop.type("w3ft", expect="It fits")
    ben.wait_text("#log", "It fits")
    said = ben.send("guess white cards")
    assert "Right! That is Ann's rule" in said
    for page in (table, ann, ben):
        page.wait_text("#log", "The game is over after 1 round")
    assert laptop.errors.text == ""
