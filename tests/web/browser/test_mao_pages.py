"""Mao on two phones and the laptop in a real browser: moves from phones and the laptop, a
winner's new rule typed on their own phone, the server killed mid-game and resumed on the
same port (nothing lost, the same addresses, the phones catching up), to the winner."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.browser.pages import Page
from tests.web.referee_process import Referee

NEW_RULE = "kings are wild"


def test_a_game_of_mao_on_phones_survives_the_server_killed(
        referee: Callable[..., Referee], open_page: Callable[..., Page]) -> None:
    laptop = referee("new", "--game", "mao", "--players", "Ann,Ben", "--first", "9h",
                     "--target", "2", "--session", "mao")
    ann, ben = open_page(laptop.urls["Ann"]), open_page(laptop.urls["Ben"])

    # Ben's aces skip Ann: one from his phone, the rest typed at the laptop
    assert "Ben plays the ace of hearts" in ben.send("p ah")
    laptop.type("p ben as: ace of spades", "p ben ad", "p ben ac: last card",
                expect="[4] Ben plays the ace of clubs")
    assert "Mao! Ben wins a Mao (1 of 2)." in ben.send("p 2c: mao")
    ann.wait_text("#log", "Ben wins a Mao")

    # his new rule, asked on his phone alone
    assert ben.send("back", until="#ask") == ""
    assert not ann.shown("#ask")
    assert ben.layout_problems() == []
    assert "Ben comes back into the game with a new rule" in ben.answer(NEW_RULE)
    ann.wait_text("#log", "Ben is back in the game")
    ben.click("#secrets summary")
    ben.wait_text("#secrets", NEW_RULE)
    assert NEW_RULE not in ann.body()

    laptop.type("pass ann", "p ben 3c", expect="[8] Ben plays the three of clubs")
    assert "Ann takes a card" in ann.send("pass")
    ben.wait_text("#log", "[9] Ann takes a card")
    shown = ben.game_shown()

    # the power goes: resumed on the same port, the same addresses open the same game
    laptop.kill()
    addresses = laptop.urls
    laptop = referee("resume", "mao", port=laptop.port)
    assert "Resuming mao: 10 entries." in laptop.out.text
    assert laptop.urls == addresses
    laptop.type("p ben 4c", expect="[10] Ben plays the four of clubs")
    for page in (ann, ben):
        page.wait_text("#log", "[10] Ben plays the four of clubs")
    assert {part: text for part, text in ben.game_shown().items()
            if part in ("#who", "#secrets")} == {"#who": "Ben", "#secrets": shown["#secrets"]}

    # on to Ben's second Mao, from both phones and the laptop
    assert "Ann takes a card" in ann.send("pass")
    assert "Ben plays the five of clubs" in ben.send("p 5c")
    laptop.type("pass ann", "p ben 6c: last card", "pass ann",
                expect="[15] Ann takes a card")
    assert "The game is over: Ben won with 2 Maos." in ben.send("p 9c: mao")
    ann.wait_text("#log", "Ben won with 2 Maos")
    assert laptop.errors.text == ""
