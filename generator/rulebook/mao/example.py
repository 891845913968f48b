"""The worked example, replayed on the engine's own game of Mao before it is printed.

Three players, a stacked deal and a few moves that show what a game master sees in the first
minutes: the card turned up doing nothing, a chain of two 7s and its penalty cards, a spade
left unnamed and called, a bad card sent back, a joker counting as the badger, a suit named
after a jack, and a bad call. The story's words are the template's (templates/rulebook/mao/
sections/example.xml.j2); this module holds its cards and moves, plays them on `MaoGame` and
checks after every move that the engine agrees with the story (whose turn it is, what lies on
top of the pile, who took a penalty). If the engine's rules ever changed under the story,
building the book fails here instead of printing a wrong example.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, Rank, parse_card
from engine.games.mao import offences
from engine.games.mao.game import MaoGame, new_game
from engine.games.mao.table import stack_deck
from generator.rulebook.words import typeset

NAMES = ("Ana", "Ben", "Cleo")  # clockwise
_WORDS = ("no", "one", "two", "three", "four")  # the chain's cards, as the story says them
DEALER = 2                     # Cleo deals, so Ana, on her left, goes first
FIRST_PLAYER = 0


def short(card: Card) -> str:
    """A card as the example prints it: 7♥, K♣, joker.

    >>> short(parse_card("10h")), short(parse_card("bj", jokers=True))
    ('10♥', 'joker')
    """
    if card.rank is Rank.JOKER or card.suit is None:
        return "joker"
    return f"{card.rank.symbol}{card.suit.symbol}"


def _c(text: str) -> Card:
    return parse_card(text, jokers=True)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(map(_c, text.split(",")))


HANDS = (_cards("7h,5d,4h,Qc,3s"), _cards("7s,Kc,bj,2h,6c"), _cards("5s,Jd,10h,8c,2d"))
FIRST_CARD = _c("7c")                  # turned up to start the pile
STACK = _cards("3h,9c,Kd,6s,4c")       # the top of the stack, in the order it is taken


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """One move of the story and what the table must look like after it."""

    kind: str                      # "play", "sevens" (a chain's cards taken), "say" or "call"
    player: int                    # who moves, speaks or calls
    card: Card | None = None       # played
    said: tuple[str, ...] = ()     # said with the card or the cards taken; for "say", the words
    offender: int | None = None    # a call's
    reason: str = ""               # a call's reason (see `offences.REASONS`)
    phrase: str = ""               # a call of failure to say: the phrase it names
    turn: int                      # whose turn it is after the move
    top: Card                      # the card on top of the pile after the move
    taker: int | None = None       # a call: who took the penalty (the caller for a bad call)


MOVES: tuple[Move, ...] = (
    Move(kind="play", player=0, card=_c("7h"), said=("have a nice day",), turn=1, top=_c("7h")),
    Move(kind="play", player=1, card=_c("7s"),
         said=("seven of spades", "have a very nice day"), turn=2, top=_c("7s")),
    Move(kind="sevens", player=2, said=("penalty card",), turn=2, top=_c("7s")),
    Move(kind="play", player=2, card=_c("5s"), turn=0, top=_c("5s")),
    Move(kind="call", player=1, offender=2, reason=offences.FAILURE_TO_SAY,
         phrase="five of spades", turn=0, top=_c("5s"), taker=2),
    Move(kind="say", player=2, said=("five of spades",), turn=0, top=_c("5s")),
    Move(kind="play", player=0, card=_c("5d"), turn=1, top=_c("5d")),
    Move(kind="play", player=1, card=_c("Kc"), turn=2, top=_c("Kc")),
    Move(kind="call", player=2, offender=1, reason=offences.BAD_CARD, turn=1, top=_c("5d"),
         taker=1),
    Move(kind="play", player=1, card=_c("bj"), said=("that's the badger",), turn=2,
         top=_c("bj")),
    Move(kind="play", player=2, card=_c("Jd"), turn=0, top=_c("Jd")),
    Move(kind="say", player=0, said=("hearts",), turn=0, top=_c("Jd")),
    Move(kind="play", player=0, card=_c("4h"), turn=1, top=_c("4h")),
    Move(kind="call", player=1, offender=0, reason=offences.BAD_CARD, turn=1, top=_c("4h"),
         taker=1),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRow:
    name: str
    hand: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WorkedExample:
    """The example's deal, and the facts the story quotes, all as the engine has them."""

    seats: tuple[SeatRow, ...]
    dealer: str
    first_player: str
    first_card: str
    chain_cards: int               # cards Cleo takes for the chain of 7s
    chain_cards_words: str         # the same in words: "two"
    calls: tuple[str, ...]         # each call's words, typeset to sit inside the book's quotes
    hands_after: tuple[int, ...]   # cards in each hand at the end, by seat
    moves: int


