"""Mao at a real table: players hold real cards and type in what they play.

The referee never sees the hands or the stack: each card there is `FACE_DOWN`, so every
count works as with a dealt deck (hands counted, penalty cards taken, the stack running out
and made again from the pile). It knows the card turned up to start the pile, every card
played, and a card that came back to a hand after a call. A typed card must be one the
referee knows in that hand, or stand in for one it has not seen, and no more copies of a
card can be in sight than there are packs.
"""

from __future__ import annotations

from engine.cards import FACE_DOWN, Card
from engine.errors import ConfigError, IllegalActionError
from engine.games.mao.table import HAND, MaoTable, packs_for


class RealMaoTable(MaoTable):
    """A Mao table played with physical cards; `first` is the card turned up."""

    def __init__(self, *, players: int, dealer: int, first: Card | None) -> None:
        super().__init__(players=players, seed=0, dealer=dealer)
        if first is None or first is FACE_DOWN:
            raise ConfigError("At a real table, type in the card turned up to start the pile.")
        packs = packs_for(players)
        self.hands = [[FACE_DOWN] * HAND for _ in range(players)]
        self.pile = [first]
        self.stack = [FACE_DOWN] * (54 * packs - HAND * players - 1)

    def in_sight(self, card: Card) -> int:
        """Copies of `card` the referee knows where they are."""
        return self.pile.count(card) + sum(hand.count(card) for hand in self.hands)

    def verify_holds(self, player: int, card: Card, name: str) -> None:
        hand = self.hands[player]
        if card in hand:
            return
        if FACE_DOWN not in hand:
            raise IllegalActionError(f"{name} cannot have the {card.name}: the referee knows "
                                     "every card in their hand.")
        packs = packs_for(self.players)
        if self.in_sight(card) >= packs:
            where = "on the pile or in hands" if packs > 1 else "on the pile or in a hand"
            raise IllegalActionError(
                f"Every {card.name} ({packs} in {packs} pack{'s' if packs > 1 else ''}) is "
                f"already {where}: check the card and type it again.")

    def _leave_hand(self, player: int, card: Card) -> None:
        hand = self.hands[player]
        hand.remove(card if card in hand else FACE_DOWN)

    def _restack(self) -> bool:
        keep = self.keep
        if len(self.pile) <= keep:
            return False
        self.reshuffles += 1
        self.stack = [FACE_DOWN] * (len(self.pile) - keep)
        self.pile, self.played_by = self.pile[-keep:], self.played_by[-keep:]
        return True
