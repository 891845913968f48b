"""How hard a rule is to find, measured: a simple learner plays against it and counts.

The learner holds a pool of candidate rules (the bots' pool, the deck's rules and the secret
rule itself), simplest first (the shortest written), and ten cards. Each turn it offers a
card at random from its hand; the secret rule accepts it (into the row) or refuses it (the
learner draws a card). Every candidate that would have judged an offer otherwise is struck
out, and the learner's guess is the simplest candidate left. The rule is found once that
guess is the same rule as the secret (`equivalence.same_rule`); the offers it took are its
difficulty. Seeded runs give a median, and the share of offers accepted. A candidate too
complex to compare with the secret (`equivalence.TooComplex`) counts as another rule.

Levels: found in at most `EASY_OFFERS` offers (median) is easy, in at most `MEDIUM_OFFERS`
medium, later hard (clarification rule-levels).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from engine.games.what_the_rule.equivalence import TooComplex, same_rule
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import DECK, HAND, Design

EASY_OFFERS = 6.0
MEDIUM_OFFERS = 8.5
MOST_OFFERS = 60   # a run that has not pinned the rule by then counts as this many
RUNS = 24


@dataclass(frozen=True, slots=True)
class Difficulty:
    offers: float          # median offers until the learner's guess is right
    accepted: float        # share of offers accepted
    unpinned: float        # share of runs still guessing wrong after MOST_OFFERS

    @property
    def level(self) -> str:
        if self.offers <= EASY_OFFERS:
            return "easy"
        return "medium" if self.offers <= MEDIUM_OFFERS else "hard"


def measure(secret: Rule, pool: Sequence[Rule], *, runs: int = RUNS,
            seed: int = 0) -> Difficulty:
    """The learner's median offers to find `secret` among `pool` (plus itself)."""
    candidates = sorted({rule.source: rule for rule in (*pool, secret)}.values(),
                        key=lambda rule: (len(rule.source), rule.source))
    right = [_is_same(rule, secret) for rule in candidates]
    counts, accepted, offered, unpinned = [], 0, 0, 0
    for run in range(runs):
        rng = random.Random(seed * 7_919 + run)
        deck = list(DECK)
        rng.shuffle(deck)
        hand, draw = deck[:HAND], deck[HAND:]
        row: list[Design] = []
        alive = list(range(len(candidates)))
        offers = 0
        while not right[alive[0]] and offers < MOST_OFFERS and hand:
            card = hand.pop(rng.randrange(len(hand)))
            offers += 1
            verdict = secret.accepts(row, card)
            alive = [i for i in alive if candidates[i].accepts(row, card) == verdict]
            if verdict:
                row.append(card)
                accepted += 1
            elif draw:
                hand.append(draw.pop())
        offered += offers
        if not right[alive[0]]:
            unpinned += 1
            offers = MOST_OFFERS
        counts.append(offers)
    return Difficulty(offers=float(statistics.median(counts)),
                      accepted=accepted / offered if offered else 0.0,
                      unpinned=unpinned / runs)


def _is_same(candidate: Rule, secret: Rule) -> bool:
    try:
        return same_rule(candidate, secret) is None
    except TooComplex:
        return False
