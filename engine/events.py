"""Journal events: frozen records of every decision made at the table.

The journal holds decisions (a card played, a rule enforced, a ruling); everything that
follows from them (sums, tricks, refills, reshuffles, points) is recomputed by folding the
journal from the seed in `GameStarted`. Undo is a `Voided` entry, never a deletion.

Every event round-trips through JSON:

>>> from engine.cards import parse_card
>>> event = Enforced(enforcer=0, violator=1, holder=2, hint="Too late.", card=parse_card("As"))
>>> event_from_dict(event_to_dict(event)) == event
True
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Union

from engine.cards import CARDS, Card, parse_card
from engine.errors import CardError, JournalError, did_you_mean
from engine.games import DEFAULT_NAME

DEFAULT_GAME = DEFAULT_NAME  # the base game of a journal or deck that names none


class Entry:
    """What every journal entry is: each game's own entries subclass it too."""

    __slots__ = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted(Entry):
    """The setup of one game: which base game, who sits where, the shuffle seed and the
    settings. A journal written before games had names has no `game`: it reads as
    Up 'N Over, the only game there was.

    `mode`: "shuffled" (the engine deals a deck shuffled from the seed, or `deck`, the order
    of all 52 cards from the top: a stacked deck for scenarios), "table" (real cards: the
    referee only knows what is typed in) or "score" (only tricks and rulings are recorded).
    `triggers` and `actions`: the ids of the rule cards to deal from, two of each a player.
    `options`: a game's own settings as "name=value" words (Mao's way of calling penalties).
    """

    players: tuple[str, ...]
    seed: int
    game: str = DEFAULT_GAME
    dealer: int = 0
    hand_size: int = 5
    target: int = 3
    floor: int = -10
    deck: tuple[Card, ...] = ()
    mode: str = "shuffled"
    triggers: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleChosen(Entry):
    """A player keeps one trigger and one action as their secret rule."""

    player: int
    trigger: str
    action: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Enforced(Entry):
    """`enforcer` enforces the rule held by `holder` on `violator`, with a hint.

    `card`: the card in the open trick that broke the rule, when the enforcer names one (a
    player who has played several cards since the rule could last be enforced must say
    which); `take_back`: whether that card (or, with none named, the latest) comes back.
    """

    enforcer: int
    violator: int
    holder: int
    hint: str = ""
    take_back: bool = True
    card: Card | None = None


OUT_OF_TURN = "out-of-turn"
TOO_SLOW = "too-slow"
OFFENCES: dict[str, str] = {
    OUT_OF_TURN: "played out of turn",
    TOO_SLOW: "took more than five seconds to play",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Entry):
    """`caller` calls an illegal play on `offender`: out of turn, or too slow (`OFFENCES`).

    Like a rule everybody knows: the offender loses a point, a card played out of turn never
    counts, and a slow card still on the table comes back (`take_back`), ending their turn.
    """

    caller: int
    offender: int
    offence: str
    take_back: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Challenged(Entry):
    """The violator challenges an enforcement (by its number; None means the latest open one)."""

    challenger: int
    enforcement: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruling(Entry):
    """The outcome of the pending challenge: `upheld` when the rule was shown and enforced right."""

    upheld: bool
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Voided(Entry):
    """Cancels an earlier journal entry (its number, counting `GameStarted` as 0)."""

    entry: int
    reason: str = ""


Event = Entry  # any game's journal entry

# The entries of every game (the setup and the hidden-rules layer); each base game adds its
# own (`BaseGame.events`), read only in that game's journals (`engine.games.entry_types`).
EVENT_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (GameStarted, RuleChosen, Enforced, Called, Challenged, Ruling, Voided)
}


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict: `{"type": "Played", "player": 1, "card": "As", "ace_value": 11}`."""
    data: dict[str, Any] = {"type": type(event).__name__}
    for field in dataclasses.fields(typing.cast(Any, event)):
        data[field.name] = _plain(getattr(event, field.name))
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def event_from_dict(data: Any, own: Mapping[str, type[Any]] | None = None) -> Event:
    """Rebuild an event from `event_to_dict` output; raise `JournalError` on anything else.
    `own` are the entry types of the journal's game, by name (see `engine.games`)."""
    if not isinstance(data, dict):
        raise JournalError(f"A journal entry must be an object, not {type(data).__name__}.")
    kind = data.get("type")
    known = {**EVENT_TYPES, **own} if own else EVENT_TYPES
    cls = known.get(kind) if isinstance(kind, str) else None
    if cls is None:
        hint = did_you_mean(str(kind), known)
        raise JournalError(f'The journal entry type "{kind}" is unknown.{hint}')
    fields = _DECODERS.get(cls)
    if fields is None:
        fields = _DECODERS[cls] = _decoders(cls)
    if len(data) > len(fields) + 1 or any(key not in fields and key != "type" for key in data):
        unknown = sorted(set(data) - set(fields) - {"type"})
        raise JournalError(f'A {kind} entry has unknown fields: {", ".join(unknown)}.')
    values: dict[str, Any] = {}
    for name, (decode, required) in fields.items():
        if name in data:
            values[name] = decode(data[name], f"{kind}.{name}")
        elif required:
            raise JournalError(f'A {kind} entry lacks its "{name}" field.')
    event: Event = cls(**values)
    return event


Decoder = Callable[[Any, str], Any]


_DECODERS: dict[type[Any], dict[str, tuple[Decoder, bool]]] = {}  # by type, built when first used


def _decoders(cls: type[Any]) -> dict[str, tuple[Decoder, bool]]:
    """For each field of an event class: how to read it, and whether it must be there."""
    hints = typing.get_type_hints(cls)
    return {field.name: (_decoder(hints[field.name]), field.default is dataclasses.MISSING)
            for field in dataclasses.fields(cls)}


def _decoder(hint: Any) -> Decoder:
    """A function reading one JSON value of the type `hint`, worked out once per field."""
    if hint is Card:
        return _decode_card
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        inner = _decoder(next(arg for arg in typing.get_args(hint) if arg is not type(None)))
        return lambda value, where: None if value is None else inner(value, where)
    if origin is tuple:
        item = _decoder(typing.get_args(hint)[0])

        def decode_list(value: Any, where: str) -> Any:
            if not isinstance(value, list):
                raise JournalError(f"{where} must be a list, not {value!r}.")
            return tuple(item(part, where) for part in value)

        return decode_list
    if hint is int:
        return _decode_int
    words = {str: "text", bool: "true or false"}[hint]

    def decode_plain(value: Any, where: str) -> Any:
        if value.__class__ is not hint:
            raise JournalError(f"{where} must be {words} ({hint.__name__}), not {value!r}.")
        return value

    return decode_plain


def _decode_int(value: Any, where: str) -> int:
    if value.__class__ is not int:
        raise JournalError(f"{where} must be a whole number, not {value!r}.")
    return int(value)


_CARD_CODES = {card.code: card for card in CARDS}


def _decode_card(value: Any, where: str) -> Card:
    card = _CARD_CODES.get(value) if isinstance(value, str) else None
    if card is not None:
        return card
    if not isinstance(value, str):
        raise JournalError(f"{where} must be a card code such as 7h, not {value!r}.")
    try:
        return parse_card(value, jokers=True)
    except CardError as error:
        raise JournalError(f"{where}: {error}") from None


def events_to_json(events: typing.Iterable[Event]) -> str:
    return json.dumps([event_to_dict(event) for event in events], ensure_ascii=False)
