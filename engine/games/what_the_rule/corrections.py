"""Counts the table corrects (clarification corrections): at a real table the engine counts
the hands and the draw pile from what is typed, and a table that counts otherwise tells it
so — a player holds so many cards, the draw pile holds so many, or it has run out.

A correction sets the count; later draws count from it. It is not a move: nobody's turn
passes and a chance to guess stays open. When it leaves a player without cards or the draw
pile empty the round ends, at once, or, while a player may still guess, once they have
guessed or passed (the end of their turn).
"""

from __future__ import annotations

from engine.errors import IllegalActionError, allowed
from engine.games.what_the_rule.events import HandCounted, PileCounted
from engine.games.what_the_rule.real_cards import recount
from engine.games.what_the_rule.round import Round
from engine.games.what_the_rule.scoring import ScoredRounds
from engine.games.what_the_rule.shapes import DECK, HAND
from engine.moves import STAYED, MoveReport


def cards_word(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


class Corrections(ScoredRounds):
    """A hand's count or the draw pile's, set as the table counted it."""

    __slots__ = ()

    def _verify_correction(self) -> Round:
        round_ = self._verify_round()
        if not self.real:
            raise IllegalActionError("The referee dealt these cards and counts them itself: "
                                     "counts are corrected only at a real table.")
        return round_

    def _end_if_out(self, round_: Round) -> MoveReport:
        if round_.guesser is None:
            return self._end_of_turn(round_)
        return STAYED

    def verify_count_hand(self, player: int, cards: int) -> None:
        round_ = self._verify_correction()
        self._verify_seats(player)
        name = self.names[player]
        if player == round_.master:
            raise IllegalActionError(f"{name} is the game master this round: the master holds "
                                     "no cards.")
        if not 0 <= cards <= HAND:
            raise IllegalActionError(f"A hand holds 0 to {HAND} cards in this game (a card "
                                     "refused or placed is replaced by one drawn), not "
                                     f"{cards}.")
        if cards == len(round_.hands[player]):
            raise IllegalActionError(f"The referee counts {cards_word(cards)} in {name}'s "
                                     "hand already: there is nothing to correct.")

    def can_count_hand(self, player: int, cards: int) -> bool:
        return allowed(self.verify_count_hand, player, cards)

    def count_hand(self, player: int, cards: int) -> HandCounted:
        return self._move((player,), self._count_hand, player, cards)

    def _count_hand(self, player: int, cards: int) -> tuple[HandCounted, MoveReport]:
        self.verify_count_hand(player, cards)
        round_ = self.round
        assert round_ is not None
        recount(round_.hands[player], cards, top_first=False)
        return HandCounted(player=player, cards=cards), self._end_if_out(round_)

    def verify_count_pile(self, cards: int) -> None:
        round_ = self._verify_correction()
        laid = len(round_.row) + len(round_.below)
        most = len(DECK) - laid
        if not 0 <= cards <= most:
            raise IllegalActionError(f"The draw pile holds 0 to {most} cards now ({len(DECK)} "
                                     f"less the {laid} on the table), not {cards}.")
        if cards == len(round_.pile):
            state = "empty" if not cards else f"at {cards_word(cards)}"
            raise IllegalActionError(f"The referee counts the draw pile {state} already: "
                                     "there is nothing to correct.")

    def can_count_pile(self, cards: int) -> bool:
        return allowed(self.verify_count_pile, cards)

    def count_pile(self, cards: int) -> PileCounted:
        return self._move((), self._count_pile, cards)

    def _count_pile(self, cards: int) -> tuple[PileCounted, MoveReport]:
        self.verify_count_pile(cards)
        round_ = self.round
        assert round_ is not None
        recount(round_.pile, cards, top_first=True)
        return PileCounted(cards=cards), self._end_if_out(round_)
