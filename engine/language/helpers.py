"""Pure helper functions triggers may call, e.g. `is_prime(card.value)`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine.language.schema import HelperSpec, Type
from engine.language.views import CardList

_FIBONACCI = frozenset({0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89})


class _HasCardFaces(Protocol):
    rank: str
    suit: str
    colour: str


def is_prime(number: int) -> bool:
    """Whether `number` is prime.

    >>> [n for n in range(-3, 14) if is_prime(n)]
    [2, 3, 5, 7, 11, 13]
    """
    if number < 2:
        return False
    return all(number % divisor for divisor in range(2, int(number ** 0.5) + 1))


def is_even(number: int) -> bool:
    return number % 2 == 0


def is_odd(number: int) -> bool:
    return number % 2 == 1


def is_fibonacci(number: int) -> bool:
    """0, 1, 2, 3, 5, 8, 13, 21 ... (the values a card or a small sum can take)."""
    return number in _FIBONACCI


def count_rank(cards: Iterable[_HasCardFaces], rank: str) -> int:
    if isinstance(cards, CardList):
        return cards.ranks.count(rank)
    return sum(1 for card in cards if card.rank == rank)


def count_suit(cards: Iterable[_HasCardFaces], suit: str) -> int:
    if isinstance(cards, CardList):
        return cards.suits.count(suit)
    return sum(1 for card in cards if card.suit == suit)


def count_colour(cards: Iterable[_HasCardFaces], colour: str) -> int:
    if isinstance(cards, CardList):
        return cards.colours.count(colour)
    return sum(1 for card in cards if card.colour == colour)


def contains(text: str, word: str) -> bool:
    """Whether `word` was said within `text`, ignoring case."""
    return word.lower() in text.lower()


def _length(cards: Iterable[object]) -> int:
    return len(cards) if isinstance(cards, list) else sum(1 for _ in cards)


def _absolute(number: int) -> int:
    return abs(number)


def _smaller(first: int, second: int) -> int:
    return min(first, second)


def _larger(first: int, second: int) -> int:
    return max(first, second)


N, B, S, C = Type.INT, Type.BOOL, Type.STR, Type.CARDS
HELPERS: dict[str, HelperSpec] = {spec.name: spec for spec in (
    HelperSpec("is_prime", (N,), B, "the number is prime (2, 3, 5, 7, 11, 13 ...)", is_prime),
    HelperSpec("is_even", (N,), B, "the number is even (zero and negatives included)", is_even),
    HelperSpec("is_odd", (N,), B, "the number is odd", is_odd),
    HelperSpec("is_fibonacci", (N,), B, "the number is in 0, 1, 2, 3, 5, 8, 13, 21 ...",
               is_fibonacci),
    HelperSpec("count_rank", (C, S), N, "how many of the cards have that rank", count_rank,
               values_of=(None, "rank")),
    HelperSpec("count_suit", (C, S), N, "how many of the cards have that suit", count_suit,
               values_of=(None, "suit")),
    HelperSpec("count_colour", (C, S), N, "how many of the cards have that colour",
               count_colour, values_of=(None, "colour")),
    HelperSpec("contains", (S, S), B, "the text contains the word, ignoring case", contains),
    HelperSpec("len", (C,), N, "how many cards", _length),
    HelperSpec("abs", (N,), N, "the number without its sign", _absolute),
    HelperSpec("min", (N, N), N, "the smaller number", _smaller),
    HelperSpec("max", (N, N), N, "the larger number", _larger),
)}
