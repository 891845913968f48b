"""Bots that choose a play for the player whose turn it is, used by the simulator.

A policy is a function `(table, rng) -> (card, ace value)`; it may only look at what that
player can see at a real table (their own hand and the trick) and must return a legal play.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.cards import STANDARD_DECK, Card, Rank
from engine.games.upnover.trick_game import TARGET_SUM, UpNOver, card_value

_ACE = Rank.ACE  # a module name is faster than an enum member lookup on the hot path
_VALUES = [card_value(card) for card in STANDARD_DECK]

Policy = Callable[[UpNOver, random.Random], tuple[Card, "int | None"]]


def random_policy(table: UpNOver, rng: random.Random) -> tuple[Card, int | None]:
    """Any card from the hand; an ace counts 1 or 11 at random."""
    hand = table.hands[table.turn]
    card = hand[int(rng.random() * len(hand))]
    if card.rank is _ACE:
        return card, (11 if rng.random() < 0.5 else 1)
    return card, None


def greedy_policy(table: UpNOver, rng: random.Random) -> tuple[Card, int | None]:
    """Take the trick with exactly 21 when possible; otherwise keep the sum as low as possible
    without going over; when every card goes over, shed the highest card."""
    total = table.total
    safest_total = highest_total = None
    safest: tuple[Card, int | None] | None = None
    highest: tuple[Card, int | None] | None = None
    for card in table.hands[table.turn]:
        if card.rank is _ACE:
            if total + 11 == TARGET_SUM:
                return card, 11
            new_total, ace_value = total + 1, 1
        else:
            new_total, ace_value = total + _VALUES[card.index], None
        if new_total == TARGET_SUM:
            return card, ace_value
        if new_total < TARGET_SUM and (safest_total is None or new_total < safest_total):
            safest_total, safest = new_total, (card, ace_value)
        shed_total, shed_value = (total + 11, 11) if ace_value == 1 else (new_total, ace_value)
        if highest_total is None or shed_total > highest_total:
            highest_total, highest = shed_total, (card, shed_value)
    choice = safest or highest
    assert choice is not None, "a player always holds a card on their turn"
    return choice


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}  # first: default
