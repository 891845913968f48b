"""How bots play What the Rule?!: a master bot leads with a rule from the pool (`pool`);
player bots keep, for the round, the rules of the pool that fit everything seen so far
(every card judged, in its place: accepted into the row or refused, and every card of a
hand revealed with none that fits), and guess one of those they have not heard guessed
wrong. A policy is handed the game and its dice and returns the entry to record and the
seat whose play it was (None for anything but a card played or a hand revealed).

- "random": plays any card, never reveals, and always guesses;
- "greedy": plays the card most of the rules still in the running accept, reveals when
  none of them accepts any card held (so a reveal is always right when the master's rule
  is in the pool), and always guesses;
- "cautious": plays like "greedy" and guesses only when at most two rules are left.

What the bots know lives in `Knowledge`, one per game, kept by the policy: nothing of it
enters the journal.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence
from typing import Any

from engine.games.base import Policy, Step
from engine.games.what_the_rule.events import Guessed, Passed, Played, Revealed, RoundLed
from engine.games.what_the_rule.pool import POOL
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import Design
from engine.games.what_the_rule.view import VIEWS, Situation

CANDIDATES: tuple[Rule, ...] = tuple(Rule.parse(source) for source in POOL)
CAUTIOUS_LEFT = 2


class Knowledge:
    """The rules of the pool that fit what the table has seen of one round."""

    __slots__ = ("looked", "number", "rules")

    def __init__(self, number: int) -> None:
        self.number = number
        self.looked = 0                     # cards judged so far that the rules were tested on
        self.rules: list[Rule] = list(CANDIDATES)


def _situation(row: Sequence[Design], length: int, card: Design) -> Situation:
    """`card` offered after the first `length` cards of the row."""
    return Situation([VIEWS[design.index] for design in row[max(0, length - 3):length]],
                     VIEWS[card.index], length + 1)


def _known(memories: weakref.WeakKeyDictionary[Any, Knowledge], game: Any) -> Knowledge:
    round_ = game.round
    known = memories.get(game)
    if known is None or known.number != round_.number:
        known = memories[game] = Knowledge(round_.number)
    seen = round_.seen
    if known.looked < len(seen):
        row = round_.row
        rules = known.rules
        for length, card, fits in seen[known.looked:]:
            situation = _situation(row, length, card)
            rules = [rule for rule in rules if bool(rule.test(situation)) == fits]
        known.rules = rules
        known.looked = len(seen)
    return known


def bot(*, greedy: bool, most_left: int | None = None) -> Policy:
    """A policy (see the module's text); `most_left`: guess only with at most this many
    rules still in the running."""
    memories: weakref.WeakKeyDictionary[Any, Knowledge] = weakref.WeakKeyDictionary()

    def policy(game: Any, rng: random.Random) -> Step:
        round_ = game.under_way
        if round_ is None:
            return RoundLed(master=game.next_master, rule=rng.choice(POOL)), None
        known = _known(memories, game)
        guesser = round_.guesser
        if guesser is not None:
            wrong = {guess.words for guess in round_.guesses if not guess.right}
            left = [rule for rule in known.rules if rule.source not in wrong]
            if left and (most_left is None or len(left) <= most_left):
                return Guessed(player=guesser, rule=rng.choice(left).source), None
            if round_.waiting:
                return Passed(player=guesser), None
        seat = round_.turn
        hand = round_.hands[seat]
        if not greedy or not known.rules:
            return Played(player=seat, card=rng.choice(hand).code), seat
        row, length = round_.row, len(round_.row)
        liked: dict[Design, int] = {}
        for card in dict.fromkeys(hand):
            situation = _situation(row, length, card)
            liked[card] = sum(1 for rule in known.rules if rule.test(situation))
        best = max(liked.values())
        if not best:
            return Revealed(player=seat), seat
        choice = rng.choice([card for card, count in liked.items() if count == best])
        return Played(player=seat, card=choice.code), seat

    return policy


POLICIES: dict[str, Policy] = {"greedy": bot(greedy=True), "random": bot(greedy=False),
                               "cautious": bot(greedy=True, most_left=CAUTIOUS_LEFT)}
