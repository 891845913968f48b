"""One round of What the Rule?! as the journal folds it: its cards (the hands, the draw pile,
the row and the cards below it), its turns, its guesses and hints; what a round scored once
it is over (`RoundResult`); and the rules, parsed and compared, remembered across rounds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.games.what_the_rule.next_card import NextCard
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import HAND, Design

GUESS_BONUS, HINTED_BONUS = 5, 2
TWO_TURNS, TEN_CARDS = 2, 10
GUESSED, OUT_OF_CARDS, PILE_EMPTY = "guessed", "out-of-cards", "pile-empty"
# why a master's points are halved (clarification halving)
EARLY_TURNS, FEW_CARDS, NOT_GUESSED = "early-turns", "few-cards", "not-guessed"


@dataclass(frozen=True, slots=True)
class Guess:
    """A guess and the verdict on it; when the engine judged it wrong, `difference` is a
    shortest row and a card on which the guess and the rule disagree (`first_accepts`: the
    guess is the one that accepts it). It decided the verdict and is never said at the
    table: a hint is about the row on the table (`next_card`)."""

    player: int
    words: str
    right: bool
    difference: Any = None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A round as it ended and what it scored (`points` by seat, 0 in a game without
    points; `halved` why the master's points were halved)."""

    number: int
    master: int
    ended: str                   # GUESSED, OUT_OF_CARDS or PILE_EMPTY
    guesser: int | None
    hints: bool
    turns: int                   # turns taken in the round
    played: int                  # cards laid on the table (clarification cards-played)
    points: tuple[int, ...]
    halved: tuple[str, ...]
    rule: str = ""               # the rule the engine judged by (empty: the master judged)


@dataclass(frozen=True, slots=True)
class Offer:
    """A hint announced and not yet given (clarification hint-objection): the master's own,
    its words to come when it is given; or the engine's card to try (`card`, telling the
    round's latest wrong guess from the rule on the row as it stood; `words` as the table
    will hear it)."""

    card: NextCard | None = None
    words: str = ""


class Round:
    """One round's cards and turns."""

    __slots__ = ("below", "ended", "guesser", "guesses", "hands", "hints", "hints_given",
                 "lapsed", "master", "number", "offer", "order", "pile", "played", "row",
                 "rule", "said", "seen", "turn", "turns", "turns_taken")

    def __init__(self, number: int, master: int, rule: Rule | None, players: int,
                 cards: Sequence[Design]) -> None:
        self.number = number
        self.master = master
        self.rule = rule
        self.said = ""   # the rule as the master said it in plain words, if they did
        # the players in turn from the master's left, clockwise (clarification deal)
        self.order = tuple((master + step) % players for step in range(1, players))
        self.hands: list[list[Design]] = [[] for _ in range(players)]
        for place, seat in enumerate(self.order):
            self.hands[seat] = list(cards[place * HAND:(place + 1) * HAND])
        self.pile: deque[Design] = deque(cards[len(self.order) * HAND:])  # top first
        self.row: list[Design] = []
        self.below: list[tuple[int, Design]] = []  # (the row's length then, the card)
        self.turn = self.order[0]
        self.turns = [0] * players                 # turns each player has had
        self.turns_taken = 0
        self.played = 0
        self.guesser: int | None = None            # who may guess now
        self.hints = False
        self.hints_given: list[str] = []
        self.offer: Offer | None = None            # a hint announced, not yet given
        self.lapsed = False                        # the last card or hand shown let one lapse
        self.guesses: list[Guess] = []
        self.seen: list[tuple[int, Design, bool]] = []  # (row length, card, fits): judged
        self.ended = ""

    @property
    def waiting(self) -> bool:
        """The player who may guess played their last card: the round waits for them to
        guess or pass before anything else (clarification guess-window)."""
        return self.guesser is not None and not self.hands[self.guesser]

    @property
    def in_sight(self) -> list[Sequence[Design]]:
        """Every place a card can be known to lie: the row, below it, the hands, the pile."""
        return [self.row, [card for _, card in self.below], *self.hands, self.pile]

    def next_seat(self, seat: int) -> int:
        return self.order[(self.order.index(seat) + 1) % len(self.order)]

    def draw(self, seat: int, count: int) -> None:
        hand, pile = self.hands[seat], self.pile
        for _ in range(min(count, len(pile))):
            hand.append(pile.popleft())

    def snapshot(self) -> dict[str, object]:
        def codes(cards: Sequence[Design]) -> list[str]:
            return [card.code for card in cards]

        return {
            "number": self.number, "master": self.master,
            "rule": None if self.rule is None else self.rule.source,
            "hands": [codes(hand) for hand in self.hands], "pile": codes(self.pile),
            "row": codes(self.row), "below": [(spot, card.code) for spot, card in self.below],
            "turn": self.turn, "turns": list(self.turns), "played": self.played,
            "guesser": self.guesser, "hints": self.hints, "hints_given": list(self.hints_given),
            "offer": None if self.offer is None else (
                None if self.offer.card is None else self.offer.card.card.code,
                self.offer.words),
            "guesses": [(guess.player, guess.words, guess.right,
                         None if guess.difference is None else
                         (codes(guess.difference.row), guess.difference.card.code))
                        for guess in self.guesses],
            "seen": [(length, card.code, fits) for length, card, fits in self.seen],
            "ended": self.ended,
        }


@lru_cache(maxsize=4096)
def parse_rule(source: str) -> Rule:
    """`Rule.parse`, remembered: the same rules come back round after round."""
    return Rule.parse(source)


@lru_cache(maxsize=16384)
def judge_guess(guess: str, rule: str) -> Any:
    """None when the guess is the rule (the same rule, however written: clarification
    machine-master), else a row and a card on which they differ (`equivalence.same_rule`,
    the guess first)."""
    from engine.games.what_the_rule.equivalence import same_rule

    return same_rule(parse_rule(guess), parse_rule(rule))
