"""Mao's cards and turns: the stack, the pile, the hands, the order of play, and what the
standard card rules do to them. No judging here: the table carries out what it is told
(`game` decides what is valid and what a call costs).

A joker is the nine of diamonds for every purpose (`as_played`). Cards of several packs
mix, so a hand may hold two cards with the same code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import CARDS, FACE_DOWN, Card, Rank, Suit, parse_card
from engine.errors import ConfigError, IllegalActionError

HAND = 5
PLAYERS_PER_PACK = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 12
NINE_OF_DIAMONDS = parse_card("9d")


_AS_PLAYED = {card.index: NINE_OF_DIAMONDS if card.is_joker else card
              for card in (*CARDS, FACE_DOWN)}


def as_played(card: Card) -> Card:
    """The card as the rules see it: a joker is the nine of diamonds."""
    return _AS_PLAYED[card.index]


def packs_for(players: int) -> int:
    """One pack of 54 (with both jokers) for every three players, rounded up."""
    return -(-players // PLAYERS_PER_PACK)


@dataclass(frozen=True, slots=True)
class Turns:
    """Everything a card changes about whose turn it is and what may follow, kept so that a
    card called back can be undone."""

    turn: int
    direction: int
    suit: Suit | None       # named after a jack, until the next card
    suit_named: bool
    sevens: int             # 7s in the chain aimed at the player to act


class MaoTable:
    """The cards of one game and whose turn it is."""

    def __init__(self, *, players: int, seed: int, deck: Sequence[Card] = (),
                 dealer: int = 0) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ConfigError(f"Mao is played here by {MIN_PLAYERS} to {MAX_PLAYERS} "
                              f"players, not {players}.")
        packs = packs_for(players)
        full = [card for _ in range(packs) for card in CARDS]
        order = list(deck) if deck else full
        if deck:
            counts: dict[int, int] = {}
            for card in order:
                counts[card.index] = counts.get(card.index, 0) + 1
            if len(order) != len(full) or any(count != packs for count in counts.values()):
                raise ConfigError(f"A stacked deck for {players} players must hold {packs} "
                                  f"pack(s) of 54 cards, each card {packs} time(s).")
        else:
            random.Random(seed).shuffle(order)
        self.seed = seed
        self.players = players
        cards = iter(order)
        self.hands = [[next(cards) for _ in range(HAND)] for _ in range(players)]
        first = next(cards)
        self.stack = list(cards)[::-1]   # the top is the end of the list
        self.pile = [first]              # the face-up pile, top last
        self.played_by: list[int | None] = [None]  # who put each pile card there
        self.reshuffles = 0
        self.keep = 1                    # pile cards kept when the stack is made again
        self.out: set[int] = set()       # players who won and have not come back
        self.turns = Turns(turn=(dealer + 1) % players, direction=1, suit=None,
                           suit_named=False, sevens=0)

    # -- reading -----------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.turns.turn

    @property
    def top(self) -> Card:
        return as_played(self.pile[-1])

    @property
    def suit_in_force(self) -> Suit | None:
        return self.turns.suit if self.turns.suit is not None else self.top.suit

    def next_seat(self, seat: int, direction: int, steps: int = 1) -> int:
        """The seat `steps` places on from `seat` in `direction`, passing over players who
        are out. With nobody else in, it is `seat` itself."""
        for _ in range(steps):
            for _ in range(self.players):
                seat = (seat + direction) % self.players
                if seat not in self.out:
                    break
        return seat

    # -- the standard card rules ---------------------------------------------------------------

    def fits(self, card: Card) -> bool:
        """Valid under the standard rules: a 7 when a chain of 7s is aimed at the player;
        otherwise the rank on top or the suit in force."""
        card = _AS_PLAYED[card.index]
        turns = self.turns
        if turns.sevens:
            return card.rank is Rank.SEVEN
        top = _AS_PLAYED[self.pile[-1].index]
        return card.rank is top.rank or card.suit is (
            top.suit if turns.suit is None else turns.suit)

    def after_card(self, player: int, card: Card) -> Turns:
        """Whose turn it is after `player` put `card` down: an ace skips the next player, an
        8 turns the order round, a 7 starts or grows a chain aimed at the next player, and a
        jack waits for a suit to be named. Clarification two-players: with two, an ace gives
        its player another turn."""
        card = as_played(card)
        turns = self.turns
        direction = -turns.direction if card.rank is Rank.EIGHT else turns.direction
        steps = 2 if card.rank is Rank.ACE else 1
        sevens = turns.sevens + 1 if card.rank is Rank.SEVEN else 0
        return Turns(turn=self.next_seat(player, direction, steps), direction=direction,
                     suit=None, suit_named=False, sevens=sevens)

    def verify_holds(self, player: int, card: Card, name: str) -> None:
        """`player` (called `name`) can have `card` in hand."""
        if card not in self.hands[player]:
            raise IllegalActionError(f"{name} holds no {card.name}.")

    # -- carrying out -----------------------------------------------------------------------

    def _leave_hand(self, player: int, card: Card) -> None:
        self.hands[player].remove(card)

    def put_down(self, player: int, card: Card) -> Turns:
        """`card` leaves `player`'s hand for the pile; returns the turns before it."""
        before = self.turns
        self._leave_hand(player, card)
        self.pile.append(card)
        self.played_by.append(player)
        self.turns = self.after_card(player, card)
        return before

    def take_back(self, player: int, before: Turns) -> Card:
        """The top card goes back to `player`'s hand, and the turns are as they were."""
        card = self.pile.pop()
        self.played_by.pop()
        self.hands[player].append(card)
        self.turns = before
        return card

    def draw(self, player: int, count: int = 1) -> int:
        """`player` takes `count` cards from the stack (fewer if every card is in a hand);
        returns how many they got. Clarification stack-runs-out: an empty stack is made
        again from the pile under its top card, shuffled."""
        got = 0
        for _ in range(count):
            if not self.stack and not self._restack():
                break
            self.hands[player].append(self.stack.pop())
            got += 1
        return got

    def _restack(self) -> bool:
        keep = self.keep
        if len(self.pile) <= keep:
            return False
        self.reshuffles += 1
        rest, self.pile = self.pile[:-keep], self.pile[-keep:]
        self.played_by = self.played_by[-keep:]
        random.Random(self.seed * 31 + self.reshuffles).shuffle(rest)
        self.stack = rest
        return True

    def pass_turn(self, player: int) -> None:
        """`player`'s turn is over without a card played."""
        turns = self.turns
        self.turns = Turns(turn=self.next_seat(player, turns.direction),
                           direction=turns.direction, suit=turns.suit,
                           suit_named=turns.suit_named, sevens=0)

    def skip_next(self) -> None:
        """The player due to move misses their turn (a rule's skip)."""
        turns = self.turns
        self.turns = Turns(turn=self.next_seat(turns.turn, turns.direction),
                           direction=turns.direction, suit=turns.suit,
                           suit_named=turns.suit_named, sevens=turns.sevens)

    def turn_round(self, player: int) -> None:
        """The order of play turns round after `player`'s move (a rule's reverse)."""
        turns = self.turns
        direction = -turns.direction
        self.turns = Turns(turn=self.next_seat(player, direction), direction=direction,
                           suit=turns.suit, suit_named=turns.suit_named, sevens=turns.sevens)

    def name_suit(self, suit: Suit) -> None:
        turns = self.turns
        self.turns = Turns(turn=turns.turn, direction=turns.direction, suit=suit,
                           suit_named=True, sevens=turns.sevens)

    def clear_sevens(self) -> None:
        turns = self.turns
        self.turns = Turns(turn=turns.turn, direction=turns.direction, suit=turns.suit,
                           suit_named=turns.suit_named, sevens=0)

    def leave(self, player: int) -> None:
        """A winner leaves the order of play; if it was their turn, it moves on."""
        self.out.add(player)
        if self.turns.turn == player and len(self.out) < self.players:
            turns = self.turns
            self.turns = Turns(turn=self.next_seat(player, turns.direction),
                               direction=turns.direction, suit=turns.suit,
                               suit_named=turns.suit_named, sevens=turns.sevens)

    def come_back(self, player: int) -> int:
        """A winner returns with a fresh hand; returns how many cards they got."""
        self.out.discard(player)
        return self.draw(player, HAND)

    def snapshot(self) -> dict[str, object]:
        turns = self.turns
        return {
            "hands": [[card.code for card in hand] for hand in self.hands],
            "pile": [card.code for card in self.pile],
            "stack": len(self.stack),
            "turn": turns.turn, "direction": turns.direction,
            "suit": None if turns.suit is None else turns.suit.value,
            "sevens": turns.sevens, "out": sorted(self.out), "reshuffles": self.reshuffles,
        }


def stack_deck(*, hands: Sequence[Sequence[Card]], first: Card,
               then: Sequence[Card] = ()) -> tuple[Card, ...]:
    """A full order of every pack, top first, that deals these hands (by seat), turns
    `first` up to start the pile and leaves `then` on top of the stack; the cards not named
    follow in a fixed order. For scenarios."""
    players = len(hands)
    if any(len(hand) != HAND for hand in hands):
        raise ConfigError(f"A stacked deal gives each player {HAND} cards.")
    order = [card for hand in hands for card in hand] + [first, *then]
    left: dict[int, int] = {card.index: packs_for(players) for card in CARDS}
    for card in order:
        if not left[card.index]:
            raise ConfigError(f"A stacked deal for {players} players names the {card.name} "
                              f"more than {packs_for(players)} time(s).")
        left[card.index] -= 1
    order += [card for card in CARDS for _ in range(left[card.index])]
    return tuple(order)
