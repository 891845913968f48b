"""Up 'N Over's own journal entries: a card turned up or played, cards drawn, a trick taken
(score keeping). They are decoded only in Up 'N Over journals (see `engine.games`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.events import Entry


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnedUp(Entry):
    """The starter turns the top card of the deck to open a trick (closing the last one)."""

    player: int
    card: Card | None = None
    ace_value: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Entry):
    """A player plays a card from their hand onto the trick (and what they said with it)."""

    player: int
    card: Card
    ace_value: int | None = None
    said: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Entry):
    """A player draws cards from the deck because a rule's action told them to."""

    player: int
    count: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickTaken(Entry):
    """Score keeping only: a player took a trick."""

    player: int


_SHARED: dict[tuple[type[Any], int, int, int | None], Any] = {}


def played(player: int, card: Card, ace_value: int | None) -> Played:
    """The `Played` event, shared (see `_shared_card_event`)."""
    event: Played = _shared_card_event(Played, player, card, ace_value)
    return event


def turned_up(player: int, card: Card, ace_value: int | None) -> TurnedUp:
    """The `TurnedUp` event, shared (see `_shared_card_event`)."""
    event: TurnedUp = _shared_card_event(TurnedUp, player, card, ace_value)
    return event


def _shared_card_event(cls: type[Any], player: int, card: Card, ace_value: int | None) -> Any:
    """Events are immutable and a game has few distinct plays, so each is built once.

    Building a frozen dataclass costs about as much as the rest of a simulated play, and the
    simulator produces one per play.
    """
    key = (cls, player, card.index, ace_value)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = cls(player=player, card=card, ace_value=ace_value)
    return event
