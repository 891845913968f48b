"""The objects triggers read in any game played with playing cards: card views, built once
per card (and per counted value) and shared, lists of them, and fixed player facts. A game's
live player view belongs to the game (`engine.games.<game>.view`).
"""

from __future__ import annotations

from engine.cards import STANDARD_DECK, Card, Rank

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


class PlayerFacts:
    """Fixed player facts, for enumerating and testing what a trigger can see: whatever
    attributes the game's schema gives a player (`PlayerFacts(score=3, seat=1)`)."""

    def __init__(self, **facts: object) -> None:
        self.__dict__.update(facts)

    def __repr__(self) -> str:
        return f"PlayerFacts({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"
