"""The penalties a Mao table calls: each reason's key (as a call names it), how it is
worded, and what it costs. The referee judges every call against the journal; the few
offences it cannot see (talking, touching cards, taking too long, explaining the rules) are
taken on the caller's word (clarification bad-call).

Two calls are of their own kind: "bad call", said by a player who thinks the call just made
on them was wrong (clarification new-rule), and a call that says "Mao" itself ("saying
Mao", "failure to say Mao"), which costs its caller three cards and judges nothing
(clarification mao-in-a-call).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card

BAD_CARD = "bad-card"
OUT_OF_TURN = "out-of-turn"
FAILURE_TO_SAY = "failure-to-say"
FAILURE_TO_TAKE = "failure-to-take"
SAYING_MAO = "saying-mao"          # the Mao said out of place, called in the proper words
TOO_SLOW = "too-slow"
POINT_OF_ORDER_IN_ONE = "point-of-order"
TOUCHING_CARDS = "touching-cards"
TALKING = "talking"
EXPLAINING = "explaining"
BAD_CALL = "bad-call"
MAO_IN_A_CALL = "mao-in-a-call"    # a call worded with the name itself

MAO_COST = 3

REASONS: dict[str, str] = {
    BAD_CARD: "bad card",
    OUT_OF_TURN: "playing out of turn",
    FAILURE_TO_SAY: "failure to say",
    FAILURE_TO_TAKE: "failure to take a penalty card",
    SAYING_MAO: "taking the name of the great Chinese leader in vain",
    TOO_SLOW: "failure to play in time",
    POINT_OF_ORDER_IN_ONE: "point of order during a point of order",
    TOUCHING_CARDS: "touching cards during a point of order",
    TALKING: "talking",
    EXPLAINING: "explaining the rules",
    BAD_CALL: "bad call",
    MAO_IN_A_CALL: "a call that says Mao",
}
UNSEEN = frozenset({TOO_SLOW, TOUCHING_CARDS, TALKING, EXPLAINING})
PROPER = tuple(reason for reason in REASONS if reason != MAO_IN_A_CALL)  # the calls to make


def cost(reason: str) -> int:
    """Cards a penalty costs: one, or three for a Mao said out of place and for a call that
    says the name. (A failure to take a penalty card costs one more than the cards owed.)"""
    return MAO_COST if reason in (SAYING_MAO, MAO_IN_A_CALL) else 1


@dataclass(frozen=True, slots=True)
class Penalty:
    """One penalty as the table gave it: who called it on whom, the call's words, and who
    took the cards (the caller, when it was a bad call).

    `on_word`: it held only on the caller's word, under a rule only they know, so the player
    called on may answer "bad call". `late`: the offence happened but its time was over, so
    nobody took a card. `drawn`: the cards taken, which a contest passes back and "new
    rule" passes on again. `move`: the moves made when it was called."""

    caller: int
    offender: int
    reason: str
    words: str       # the call as said: "failure to say 'last card'"
    taker: int       # the offender, or the caller for a bad call
    cards: int       # cards taken (fewer than owed only when every card is in a hand)
    bad_call: bool
    move: int = 0
    on_word: bool = False
    late: bool = False
    drawn: tuple[Card, ...] = ()
    answered: bool = False   # a contest the holder answered with "new rule"
    owed: int = 0            # cards the penalty asked for (`cards` may be fewer)
