"""The public view of an Up 'N Over play: what a Hidden Rules trigger can read.

A trigger is looked at right after a card is played and the new sum is known.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.upnover.trick_game import VALUE_BY_RANK
from engine.language.helpers import HELPERS
from engine.language.schema import FieldSpec, Schema, Type, Visibility
from engine.language.views import (
    COLOUR_NAMES,
    RANK_NAMES,
    SUIT_NAMES,
    CardList,
    CardView,
    build_card_views,
)

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.games.upnover.hidden_rules import HiddenRulesGame

VIEWS_BY_INDEX, ACE_LOW_VIEWS, ACE_HIGH_VIEWS = build_card_views(VALUE_BY_RANK)
ALL_CARD_VIEWS: tuple[CardView, ...] = tuple(
    {id(view): view for view in ACE_LOW_VIEWS + ACE_HIGH_VIEWS}.values())
for _position, _view in enumerate(ALL_CARD_VIEWS):
    _view.id = _position

LOWEST_SUM, HIGHEST_SUM = -24, 31  # four kings and four queens; 20 plus an ace as 11

_CARD = {spec.name: spec for spec in (
    FieldSpec("rank", Type.STR, 'its rank: "A", "2" ... "10", "J", "Q" or "K"',
              domain=RANK_NAMES),
    FieldSpec("suit", Type.STR, 'its suit: "clubs", "diamonds", "hearts" or "spades"',
              domain=SUIT_NAMES),
    FieldSpec("colour", Type.STR, '"red" or "black"', domain=COLOUR_NAMES),
    FieldSpec("number", Type.INT, "its rank as a number: A 1, 2-10, J 11, Q 12, K 13",
              domain=tuple(range(1, 14))),
    FieldSpec("value", Type.INT, "what it adds to the sum: 2-10, A 1 or 11, J 0, Q -2, K -4",
              domain=tuple(sorted(set(VALUE_BY_RANK.values()) | {11}))),
    FieldSpec("is_face", Type.BOOL, "it is a jack, queen or king", domain=(False, True)),
)}

_PLAYER = {spec.name: spec for spec in (
    FieldSpec("score", Type.INT, "their points", domain=tuple(range(-10, 13))),
    FieldSpec("tricks", Type.INT, "tricks they have taken this game", domain=tuple(range(31))),
    FieldSpec("hand_size", Type.INT, "how many cards they hold", domain=tuple(range(6))),
    FieldSpec("seat", Type.INT, "their seat: 0 is the dealer, then clockwise",
              domain=tuple(range(5))),
    FieldSpec("is_dealer", Type.BOOL, "they dealt this game", domain=(False, True)),
)}

_FIELDS = {spec.name: spec for spec in (
    FieldSpec("card", Type.CARD, "the card just played", domain=ALL_CARD_VIEWS),
    FieldSpec("previous", Type.CARD,
              "the card it was played on (the turned-up card for the first play)",
              domain=ALL_CARD_VIEWS),
    FieldSpec("lead", Type.CARD, "the card turned up to open this trick", domain=ALL_CARD_VIEWS),
    FieldSpec("trick", Type.CARDS, "every card of this trick so far, this one included"),
    FieldSpec("trick_size", Type.INT, "how many cards the trick holds, this one included",
              domain=tuple(range(2, 31))),
    FieldSpec("total", Type.INT, "the sum announced after this play",
              domain=tuple(range(LOWEST_SUM, HIGHEST_SUM + 1))),
    FieldSpec("total_before", Type.INT, "the sum before this play",
              domain=tuple(range(LOWEST_SUM, 21))),
    FieldSpec("player", Type.PLAYER, "the player who played the card"),
    FieldSpec("next_player", Type.PLAYER, "the player on their left, who plays next"),
    FieldSpec("deck_size", Type.INT, "how many cards are left in the deck",
              domain=tuple(range(53))),
    FieldSpec("round", Type.INT, "which trick of the game this is (the first is 1)",
              domain=tuple(range(1, 101))),
    FieldSpec("said", Type.STR, "what the player said with the play, as the referee heard it",
              table_only=True),
    FieldSpec("hand", Type.CARDS, "the cards still in the player's hand",
              visibility=Visibility.OWNER),
    FieldSpec("deck_top", Type.CARD, "the next card of the deck", visibility=Visibility.HIDDEN,
              domain=ALL_CARD_VIEWS),
)}

UPNOVER_SCHEMA = Schema(game="up-n-over", fields=_FIELDS,
                        attributes={Type.CARD: _CARD, Type.PLAYER: _PLAYER}, helpers=HELPERS)

# Every path a simulated game can show a trigger: the public fields (speech is known only at
# a real table) and each part of the players.
SIMULATED_PATHS = frozenset(
    [spec.name for spec in _FIELDS.values()
     if spec.visibility is Visibility.PUBLIC and not spec.table_only]
    + [f"{who}.{part}" for who in ("player", "next_player") for part in _PLAYER])


def card_view(card: Card, value: int) -> CardView:
    """The shared view of a card counted at `value` (which only matters for aces)."""
    if value == 11:
        return ACE_HIGH_VIEWS[card.index]
    return ACE_LOW_VIEWS[card.index]


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


class PlayView:
    """Everything a trigger may read about one play. `ViewBuilder` refills one of these."""

    __slots__ = ("card", "deck_size", "deck_top", "hand", "lead", "next_player", "player",
                 "previous", "round", "said", "total", "total_before", "trick", "trick_size")

    card: CardView
    previous: CardView
    lead: CardView
    trick: CardList
    trick_size: int
    total: int
    total_before: int
    player: PlayerView
    next_player: PlayerView
    deck_size: int
    round: int
    said: str
    hand: CardList | None      # owner-only: never read by a valid trigger
    deck_top: CardView | None  # hidden: never read by a valid trigger

    def __init__(self, **values: Any) -> None:
        for name in self.__slots__:
            setattr(self, name, values.get(name))


class ViewBuilder:
    """Builds the view of each play of one game (the same object, refilled each time)."""

    __slots__ = ("_game", "_players", "_trick_source", "_view")

    def __init__(self, game: HiddenRulesGame) -> None:
        self._game = game
        self._players = [PlayerView(game, seat) for seat in range(len(game.names))]
        self._view = PlayView(trick=CardList(), said="")
        self._trick_source: list[tuple[Card, int, int]] | None = None

    def after_play(self, said: str = "") -> PlayView:
        """The view of the play just made (the latest card on the table)."""
        table = self._game.table
        trick = table.trick
        card, value, seat = trick[-1]
        view = self._view
        played = ACE_HIGH_VIEWS[card.index] if value == 11 else ACE_LOW_VIEWS[card.index]
        cards = view.trick
        if trick is self._trick_source and len(trick) == len(cards) + 1:
            view.previous = cards[-1]        # the same trick, one card longer
            cards.add(played)
        else:
            self._trick_source = trick
            cards = view.trick = CardList([card_view(c, v) for c, v, _ in trick])
            view.previous = cards[-2]
        view.card = played
        view.lead = cards[0]
        total = view.total = table.total
        view.total_before = total - value
        view.trick_size = len(trick)
        view.player = self._players[seat]
        view.next_player = self._players[seat + 1 if seat + 1 < table.players else 0]
        view.deck_size = len(table.deck)
        view.round = self._game.rounds + 1
        view.said = said
        return view
