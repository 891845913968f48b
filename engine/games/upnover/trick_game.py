"""Up 'N Over: the trick game that Hidden Rules is played over.

Seats are numbered clockwise from 0; the player on your left plays after you, the player
on your right before you. A trick opens with a card turned from the deck; each player in
turn adds a card and the new sum; exactly 21 takes the trick, going over 21 hands it to the
player on the right of whoever went over. Taking a trick is a point.

The table is mutable and pure. Each action has its `verify_x` (raises `IllegalActionError`),
and every check happens before anything changes, so a refused action leaves the table as it
was. Turning up is verified in two parts, whose turn it is (`verify_turn_up`) and the card
turned (`verify_turned`), as a referee asks the first before the card is named. The game over
the table (`hidden_rules`) verifies an action whole and then has the table carry it out
(`open_trick`, `add_to_trick`, `draw`); it has the `can_x` of each. Choices the seed leaves
open are marked "Clarification" and listed in `engine.games.upnover.clarifications`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum

from engine.cards import STANDARD_DECK, Card, Rank, shuffle
from engine.errors import ConfigError, IllegalActionError, allowed

MIN_PLAYERS = 2
MAX_PLAYERS = 5
FULL_HAND = 5
TARGET_SUM = 21
MAX_DRAW = 10
ACE_VALUES = (1, 11)

VALUE_BY_RANK: dict[Rank, int] = {Rank(number): number for number in range(2, 11)}
VALUE_BY_RANK.update({Rank.ACE: 1, Rank.JACK: 0, Rank.QUEEN: -2, Rank.KING: -4})
_VALUE_BY_INDEX = [VALUE_BY_RANK[card.rank] for card in STANDARD_DECK]


def card_value(card: Card, ace_value: int | None = None) -> int:
    """The Up 'N Over value: 2-10 face value, J 0, Q -2, K -4, an ace as declared (1 or 11).

    >>> from engine.cards import parse_card
    >>> card_value(parse_card("Kh")), card_value(parse_card("As"), 11)
    (-4, 11)
    """
    if card.rank is Rank.ACE and ace_value is not None:
        return ace_value
    return _VALUE_BY_INDEX[card.index]


def hand_size_for(players: int, *, fewer_per_extra_player: bool = False) -> int:
    """Five cards each; with the seed's variant, one fewer for each player above three.

    >>> hand_size_for(5), hand_size_for(5, fewer_per_extra_player=True)
    (5, 3)
    """
    verify_player_count(players)
    return FULL_HAND - max(0, players - 3) if fewer_per_extra_player else FULL_HAND


def verify_player_count(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(
            f"Up 'N Over is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}."
        )


def verify_full_deck(deck: Sequence[Card]) -> None:
    """A stacked deck must hold each of the 52 cards exactly once."""
    seen: set[int] = set()
    twice = []
    for card in deck:
        if card.index in seen:
            twice.append(card)
        seen.add(card.index)
    missing = [card for card in STANDARD_DECK if card.index not in seen]
    jokers = [card for card in deck if card.is_joker]
    if twice or missing or jokers:
        problems = []
        if twice:
            problems.append("twice: " + ", ".join(card.code for card in twice))
        if missing:
            problems.append("missing: " + ", ".join(card.code for card in missing))
        if jokers:
            problems.append("jokers are not used")
        raise ConfigError("A stacked deck must hold each of the 52 cards once; "
                          + "; ".join(problems) + ".")


def stack_deck(*, players: int, hands: Sequence[Sequence[Card]], then: Sequence[Card] = (),
               dealer: int = 0) -> tuple[Card, ...]:
    """A full deck order, top first, that deals `hands` (by seat) and then turns up `then`.

    The cards not named follow in a fixed order. For scenarios and tests.
    """
    size = len(hands[0]) if hands else 0
    if len(hands) != players or any(len(hand) != size for hand in hands):
        raise ConfigError(f"A stacked deal needs {players} hands of the same size.")
    order = [hands[(dealer + 1 + position % players) % players][position // players]
             for position in range(players * size)]
    order.extend(then)
    named = {card.index for card in order}
    order.extend(card for card in STANDARD_DECK if card.index not in named)
    verify_full_deck(order)
    return tuple(order)


class Phase(Enum):
    TURN_UP = "turn_up"      # `turn` must turn the top card to open a trick
    PLAY = "play"            # `turn` must play a card
    TRICK_WON = "trick_won"  # `taker` won the trick; they gather it, hands refill, they turn up


# Enum members are slow to look up on their class in Python 3.11; the hot paths use these.
_TURN_UP, _PLAY, _TRICK_WON = Phase.TURN_UP, Phase.PLAY, Phase.TRICK_WON
_ACE = Rank.ACE
_CLOCKWISE_FROM = {
    players: [tuple((seat + offset) % players for offset in range(players))
              for seat in range(players)]
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


class UpNOver:
    """The state of an Up 'N Over table and the actions that change it."""

    __slots__ = (
        "dealer",
        "deck",
        "hand_size",
        "hands",
        "names",
        "phase",
        "piles",
        "players",
        "plays",
        "reshuffles",
        "rng",
        "taker",
        "total",
        "trick",
        "tricks_taken",
        "turn",
        "went_over",
    )

    def __init__(self, *, players: int, seed: int, dealer: int = 0, hand_size: int = FULL_HAND,
                 names: tuple[str, ...] = (), deck: Sequence[Card] = ()) -> None:
        verify_player_count(players)
        if not 0 <= dealer < players:
            raise ConfigError(f"The dealer must sit at seat 0 to {players - 1}, not {dealer}.")
        if not hand_size >= 1 or players * hand_size > len(STANDARD_DECK) - 1:
            raise ConfigError(
                f"A hand of {hand_size} cards for {players} players does not leave a card to "
                f"turn up: choose a hand size from 1 to {(len(STANDARD_DECK) - 1) // players}."
            )
        self.players = players
        self.names = names or tuple(f"seat {seat}" for seat in range(players))
        self.dealer = dealer
        self.hand_size = hand_size
        self.rng = random.Random(seed)
        if deck:
            verify_full_deck(deck)
            self.deck: list[Card] = list(reversed(deck))  # the top of the deck is the end
        else:
            self.deck = list(STANDARD_DECK)
            shuffle(self.deck, self.rng)
        # Dealt one card at a time from the top, starting on the dealer's left.
        dealt = self.deck[: -players * hand_size - 1: -1]
        del self.deck[-players * hand_size:]
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        for offset in range(players):
            self.hands[(dealer + 1 + offset) % players] = dealt[offset::players]
        self.piles: list[list[Card]] = [[] for _ in range(players)]
        self.trick: list[tuple[Card, int, int]] = []  # (card, value counted, seat)
        self.total = 0
        self.phase = _TURN_UP
        self.turn = dealer
        self.taker: int | None = None
        self.went_over = False
        self.tricks_taken = [0] * players
        self.reshuffles = 0
        self.plays = 0

    # -- seats ------------------------------------------------------------------------------

    def left_of(self, seat: int) -> int:
        """The next player clockwise, who plays after `seat`."""
        return (seat + 1) % self.players

    def right_of(self, seat: int) -> int:
        """The player before `seat`, who takes the trick when `seat` goes over 21."""
        return (seat - 1) % self.players

    # -- turning up the top card -------------------------------------------------------------

    def verify_turn_up(self, player: int) -> None:
        """Whether `player` is the one to turn up the next card (the card: `verify_turned`)."""
        if self.phase is _PLAY:
            raise IllegalActionError(
                f"{self.names[player]} cannot turn up a card: the trick is open and "
                f"{self.names[self.turn]} is to play."
            )
        if player != self.turn:
            raise IllegalActionError(
                f"{self.names[player]} cannot turn up a card: "
                f"{self.names[self.turn]} opens the next trick."
            )

    def turn_up(self, player: int, ace_value: int | None = None,
                card: Card | None = None) -> tuple[Card, int]:
        """Gather a won trick, refill every hand, and turn the top card to open a new trick.

        Clarification: an ace turned up counts as the turner declares, 1 when they do not.
        Returns the card turned and the value it counts.
        """
        self.verify_turn_up(player)
        self.verify_turned(ace_value, card)
        if self.phase is _TRICK_WON:
            self.gather()
        return self.open_trick(player, ace_value, card)

    physical = False  # see engine.games.upnover.real_cards.TableUpNOver

    def verify_turned(self, ace_value: int | None, card: Card | None) -> None:
        """Only an ace is declared, 1 or 11. `card` is what a real table turned up (it must say
        which, see `real_cards`); a shuffled deck turns its own."""
        if ace_value is not None:
            if ace_value not in ACE_VALUES:
                raise IllegalActionError(f"An ace counts 1 or 11, not {ace_value}.")
            if card is not None and card.rank is not _ACE:
                raise IllegalActionError(f"Only an ace is declared 1 or 11; the {card.name} "
                                         "counts its own value.")

    def open_trick(self, player: int, ace_value: int | None,
                   card: Card | None = None) -> tuple[Card, int]:
        """Turn the top card (the checks are the caller's: see `turn_up`). A shuffled deck
        turns its own top card; `card` is what a real table turned up."""
        card = self.turned_card(card)
        value = ace_value if ace_value is not None and card.rank is _ACE else (
            _VALUE_BY_INDEX[card.index])
        self.trick = [(card, value, player)]
        self.total = value
        self.phase = _PLAY
        self._pass_turn(player + 1 if player + 1 < self.players else 0)
        return card, value

    def gather(self) -> None:
        """The taker gathers the trick face down and every hand is drawn back up to full.

        Clarification: hands are refilled one card at a time starting with the taker and
        going clockwise. When the deck holds fewer cards than the hands lack, the taken
        tricks are shuffled into a new deck under what is left; that suffices unless rules'
        draws have grown hands, and then the hands are filled in the same order until the
        cards run out, keeping the last card to open the next trick (clarification
        reshuffle).
        """
        if self.phase is not _TRICK_WON or self.taker is None:
            raise IllegalActionError("There is no won trick to gather.")
        self.piles[self.taker].extend([card for card, _, _ in self.trick])
        self.trick = []
        self.total = 0
        if self.cards_short() > len(self.deck):
            self.reshuffle()
        hands, deck, size = self.hands, self.deck, self.hand_size
        keep = 0 if any(self.piles) else 1  # the last card left opens the next trick
        order = _CLOCKWISE_FROM[self.players][self.taker]
        for _ in range(size):
            dealt = False
            for seat in order:
                hand = hands[seat]
                if len(hand) < size and len(deck) > keep:
                    hand.append(deck.pop())
                    dealt = True
            if not dealt:
                break
        self.turn = self.taker
        self.taker = None
        self.went_over = False
        self.phase = _TURN_UP

    def cards_short(self) -> int:
        """How many cards the hands lack to be full; a hand grown past full lends none."""
        size = self.hand_size
        return sum(size - len(hand) for hand in self.hands if len(hand) < size)

    def turned_card(self, typed: Card | None) -> Card:
        """The card that comes off the top of the deck to open a trick."""
        return self.deck.pop() if self.deck else self._draw()

    def reshuffle(self) -> None:
        """Shuffle the cards of every taken trick into a new deck beneath the cards left."""
        gathered = [card for pile in self.piles for card in pile]
        if not gathered:
            return
        for pile in self.piles:
            pile.clear()
        shuffle(gathered, self.rng)
        self.deck[:0] = gathered
        self.reshuffles += 1

    def _draw(self) -> Card:
        if not self.deck:
            self.reshuffle()
        return self.deck.pop()

    # -- playing a card ------------------------------------------------------------------------

    def verify_play(self, player: int, card: Card, ace_value: int | None = None) -> None:
        """Every check is inline, each written once: the simulator runs this for each play."""
        if self.phase is not _PLAY:
            if self.phase is _TRICK_WON:
                raise IllegalActionError(
                    f"{self.names[player]} cannot play: the trick is won and "
                    f"{self.names[self.turn]} must turn up the next card."
                )
            raise IllegalActionError(
                f"{self.names[player]} cannot play yet: "
                f"{self.names[self.turn]} must first turn up a card."
            )
        if player != self.turn:
            raise IllegalActionError(
                f"{self.names[player]} cannot play out of turn: "
                f"it is {self.names[self.turn]}'s turn."
            )
        if card not in self.hands[player]:
            self.verify_unlisted(player, card)
        if card.rank is _ACE:
            if ace_value not in ACE_VALUES:
                raise IllegalActionError(
                    f"Playing the {card.name} needs its value declared: 1 or 11."
                )
        elif ace_value is not None:
            raise IllegalActionError(
                f"Only an ace has a declared value; the {card.name} is worth {card_value(card)}."
            )

    def verify_unlisted(self, player: int, card: Card) -> None:
        """`card` is not among the cards the table lists in `player`'s hand: with a shuffled
        deck it knows them all, so the player does not hold it (a real table: `real_cards`)."""
        raise IllegalActionError(f"{self.names[player]} does not hold the {card.name}.")

    def can_play(self, player: int, card: Card, ace_value: int | None = None) -> bool:
        return allowed(self.verify_play, player, card, ace_value)

    def add_to_trick(self, player: int, card: Card, ace_value: int | None) -> int | None:
        """Play `card` (the checks are the caller's: `verify_play`), announce the new sum, and
        return the seat that takes the trick, if any."""
        self.hands[player].remove(card)
        value = ace_value if ace_value is not None else _VALUE_BY_INDEX[card.index]
        self.trick.append((card, value, player))
        total = self.total = self.total + value
        self.plays += 1
        if total < TARGET_SUM:
            self._pass_turn(player + 1 if player + 1 < self.players else 0)
            return None
        self.went_over = total > TARGET_SUM
        taker = self.right_of(player) if self.went_over else player
        self.taker = taker
        self.tricks_taken[taker] += 1
        self.phase = _TRICK_WON
        self.turn = taker
        return taker

    def legal_plays(self, player: int) -> list[tuple[Card, int | None]]:
        """Every (card, ace value) the player may play now; empty when it is not their turn."""
        if self.phase is not _PLAY or player != self.turn:
            return []
        plays: list[tuple[Card, int | None]] = []
        for card in self.hands[player]:
            if card.rank is _ACE:
                plays.extend((card, value) for value in ACE_VALUES)
            else:
                plays.append((card, None))
        return plays

    def _pass_turn(self, seat: int) -> None:
        """Give the turn to `seat`.

        Clarification empty-hand: a player whose hand is empty when their turn comes draws
        one card from the deck (reshuffling taken tricks if it is empty) and plays it. When
        rules' draws have left no card to draw, that player is passed over. A trick can
        never hold all 52 cards (their sum is far above 21), so some hand holds a card.
        """
        hands = self.hands
        while not hands[seat] and not self.deck and not any(self.piles):
            seat = seat + 1 if seat + 1 < self.players else 0
        self.turn = seat
        if not hands[seat]:
            hands[seat].append(self._draw())

    # -- drawing (a rule's action said so) ----------------------------------------------------

    def verify_draw(self, player: int, count: int) -> None:
        if not 1 <= count <= MAX_DRAW:
            raise IllegalActionError(f"A player draws 1 to {MAX_DRAW} cards, not {count}.")
        available = len(self.deck) + sum(map(len, self.piles))
        if count > available:
            raise IllegalActionError(
                f"{self.names[player]} cannot draw {count}: only {available} cards are left "
                "in the deck and the taken tricks.")

    def draw(self, player: int, count: int = 1) -> None:
        """`player` draws `count` cards from the deck (reshuffling taken tricks if needed).

        Clarification: hands may grow past five this way; they are not refilled above full.
        """
        self.verify_draw(player, count)
        hand = self.hands[player]
        for _ in range(count):
            hand.append(self._draw())

    # -- taking a card back (a rule was enforced on the last play) ---------------------------------

    def last_play_by(self, player: int) -> bool:
        """True when `player` made the latest play and it is still on the table."""
        trick = self.trick
        return len(trick) > 1 and trick[-1][2] == player and self.phase is not _TURN_UP

    def take_back(self, player: int) -> Card:
        """Return the latest play to its player's hand and end their turn.

        If that play had taken the trick, the trick is open again and nobody took it.
        """
        if not self.last_play_by(player):
            raise IllegalActionError(
                f"{self.names[player]} cannot take a card back: "
                "the latest play on the table is not theirs."
            )
        card, value, _ = self.trick.pop()
        self.total -= value
        self.hands[player].append(card)
        if self.phase is _TRICK_WON:
            assert self.taker is not None
            self.tricks_taken[self.taker] -= 1
            self.taker = None
            self.went_over = False
            self.phase = _PLAY
        self._pass_turn(self.left_of(player))
        return card

    def end_turn(self, player: int) -> None:
        """A penalised player whose turn it is loses the rest of it."""
        if self.phase is _PLAY and self.turn == player:
            self._pass_turn(self.left_of(player))

    # -- inspection ----------------------------------------------------------------------------

    def all_cards(self) -> list[Card]:
        """Every card at the table, wherever it is: for the conservation check."""
        cards = list(self.deck)
        for hand in self.hands:
            cards.extend(hand)
        for pile in self.piles:
            cards.extend(pile)
        cards.extend(card for card, _, _ in self.trick)
        return cards

    def snapshot(self) -> dict[str, object]:
        """A plain, comparable picture of the whole table."""
        return {
            "deck": [card.code for card in self.deck],
            "hands": [[card.code for card in hand] for hand in self.hands],
            "piles": [[card.code for card in pile] for pile in self.piles],
            "trick": [(card.code, value, seat) for card, value, seat in self.trick],
            "total": self.total,
            "phase": self.phase.value,
            "turn": self.turn,
            "taker": self.taker,
            "went_over": self.went_over,
            "tricks_taken": list(self.tricks_taken),
            "reshuffles": self.reshuffles,
            "plays": self.plays,
            "rng": self.rng.getstate(),
        }
