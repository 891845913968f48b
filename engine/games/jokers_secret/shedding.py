"""Joker's Secret: the shedding game itself, without hidden rules.

Each player has a hand, a face-up row and a face-down row of three. A play is one card or
several of one rank, equal to or higher than the top of the discard pile (aces high); a 2
plays on anything and resets the pile, a 10 plays on anything and burns it, four of a rank
in a row burn it too; matching the top card's rank skips the next player. Jokers go to a
scrap pile and leave the discard pile alone. Hands refill to three while the draw pile
lasts; the face-up row is played once hand and draw pile are empty, then the face-down row
blind. The first player with no cards wins.

The table is mutable and pure; every `verify_x` raises before anything changes. Choices the
seed leaves open are marked "Clarification" (see `clarifications`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum

from engine.cards import CARDS, JOKERS, Card, Rank, Suit, card_of
from engine.errors import ConfigError, IllegalActionError

MIN_PLAYERS, MAX_PLAYERS = 2, 5
ROW = 3          # face-down cards, face-up cards and the hand each player is dealt
FULL_DECK = 54   # 52 cards and two jokers
BURN_RUN = 4     # cards of one rank in a row that burn the pile

# How high a card is: 3 lowest, aces high (clarification ace-high); 2 and 10 play on
# anything, so their own height only matters for what may follow them.
HEIGHT = {Rank(rank): rank for rank in range(2, 14)} | {Rank.ACE: 14, Rank.JOKER: 0}

_TWO, _TEN, _JOKER = Rank.TWO, Rank.TEN, Rank.JOKER

# The ranks a play must match or beat, lowest first: 3 ... 9, J, Q, K, A. The 2 and the 10
# go on anything and a joker never lies on the pile, so none of them is a step of it: a
# jack is one step above a 9 (clarifications ace-high and ladder-steps).
LADDER: tuple[Rank, ...] = tuple(sorted((rank for rank in Rank
                                         if rank not in (_TWO, _TEN, _JOKER)),
                                        key=HEIGHT.__getitem__))
STEP: dict[Rank, int] = {rank: 0 for rank in Rank} | {
    rank: step for step, rank in enumerate(LADDER, 1)}
# How high a card must be to go on each card (by index): a 2 lets anything follow.
_FLOOR_ON = [0 if card.rank is Rank.TWO else HEIGHT[card.rank] for card in CARDS]
_JOKER_FROM = 52  # card indices from here on are jokers
_JOKERS = frozenset(JOKERS)


def fits(rank: Rank, floor: int) -> bool:
    """The one rule of what may go on the pile: a 2 or a 10 on anything, any other rank on
    a pile whose `floor` (see `Shedding.floor`) it reaches."""
    return rank is _TWO or rank is _TEN or HEIGHT[rank] >= floor


# `fits` worked out once for every floor and card (by index; a joker never goes on the pile).
_FITS_ON_FLOOR = [[card.rank is not _JOKER and fits(card.rank, floor) for card in CARDS]
                  for floor in range(max(HEIGHT.values()) + 1)]

# Clarification start-card: the first of these any player holds in hand or face up starts.
_RANKS_UP = sorted((rank for rank in Rank if rank not in (Rank.JOKER, Rank.TWO)),
                   key=HEIGHT.__getitem__)
START_ORDER: tuple[Card, ...] = tuple(
    card_of(rank, suit)
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    for rank in (*_RANKS_UP, Rank.TWO))


class Zone(Enum):
    """Where a player's next cards come from."""

    HAND = "hand"
    FACE_UP = "face-up"
    FACE_DOWN = "face-down"
    OUT = "out"


def stack_deck(*, hands: Sequence[Sequence[Card]], face_up: Sequence[Sequence[Card]],
               face_down: Sequence[Sequence[Card]], then: Sequence[Card] = ()) -> tuple[Card, ...]:
    """A full deck order, top first, that deals these rows (by seat) and then leaves `then`
    on top of the draw pile; the cards not named follow in a fixed order. For scenarios."""
    players = len(hands)
    if not (len(face_up) == len(face_down) == players) or any(
            len(row) != ROW for rows in (hands, face_up, face_down) for row in rows):
        raise ConfigError(f"A stacked deal needs, for each player, {ROW} cards in hand, "
                          f"{ROW} face up and {ROW} face down.")
    order = [card for rows in (face_down, face_up, hands) for row in rows for card in row]
    order.extend(then)
    named = {card.index for card in order}
    if len(named) != len(order):
        raise ConfigError("A stacked deal names a card twice.")
    order.extend(card for card in CARDS if card.index not in named)
    return tuple(order)


