"""Every rule card of decks/mao.yaml means what its words say: the holder reads the words,
the referee judges the machine form (`when`), so the two must agree.

Each card has cases: a short game played on Mao's engine (the situations its words describe,
their edge cases among them: a third card in a row, a card laid on the card turned up, a
small hand) and whether the card's words say it applies after the last move. The machine
form is asked on exactly the view the referee builds after that move.

A case is written as the card turned up, a bar, then the moves in order: a card code is laid
by the player whose turn it is; `pass` takes one card instead of playing; `take` takes the
cards of a chain of 7s; `hands=a,b,c,d` sets how many cards each seat holds (Ann deals, so
Ben moves first).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from engine.cards import FACE_DOWN, parse_card
from engine.games.mao.events import Passed, Played, TookSevens
from engine.games.mao.game import MaoGame, new_game
from engine.games.mao.view import MAO_SCHEMA, ViewBuilder
from engine.journal import Journal
from engine.language.compile import compile_trigger
from engine.language.parse import parse_trigger
from generator.deck import load_deck
from generator.mao.cards import RuleCard

DECK = Path(__file__).resolve().parents[2] / "decks" / "mao.yaml"
NAMES = ("Ann", "Ben", "Cat", "Dan")  # two packs: two of every card


@dataclass(frozen=True)
class Case:
    moves: str
    fires: bool


def yes(*moves: str) -> list[Case]:
    return [Case(move, True) for move in moves]


def no(*moves: str) -> list[Case]:
    return [Case(move, False) for move in moves]


TWENTY = " ".join([f"{rank}{suit}" for rank in "23456" for suit in "hc"] * 2)  # 20 to lay

# The situations each card's words describe, by card id.
CASES: dict[str, list[Case]] = {
    # -- standard rules --
    "name-the-spade": yes("5h | 5s", "5s | 5s", "5h | Ks") + no("5h | 5c", "5s | pass"),
    "the-badger": yes("5d | 9d", "5d | BJ", "9h | RJ") + no("5d | 9h", "9d | pass"),
    "have-a-nice-day": yes("5h | 7h", "7c | 7h", "5h | 7h 7c 7d") + no("5h | 6h"),
    "penalty-card": yes("5h | 7h take", "5h | 7h 7c take") + no("5h | 7h 7c", "5h | pass"),
    "ace-skips": yes("5h | Ah", "Ac | Ah", "5h | Ah Ac") + no("5h | 5c"),
    "eight-turns": yes("5h | 8h", "8c | 8h") + no("5h | 5c"),
    "jack-names-a-suit": yes("5h | Jh", "Jc | Jh", "5h | Jh Jc") + no("5h | 5c"),
    "last-card": yes("hands=5,2,5,5 5h | 5c") + no("hands=5,3,5,5 5h | 5c",
                                                   "hands=5,1,5,5 5h | pass"),
    "mao": yes("hands=5,1,5,5 5h | 5c") + no("hands=5,2,5,5 5h | 5c"),
    # -- runs of one rank --
    "second-six": yes("5h | 6h 6c", "6h | 6c", "5h | 6h 6c 6d", "5h | 6h 6c 6d 6s")
    + no("5h | 6h", "6h | 6c 5c", "6h | pass"),
    "third-in-a-row": yes("4h | 5h 5c 5d", "5h | 5c 5d", "4h | Kh Kc Kd")
    + no("4h | 5h 5c", "4h | 5h 5c 5d 5s", "4h | 5h 5c 6c"),
    "second-jack": yes("5h | Jh Jc", "Jh | Jc", "5h | Jh Jc Jd") + no("5h | Jh", "Jh | 5h"),
    "second-ace": yes("5h | Ah Ac", "Ah | Ac", "5h | Ah Ac Ad") + no("5h | Ah", "Ah | 5h"),
    "second-king": yes("5h | Kh Kc", "Kh | Kc", "5h | Kh Kc Kd") + no("5h | Kh", "Kh | 5h"),
    # -- what follows what --
    "odd-on-even": yes("2h | 3h", "2h | Ah", "Qh | Kh", "10h | Jh", "4d | BJ")
    + no("3h | 5h", "2h | 4h", "Ah | 2h", "Jh | Qh"),
    "no-heart-on-a-spade": yes("5s | 5h", "5s | Ah", "Ks | 10h")
    + no("5s | Kh", "5s | Jh", "5c | 5h", "5h | 5s"),
    "face-on-number": yes("5h | Kh", "Ah | Jh", "10h | Qh")
    + no("Qh | Kh", "5h | 6h", "Kh | Ah"),
    "number-on-face": yes("Kh | 5h", "Kh | Ah", "Jh | 10h")
    + no("Kh | Qh", "5h | 6h", "5h | Kh"),
    "long-way-down": yes("Kh | 5h", "9h | Ah", "Kh | Ah", "BJ | Ah") + no("Kh | 6h", "5h | Kh"),
    "same-rank-new-colour": yes("5h | 5c", "Ks | Kd") + no("5h | 5d", "5h | 6c", "5c | 5s"),
    "clubs-together": yes("5c | 6c", "Kc | Ac") + no("5h | 6c", "5c | 6h"),
    # -- particular cards --
    "queen-of-hearts-wild": yes("5s | Qh", "Qh | Qh") + no("5s | Qd"),
    "two-of-clubs-wild": yes("5h | 2c", "Kd | 2c") + no("5h | 2h", "2c | 3c"),
    "queen-skips": yes("5h | Qh", "Qc | Qh") + no("5h | 5c", "Qh | 5h"),
    "ten-turns": yes("5h | 10h", "10c | 10h") + no("5h | 5c", "10h | 5h"),
    "joker-gift": yes("9d | BJ", "5h | RJ") + no("9h | 9d", "BJ | 5d"),
    "red-three-animal": yes("5h | 3h", "5d | 3d") + no("5c | 3c", "5s | 3s", "3h | 5h"),
    "black-four-city": yes("5c | 4c", "5s | 4s") + no("5h | 4h", "5d | 4d", "4c | 5c"),
    "king-of-spades-bow": yes("5s | Ks", "Kh | Ks") + no("5h | Kh", "5c | Kc"),
    "prime-red": yes("5h | 2h", "5d | 3d", "5h | 5h", "5d | 7d", "5h | Jh", "5d | Kd")
    + no("5h | Ah", "5h | 4h", "5h | 9h", "5h | Qh", "5c | 3c", "9d | BJ"),
    "fibonacci-club": yes("5c | Ac", "5c | 2c", "5c | 3c", "5c | 5c", "5c | 8c", "5c | Kc")
    + no("5c | 4c", "5c | 6c", "5c | 7c", "5c | 9c", "5c | 10c", "5c | Jc", "5c | Qc",
         "5h | 5h"),
    "five-letter-word": yes("5h | 5c", "Kh | 5h") + no("5h | 6h"),
    # -- hands, piles and chains --
    "neck-and-neck": yes("hands=5,4,3,5 5h | 5c", "hands=5,4,5,3 5h | Ah",
                         "hands=3,4,5,5 5h | 8h")
    + no("hands=5,4,4,5 5h | 5c", "hands=5,4,3,5 5h | Ah", "hands=5,4,3,5 5h | pass"),
    "heavy-hand": yes("hands=5,6,5,5 5h | pass", "hands=5,9,5,5 5h | pass")
    + no("hands=5,5,5,5 5h | pass", "hands=5,8,5,5 5h | 5c", "hands=5,6,5,5 5h | 7h take"),
    "second-seven": yes("7h | 7c", "5h | 7h 7c", "5h | 7h 7c 7d", "5h | 7h take 7c")
    + no("5h | 7h", "7h | 5h", "5h | 7h take"),
    "twentieth-card": yes(f"hands=8,8,8,8 9s | {' '.join(TWENTY.split()[:19])}")
    + no(f"hands=8,8,8,8 9s | {' '.join(TWENTY.split()[:18])}",
         f"hands=8,8,8,8 9s | {TWENTY}"),
    "taken-sevens-bow": yes("5h | 7h take", "5h | 7h 7c take", "hands=5,5,1,5 5h | 7h take")
    + no("5h | 7h pass", "5h | pass", "5h | 7h 7c"),
    "turned-round-gift": yes("5h | 8h", "8c | 8h") + no("5h | 5c", "8h | pass"),
    "flat-hand-after-an-ace": yes("5h | Ah", "Ac | Ah", "5h | Ah Ac") + no("Ah | 5h"),
    "diamond-on-heart": yes("5h | 5d", "Kh | Kd", "5h | BJ") + no("5d | 5h", "5c | 5d"),
    "spade-on-club": yes("5c | 5s", "Kc | Ks") + no("5s | 5c", "5h | 5s"),
}


def rule_cards() -> list[RuleCard]:
    deck = load_deck(DECK)
    assert deck.issues == []
    return [card for _, card in deck.cards_of("rules") if isinstance(card, RuleCard)]


@cache
def machine_form(when: str):  # type: ignore[no-untyped-def]
    return compile_trigger(parse_trigger(when, MAO_SCHEMA), MAO_SCHEMA)


def played(moves: str) -> MaoGame:
    """The game after `moves` (see the module's docstring), at a real table."""
    first, _, rest = moves.partition("|")
    words = first.split()
    setting = [word for word in words if word.startswith("hands=")]
    first_card = parse_card(words[-1], jokers=True)
    journal = Journal(new_game(NAMES, seed=1, deck=(first_card,), mode="table"))
    game = journal.game
    assert isinstance(game, MaoGame)
    for word in setting:
        for seat, count in enumerate(word.removeprefix("hands=").split(",")):
            game.table.hands[seat] = [FACE_DOWN] * int(count)
    for move in rest.split():
        turn = game.table.turn
        if move == "pass":
            journal.record(Passed(player=turn))
        elif move == "take":
            journal.record(TookSevens(player=turn))
        else:
            journal.record(Played(player=turn, card=parse_card(move, jokers=True)))
    return game


def fires_after(when: str, moves: str) -> bool:
    return bool(machine_form(when)(ViewBuilder(played(moves)).after_play()))


CARDS = {card.id: card for card in rule_cards()}


def test_every_rule_card_has_its_cases() -> None:
    assert set(CASES) == set(CARDS)
    for card_id, cases in CASES.items():
        assert any(case.fires for case in cases) and any(not case.fires for case in cases), \
            card_id


@pytest.mark.parametrize("card_id", sorted(CASES))
def test_the_machine_form_fires_where_the_words_say(card_id: str) -> None:
    card = CARDS[card_id]
    assert card.when is not None
    wrong = [f"{case.moves} ({'should' if case.fires else 'should not'} fire)"
             for case in CASES[card_id] if fires_after(card.when, case.moves) != case.fires]
    assert wrong == [], f"{card.number} “{card.text}” against `{card.when}`"


def words(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower().replace("’", "'")).split())


