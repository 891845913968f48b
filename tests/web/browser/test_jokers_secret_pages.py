"""Joker's Secret, the plain game, on two phones and the laptop in a real browser: plays and
burns from the phones and the laptop, a joker's swap whose card is asked on the player's
own phone alone, to the first player out of cards."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.browser.pages import Page
from tests.web.referee_process import Referee

# tests/referee/test_jokers_secret_table.py's whole game: nine ranks burn as four of a kind
# (the draw pile runs out), then the last hands, the face-up rows and Ann's face-down cards.
RUNS = ("5s", "6c 6d 6h", "6s", "7c 7d 7h", "7s", "8c 8d 8h", "8s", "jc jd jh", "js",
        "qc qd qh", "qs", "kc kd kh", "ks", "ac ad ah", "as")
ENDGAME = ("p 2d", "p 2s", "p 9s", "p 10h 10s", "p 9c 9d 9h", "pick up", "flip 1 10c",
           "flip 2 10d")


def test_a_plain_game_of_jokers_secret_with_a_swap_asked_on_the_phone(
        referee: Callable[..., Referee], open_page: Callable[..., Page]) -> None:
    laptop = referee("new", "--game", "jokers-secret", "--players", "Ann,Ben", "--face-up",
                     "9c 9d 9h / 4c 4d 4h", "--session", "js")
    ann, ben = open_page(laptop.urls["Ann"]), open_page(laptop.urls["Ben"])
    laptop.type("ann", expect="Ann starts")
    assert "Ann plays 3 threes" in ann.send("p 3c 3d 3h")
    assert "Four threes: burn!" in ben.send("3s")
    assert "Ben plays 3 fives" in ben.send("5c 5d 5h")
    laptop.type(*RUNS, expect="Four aces: burn!")
    ann.wait_text("#log", "Four aces: burn!")
    assert ben.layout_problems() == []

    # Ben's joker peeks at his face-down card 1; which hand card he swaps in is his alone
    assert ben.send("joker rj peek 1 swap", until="#ask") == ""
    assert not ann.shown("#ask")
    said = ben.answer("2h")
    assert "Ben plays the red joker, peeks at face-down card 1 and swaps a hand card" in said
    ann.wait_text("#log", "swaps a hand card with it")
    assert "2h" not in ann.text("#log") and "2♥" not in ann.text("#log")

    laptop.type(*ENDGAME, expect="Ann flips face-down card 2")
    assert "Ann wins the game!" in ann.send("flip 3 2c")
    ben.wait_text("#log", "Ann wins the game!")
    assert laptop.errors.text == ""
