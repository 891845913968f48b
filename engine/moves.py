"""What a base game's move tells the rules layer: the typed report the layer settles.

A base game never scores, closes challenges or ends a round itself. Its move carries out
its own rules and returns the entry as recorded with a `MoveReport`: whether play moved on,
who won or lost points and why, whether a round (or the whole game) ended. The rules layer
(`engine.rules_layer.RulesLayer._move`) verifies before the move and settles the report
after it, in the same order for every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from engine.cards import Card

Seat: TypeAlias = int
"""A player's place at the table, 0 for the first name of the setup: the one way the
contract names a player."""


@dataclass(frozen=True, slots=True)
class Award:
    """Points a move wins (or loses) for one seat, and why, in the table's words."""

    seat: Seat
    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class MoveReport:
    """What a move of the base game did that the rules layer settles, in this order:
    `moved_on` closes every enforcement made so far to challenges; each award is counted;
    then the game is won (`winner`, a win the base game decides by itself, such as the
    first player out of cards) or the round ended (`round_over`: the layer counts it and
    decides, by the game's `after_round`, whether someone won)."""

    moved_on: bool = True
    awards: tuple[Award, ...] = ()
    round_over: bool = False
    winner: Seat | None = None


MOVED_ON = MoveReport()
"""A move that puts play forward and scores nothing."""

STAYED = MoveReport(moved_on=False)
"""A move that leaves play where it was (cards drawn by a rule, a hint, a count corrected):
an enforcement before it can still be challenged."""


@dataclass(frozen=True, slots=True)
class TakenBack:
    """A play taken back by an enforcement: the card returned to its player's hand (None if
    none) and the points that play had won, now lost again."""

    card: Card | None
    undone: tuple[Award, ...] = ()
