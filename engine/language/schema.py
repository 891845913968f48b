"""What a trigger may read: each field declared once, with a type and a visibility.

A base game declares its public view as a `Schema`. Visibility says who can see a field at a
real table: `PUBLIC` (everyone), `OWNER` (only the player it belongs to) or `HIDDEN`
(nobody). A rule's holder must be able to see what their trigger reads, so only public
fields make an enforceable trigger.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Any

# Whole numbers a trigger works out stay within ±MAX_VALUE, proven from the ranges below
# before any trigger runs, so no helper is ever asked about an enormous number.
MAX_VALUE = 1_000_000_000
# No list of cards a base game lets a trigger read holds more than this.
MAX_CARDS = 1_000

Range = tuple[int, int]  # the lowest and highest value a number can take


class Type(Enum):
    INT = "a number"
    BOOL = "true or false"
    STR = "a piece of text"
    CARD = "a card"
    PLAYER = "a player"
    CARDS = "a list of cards"
    UNKNOWN = "unknown"  # after an error, so checking can go on


class Visibility(IntEnum):
    PUBLIC = 0
    OWNER = 1
    HIDDEN = 2


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """A name a trigger can read, or an attribute of a card or player."""

    name: str
    type: Type
    doc: str
    visibility: Visibility = Visibility.PUBLIC
    domain: tuple[Any, ...] | None = None  # every value it can take, when that is finite
    table_only: bool = False               # known only at a real table (speech): not simulated


@dataclass(frozen=True, slots=True)
class HelperSpec:
    """A pure function a trigger may call."""

    name: str
    params: tuple[Type, ...]
    returns: Type
    doc: str
    function: Callable[..., Any]
    # For a text parameter that names a card's part ("rank" for count_rank's second), that
    # part's name: a value outside its domain is a mistake, as in `card.rank == "King"`.
    values_of: tuple[str | None, ...] = ()
    # For a helper returning a number: its range, given the ranges of its number parameters.
    result_range: Callable[..., Range] | None = None


@dataclass(frozen=True, slots=True)
class Schema:
    """The public view of one base game."""

    game: str
    fields: dict[str, FieldSpec]
    attributes: dict[Type, dict[str, FieldSpec]]
    helpers: dict[str, HelperSpec] = field(default_factory=dict)

    def describe(self) -> list[tuple[str, str, str, str]]:
        """(name, type, visibility, doc) for every field and attribute, for docs and errors."""
        rows = []
        for spec in self.fields.values():
            rows.append((spec.name, spec.type.value, spec.visibility.name.lower(), spec.doc))
            for attribute in self.attributes.get(spec.type, {}).values():
                rows.append((f"{spec.name}.{attribute.name}", attribute.type.value,
                             max(spec.visibility, attribute.visibility).name.lower(),
                             attribute.doc))
        return rows
