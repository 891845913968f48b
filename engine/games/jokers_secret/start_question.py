"""Who starts at a real table: the referee asks, the table answers (clarification start-card).

The referee never sees a hand, so it cannot tell who holds the 3 of clubs. Before the first
play it asks about the start cards in their order (`shedding.START_ORDER`: the 3 of clubs,
the 4 of clubs, and so on) until someone holds one, and the table answers each with a name,
or nobody. A card the referee already knows to be held (typed in face up, or shown by a
swap) answers its own question. A swap keeps a card with the same player, so answers given
before the swaps and after them agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.cards import JOKERS, Card
from engine.errors import IllegalActionError
from engine.games.jokers_secret.shedding import ROW, START_ORDER

# The setup option (`GameStarted.options`) of a real table whose players are asked who
# starts; a journal written before the referee asked has none and starts with whoever moves.
ASKS_START = "start=asked"


@dataclass(frozen=True, slots=True)
class Start:
    """Who starts, once settled: `seat`, because of `card`, known `how`."""

    seat: int
    card: Card
    how: str  # "face up", "in hand" (shown by a swap) or "said" (the table's answer)


@dataclass(slots=True)
class StartQuestions:
    """The table's answers so far, and what they settle."""

    names: Sequence[str]
    held: dict[Card, int | None] = field(default_factory=dict)  # card -> seat, None: nobody

    def search(self, holder: Callable[[Card], tuple[int, str] | None]) -> Start | Card:
        """Who starts, or the start card to ask about next. `holder(card)`: the seat the
        referee knows holds `card` and how ("face up", "in hand"), or None."""
        for card in START_ORDER:
            known = holder(card)
            if known is not None:
                return Start(known[0], card, known[1])
            if card not in self.held:
                return card
            seat = self.held[card]
            if seat is not None:
                return Start(seat, card, "said")
        raise AssertionError("every start card answered nobody")  # `verify_answer` stops it

    def verify_answer(self, asked: Start | Card, card: Card, seat: int | None,
                      players: int) -> None:
        """The answer is about the card asked, and nobody's is possible."""
        if isinstance(asked, Start):
            raise IllegalActionError(f"Who starts is settled: {self.reason(asked)}.")
        if card != asked:
            raise IllegalActionError(f"The question is who holds the {asked.name}, not the "
                                     f"{card.name}.")
        # every player holds 2 x ROW cards in hand and face up, two of them jokers at most
        held_at_least = 2 * ROW * players - len(JOKERS)
        nobody = sum(answer is None for answer in self.held.values())
        if seat is None and len(START_ORDER) - nobody - 1 < held_at_least:
            raise IllegalActionError(
                f"Nobody? Each player holds {2 * ROW} cards in hand and face up, so someone "
                f"holds the {card.name} or a start card after it: check again.")

    def answer(self, card: Card, seat: int | None) -> None:
        self.held[card] = seat

    def verify_unclaimed(self, seat: int, card: Card) -> None:
        """Before play, `seat` may hold `card` (in a swap or the opening) only if the table
        did not say it is someone else's or nobody's."""
        if card not in self.held or self.held[card] == seat:
            return
        owner = self.held[card]
        said = "nobody" if owner is None else self.names[owner]
        raise IllegalActionError(
            f"The table said {said} holds the {card.name} in hand or face up, so "
            f"{self.names[seat]} cannot have it. If that answer was wrong, undo it and answer "
            "again.")

    def reason(self, start: Start) -> str:
        """Why `start.seat` starts, in table words: "Ann holds the three of clubs"."""
        name = self.names[start.seat]
        where = {"face up": f"the {start.card.name} lies face up in front of {name}",
                 "in hand": f"the {start.card.name} is in {name}'s hand",
                 "said": f"{name} holds the {start.card.name}"}[start.how]
        place = START_ORDER.index(start.card)
        if place == 0:
            return where
        before = (f"the {START_ORDER[0].name}" if place == 1
                  else f"any start card before it (from the {START_ORDER[0].name} on)")
        return f"{where}, and nobody holds {before}"
