"""Every card of decks/jokers-secret-rules.yaml means what it says (issue 24).

The holder reads a trigger's words; the referee and the checker judge its machine form
(`when:`). For each trigger, the turns its words describe are played in-process on the
engine, and the machine form must fire exactly where the words say: in the cases marked
True and in none of the others. Each case also names the words of the card it relies on,
so rewording a card without looking at its cases fails here. An action's words name the
moment its machine form times it (`timing:`), and a spoken phrase is the card's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.actions import Timing
from engine.games.jokers_secret.shedding import LADDER
from generator.deck import load_deck
from generator.deck_model import ActionCard, NameAction, SayAction, TriggerCard

from .situations import Situation, fires

ROOT = Path(__file__).resolve().parents[2]
DECK = load_deck(ROOT / "decks" / "jokers-secret-rules.yaml")
AIDS = load_deck(ROOT / "decks" / "jokers-secret.yaml")
TRIGGERS = {card.number: card for _, card in DECK.cards_of("triggers")
            if isinstance(card, TriggerCard)}
ACTIONS = [card for _, card in DECK.cards_of("actions") if isinstance(card, ActionCard)]

ROW = dict(hand="", draw=0)              # hand and draw pile gone: the face-up row plays
DOWN = dict(hand="", face_up="", draw=0)  # only face-down cards left


@dataclass(frozen=True)
class Case:
    card: int
    words: str        # what on the card says this case fires, or does not
    fires: bool
    spot: Situation


def case(card: int, words: str, expected: bool, move: str, **table: object) -> Case:
    return Case(card, words, expected, Situation(move=move, **table))  # type: ignore[arg-type]


CASES = [
    # 1 · a 10 burns
    case(1, "a 10 of yours", True, "10h", pile="7c", hand="10h 4c 5c"),
    case(1, "a 10 of yours", True, "flip 1", pile="Kc", face_down="10h 4c", **DOWN),
    case(1, "a 10 of yours", False, "7s", pile="7c 7d 7h", hand="7s 4c 5c"),
    case(1, "a 10 of yours", False, "8h", pile="7c", hand="8h 4c 5c"),
    # 2 · four of a rank burn
    case(2, "complete four of one rank", True, "7s", pile="4c 7c 7d 7h", hand="7s 5c 6c"),
    case(2, "complete four of one rank", True, "7h 7s", pile="7c 7d", hand="7h 7s 6c"),
    case(2, "complete four of one rank", True, "flip 1", pile="7c 7d 7h", face_down="7s", **DOWN),
    case(2, "complete four of one rank", False, "7h", pile="7c 7d", hand="7h 5c 6c"),
    case(2, "complete four of one rank", False, "10s", pile="7c 7d 7h", hand="10s 5c 6c"),
    # 3 · a 2 resets a pile that was not already nothing
    case(3, "back down to nothing with a 2", True, "2h", pile="9c", hand="2h 4c 5c"),
    case(3, "back down to nothing with a 2", True, "2h", pile="9c 2c", hand="2h 4c 5c"),
    case(3, "back down to nothing with a 2", False, "2h", pile="", hand="2h 4c 5c"),
    case(3, "back down to nothing with a 2", False, "2h", pile="5c 2c 2d 2s", hand="2h 4c 5d"),
    case(3, "back down to nothing with a 2", False, "9h", pile="5c", hand="9h 4c 5d"),
    # 4 · a match skips the next player
    case(4, "match the rank on top", True, "7h", pile="7c", hand="7h 4c 5c"),
    case(4, "match the rank on top", True, "2h", pile="2c", hand="2h 4c 5c"),
    case(4, "match the rank on top", False, "8h", pile="7c", hand="8h 4c 5c"),
    case(4, "match the rank on top", False, "7s", pile="7c 7d 7h", hand="7s 4c 5c"),
    # 5 · a skip with two or more cards
    case(5, "two or more cards of the rank already on top", True, "7h 7s", pile="7c",
         hand="7h 7s 4c"),
    case(5, "two or more cards of the rank already on top", False, "7h", pile="7c",
         hand="7h 7s 4c"),
    case(5, "two or more cards of the rank already on top", False, "7h 7s", pile="6c",
         hand="7h 7s 4c"),
    # 6 · a burn from the third round on (two burns have ended two rounds)
    case(6, "in the third round or any later one", True, "10h", pile="7c", hand="10h 4c",
         burns=2),
    case(6, "in the third round or any later one", True, "10h", pile="7c", hand="10h 4c",
         burns=5),
    case(6, "in the third round or any later one", False, "10h", pile="7c", hand="10h 4c",
         burns=1),
    case(6, "in the third round or any later one", False, "8h", pile="7c", hand="8h 4c",
         burns=2),
    # 7 · the pile grows from under eight to eight or more
    case(7, "from under eight cards to eight or more", True, "9h", hand="9h 4c 5c",
         pile="3c 3d 4d 5d 6c 6d 8c"),
    case(7, "from under eight cards to eight or more", True, "9h 9d", hand="9h 9d 4c",
         pile="3c 3d 4d 5d 6c 6d"),
    case(7, "from under eight cards to eight or more", False, "9h", hand="9h 4c 5c",
         pile="3c 3d 4d 5d 6c 6d 8c 8d"),
    case(7, "from under eight cards to eight or more", False, "9h", hand="9h 4c 5c",
         pile="3c 3d 4d 5d 6c 6d"),
    case(7, "from under eight cards to eight or more", False, "joker", hand="RJ 4c 5c",
         pile="3c 3d 4d 5d 6c 6d 8c 8d"),
    # 8 · cards that land on an empty pile and stay
    case(8, "land on an empty discard pile and stay", True, "5c", pile="", hand="5c 6c 7c"),
    case(8, "land on an empty discard pile and stay", True, "flip 1", pile="", face_down="4c",
         **DOWN),
    case(8, "land on an empty discard pile and stay", False, "10h", pile="", hand="10h 6c"),
    case(8, "land on an empty discard pile and stay", False, "joker", pile="", hand="RJ 6c"),
    case(8, "land on an empty discard pile and stay", False, "5c", pile="4c", hand="5c 6c"),
    # 9 · a joker to the scrap pile
    case(9, "played or turned up blind", True, "joker", pile="9c", hand="RJ 4c 5c"),
    case(9, "played or turned up blind", True, "joker", pile="9c", face_up="BJ 4c", **ROW),
    case(9, "played or turned up blind", True, "flip 1", pile="9c", face_down="BJ 4c",
         **DOWN),
    case(9, "played or turned up blind", False, "Kc", pile="9c", hand="Kc RJ"),
    # 10 · a flipped card that goes on the pile
    case(10, "can go on the pile", True, "flip 1", pile="9c", face_down="Kc 4c", **DOWN),
    case(10, "can go on the pile", True, "flip 1", pile="Ac", face_down="10c 4c", **DOWN),
    case(10, "can go on the pile", False, "flip 2", pile="9c", face_down="Kc 4c", **DOWN),
    case(10, "can go on the pile", False, "flip 1", pile="9c", face_down="RJ 4c", **DOWN),
    case(10, "can go on the pile", False, "Kh", pile="9c", hand="Kh 4c"),
    # 11 · a flipped card that cannot, and the pile taken
    case(11, "cannot go on the pile and you take it all", True, "flip 2", pile="9c",
         face_down="Kc 4c", **DOWN),
    case(11, "cannot go on the pile and you take it all", False, "flip 1", pile="9c",
         face_down="Kc 4c", **DOWN),
    case(11, "cannot go on the pile and you take it all", False, "pick up", pile="9c",
         hand="4c 5c 6c"),
    # 12 · nothing to play: the pile is picked up
    case(12, "must take it into your hand", True, "pick up", pile="9c", hand="4c 5c 6c"),
    case(12, "must take it into your hand", False, "flip 2", pile="9c", face_down="Kc 4c",
         **DOWN),
    case(12, "must take it into your hand", False, "Kc", pile="9c", hand="Kc 4c"),
    # 13 · ten cards or more in hand after taking the pile
    case(13, "end up holding ten cards or more", True, "pick up", hand="3h",
         pile="3c 4c 5c 6c 7c 8c 9c Jc Kc", draw=0),
    case(13, "end up holding ten cards or more", True, "flip 1", face_down="3h",
         pile="3c 4c 5c 6c 7c 8c 9c Jc Kc", **DOWN),
    case(13, "end up holding ten cards or more", False, "pick up", hand="3h",
         pile="4c 5c 6c 7c 8c 9c Jc Kc", draw=0),
    case(13, "end up holding ten cards or more", False, "Ah", hand="Ah 3h",
         pile="3c 4c 5c 6c 7c 8c 9c Jc Kc", draw=0),
    # 14 · a play from the face-up row
    case(14, "play from your face-up row", True, "8c", pile="7c", face_up="8c 9c Kc", **ROW),
    case(14, "play from your face-up row", True, "joker", pile="7c", face_up="RJ 9c", **ROW),
    case(14, "play from your face-up row", False, "8h", pile="7c", hand="8h 4c",
         face_up="8c 9c Kc"),
    case(14, "play from your face-up row", False, "flip 1", pile="7c", face_down="8c", **DOWN),
    # 15 · hand and draw pile gone, all three face-up cards still there
    case(15, "all three of your face-up cards still wait", True, "8h", pile="7c", hand="8h",
         face_up="9c Jc Kc", draw=0),
    case(15, "all three of your face-up cards still wait", False, "8h", pile="7c", hand="8h",
         face_up="9c Jc", draw=0),
    case(15, "all three of your face-up cards still wait", False, "8h", pile="7c",
         hand="8h 4d", face_up="9c Jc Kc", draw=0),
    case(15, "all three of your face-up cards still wait", False, "8h", pile="7c", hand="8h",
         face_up="9c Jc Kc", draw=5),
    # 16 · the last card that is not face down is played
    case(16, "the last card you have that is not face down", True, "8c", pile="7c",
         face_up="8c", face_down="4c 5c 6c", **ROW),
    case(16, "the last card you have that is not face down", True, "joker", pile="7c",
         face_up="RJ", face_down="4c 5c 6c", **ROW),
    case(16, "the last card you have that is not face down", True, "8h", pile="7c",
         hand="8h", face_down="4c 5c", draw=0),
    case(16, "the last card you have that is not face down", False, "8c", pile="7c",
         face_up="8c 9c", face_down="4c 5c 6c", **ROW),
    case(16, "the last card you have that is not face down", False, "flip 1", pile="7c",
         face_down="Kc 5c 6c", **DOWN),
    # 17 · draw pile empty, exactly one card left in hand
    case(17, "leaves exactly one card in your hand", True, "8h", pile="7c", hand="8h 9h",
         draw=0),
    case(17, "leaves exactly one card in your hand", True, "joker", pile="7c", hand="RJ 9h",
         draw=0),
    case(17, "leaves exactly one card in your hand", False, "8h", pile="7c", hand="8h 9h 9d",
         draw=0),
    case(17, "leaves exactly one card in your hand", False, "8h", pile="7c", hand="8h 9h",
         draw=1),
    # 18 · a play that leaves two cards or fewer in all
    case(18, "you play and have two cards or fewer left", True, "8c", pile="7c", face_up="8c",
         face_down="4c 5c", **ROW),
    case(18, "you play and have two cards or fewer left", True, "flip 1", pile="7c",
         face_down="8c 5c 6c", **DOWN),
    case(18, "you play and have two cards or fewer left", False, "8c", pile="7c",
         face_up="8c", face_down="4c 5c 6c", **ROW),
    case(18, "you play and have two cards or fewer left", False, "flip 1", pile="9c",
         face_down="4c", **DOWN),
    # 19 · a play while the player on your left is nearly out
    case(19, "three cards or fewer left in all", True, "8h", pile="7c", hand="8h 4c",
         left="5s 6s 8s"),
    case(19, "three cards or fewer left in all", True, "joker", pile="7c", hand="RJ 4c",
         left="5s"),
    case(19, "three cards or fewer left in all", False, "8h", pile="7c", hand="8h 4c",
         left="5s 6s 8s Qs"),
    case(19, "three cards or fewer left in all", False, "pick up", pile="9c", hand="4c",
         left="5s"),
    case(19, "three cards or fewer left in all", False, "flip 1", pile="9c", face_down="4c",
         left="5s", **DOWN),
    # 20 · exactly two cards together
    case(20, "exactly two cards together", True, "7h 7s", pile="6c", hand="7h 7s 7d"),
    case(20, "exactly two cards together", False, "7h", pile="6c", hand="7h 7s 7d"),
    case(20, "exactly two cards together", False, "7h 7s 7d", pile="6c", hand="7h 7s 7d"),
    # 21 · three or four together
    case(21, "three or four cards together", True, "7h 7s 7d", pile="6c", hand="7h 7s 7d"),
    case(21, "three or four cards together", True, "7h 7s 7d 7c", pile="6c",
         hand="7h 7s 7d 7c"),
    case(21, "three or four cards together", False, "7h 7s", pile="6c", hand="7h 7s 7d"),
    # 22 · exactly two cards, both red
    case(22, "exactly two cards together, both of them red", True, "7h 7d", pile="6c",
         hand="7h 7d 7s"),
    case(22, "exactly two cards together, both of them red", False, "7h 7s", pile="6c",
         hand="7h 7d 7s"),
    case(22, "exactly two cards together, both of them red", False, "7h 7d 7s", pile="6c",
         hand="7h 7d 7s"),
    # 23 · five steps up the ladder 3 4 5 6 7 8 9 J Q K A (the 10 and the 2 on no step)
    case(23, "five steps or more above the one on top", True, "Jh", pile="5c", hand="Jh 4c"),
    case(23, "five steps or more above the one on top", True, "9h", pile="4c", hand="9h 4d"),
    case(23, "five steps or more above the one on top", True, "Ah", pile="8c", hand="Ah 4d"),
    case(23, "five steps or more above the one on top", True, "Ah", pile="3c", hand="Ah 4d"),
    case(23, "five steps or more above the one on top", False, "Jh", pile="9c", hand="Jh 4d"),
    case(23, "five steps or more above the one on top", False, "Jh", pile="6c", hand="Jh 4d"),
    case(23, "five steps or more above the one on top", False, "Ah", pile="9c", hand="Ah 4d"),
    case(23, "five steps or more above the one on top", False, "8h", pile="4c", hand="8h 4d"),
    case(23, "a 2 or a 10 is no step", False, "10h", pile="3c", hand="10h 4d"),
    case(23, "a 2 or a 10 is no step", False, "Ah", pile="3c 2c", hand="Ah 4d"),
    case(23, "above the one on top", False, "Ah", pile="", hand="Ah 4d"),
    # 24 · a 3, 4, 5 or 6 on a 2
    case(24, "follow a 2 with a 3, 4, 5 or 6", True, "5h", pile="9c 2c", hand="5h 9d"),
    case(24, "follow a 2 with a 3, 4, 5 or 6", True, "3h", pile="2c", hand="3h 9d"),
    case(24, "follow a 2 with a 3, 4, 5 or 6", False, "7h", pile="2c", hand="7h 9d"),
    case(24, "follow a 2 with a 3, 4, 5 or 6", False, "6h", pile="5c", hand="6h 9d"),
    # 25 · an ace on a face card
    case(25, "an ace on a jack, queen or king", True, "Ah", pile="Jc", hand="Ah 9d"),
    case(25, "an ace on a jack, queen or king", True, "Ah", pile="Kc", hand="Ah 9d"),
    case(25, "an ace on a jack, queen or king", False, "Ah", pile="9c", hand="Ah 9d"),
    case(25, "an ace on a jack, queen or king", False, "Ah", pile="Ac", hand="Ah 9d"),
    # 26 · a queen straight on a jack
    case(26, "a queen straight on a jack", True, "Qh", pile="Jc", hand="Qh 9d"),
    case(26, "a queen straight on a jack", False, "Qh", pile="9c", hand="Qh 9d"),
    case(26, "a queen straight on a jack", False, "Kh", pile="Jc", hand="Kh 9d"),
    # 27 · a king played (a flipped king that cannot go on the pile is not played)
    case(27, "you play a king", True, "Kh", pile="9c", hand="Kh 9d"),
    case(27, "you play a king", True, "flip 1", pile="9c", face_down="Kc", **DOWN),
    case(27, "you play a king", False, "flip 1", pile="Ac", face_down="Kc 4c", **DOWN),
    case(27, "you play a king", False, "Ah", pile="9c", hand="Ah 9d"),
    # 28 · a card landing on a card of its own suit
    case(28, "lands on a card of its own suit", True, "Jc", pile="9c", hand="Jc 4d"),
    case(28, "lands on a card of its own suit", True, "Jc Jh", pile="9c", hand="Jc Jh"),
    case(28, "lands on a card of its own suit", False, "Jh Jc", pile="9c", hand="Jc Jh"),
    case(28, "lands on a card of its own suit", False, "Jh", pile="9c", hand="Jh 4d"),
    case(28, "lands on a card of its own suit", False, "flip 1", pile="9c", face_down="5c",
         **DOWN),
    case(28, "lands on a card of its own suit", False, "Jc", pile="", hand="Jc 4d"),
]


def _name(item: Case) -> str:
    on = item.spot.pile.split()[-1] if item.spot.pile else "empty"
    move = item.spot.move.replace(" ", "_")
    return f"{item.card}-{'fires' if item.fires else 'quiet'}-{move}-on-{on}"


@pytest.mark.parametrize("item", CASES, ids=_name)
def test_a_trigger_fires_exactly_where_its_words_say(item: Case) -> None:
    card = TRIGGERS[item.card]
    assert item.words in card.text, f"trigger {item.card} no longer says {item.words!r}"
    assert fires(card.when, item.spot) is item.fires, (
        f"trigger {item.card} ({card.text}) on {item.spot}")


def test_every_trigger_has_cases_where_it_fires_and_where_it_does_not() -> None:
    for number in TRIGGERS:
        outcomes = {item.fires for item in CASES if item.card == number}
        assert outcomes == {True, False}, f"trigger {number} needs both kinds of case"


def test_the_leap_counts_the_ladder_the_cards_and_the_book_print() -> None:
    """Clarification ladder-steps: trigger 23 names the ladder of player aid 2, which is the
    engine's ladder; the 10 and the 2 are on no step of it."""
    aid = {card.number: card for _, card in AIDS.cards_of("aids")}[2]
    ladder = " ".join(rank.symbol for rank in LADDER)
    assert ladder == "3 4 5 6 7 8 9 J Q K A"
    assert f"counting {ladder} (a 2 or a 10 is no step)" in TRIGGERS[23].text
    assert f"Low to high: {ladder}." in aid.text


# -- actions: the moment the words name is the one the machine form times -------------------

MOMENTS = {
    Timing.WITH_CARD: ("as you make your move", "while you make your move",
                       "make your move with"),
    Timing.BEFORE_NEXT_CARD: ("before the next player plays",),
    Timing.UNTIL_NEXT_TURN: ("until your next turn",),
}


@pytest.mark.parametrize("action", ACTIONS, ids=lambda action: action.id)
def test_an_action_names_the_moment_it_is_timed(action: ActionCard) -> None:
    said = {timing for timing, phrases in MOMENTS.items()
            if any(phrase in action.text for phrase in phrases)}
    assert said == {Timing(action.timing)}, action.text
    if isinstance(action, SayAction) and action.phrase:
        assert f"“{action.phrase}”" in action.text
    if isinstance(action, NameAction):
        assert ("nobody has" in action.text) is bool(action.unique), action.text
