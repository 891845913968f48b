"""The worked example, replayed on the engine's own table before it is printed.

Three players, a stacked deal and a few turns that show the start card, the swap before
play, a skip, the joker's peek and swap, a burn, a reset, several cards of one rank and a
pick-up. The story's words are the template's (templates/rulebook/jokers-secret/sections/
example.xml.j2); this module holds its cards and moves, plays them on `Shedding` and checks
after every move that the engine agrees with the story (whose turn it is, what lies on the
pile). If the engine's rules ever changed under the story, building the book fails here
instead of printing a wrong example.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import BLACK_JOKER, Card, Rank, parse_card
from engine.games.jokers_secret.shedding import START_ORDER, Shedding, stack_deck

NAMES = ("Ana", "Ben", "Cleo")  # clockwise
STARTER = 0                    # Ana holds the first card of the start order


def short(card: Card) -> str:
    """A card as the example prints it: 10♥, Q♠, joker.

    >>> short(parse_card("10h")), short(BLACK_JOKER)
    ('10♥', 'joker')
    """
    if card.rank is Rank.JOKER or card.suit is None:
        return "joker"
    return f"{card.rank.symbol}{card.suit.symbol}"


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(part, jokers=True) for part in text.split(","))


# The deal, by seat, as it lies before the swap.
HANDS = (_cards("3c,4h,10h"), _cards("7h,bj,4d"), _cards("7c,10d,5s"))
FACE_UP = (_cards("Ah,4c,Qs"), _cards("Kh,2d,8s"), _cards("As,2h,Jd"))
FACE_DOWN = (_cards("Ks,8d,5c"), _cards("10s,Qd,6d"), _cards("Jc,9d,4s"))
DRAWS = _cards("2s,8c,6h,8h,7s,3d")  # the top of the draw pile, in the order it is drawn


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """One move of the story and what the table must look like after it."""

    player: int
    kind: str                        # "swap", "play", "joker" or "pick-up"
    cards: tuple[Card, ...] = ()     # played; for a swap (hand card, face-up card)
    peek: int | None = None          # a joker's peek: the face-down place looked at
    swap: Card | None = None         # a joker's swap: the hand card put face down
    next_player: int                 # whose turn it is after the move
    pile: tuple[Card, ...] = ()      # the discard pile after the move, bottom first
    hand: tuple[Card, ...] = ()      # the story names the player's hand before the move
    forced: bool = False             # and says the move was their only possible play


def _c(text: str) -> Card:
    return parse_card(text, jokers=True)


MOVES: tuple[Move, ...] = (
    Move(player=0, kind="swap", cards=(_c("10h"), _c("4c")), next_player=0),
    Move(player=0, kind="play", cards=(_c("3c"),), next_player=1, pile=(_c("3c"),)),
    Move(player=1, kind="play", cards=(_c("7h"),), next_player=2, pile=_cards("3c,7h")),
    Move(player=2, kind="play", cards=(_c("7c"),), next_player=1, pile=_cards("3c,7h,7c")),
    Move(player=1, kind="joker", cards=(BLACK_JOKER,), peek=0, swap=_c("4d"), next_player=2,
         pile=_cards("3c,7h,7c")),
    Move(player=2, kind="play", cards=(_c("10d"),), next_player=2, hand=_cards("10d,5s,6h"),
         forced=True),
    Move(player=2, kind="play", cards=(_c("5s"),), next_player=0, pile=(_c("5s"),)),
    Move(player=0, kind="play", cards=(_c("2s"),), next_player=1, pile=_cards("5s,2s"),
         hand=_cards("4h,4c,2s"), forced=True),
    Move(player=1, kind="play", cards=_cards("8c,8h"), next_player=2,
         pile=_cards("5s,2s,8c,8h"), hand=_cards("10s,8c,8h")),
    Move(player=2, kind="pick-up", next_player=0, hand=_cards("6h,7s,3d"), forced=True),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRow:
    name: str
    hand: str
    face_up: str
    face_down: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WorkedExample:
    """The example's table as dealt, and facts the story quotes, all as the engine has them."""

    seats: tuple[SeatRow, ...]
    starter: str               # who holds the start card
    start_card: str            # the first card of the start order, e.g. 3♣
    peeked: str                # the face-down card the joker's peek finds
    cleo_hand_after_pickup: int  # cards in Cleo's hand at the end of the story
    moves: int


def _row(cards: Sequence[Card]) -> str:
    return " ".join(short(card) for card in cards)


class ExampleDisagrees(AssertionError):
    """The engine no longer plays the worked example as the book tells it."""


def _apply(table: Shedding, move: Move) -> None:
    seat = move.player
    if move.kind == "swap":
        table.swap(seat, move.cards[0], move.cards[1])
    elif move.kind == "play":
        table.play(seat, move.cards)
    elif move.kind == "joker":
        table.play_joker(seat, move.cards[0], move.peek, move.swap)
    else:
        table.pick_up(seat)


def worked_example() -> WorkedExample:
    """Play the story on the engine's table, check every move, and return what it prints."""
    deck = stack_deck(hands=HANDS, face_up=FACE_UP, face_down=FACE_DOWN, then=DRAWS)
    table = Shedding(players=len(NAMES), seed=0, deck=deck, names=NAMES)
    starter = table.turn
    if starter != STARTER or START_ORDER[0] not in HANDS[starter]:
        raise ExampleDisagrees(f"the worked example starts with {NAMES[STARTER]}, who holds "
                               f"the {START_ORDER[0].name}; the engine starts "
                               f"{NAMES[starter]}")
    peeked: Card | None = None
    for number, move in enumerate(MOVES, start=1):
        if move.kind == "joker" and move.peek is not None:
            peeked = table.face_down[move.player][move.peek]
        hand = table.hands[move.player]
        if move.hand and {card.index for card in hand} != {card.index for card in move.hand}:
            raise ExampleDisagrees(f"move {number} of the worked example: the story has "
                                   f"{NAMES[move.player]} holding {_row(move.hand)}, the "
                                   f"engine {_row(hand)}")
        choices = table.playable(move.player) + [
            [joker] for joker in table.jokers_in_reach(move.player)]
        if move.forced and len(choices) != (0 if move.kind == "pick-up" else 1):
            raise ExampleDisagrees(f"move {number} of the worked example is the only play in "
                                   f"the story, but the engine allows "
                                   f"{[_row(group) for group in choices]}")
        _apply(table, move)
        if table.turn != move.next_player or tuple(table.pile) != move.pile:
            raise ExampleDisagrees(
                f"move {number} of the worked example: the engine has {NAMES[table.turn]} "
                f"to play on {_row(table.pile) or 'an empty pile'}, the story "
                f"{NAMES[move.next_player]} on {_row(move.pile) or 'an empty pile'}")
    if table.winner is not None or peeked is None or table.burns != 1 or table.skips != 1:
        raise ExampleDisagrees("the worked example no longer shows one burn, one skip and a "
                               "peek with nobody out")
    return WorkedExample(
        seats=tuple(SeatRow(name=name, hand=_row(HANDS[seat]), face_up=_row(FACE_UP[seat]),
                            face_down=_row(FACE_DOWN[seat]))
                    for seat, name in enumerate(NAMES)),
        starter=NAMES[starter], start_card=short(START_ORDER[0]), peeked=short(peeked),
        cleo_hand_after_pickup=len(table.hands[2]), moves=len(MOVES))