class Shedding:
    """The cards of one game and whose turn it is."""

    def __init__(self, *, players: int, seed: int, deck: Sequence[Card] = (),
                 names: Sequence[str] = ()) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ConfigError(f"Joker's Secret is played by {MIN_PLAYERS} to {MAX_PLAYERS} "
                              f"players, not {players}.")
        order = list(deck) if deck else list(CARDS)
        if not deck:
            random.Random(seed).shuffle(order)
        if len(order) != FULL_DECK or len({card.index for card in order}) != FULL_DECK:
            raise ConfigError("A stacked deck must hold all 54 cards once each.")
        self.players = players
        self.names = tuple(names) or tuple(f"seat {seat}" for seat in range(players))
        cards = iter(order)
        self.face_down: list[list[Card | None]] = [
            [next(cards) for _ in range(ROW)] for _ in range(players)]
        self.face_up = [[next(cards) for _ in range(ROW)] for _ in range(players)]
        self.hands = [[next(cards) for _ in range(ROW)] for _ in range(players)]
        self.draw_pile = list(cards)[::-1]  # the top is the end of the list
        self.pile: list[Card] = []          # the discard pile, top last
        self.scrap: list[Card] = []         # jokers played
        self.burned: list[Card] = []        # out of the game
        self.known: list[set[int]] = [set() for _ in range(players)]  # face-down slots seen
        self.started = False                # the first card has been played
        self.winner: int | None = None
        self.turn = self.start_player_seat = self.start_player()
        self.plays = self.pickups = self.burns = self.resets = self.skips = self.jokers = 0

    # -- what anyone can see -----------------------------------------------------------------

    def start_player(self) -> int:
        """Clarification start-card: the holder (hand or face up) of the 3 of clubs, else the
        4 of clubs and so on up the clubs, then the other suits."""
        for card in START_ORDER:
            for seat in range(self.players):
                if card in self.hands[seat] or card in self.face_up[seat]:
                    return seat
        return 0  # every card in START_ORDER face down: cannot happen with 2 to 5 players

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def zone(self, seat: int) -> Zone:
        """Where `seat` plays from now: clarification clearing-order."""
        if self.hands[seat]:
            return Zone.HAND
        if self.face_up[seat]:
            return Zone.FACE_UP
        if any(card is not None for card in self.face_down[seat]):
            return Zone.FACE_DOWN
        return Zone.OUT

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.players

    def floor(self) -> int:
        """How high a card must be to go on the pile: 0 when it is empty or a 2 is on top."""
        pile = self.pile
        return _FLOOR_ON[pile[-1].index] if pile else 0

    def beats_pile(self, rank: Rank) -> bool:
        """Whether cards of `rank` may go on the discard pile as it is."""
        return fits(rank, self.floor())

    def run_on_top(self) -> int:
        """How many cards of the top card's rank lie in a row on top of the pile."""
        if not self.pile:
            return 0
        rank, count = self.pile[-1].rank, 0
        for card in reversed(self.pile):
            if card.rank is not rank:
                break
            count += 1
        return count

    def playable(self, seat: int) -> list[list[Card]]:
        """The cards `seat` could play now, grouped by rank (jokers apart): from the hand, or
        from the face-up row once the hand is empty. Empty when they must pick up or flip."""
        fitting = _FITS_ON_FLOOR[self.floor()]
        groups: dict[Rank, list[Card]] = {}
        for card in self.hands[seat] or self.face_up[seat]:  # clarification one-place
            if fitting[card.index]:
                group = groups.get(card.rank)
                if group is None:
                    groups[card.rank] = [card]
                else:
                    group.append(card)
        return list(groups.values())

    def jokers_in_reach(self, seat: int) -> list[Card]:
        cards = self.hands[seat] or self.face_up[seat]
        if _JOKERS.isdisjoint(cards):  # the common case, asked on every bot's move
            return []
        return [card for card in cards if card.index >= _JOKER_FROM]

    # -- checks ------------------------------------------------------------------------------

    def verify_turn(self, seat: int) -> None:
        if self.winner is not None:
            raise IllegalActionError("The game is over: a player has no cards left.")
        if seat != self.turn:
            raise IllegalActionError(f"It is {self.names[self.turn]}'s turn, not "
                                     f"{self.names[seat]}'s.")

    def verify_swap(self, seat: int, hand_card: Card, face_up_card: Card) -> None:
        if self.started:
            raise IllegalActionError("Cards are swapped between hand and face-up row only "
                                     "before the first card is played.")
        if hand_card not in self.hands[seat]:
            raise IllegalActionError(f"The {hand_card.name} is not in that hand.")
        if face_up_card not in self.face_up[seat]:
            raise IllegalActionError(f"The {face_up_card.name} is not face up in front of "
                                     "that player.")

    def verify_play(self, seat: int, cards: Sequence[Card]) -> None:
        self.verify_turn(seat)
        if not cards:
            raise IllegalActionError("Say which card or cards are played.")
        rank = cards[0].rank
        if len(cards) > 1:
            if len({card.index for card in cards}) != len(cards):
                raise IllegalActionError("The same card is named twice.")
            if any(card.rank is not rank for card in cards):
                raise IllegalActionError("Cards played together must all be of one rank.")
        if rank is _JOKER:
            raise IllegalActionError("A joker is played on its own, as a joker (it goes to the "
                                     "scrap pile).")
        source = self.hands[seat] or self.face_up[seat]  # clarification one-place
        if not source:
            raise IllegalActionError("Only face-down cards are left: flip one.")
        for card in cards:
            if card not in source:
                self._not_in_reach(seat, card)
        if not fits(rank, self.floor()):
            top = self.top
            assert top is not None
            raise IllegalActionError(f"The {cards[0].name} cannot go on the {top.name}: play a "
                                     "card of equal or higher rank, a 2, a 10 or a joker — or "
                                     "pick up the pile.")

    def _not_in_reach(self, seat: int, card: Card) -> None:
        if self.hands[seat]:
            hint = (" Face-up cards are played once the hand and the draw pile are empty."
                    if card in self.face_up[seat] else "")
            raise IllegalActionError(f"The {card.name} is not in the hand.{hint}")
        raise IllegalActionError(f"The {card.name} is not face up (the hand is empty).")

    def verify_pick_up(self, seat: int) -> None:
        self.verify_turn(seat)
        if not self.pile:
            raise IllegalActionError("The discard pile is empty: there is nothing to pick up.")
        zone = self.zone(seat)
        if zone is Zone.FACE_DOWN:
            raise IllegalActionError("Only face-down cards are left: flip one (the pile is "
                                     "picked up if it cannot be played).")
        if self.playable(seat) or self.jokers_in_reach(seat):
            raise IllegalActionError("The pile is picked up only by a player who cannot play: "
                                     "there is a card that can go on it.")

    def verify_flip(self, seat: int, slot: int) -> None:
        self.verify_turn(seat)
        if self.zone(seat) is not Zone.FACE_DOWN:
            raise IllegalActionError("Face-down cards are flipped only once the hand and the "
                                     "face-up row are empty.")
        if not 0 <= slot < ROW or self.face_down[seat][slot] is None:
            left = [str(number + 1) for number, card in enumerate(self.face_down[seat])
                    if card is not None]
            raise IllegalActionError(f"There is no face-down card in place {slot + 1}; the "
                                     f"places left are {', '.join(left)}.")

    def verify_joker(self, seat: int, joker: Card, peek: int | None, swap: Card | None) -> None:
        self.verify_turn(seat)
        if joker.rank is not Rank.JOKER:
            raise IllegalActionError(f"The {joker.name} is not a joker.")
        self._verify_joker_in_reach(seat, joker)
        if peek is not None:
            if self.zone(seat) is not Zone.HAND:
                raise IllegalActionError("Only a joker played from the hand lets its player "
                                         "peek at a face-down card.")
            if not 0 <= peek < ROW or self.face_down[seat][peek] is None:
                raise IllegalActionError(f"There is no face-down card in place {peek + 1}.")
        if swap is not None:
            if peek is None:
                raise IllegalActionError("A hand card is swapped only with the face-down card "
                                         "peeked at.")
            if swap is joker or swap in self.face_up[seat]:
                raise IllegalActionError(f"The {swap.name} is not in the hand to swap.")
            self._verify_swap_card(seat, joker, swap)

    def _verify_joker_in_reach(self, seat: int, joker: Card) -> None:
        if joker not in self.jokers_in_reach(seat):
            raise IllegalActionError(f"The {joker.name} is not in reach: it is played from "
                                     "the hand, or from the face-up row once the hand is empty.")

    def _verify_swap_card(self, seat: int, joker: Card, swap: Card) -> None:
        """The hand card a joker's swap puts face down is in the hand."""
        if swap not in self.hands[seat]:
            raise IllegalActionError(f"The {swap.name} is not in the hand to swap.")

    # -- actions: each verifies, then calls its unchecked part (which the game, having
    # -- verified the move itself, calls directly) -------------------------------------------

    def swap(self, seat: int, hand_card: Card, face_up_card: Card) -> None:
        self.verify_swap(seat, hand_card, face_up_card)
        self.exchange(seat, hand_card, face_up_card)

    def exchange(self, seat: int, hand_card: Card, face_up_card: Card) -> None:
        hand, row = self.hands[seat], self.face_up[seat]
        hand[hand.index(hand_card)] = face_up_card
        row[row.index(face_up_card)] = hand_card

    def play(self, seat: int, cards: Sequence[Card]) -> None:
        self.verify_play(seat, cards)
        self.shed(seat, cards)

    def shed(self, seat: int, cards: Sequence[Card]) -> None:
        source = self.hands[seat] or self.face_up[seat]
        for card in cards:
            source.remove(card)
        self._land(seat, list(cards))

    def pick_up(self, seat: int) -> None:
        self.verify_pick_up(seat)
        self.take_up(seat)

    def take_up(self, seat: int) -> None:
        self._take_pile(seat)
        self._refill(seat)
        self.pickups += 1
        self.turn = self.next_seat(seat)

    def flip(self, seat: int, slot: int) -> Card:
        """Turn a face-down card over and play it as it falls; return it."""
        self.verify_flip(seat, slot)
        return self.turn_over(seat, slot)

    def turn_over(self, seat: int, slot: int) -> Card:
        card = self.face_down[seat][slot]
        assert card is not None
        self.face_down[seat][slot] = None
        self.known[seat].discard(slot)
        if card.rank is Rank.JOKER:  # clarification blind-joker: scrapped, turn over
            self.scrap.append(card)
            self.jokers += 1
            self.started = True
            self._finish(seat, skip=False)
        elif self.beats_pile(card.rank):
            self._land(seat, [card])
        else:  # a failed flip: the pile and the card go to the hand
            self.pile.append(card)
            self._take_pile(seat)
            self.pickups += 1
            self.started = True
            self.turn = self.next_seat(seat)
        return card

    def play_joker(self, seat: int, joker: Card, peek: int | None = None,
                   swap: Card | None = None) -> None:
        self.verify_joker(seat, joker, peek, swap)
        self.scrap_joker(seat, joker, peek, swap)

    def scrap_joker(self, seat: int, joker: Card, peek: int | None = None,
                    swap: Card | None = None) -> None:
        source = self.hands[seat] or self.face_up[seat]
        source.remove(joker)
        self.scrap.append(joker)
        self.jokers += 1
        self.started = True
        self.plays += 1
        self._refill(seat)
        if peek is not None:
            self.known[seat].add(peek)
            if swap is not None:
                hidden = self.face_down[seat][peek]
                assert hidden is not None
                hand = self.hands[seat]
                hand[hand.index(swap)] = hidden
                self.face_down[seat][peek] = swap
        self._finish(seat, skip=False)

    # -- what follows a play -----------------------------------------------------------------

    def _land(self, seat: int, cards: list[Card]) -> None:
        """Cards reach the pile: burns, resets and skips follow, then the hand refills."""
        top = self.top
        rank = cards[0].rank
        matched = top is not None and top.rank is rank
        self.pile.extend(cards)
        self.started = True
        self.plays += 1
        burn = rank is Rank.TEN or self.run_on_top() >= BURN_RUN
        if burn:  # the same player goes again (on an empty pile)
            self.burned.extend(self.pile)
            self.pile.clear()
            self.burns += 1
        elif rank is Rank.TWO:
            self.resets += 1
        self._refill(seat)
        if burn:
            if self.zone(seat) is Zone.OUT:
                self.winner = seat
            return
        self._finish(seat, skip=matched)

    def _finish(self, seat: int, *, skip: bool) -> None:
        """The turn ends: a win, or the next player (one more seat on for a skip)."""
        if self.zone(seat) is Zone.OUT:
            self.winner = seat
            return
        if skip:
            self.skips += 1
        self.turn = self.next_seat(seat, 2 if skip else 1)

    def _refill(self, seat: int) -> None:
        """The rule of three: while the draw pile lasts, the hand holds at least three."""
        hand, pile = self.hands[seat], self.draw_pile
        while len(hand) < ROW and pile:
            hand.append(pile.pop())

    def _take_pile(self, seat: int) -> None:
        self.hands[seat].extend(self.pile)
        self.pile.clear()

    def snapshot(self) -> dict[str, object]:
        def codes(cards: Sequence[Card | None]) -> list[str | None]:
            return [None if card is None else card.code for card in cards]

        return {
            "hands": [codes(hand) for hand in self.hands],
            "face_up": [codes(row) for row in self.face_up],
            "face_down": [codes(row) for row in self.face_down],
            "draw_pile": codes(self.draw_pile), "pile": codes(self.pile),
            "scrap": codes(self.scrap), "burned": len(self.burned),
            "known": [sorted(slots) for slots in self.known], "turn": self.turn,
            "started": self.started, "winner": self.winner,
        }
