"""The objects triggers read: cards and players as a table sees them.

Card views are built once per card (and per declared ace value) and shared. Player views
read the live game, so they are built once per game and never go stale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import STANDARD_DECK, Card, Rank

if TYPE_CHECKING:
    from engine.hidden_rules import HiddenRulesGame

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
COLOUR_NAMES = ("red", "black")


class CardView:
    """A card as a trigger reads it: rank "A".."K", suit "hearts", colour, number, value."""

    __slots__ = ("code", "colour", "id", "is_face", "number", "rank", "suit", "value")

    def __init__(self, card: Card, value: int) -> None:
        assert card.suit is not None, "jokers have no view in the trigger language"
        self.id = -1  # its position among a game's card views, set by the game's schema
        self.code = card.code
        self.rank = card.rank.symbol
        self.suit = card.suit.plural
        self.colour = card.colour
        self.number = int(card.rank)
        self.value = value
        self.is_face = card.rank.is_face

    def __repr__(self) -> str:
        return f"CardView({self.code}={self.value})"


def build_card_views(value_of: dict[Rank, int]) -> tuple[list[CardView], list[CardView],
                                                         list[CardView]]:
    """Views for a game's card values: by card index, aces as 1 and aces as 11."""
    by_index = [CardView(card, value_of[card.rank]) for card in STANDARD_DECK]
    low = [CardView(card, 1) if card.rank is Rank.ACE else by_index[card.index]
           for card in STANDARD_DECK]
    high = [CardView(card, 11) if card.rank is Rank.ACE else by_index[card.index]
            for card in STANDARD_DECK]
    return by_index, low, high


class CardList(list[CardView]):
    """Cards as a trigger reads them, with their ranks, suits and colours kept alongside so
    the count helpers are one `list.count` each."""

    __slots__ = ("colours", "ranks", "suits")

    def __init__(self, cards: list[CardView] | tuple[CardView, ...] = ()) -> None:
        super().__init__(cards)
        self.ranks = [card.rank for card in cards]
        self.suits = [card.suit for card in cards]
        self.colours = [card.colour for card in cards]

    def add(self, card: CardView) -> None:
        self.append(card)
        self.ranks.append(card.rank)
        self.suits.append(card.suit)
        self.colours.append(card.colour)


class PlayerView:
    """A player's public facts, read live from the game."""

    __slots__ = ("_game", "is_dealer", "seat")

    def __init__(self, game: HiddenRulesGame, seat: int) -> None:
        self._game = game
        self.seat = seat
        self.is_dealer = seat == game.table.dealer

    @property
    def score(self) -> int:
        return self._game.scores[self.seat]

    @property
    def tricks(self) -> int:
        return self._game.table.tricks_taken[self.seat]

    @property
    def hand_size(self) -> int:
        return len(self._game.table.hands[self.seat])


class PlayerFacts:
    """Fixed player facts, for enumerating what a trigger can see."""

    __slots__ = ("hand_size", "is_dealer", "score", "seat", "tricks")

    def __init__(self, *, score: int = 0, tricks: int = 0, hand_size: int = 0, seat: int = 0,
                 is_dealer: bool = False) -> None:
        self.score = score
        self.tricks = tricks
        self.hand_size = hand_size
        self.seat = seat
        self.is_dealer = is_dealer
