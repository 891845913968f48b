"""The penalties a Mao table calls: each reason's key (as a call names it), how it is
worded, and what it costs. The referee judges every call against the journal; the few
offences it cannot see (talking, touching cards, taking too long, explaining the rules) are
taken on the caller's word (clarification bad-call).
"""

from __future__ import annotations

from dataclasses import dataclass

BAD_CARD = "bad-card"
OUT_OF_TURN = "out-of-turn"
FAILURE_TO_SAY = "failure-to-say"
SAYING_MAO = "saying-mao"
TOO_SLOW = "too-slow"
POINT_OF_ORDER_IN_ONE = "point-of-order"
TOUCHING_CARDS = "touching-cards"
TALKING = "talking"
EXPLAINING = "explaining"

MAO_COST = 3

REASONS: dict[str, str] = {
    BAD_CARD: "bad card",
    OUT_OF_TURN: "playing out of turn",
    FAILURE_TO_SAY: "failure to say",
    SAYING_MAO: "saying Mao out of place",
    TOO_SLOW: "failure to play in time",
    POINT_OF_ORDER_IN_ONE: "point of order during a point of order",
    TOUCHING_CARDS: "touching cards during a point of order",
    TALKING: "talking",
    EXPLAINING: "explaining the rules",
}
UNSEEN = frozenset({TOO_SLOW, TOUCHING_CARDS, TALKING, EXPLAINING})


def cost(reason: str) -> int:
    """Cards a penalty costs: one, or three for saying Mao out of place."""
    return MAO_COST if reason == SAYING_MAO else 1


@dataclass(frozen=True, slots=True)
class Penalty:
    """One penalty as the table gave it: who called it on whom, the call's words, and who
    took the cards (the caller, when it was a bad call)."""

    caller: int
    offender: int
    reason: str
    words: str       # the call as said: "failure to say 'last card'"
    taker: int       # the offender, or the caller for a bad call
    cards: int       # cards taken (fewer than owed only when every card is in a hand)
    bad_call: bool
