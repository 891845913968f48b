"""What Mao makes players say, and how said words are compared.

Words match when they are the same once case, punctuation and spacing are set aside and
numbers are read as words: "That's the Badger!" is "thats the badger", and "9 of spades"
is "nine of spades" (clarification phrases).
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.cards import Card, Suit

BADGER = "that's the badger"
LAST_CARD = "last card"
MAO = "mao"
PENALTY_CARD = "penalty card"
THANK_YOU = "thank you"
POINT_OF_ORDER = "point of order"
END_POINT_OF_ORDER = "end of point of order"

_NUMBERS = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
            "7": "seven", "8": "eight", "9": "nine", "10": "ten", "a": "ace", "j": "jack",
            "q": "queen", "k": "king"}
_SUIT_WORDS = {suit.plural: suit for suit in Suit} | {suit.plural[:-1]: suit for suit in Suit}
_POINT_OF_ORDER_WORDS = {"p of o": POINT_OF_ORDER, "pofo": POINT_OF_ORDER,
                         "end of p of o": END_POINT_OF_ORDER,
                         "end point of order": END_POINT_OF_ORDER}


@lru_cache(maxsize=4096)
def normal(words: str) -> str:
    """Words as compared: lower case, no punctuation, numbers as words."""
    plain = re.sub(r"[^\w\s]", " ", words.casefold().replace("'", "").replace("’", ""))
    parts = [_NUMBERS.get(part, part) if part.isdigit() or len(part) == 1 else part
             for part in plain.split()]
    text = " ".join(parts)
    return _POINT_OF_ORDER_WORDS.get(text, text)


def same(said: str, wanted: str) -> bool:
    return normal(said) == normal(wanted)


def named_suit(words: str) -> Suit | None:
    """The suit `words` name on their own ("hearts", "Spade!"), if they are just a suit."""
    return _SUIT_WORDS.get(normal(words))


def card_name(card: Card) -> str:
    """What a spade's player says: its name, "seven of spades"."""
    return card.name


def nice_day(verys: int) -> str:
    """ "have a nice day", one more "very" for each 7 before this one in the chain."""
    return "have a " + "very " * verys + "nice day"


def thanks(verys: int) -> str:
    """The "thank you" variant's answer to a chain: "thank you", then "thank you very much"."""
    return THANK_YOU + (" " + "very " * verys + "much" if verys else "")
