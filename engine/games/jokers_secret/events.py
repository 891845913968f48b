"""Joker's Secret's own journal entries (decoded only in its journals, see `engine.games`).

A turn is one entry: cards played from the hand or the face-up row, the pile picked up, a
face-down card flipped, or a joker (with its peek and swap). Before the first play, players
may swap cards between their hand and their face-up row, and at a real table the players
say who holds each start card the referee asks about.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import Entry


@dataclass(frozen=True, slots=True, kw_only=True)
class Swapped(Entry):
    """Before play: a hand card and a face-up card change places."""

    player: int
    hand_card: Card
    face_up_card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class StartCardHeld(Entry):
    """Before play at a real table: who holds `card`, the start card the referee asked about,
    in hand or face up: `player`, or None when nobody does (the next start card is asked)."""

    card: Card
    player: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Entry):
    """One card or several of one rank from the hand (or, once the hand and the draw pile are
    empty, from the face-up row) onto the discard pile."""

    player: int
    cards: tuple[Card, ...]


_SHARED: dict[tuple[int, tuple[Card, ...]], Played] = {}


def played(player: int, cards: tuple[Card, ...]) -> Played:
    """The `Played` entry, each distinct one built once: entries are immutable, and building
    a frozen dataclass costs a bot's move more than choosing it."""
    key = (player, cards)
    event = _SHARED.get(key)
    if event is None:
        if len(_SHARED) > 100_000:
            _SHARED.clear()
        event = _SHARED[key] = Played(player=player, cards=cards)
    return event


@dataclass(frozen=True, slots=True, kw_only=True)
class PickedUp(Entry):
    """A player with no card to play takes the whole discard pile into their hand."""

    player: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Flipped(Entry):
    """A face-down card (`slot` 0, 1 or 2, left to right) turned over blind and played as
    it falls; `card` is what it was (the engine fills it in when it dealt the cards)."""

    player: int
    slot: int
    card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class JokerPlayed(Entry):
    """A joker to the scrap pile. From the hand, its player may `peek` at one of their
    face-down cards (its slot) and `swap` a hand card with it; the pile stays as it was."""

    player: int
    joker: Card
    peek: int | None = None
    swap: Card | None = None
