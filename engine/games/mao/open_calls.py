"""What can still be called in a game of Mao, and until when (clarification late-calls).

An offence stays callable until its player's next turn: until they move again (a card
played, passed or cards taken) after someone else has moved. A player's moves in a row,
with nobody else moving between them, are one turn. Once that turn has begun, an offence
nobody called is over: a call about it is answered "too late" and costs nobody a card. A
phrase that was called stays owed until it is said, however long that takes.

What is kept, by kind:
- `Owed`: a phrase a player has to say ("failure to say");
- `CardDown`: a card put on the pile, with what the referee found about it ("bad card",
  "playing out of turn"; the latest card can still be sent back to its player's hand);
- `Debt`: the cards of a chain of 7s its player did not take ("failure to take a penalty
  card");
- `Slip`: something done out of place that is over at once: a Mao said in vain, "point of
  order" said during one, a card taken from the stack out of turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.games.mao import offences, speech
from engine.games.mao.table import Turns


@dataclass(slots=True)
class Owed:
    """A phrase `player` has to say and has not: callable from move `due` (a phrase owed
    with a card at once; "last card" only once the next move has been made) through their
    turn number `until`."""

    player: int
    phrase: str
    move: int       # the move that made it owed
    due: int
    until: int
    calls: int = 0  # penalties already given for it: the next is a "continued failure"


@dataclass(slots=True)
class CardDown:
    """A card put on the pile, for a call of bad card or playing out of turn: whether it
    fitted the standard rules (`fits`) and every rule in force (`valid`), whether it went
    down in turn, and the chain of 7s its player faced (`faced`)."""

    player: int
    card: Card
    before: Turns
    move: int
    valid: bool
    in_turn: bool
    fits: bool
    until: int = 0
    faced: int = 0
    gifts: tuple[tuple[int, list[Card]], ...] = ()  # cards rules gave for it, by seat
    called: tuple[str, ...] = ()                    # reasons already called on it


@dataclass(slots=True)
class Debt:
    """The cards of a chain of 7s that `player` did not take as they moved on."""

    player: int
    cards: int
    move: int
    until: int
    paid: bool = False


@dataclass(frozen=True, slots=True)
class Slip:
    """An offence over as soon as it is done, callable once through turn `until`."""

    player: int
    reason: str
    until: int


class OpenCalls:
    """Everything callable now, each player's turn count, and the offences too late to call."""

    __slots__ = ("debts", "down", "late", "owed", "slips", "turns_begun")

    def __init__(self, players: int) -> None:
        self.owed: list[Owed] = []
        self.down: list[CardDown] = []
        self.debts: list[Debt] = []
        self.slips: list[Slip] = []
        self.turns_begun = [0] * players
        self.late: set[tuple[int, str, str]] = set()  # (player, reason, phrase as heard)

    def turn_of(self, player: int) -> int:
        return self.turns_begun[player]

    def begin_move(self, player: int, previous_mover: int | None) -> None:
        """`player` moves: a new turn of theirs if someone else made the move before; what
        they did in an earlier turn and nobody called is now too late."""
        if previous_mover != player:
            self.turns_begun[player] += 1
        self._expire(player, self.turns_begun[player])

    def _expire(self, player: int, turn: int) -> None:
        late = self.late
        if self.owed:
            kept: list[Owed] = []
            for owed in self.owed:
                if owed.player == player and owed.until < turn and not owed.calls:
                    late.add((player, offences.FAILURE_TO_SAY, speech.normal(owed.phrase)))
                else:
                    kept.append(owed)
            self.owed = kept
        if self.down:
            for down in [item for item in self.down
                         if item.player == player and item.until < turn]:
                self.down.remove(down)
                if not down.valid and offences.BAD_CARD not in down.called:
                    late.add((player, offences.BAD_CARD, ""))
                if not down.in_turn and offences.OUT_OF_TURN not in down.called:
                    late.add((player, offences.OUT_OF_TURN, ""))
        if self.debts:
            for debt in [item for item in self.debts
                         if item.player == player and item.until < turn]:
                self.debts.remove(debt)
                if not debt.paid:
                    late.add((player, offences.FAILURE_TO_TAKE, ""))
        if self.slips:
            for slip in [item for item in self.slips
                         if item.player == player and item.until < turn]:
                self.slips.remove(slip)
                late.add((player, slip.reason, ""))

    def forget(self, player: int) -> None:
        """A player who won a Mao owes nothing and can be called on nothing."""
        self.owed = [owed for owed in self.owed if owed.player != player]
        self.down = [down for down in self.down if down.player != player]
        self.debts = [debt for debt in self.debts if debt.player != player]
        self.slips = [slip for slip in self.slips if slip.player != player]

    def forget_move(self, move: int) -> None:
        """A card sent back to its player's hand: what it made owed is no longer owed."""
        self.owed = [owed for owed in self.owed if owed.move != move]
        self.debts = [debt for debt in self.debts if debt.move != move or debt.paid]
        self.down = [down for down in self.down if down.move != move]

    def slip(self, player: int, reason: str) -> None:
        self.slips.append(Slip(player, reason, self.turns_begun[player]))

    def take_slip(self, player: int, reason: str) -> bool:
        """Use up one callable slip of `reason` by `player`; False when there is none."""
        for slip in self.slips:
            if slip.player == player and slip.reason == reason:
                self.slips.remove(slip)
                return True
        return False

    def slips_by_seat(self, reason: str) -> list[int]:
        """Slips of `reason` still callable, counted by seat."""
        counts = [0] * len(self.turns_begun)
        for slip in self.slips:
            if slip.reason == reason:
                counts[slip.player] += 1
        return counts

    def is_late(self, player: int, reason: str, phrase: str = "") -> bool:
        """Whether an offence like this one happened and nobody called it in time."""
        if reason == offences.FAILURE_TO_SAY and phrase:
            return any(late[:2] == (player, reason) and speech.names_phrase(phrase, late[2])
                       for late in self.late)
        return any(late[:2] == (player, reason) for late in self.late)

    def snapshot(self) -> dict[str, object]:
        return {
            "owed": [(o.player, o.phrase, o.move, o.due, o.until, o.calls) for o in self.owed],
            "down": [(d.player, d.card.code, d.move, d.valid, d.in_turn, sorted(d.called))
                     for d in self.down],
            "debts": [(d.player, d.cards, d.move, d.paid) for d in self.debts],
            "slips": [(s.player, s.reason, s.until) for s in self.slips],
            "late": sorted(self.late), "turns_begun": list(self.turns_begun),
        }
