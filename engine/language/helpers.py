"""Pure helper functions triggers may call, e.g. `is_prime(card.value)`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine.language.schema import MAX_CARDS, HelperSpec, Range, Type
from engine.language.views import CardList

_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
_FIBONACCI = frozenset({0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89})


class _HasCardFaces(Protocol):
    rank: str
    suit: str
    colour: str


def is_prime(number: int) -> bool:
    """Whether `number` is prime, in a few microseconds whatever its size.

    A deterministic Miller-Rabin test: these twelve bases decide every number below
    3.3 * 10**24, far beyond anything a trigger can compute.

    >>> [n for n in range(-3, 14) if is_prime(n)]
    [2, 3, 5, 7, 11, 13]
    >>> is_prime(1_000_000_007), is_prime(999_999_999)
    (True, False)
    """
    if number < 2:
        return False
    for prime in _SMALL_PRIMES:
        if number % prime == 0:
            return number == prime
    odd, twos = number - 1, 0
    while odd % 2 == 0:
        odd, twos = odd // 2, twos + 1
    for base in _SMALL_PRIMES:
        power = pow(base, odd, number)
        if power in (1, number - 1):
            continue
        for _ in range(twos - 1):
            power = power * power % number
            if power == number - 1:
                break
        else:
            return False
    return True


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


def _count_range(*_: Range) -> Range:
    return 0, MAX_CARDS


def _absolute_range(number: Range) -> Range:
    low, high = number
    if low <= 0 <= high:
        return 0, max(-low, high)
    return min(abs(low), abs(high)), max(abs(low), abs(high))


def _smaller_range(first: Range, second: Range) -> Range:
    return min(first[0], second[0]), min(first[1], second[1])


def _larger_range(first: Range, second: Range) -> Range:
    return max(first[0], second[0]), max(first[1], second[1])


N, B, S, C = Type.INT, Type.BOOL, Type.STR, Type.CARDS
HELPERS: dict[str, HelperSpec] = {spec.name: spec for spec in (
    HelperSpec("is_prime", (N,), B, "the number is prime (2, 3, 5, 7, 11, 13 ...)", is_prime),
    HelperSpec("is_even", (N,), B, "the number is even (zero and negatives included)", is_even),
    HelperSpec("is_odd", (N,), B, "the number is odd", is_odd),
    HelperSpec("is_fibonacci", (N,), B, "the number is in 0, 1, 2, 3, 5, 8, 13, 21 ...",
               is_fibonacci),
    HelperSpec("count_rank", (C, S), N, "how many of the cards have that rank", count_rank,
               values_of=(None, "rank"), result_range=_count_range),
    HelperSpec("count_suit", (C, S), N, "how many of the cards have that suit", count_suit,
               values_of=(None, "suit"), result_range=_count_range),
    HelperSpec("count_colour", (C, S), N, "how many of the cards have that colour",
               count_colour, values_of=(None, "colour"), result_range=_count_range),
    HelperSpec("contains", (S, S), B, "the text contains the word, ignoring case", contains),
    HelperSpec("len", (C,), N, "how many cards", _length,
               result_range=_count_range),
    HelperSpec("abs", (N,), N, "the number without its sign", _absolute,
               result_range=_absolute_range),
    HelperSpec("min", (N, N), N, "the smaller number", _smaller,
               result_range=_smaller_range),
    HelperSpec("max", (N, N), N, "the larger number", _larger,
               result_range=_larger_range),
)}