class ExampleDisagrees(AssertionError):
    """The engine no longer plays the worked example as the book tells it."""


def _row(cards: Sequence[Card]) -> str:
    return " ".join(short(card) for card in cards)


def _apply(game: MaoGame, move: Move) -> None:
    if move.kind == "play":
        assert move.card is not None
        game.play(move.player, move.card, move.said)
    elif move.kind == "sevens":
        game.take_sevens(move.player, move.said)
    elif move.kind == "say":
        game.say(move.player, move.said[0])
    else:
        assert move.offender is not None
        game.call_penalty(move.player, move.offender, move.reason, move.phrase)


def worked_example() -> WorkedExample:
    """Play the story on the engine, check every move, and return what the book prints."""
    deck = stack_deck(hands=HANDS, first=FIRST_CARD, then=STACK)
    game = MaoGame(new_game(NAMES, seed=0, deck=deck, dealer=DEALER))
    table = game.table
    if table.turn != FIRST_PLAYER or table.pile != [FIRST_CARD]:
        raise ExampleDisagrees(f"the worked example starts with {NAMES[FIRST_PLAYER]} on the "
                               f"{short(FIRST_CARD)}; the engine starts {NAMES[table.turn]} "
                               f"on {_row(table.pile)}")
    chain_cards = 0
    calls: list[str] = []
    for number, move in enumerate(MOVES, start=1):
        before = len(table.hands[move.player])
        penalties = len(game.penalties)
        try:
            _apply(game, move)
        except Exception as error:  # an illegal move: the engine refuses the story
            raise ExampleDisagrees(f"move {number} of the worked example is refused by the "
                                   f"engine: {error}") from None
        if move.kind == "sevens":
            chain_cards = len(table.hands[move.player]) - before
        if move.kind == "call":
            if len(game.penalties) != penalties + 1:
                raise ExampleDisagrees(f"move {number} of the worked example: no penalty given")
            penalty = game.penalties[-1]
            if penalty.taker != move.taker:
                raise ExampleDisagrees(
                    f"move {number} of the worked example: the engine gives the card to "
                    f"{NAMES[penalty.taker]}, the story to "
                    f"{NAMES[move.taker] if move.taker is not None else 'nobody'}")
            calls.append(penalty.words)
        elif len(game.penalties) != penalties:
            raise ExampleDisagrees(f"move {number} of the worked example gives a penalty")
        if table.turn != move.turn or table.pile[-1] is not move.top:
            raise ExampleDisagrees(
                f"move {number} of the worked example: the engine has {NAMES[table.turn]} "
                f"to play on {short(table.pile[-1])}, the story {NAMES[move.turn]} on "
                f"{short(move.top)}")
    if game.owed or chain_cards != 2 or any(not hand for hand in table.hands):
        raise ExampleDisagrees("the worked example no longer ends with nothing owed, two "
                               "cards taken for the 7s and everyone still holding cards")
    return WorkedExample(
        seats=tuple(SeatRow(name=name, hand=_row(HANDS[seat]))
                    for seat, name in enumerate(NAMES)),
        dealer=NAMES[DEALER], first_player=NAMES[FIRST_PLAYER], first_card=short(FIRST_CARD),
        chain_cards=chain_cards, chain_cards_words=_WORDS[chain_cards],
        calls=tuple(typeset(call, inside_quotes=True) for call in calls),
        hands_after=tuple(len(hand) for hand in table.hands), moves=len(MOVES))
