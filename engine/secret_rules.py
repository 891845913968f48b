"""The records of the hidden-rules layer: secret rules as dealt and kept, enforcements and
what became of them, and every change of a score; and the dealing of the rule cards."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from engine.cards import Card
from engine.errors import ConfigError
from engine.events import GameStarted
from engine.moves import Seat

RULE_CARDS_EACH = 2


@dataclass(frozen=True, slots=True)
class SecretRule:
    trigger: str
    action: str


@dataclass(frozen=True, slots=True)
class DealtRules:
    """The rule cards a player was dealt, to keep one of each."""

    triggers: tuple[str, ...]
    actions: tuple[str, ...]


@dataclass(slots=True)
class Enforcement:
    """One enforcement and what became of it."""

    number: int
    enforcer: Seat
    violator: Seat
    holder: Seat
    hint: str
    card_taken_back: Card | None
    card: Card | None = None     # the card named as the one that broke the rule
    challengeable: bool = True
    challenger: Seat | None = None
    upheld: bool | None = None


class PointChange(NamedTuple):
    """One change of one score, with why: the audit trail of every point."""

    player: Seat
    delta: int
    score: int
    reason: str


def deal_rules(setup: GameStarted) -> list[DealtRules]:
    """Two trigger and two action cards for each player, shuffled from the game's seed."""
    players = len(setup.players)
    if not setup.triggers and not setup.actions:
        return []
    for kind, cards in (("trigger", setup.triggers), ("action", setup.actions)):
        if len(set(cards)) < RULE_CARDS_EACH * players:
            raise ConfigError(f"Dealing two {kind} cards to each of {players} players needs "
                              f"{RULE_CARDS_EACH * players} different ones; the deck has "
                              f"{len(set(cards))}.")
    rng = random.Random(setup.seed * 7919 + 17)  # apart from the playing cards' shuffle
    triggers, actions = sorted(set(setup.triggers)), sorted(set(setup.actions))
    rng.shuffle(triggers)
    rng.shuffle(actions)
    each = RULE_CARDS_EACH
    return [DealtRules(tuple(triggers[each * seat:each * (seat + 1)]),
                       tuple(actions[each * seat:each * (seat + 1)])) for seat in range(players)]
