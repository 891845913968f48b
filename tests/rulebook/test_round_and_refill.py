"""Hidden Rules' book says when a round ends one way everywhere (clarification round), and its
rulings on refilling, empty hands and the taker's actions are true for the deck printed
(clarifications reshuffle, empty-hand, taker-timing). Read back from the built PDFs."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from engine.games.upnover.clarifications import clarification
from engine.games.upnover.events import Played, TurnedUp
from engine.games.upnover.hidden_rules import HiddenRulesGame, new_game
from generator.deck import load_deck
from generator.rulebook.templating import render_document
from generator.rulebook.upnover.context import book_for
from generator.rulebook.words import typeset

from .conftest import Built
from .decks import small_deck_data, write_deck
from .test_rulings import never_says, says
from .text import body, section

ROOT = Path(__file__).resolve().parents[2]


def printed(book: Built, key: str) -> str:
    return " ".join(typeset(clarification(key).ruling).split())


def play_until_taken(game: HiddenRulesGame, *, first: bool) -> None:
    """Play the first (or last) legal card until someone takes the trick."""
    while game.table.taker is None:
        action = game.legal_actions()[0 if first else -1]
        assert isinstance(action, Played)
        game.play(action.player, action.card, action.ace_value)


def test_a_round_ends_as_the_taker_gathers_the_trick_everywhere(book: Built) -> None:
    """Clarification round: gathering ends it, before the refill and the next card."""
    says(section(book, "tricks"), "gather the trick into a face-down pile in front of them "
         "(nobody may look through taken tricks), which ends the round, then everyone draws "
         "back up to a full hand")
    says(section(book, "winning"), "It ends when the player who took the trick gathers it "
         "into their pile, before anyone draws back up and before the next card is turned up")
    says(section(book, "quick-reference"), "it ends when the taker gathers it, before anyone "
         "draws")
    says(section(book, "clarifications"), printed(book, "round"))
    never_says(body(book), "as they turn up the card that starts", "gathers it by turning",
               "ends when the taker turns up")


def test_the_engine_ends_the_round_at_the_gathering_before_a_card_is_turned() -> None:
    """Clarification round: a winner found as the trick is gathered ends the game there."""
    game = HiddenRulesGame(new_game(["Ann", "Ben"], seed=1, target=1))
    game.turn_up(0)
    play_until_taken(game, first=True)
    taker = game.table.taker
    assert taker is not None
    event = game.turn_up(taker)
    assert game.winner == taker and event == TurnedUp(player=taker)  # no card turned


def test_the_referee_says_gather_draw_then_turn_up_and_ends_the_game_at_the_gathering(
        tmp_path: Path) -> None:
    """The real referee tells the table the book's order; the winning trick is gathered and
    no card is turned up after it."""
    script = ("keep ann 1 1\nkeep ben 1 1\nup 10c\np 10d\np as 1\nup 10h\np 10s\np ah 1\n"
              "up 9c\np 9d\np 3c\nup\n")
    done = subprocess.run(
        [sys.executable, "-m", "hrdeck", "referee", "new", "--players", "Ann,Ben",
         "--seed", "1", "--script", "-"], input=script, cwd=ROOT, capture_output=True,
        text=True, timeout=60, env={"HRDECK_DB": str(tmp_path / "r.db"), "COLUMNS": "200",
                                    "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    out = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 0, out[-800:]
    assert "Ann gathers the trick, everyone draws back up, and Ann turns up the next card" in out
    assert ("Ann gathers the trick: up. Unless a rule is enforced first, gathering the trick "
            "ends the round and Ann wins; no card is turned up.") in out
    assert "[12] Ann gathers the trick Round 3 is over. Ann wins the game" in out, out[-800:]
    assert "by turning up" not in out


def test_refilling_is_ruled_for_hands_grown_by_draws(base_book: Built) -> None:
    """Clarifications reshuffle, empty-hand: the base deck's cards 33 to 35 make hands grow,
    so the book no longer promises that every hand always fills or that a card is always
    there to draw."""
    page = section(base_book, "clarifications")
    never_says(page, "always refills every hand", "so there is always a card")
    says(page, printed(base_book, "reshuffle"), printed(base_book, "empty-hand"))
    says(printed(base_book, "reshuffle"), "until one card is left, which the taker turns up")


def test_the_taker_ruling_is_printed_only_for_a_deck_with_taker_triggers(
        book: Built, base_book: Built) -> None:
    """Clarification taker-timing: the base deck has no trigger for the taker, and its
    trigger 8 (your card makes 21 and wins the trick) calls on the player who played."""
    ruling = printed(book, "taker-timing")
    says(section(book, "clarifications"), ruling)
    says(ruling, "the card list says which", "calls on the player who has just played is met "
         "as that player plays, even when their card takes the trick")
    never_says(section(base_book, "clarifications"), "Actions for the player who takes the "
               "trick", ruling)


def test_a_hand_left_short_is_filled_from_the_taken_tricks() -> None:
    """Clarification reshuffle: a hand grown past full lends no cards to a short one."""
    game = HiddenRulesGame(new_game(["Ann", "Ben"], seed=3))
    game.turn_up(0)
    table = game.table
    game.draw(0, 10)
    game.draw(0, 10)
    game.draw(0, 10)
    game.draw(0, 10)
    game.draw(0, len(table.deck))  # Ann holds the deck: Ben will be short after the trick
    play_until_taken(game, first=False)
    assert table.taker is not None
    game.turn_up(table.taker)
    assert len(table.hands[1]) == table.hand_size or not table.deck
    assert sum(map(len, table.hands)) + len(table.deck) + len(table.trick) + sum(
        map(len, table.piles)) == 52


def test_a_table_whose_hands_hold_nearly_every_card_plays_on() -> None:
    """Clarifications reshuffle, empty-hand: rules' draws pile the cards into hands; the
    refill keeps the last card for the taker to turn up, and a player with an empty hand
    and nothing to draw is passed over. These seeds once ended in an empty deck's error."""
    for seed in (52, 231):
        rng = random.Random(seed)
        game = HiddenRulesGame(new_game(["Ann", "Ben"], seed=seed))
        table = game.table
        for _ in range(400):
            if game.winner is not None:
                break
            if table.taker is not None or not table.trick:
                game.turn_up(table.turn)
                continue
            left = len(table.deck) + sum(map(len, table.piles))
            if left and rng.random() < 0.5:
                game.draw(rng.randrange(2), min(10, left))
            action = rng.choice(game.legal_actions())
            assert isinstance(action, Played)
            game.play(action.player, action.card, action.ace_value)
            assert sum(map(len, table.hands)) + len(table.deck) + len(table.trick) + sum(
                map(len, table.piles)) == 52


def test_a_deck_that_makes_players_draw_says_what_happens_when_cards_run_short(
        base_book: Built, tmp_path: Path) -> None:
    """Clarifications reshuffle, empty-hand, in the rules themselves: said where the deck has
    draw actions (the base deck's 33 to 35), left out where it has none."""
    says(section(base_book, "tricks"), "fill the hands in the usual order until a single card "
         "is left, which the taker turns up", "you are passed over")
    data = small_deck_data()
    data["actions"] = [action for action in data["actions"] if action.get("effect") != "draw"]
    plain = book_for(load_deck(write_deck(tmp_path, data)))
    assert not plain.hands_grow
    assert "until a single card is left" not in render_document(plain, "up-n-over")
