"""Hidden Rules played on phones in a real browser, the laptop typing too: each player joins
by their own address, picks their secret rule on their phone, plays and enforces from it;
a challenge shows the rule to the challenger's phone alone, who rules there; a phone
reloaded, and one that slept, show the game as it is; the game ends with its winner."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.browser.pages import LAPTOP, Page
from tests.web.referee_process import Referee

# Seed 5 deals Ann "passes fifteen" first: Ben's 10h on the turned-up 9s breaks it.
ANN_RULE = ("passes-fifteen", "hand-on-heart")
BEN_RULE = ("pair-makes-ten", "name-a-character")
ANN_TRIGGER = "When your card carries the total from below 15 to 15 or more"


def pick(page: Page, trigger: str, action: str) -> None:
    page.wait(lambda: page.shown("#pick"), "the rule pick")
    page.click(f"#pick input[name=trigger][value={trigger}]")
    page.click(f"#pick input[name=action][value={action}]")
    assert "keeps a secret rule" in page.press("#keep")
    page.wait(lambda: not page.shown("#pick"), "the pick done")


def test_a_game_of_hidden_rules_on_two_phones_and_the_laptop(
        referee: Callable[..., Referee], open_page: Callable[..., Page]) -> None:
    laptop = referee("new", "--players", "Ann,Ben", "--session", "hr", "--seed", "5",
                     "--target", "1")
    table = open_page(laptop.table_url, LAPTOP)
    table.wait(lambda: table.shown("#codes figure[data-seat='1']"), "a code for each player")
    assert not table.shown("#codes figure.joined")
    ann, ben = open_page(laptop.urls["Ann"]), open_page(laptop.urls["Ben"])
    for seat in (0, 1):
        table.wait(lambda seat=seat: table.shown(f"#codes figure[data-seat='{seat}'].joined"),
                   f"seat {seat} joined")
    assert ann.text("#who") == "Ann" and ben.text("#who") == "Ben"

    # the pick, on each phone; each sees their own rule only
    pick(ann, *ANN_RULE)
    ben.wait_text("#log", "Ann keeps a secret rule")
    assert ANN_TRIGGER not in ben.body()
    pick(ben, *BEN_RULE)
    laptop.heard("[2] Ben keeps a secret rule")
    ann.click("#secrets summary")
    ann.wait_text("#secrets", ANN_TRIGGER)
    assert ANN_TRIGGER not in ben.body() and ANN_TRIGGER not in table.body()

    # the laptop turns up, Ben plays from his phone, Ann enforces from hers
    laptop.type("up 9s", expect="Sum 9. Ben to play.")
    assert "Ben plays the ten of hearts" in ben.send("10h")
    table.wait_text("#board", "19")
    said = ann.send('enforce on ben "Hand on your heart!"')
    assert "Ann enforces their own rule on Ben" in said
    ben.wait_text("#log", "Ben takes back the ten of hearts")

    # Ben challenges: the rule goes to his phone alone, and he rules there
    assert "Ben challenges" in ben.send("challenge")
    ben.wait(lambda: ben.shown("#ruling"), "the ruling buttons")
    ben.read_note(ANN_TRIGGER)
    for page in (ann, table):
        page.wait_text("#log", "Ben challenges enforcement 1")
        assert not page.shown("#ruling")
    assert ANN_TRIGGER not in table.body()
    assert "Ben rules on this challenge" in ann.send("rule overturned")

    # a phone reloaded shows the same game; a sleeping phone catches up when it wakes
    before = ben.game_shown()
    ben.open()
    ben.wait(lambda: ben.shown("#ruling"), "the ruling buttons after a reload")
    ben.read_note(ANN_TRIGGER)  # folded again after a reload: tapped open once more
    assert ben.game_shown() == before
    table.screenshot("web-table.png", whole=True)
    ben.screenshot("web-phone.png", scale=2)
    assert "Enforcement 1 is upheld" in ben.press("#rule-upheld")
    assert not ben.shown("#ruling")
    ann.wait_text("#log", "Ann +1 (enforcement 1 upheld)")

    ann.sleep_and_wake(lambda: laptop.type("p ann 10c", expect="Ben to play."))
    ann.wait_text("#next-step", "Ben to play")
    assert ann.layout_problems() == [] and ben.layout_problems() == []

    # Ben goes over 21: the trick, and the game, are Ann's; every page shows the end
    laptop.type("p ben 3c", expect="Ann, on Ben's right, takes the trick.")
    laptop.type("up", expect="Ann wins")
    for page in (table, ann, ben):
        page.wait(lambda page=page: page.shown("#reveal"), "the rules revealed")
        assert "(passes-fifteen)" in page.text("#reveal-text")
    assert laptop.errors.text == ""
    assert not ben.shown("#confirm-yes")  # a plain reply asks nothing to confirm
