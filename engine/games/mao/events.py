"""Mao's own journal entries (decoded only in its journals, see `engine.games`).

Speech is part of the record: a card is played together with everything its player said
as they played it, so a call of "failure to say …" is judged from the journal. Words said
at any other moment ("last card" a little late, a suit after a jack, "point of order",
"Mao" with an empty hand) are a `Said` entry of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import Entry

NAME = "mao"  # the game's name in decks and journals


@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Entry):
    """A card put on the pile, in turn or not, valid or not: the table judges it by calls."""

    player: int
    card: Card
    said: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Entry):
    """A player takes one card from the stack instead of playing ("pass"), and their turn
    is over; out of turn, the card is all that changes (clarification out-of-turn)."""

    player: int
    said: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TookSevens(Entry):
    """A player takes `cards` penalty cards from the stack and goes on with their move: the
    player a chain of 7s is aimed at owes one for each 7 in it (clarification seven-chain).
    `cards` 0 (every journal before it was typed in) is one for each 7 of the chain aimed at
    them, or one when none is."""

    player: int
    said: tuple[str, ...] = ()
    cards: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Said(Entry):
    """Words said out of a play: a phrase owed, a suit named after a jack, "last card",
    "Mao", "point of order", "end of point of order"."""

    player: int
    words: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyCall(Entry):
    """`caller` calls a penalty on `offender`, naming the reason (see `offences.REASONS`)
    and, for a failure to say something, the phrase. The referee judges it: a call about
    something that did not happen is a bad call, and the caller takes the card."""

    caller: int
    offender: int
    reason: str
    phrase: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReEntered(Entry):
    """A player who won with a Mao comes back with five cards, bringing a new secret rule.

    `rule` names it: the ids of the trigger and action cards drawn ("two-sixes skip-next"),
    or words only its holder knows (typed in private). A rule from cards carries its machine
    form, so the journal alone can replay it: `when` (the trigger's expression; "" when only
    the holder can judge it), `subject` (whom it calls on), `kind` (say, name, gesture,
    effect or forbid), `phrase` (what a say action makes them say), `effect` and `amount`.
    """

    player: int
    rule: str = ""
    when: str = ""
    subject: str = "player"
    kind: str = ""
    phrase: str = ""
    effect: str = ""
    amount: int = 1