@pytest.mark.parametrize("card_id", sorted(CASES))
def test_what_the_card_asks_is_in_its_words(card_id: str) -> None:
    """A phrase asked for is printed; an effect is named; whom it calls on is named."""
    card = CARDS[card_id]
    then, text = card.then, words(card.text)
    phrase = getattr(then, "phrase", None)
    if phrase and phrase != "mao":
        assert words(phrase) in text
    effect = getattr(then, "effect", None)
    named = {"skip": "miss their turn", "reverse": "turns the order", "wild": "may be played "
             "on anything", "bad": "may not be played", "draw": "takes"}
    if effect is not None:
        assert named[effect] in text
    if effect == "draw":
        amount = getattr(then, "amount", 1)
        assert ("a card" if amount == 1 else f"{['', '', 'two', 'three'][amount]} cards") in text
    if card.subject == "next_player":
        assert "next player" in text or "the player it now points to" in text


def test_the_standard_cards_say_what_the_seed_says() -> None:
    """A chain's cards are taken also by a player who would rather not lay a 7; a spade is
    named once it is down, not as it goes down."""
    answer, spade = CARDS["penalty-card"], CARDS["name-the-spade"]
    assert "no wish to lay one" in answer.text
    assert "once it is down" in spade.text and "as it goes down" not in spade.text
