"""The fields of every card, whatever its kind: what it prints and which pictures it names.

The printable checks (art, glyphs) and the build's record of its inputs walk every card of
every kind the registry knows (`generator.card_kinds.KINDS`) through these, so a kind added
later is checked like the first ones, nested parts (a whole rule's `then`) included.

>>> from generator.deck_model import AidCard
>>> aid = AidCard(id="a", number=1, text="Jacks skip.", title="Special cards")
>>> list(printed_fields(aid, ("aids", 0)))
[(('aids', 0, 'text'), 'Jacks skip.'), (('aids', 0, 'title'), 'Special cards')]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

if TYPE_CHECKING:
    from generator.yamlmarks import Path as YamlPath

# Fields no card prints: names the deck gives itself, rule-language code, warnings to accept,
# the picture's file name.
NOT_PRINTED = frozenset({"id", "art", "allow", "when", "rule"})


class Cards(Protocol):
    """A deck's valid cards by section (`generator.deck.LoadedDeck`, which uses these
    functions while it loads)."""

    def cards_of(self, section: str) -> list[tuple[int, Any]]: ...


def printed_fields(card: BaseModel, at: YamlPath) -> Iterator[tuple[YamlPath, str]]:
    """Every piece of text a card may print, with its place; a text repeated in a nested part
    (a whole rule's action carries the rule's own text) is given once, at its first place."""
    seen: set[str] = set()
    for place, text in _texts(card, at):
        if text not in seen:
            seen.add(text)
            yield place, text


def _texts(value: Any, at: YamlPath) -> Iterator[tuple[YamlPath, str]]:
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            if name not in NOT_PRINTED:
                yield from _texts(getattr(value, name), (*at, name))
    elif isinstance(value, str):
        yield at, value
    elif isinstance(value, list | tuple):
        for number, item in enumerate(value):
            yield from _texts(item, (*at, number))


def art_fields(card: BaseModel, at: YamlPath) -> Iterator[tuple[YamlPath, str]]:
    """Every picture a card names (its own and a nested part's), with its place."""
    for name in type(card).model_fields:
        value = getattr(card, name)
        if name == "art" and isinstance(value, str):
            yield (*at, name), value
        elif isinstance(value, BaseModel):
            yield from art_fields(value, (*at, name))


def card_places(deck: Cards) -> Iterator[tuple[YamlPath, BaseModel]]:
    """Every valid card of the deck, of every kind loaded (a deck's own are loaded with it),
    with its place."""
    from generator.card_kinds import KINDS

    for section in KINDS:
        for index, card in deck.cards_of(section):
            yield (section, index), card


def deck_arts(deck: Cards) -> Iterator[tuple[YamlPath, str]]:
    """Every picture the deck's cards name, with its place, in deck order."""
    for at, card in card_places(deck):
        yield from art_fields(card, at)
