"""Playing cards: the 52-card deck plus two jokers, parsed and printed the way people type them.

Cards are interned: there is exactly one object per card, so identity is equality and
cards are cheap to move between hands, tricks and piles.

>>> parse_card("10s").code, parse_card("ace of spades").code, parse_card("7♥").code
('10s', 'As', '7h')
>>> str(parse_card("qd"))
'Q♦'
"""

from __future__ import annotations

import random
import re
from enum import Enum, IntEnum
from typing import Any

from engine.errors import CardError, did_you_mean


class Suit(Enum):
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def colour(self) -> str:
        return "red" if self.is_red else "black"

    @property
    def plural(self) -> str:
        return self.name.lower()


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(IntEnum):
    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The short form printed on a card corner: A, 2 ... 10, J, Q, K (Jk for a joker)."""
        return _RANK_SYMBOLS[self]

    @property
    def is_face(self) -> bool:
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)


_RANK_SYMBOLS = {Rank.JOKER: "Jk", Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
_RANK_SYMBOLS.update({rank: str(int(rank)) for rank in Rank if 2 <= rank <= 10})


class Card:
    """One playing card. Never built directly: use `parse_card`, `card_of` or `CARDS`."""

    __slots__ = ("code", "index", "rank", "suit")

    rank: Rank
    suit: Suit | None
    index: int
    code: str

    def __init__(self, rank: Rank, suit: Suit | None, index: int, code: str) -> None:
        self.rank = rank
        self.suit = suit
        self.index = index
        self.code = code

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def is_red(self) -> bool:
        return self.index == _RED_JOKER_INDEX if self.suit is None else self.suit.is_red

    @property
    def colour(self) -> str:
        return "red" if self.is_red else "black"

    @property
    def name(self) -> str:
        """The spoken name: 'seven of hearts', 'red joker'."""
        if self.index == _FACE_DOWN_INDEX:
            return "face-down card"
        if self.suit is None:
            return f"{self.colour} joker"
        return f"{_RANK_WORDS[self.rank]} of {self.suit.plural}"

    def __str__(self) -> str:
        if self.index == _FACE_DOWN_INDEX:
            return "🂠"
        if self.suit is None:
            return "R🃏" if self.is_red else "B🃏"
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (card_from_index, (self.index,))


_RANK_WORDS = {
    Rank.ACE: "ace", Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four",
    Rank.FIVE: "five", Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight",
    Rank.NINE: "nine", Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen",
    Rank.KING: "king",
}
_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_STANDARD_RANKS = [rank for rank in Rank if rank is not Rank.JOKER]
_BLACK_JOKER_INDEX = 52
_RED_JOKER_INDEX = 53
_FACE_DOWN_INDEX = 54


def _build_cards() -> tuple[Card, ...]:
    cards = [
        Card(rank, suit, len(_SUIT_ORDER) * (rank - 1) + position, rank.symbol + suit.value)
        for rank in _STANDARD_RANKS
        for position, suit in enumerate(_SUIT_ORDER)
    ]
    cards.append(Card(Rank.JOKER, None, _BLACK_JOKER_INDEX, "BJ"))
    cards.append(Card(Rank.JOKER, None, _RED_JOKER_INDEX, "RJ"))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
"""All 54 cards: index 0-51 the standard deck (ace of clubs first), 52 black joker, 53 red."""

STANDARD_DECK: tuple[Card, ...] = CARDS[:52]
JOKERS: tuple[Card, ...] = CARDS[52:]
BLACK_JOKER, RED_JOKER = JOKERS


FACE_DOWN = Card(Rank.JOKER, None, _FACE_DOWN_INDEX, "??")
"""A card whose face nobody at the referee's laptop has seen (a real card in a hand or deck)."""


def card_from_index(index: int) -> Card:
    return FACE_DOWN if index == _FACE_DOWN_INDEX else CARDS[index]


def card_of(rank: Rank, suit: Suit) -> Card:
    """The interned card of that rank and suit."""
    return CARDS[len(_SUIT_ORDER) * (rank - 1) + _SUIT_ORDER.index(suit)]


_RANK_WORDS_IN = {
    "a": Rank.ACE, "ace": Rank.ACE, "1": Rank.ACE,
    "j": Rank.JACK, "jack": Rank.JACK, "q": Rank.QUEEN, "queen": Rank.QUEEN,
    "k": Rank.KING, "king": Rank.KING, "t": Rank.TEN,
}
for _rank, _word in _RANK_WORDS.items():
    _RANK_WORDS_IN[_word] = _rank
for _number in range(2, 11):
    _RANK_WORDS_IN[str(_number)] = Rank(_number)

_SUIT_WORDS_IN = {}
for _suit in Suit:
    for _word in (_suit.value, _suit.symbol, _suit.plural, _suit.plural[:-1]):
        _SUIT_WORDS_IN[_word] = _suit
for _symbol, _suit in (("♤", Suit.SPADES), ("♡", Suit.HEARTS), ("♢", Suit.DIAMONDS),
                       ("♧", Suit.CLUBS)):
    _SUIT_WORDS_IN[_symbol] = _suit

_JOKER_WORDS = {
    "bj": BLACK_JOKER, "black joker": BLACK_JOKER, "jk": BLACK_JOKER, "joker": BLACK_JOKER,
    "rj": RED_JOKER, "red joker": RED_JOKER, "jk2": RED_JOKER,
}
_SHORT = re.compile(r"^(10|[2-9]|[ajqkt1])\s*([cdhs♣♦♥♠♤♡♢♧])$")
_LONG = re.compile(r"^(\w+)\s+of\s+(\w+)$")
_EXAMPLES = "7h, 10s, Qd, As, 7♥ or ace of spades"


def parse_card(text: str, *, jokers: bool = False) -> Card:
    """Read a card as people type it; raise `CardError` with a full sentence otherwise.

    Accepts short codes (`7h`, `10s`, `Td`, `Qd`, `As`), suit symbols (`7♥`) and words
    (`ace of spades`, `7 of hearts`). Jokers (`joker`, `red joker`, `RJ`) only when `jokers`.
    """
    cleaned = " ".join(text.strip().lower().split())
    if not cleaned:
        raise CardError(f"An empty text is not a card: write one like {_EXAMPLES}.")
    if cleaned in _JOKER_WORDS:
        if not jokers:
            raise CardError(f'"{text.strip()}" is a joker, and this game is played without jokers.')
        return _JOKER_WORDS[cleaned]
    match = _SHORT.match(cleaned) or _LONG.match(cleaned)
    if match:
        rank = _RANK_WORDS_IN.get(match.group(1))
        suit = _SUIT_WORDS_IN.get(match.group(2))
        if rank is not None and suit is not None:
            return card_of(rank, suit)
    known = [card.code for card in STANDARD_DECK] + [card.name for card in STANDARD_DECK]
    hint = did_you_mean(cleaned, known)
    raise CardError(f'"{text.strip()}" is not a card: write one like {_EXAMPLES}.{hint}')


def parse_cards(text: str, *, jokers: bool = False) -> list[Card]:
    """Read cards separated by commas or spaces in short form: '7h 10s, Qd'."""
    return [parse_card(part, jokers=jokers) for part in re.split(r"[,\s]+", text.strip()) if part]


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle in place (Fisher-Yates), reproducibly from `rng`.

    Faster than `random.shuffle`; the bias of scaling a 53-bit float is far below anything a
    game of cards could show.
    """
    draw = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(draw() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
