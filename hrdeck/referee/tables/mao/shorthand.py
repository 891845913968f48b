"""Short forms a typist at a Mao table may use for what a player said.

A short form is a word that stands for a whole phrase, typed on its own (apart by spaces
or semicolons): `b 7s * nd` is Ben playing the seven of spades and saying "seven of
spades" and "have a nice day". A short form only spells out what the typist writes: it
says nothing of which words a card asks for, and its long form is as good.

>>> expand("vvnd"), expand("tyvm"), expand("PC"), expand("hello")
('have a very very nice day', 'thank you very much', 'penalty card', None)
>>> from engine.cards import parse_card
>>> name_card(("*", "have a nice day"), parse_card("7s"))
('seven of spades', 'have a nice day')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.cards import Card, Suit
from engine.games.mao import speech

CARD = "*"  # the name of the card just played (or of the card on top of the pile)
SHORT = {
    "pc": speech.PENALTY_CARD,
    "lc": speech.LAST_CARD,
    "ty": speech.THANK_YOU,
    "nr": speech.NEW_RULE,
    "tb": speech.BADGER,
    "poo": speech.POINT_OF_ORDER,
    **{suit.plural[0]: suit.plural for suit in Suit},
}
_NICE_DAY = re.compile(r"(v*)nd")
_THANKS = re.compile(r"ty(v+)m")
HELP = ("Short forms for what was said, each typed on its own: * the card's name, nd have a "
        "nice day (vnd, vvnd: a v for each very), pc penalty card, lc last card, ty thank "
        "you (tyvm: thank you very much), nr new rule, tb that's the badger, poo point of "
        "order, c d h s a suit.")


def expand(word: str) -> str | None:
    """The phrase `word` stands for, or None when it is no short form."""
    word = word.strip().lower()
    fixed = SHORT.get(word)
    if fixed is not None:
        return fixed
    nice = _NICE_DAY.fullmatch(word)
    if nice:
        return speech.nice_day(len(nice.group(1)))
    thanks = _THANKS.fullmatch(word)
    return speech.thanks(len(thanks.group(1))) if thanks else None


def name_card(said: Sequence[str], card: Card | None) -> tuple[str, ...]:
    """What was said, with `*` spelled out as the name of `card` (kept as typed when there
    is no card to name)."""
    return tuple(speech.card_name(card) if words == CARD and card is not None else words
                 for words in said)
