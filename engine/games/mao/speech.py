"""What Mao makes players say, and how said words are compared.

Words match when they are the same once case, punctuation and spacing are set aside and
numbers are read as words: "That's the Badger!" is "thats the badger", and "9 of spades"
is "nine of spades" (clarification phrases).
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.cards import Card, Rank, Suit

BADGER = "that's the badger"
LAST_CARD = "last card"
MAO = "mao"
PENALTY_CARD = "penalty card"
THANK_YOU = "thank you"
POINT_OF_ORDER = "point of order"
END_POINT_OF_ORDER = "end of point of order"
NEW_RULE = "new rule"                          # a holder's answer to "bad call"
RE_ENTERING = "re-entering the game"           # a winner coming back
INTRODUCING = "introducing new rule"           # ... and bringing a rule with them
SPADE_A_SPADE = "call a spade a spade"         # a call's other way of naming a spade's name

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


def names_phrase(called: str, owed: str) -> bool:
    """Whether a call of failure to say `called` names the phrase `owed`: the same words,
    or "call a spade a spade" for the name of a spade.

    >>> names_phrase("9 of spades", "nine of spades"), names_phrase(SPADE_A_SPADE, "ace of spades")
    (True, True)
    >>> names_phrase(SPADE_A_SPADE, "have a nice day")
    False
    """
    if same(called, SPADE_A_SPADE):
        return normal(owed).endswith(" of spades")
    return same(called, owed)


def says_mao(words: str) -> bool:
    """Whether `words` say the name: "failure to say Mao", "Mao's", "MAO!".

    >>> says_mao("forgetting to say 'Mao'"), says_mao("the great Chinese leader")
    (True, False)
    """
    return any(word in (MAO, "maos") for word in normal(words).split())


def named_suit(words: str) -> Suit | None:
    """The suit `words` name on their own ("hearts", "Spade!"), if they are just a suit."""
    return _SUIT_WORDS.get(normal(words))


def card_name(card: Card) -> str:
    """What a spade's player says: its name, "seven of spades"."""
    return card.name


def phrases_for(card: Card, sevens: int) -> list[str]:
    """What playing `card` (a joker as the nine of diamonds) obliges its player to say, on
    a chain of `sevens` 7s: a spade's name, a nice day, the badger."""
    phrases = []
    if card.suit is Suit.SPADES:
        phrases.append(card_name(card))
    if card.rank is Rank.SEVEN:
        phrases.append(nice_day(sevens))
    if card.rank is Rank.NINE and card.suit is Suit.DIAMONDS:
        phrases.append(BADGER)
    return phrases


def nice_day(verys: int) -> str:
    """ "have a nice day", one more "very" for each 7 before this one in the chain."""
    return "have a " + "very " * verys + "nice day"


def thanks(verys: int) -> str:
    """The "thank you" variant's answer to a chain: "thank you", then "thank you very much"."""
    return THANK_YOU + (" " + "very " * verys + "much" if verys else "")
