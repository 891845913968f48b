"""Up 'N Over at a real table: players hold real cards and type in what they play.

The referee never sees the deck or the hands, so a card it has not seen is `FACE_DOWN`.
It knows every card on the table and in the taken tricks, and a card that went back to a
hand after an enforcement. A typed card must be one it has not seen elsewhere; a player
must still hold a card to play it. Counting, refilling and reshuffling work as with a
shuffled deck, on face-down cards: a reshuffle turns the taken tricks face down again.
"""

from __future__ import annotations

from engine.cards import FACE_DOWN, Card
from engine.errors import IllegalActionError
from engine.games.upnover.trick_game import Phase, UpNOver


class TableUpNOver(UpNOver):
    """An Up 'N Over table played with physical cards."""

    __slots__ = ()
    physical = True

    def __init__(self, *, players: int, seed: int, dealer: int = 0, hand_size: int = 5,
                 names: tuple[str, ...] = ()) -> None:
        super().__init__(players=players, seed=seed, dealer=dealer, hand_size=hand_size,
                         names=names)
        self.deck = [FACE_DOWN] * len(self.deck)
        self.hands = [[FACE_DOWN] * len(hand) for hand in self.hands]

    # -- which cards the referee has seen --------------------------------------------------

    def where_seen(self, card: Card) -> str | None:
        """Where the referee has seen `card`, in words; None if it could be anywhere hidden."""
        if any(played is card for played, _, _ in self.trick):
            return "is already on the table"
        for seat, pile in enumerate(self.piles):
            if card in pile:
                return f"was taken in an earlier trick ({self.names[seat]}'s pile)"
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return f"went back to {self.names[seat]}'s hand"
        return None

    def verify_unseen(self, card: Card, *, reshuffled: bool = False) -> None:
        """`reshuffled`: the taken tricks will have gone back into the deck by then."""
        if card is FACE_DOWN or card.is_joker:
            raise IllegalActionError("Up 'N Over is played without jokers.")
        seen = self.where_seen(card)
        if seen is None or (reshuffled and not seen.startswith("went back")):
            return
        raise IllegalActionError(f"The {card.name} {seen}: check the card and type it again.")

    # -- playing -----------------------------------------------------------------------------

    def verify_unlisted(self, player: int, card: Card) -> None:
        """A card the referee has not seen in the hand may be one of its face-down cards."""
        hand = self.hands[player]
        if FACE_DOWN not in hand:
            name = self.names[player]
            known = ", ".join(c.name for c in hand) or "no cards"
            raise IllegalActionError(f"{name} cannot have the {card.name}: the referee knows "
                                     f"every card {name} holds ({known}).")
        self.verify_unseen(card)

    def add_to_trick(self, player: int, card: Card, ace_value: int | None) -> int | None:
        hand = self.hands[player]
        if card not in hand:
            hand[hand.index(FACE_DOWN)] = card  # the face-down card turns out to be this one
        return super().add_to_trick(player, card, ace_value)

    # -- turning up and reshuffling ----------------------------------------------------------

    def verify_turned(self, ace_value: int | None, card: Card | None) -> None:
        super().verify_turned(ace_value, card)
        if card is None:
            raise IllegalActionError(
                "Say which card was turned up: the referee cannot see the deck.")
        self.verify_unseen(card, reshuffled=self._reshuffles_before_turning())

    def _reshuffles_before_turning(self) -> bool:
        """Whether gathering and refilling empty the deck before the next card is turned."""
        deck = len(self.deck)
        if self.phase is Phase.TRICK_WON:
            needed = self.cards_short()
            if needed > deck:
                return True
            deck -= needed
        return deck == 0

    def turned_card(self, typed: Card | None) -> Card:
        """A face-down card leaves the deck and turns out to be the one typed in (`verify_turned`
        made sure there is one)."""
        assert typed is not None
        self._draw()
        return typed

    def reshuffle(self) -> None:
        """The taken tricks are shuffled into a new deck: face down again, unseen."""
        gathered = sum(len(pile) for pile in self.piles)
        if not gathered:
            return
        for pile in self.piles:
            pile.clear()
        self.deck[:0] = [FACE_DOWN] * gathered
        self.reshuffles += 1

