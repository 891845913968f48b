"""The kinds of card a deck file may hold, one section of the file each.

A kind names its section ("triggers", "aids"), the model one card of it is checked against,
how it prints (label, accent colour, face design) and the base games it serves. This module
holds the kinds for any game: triggers and actions (the secret rules dealt to players) and
player aids. A game adds its own with `register_kind` in the module its declaration names as
its `card_kinds` (`engine.games.GameDeclaration`), and the loader, the JSON Schema, the faces
and the checker's id and number checks pick them up.

A game's kinds are imported when first needed: reading a deck loads its game's
(`load_kinds`); what speaks of every section (the JSON Schema, an unknown section's closest
name, a section of another game) loads every declared game's (`every_kind`). `KINDS` holds
the kinds loaded so far, always in one order whatever the order of loading (`register_kind`).

A kind with `attributes` (a game's cards made of a few properties) may have its section
written as a product of attribute values and a number of copies instead of a list of cards;
the loader makes the cards (`generator.deck`), each with an id and a number of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter, create_model

from engine.games import declared, load_part
from generator.deck_model import (
    Action,
    ActionCard,
    AidCard,
    Card,
    Strict,
    Style,
    TriggerCard,
    deck_file_model,
)
from generator.printing.faces import CardFace

if TYPE_CHECKING:
    from generator.yamlmarks import Path as YamlPath

MOST_GENERATED = 999  # cards one product may make: every card needs a number, 1 to 999


@dataclass(frozen=True, slots=True, kw_only=True)
class CardKind:
    """One section of a deck file: a kind of card."""

    section: str                  # the deck file's key: "aids"
    noun: str                     # one card, in messages: "player aid"
    label: str                    # printed large on the card and its back: "PLAYER AID"
    model: Any                    # a pydantic model (or an annotated union) of one card
    accent: str                   # the default accent colour, #rrggbb
    description: str              # for the JSON Schema
    games: tuple[str, ...] = ()   # the base games it serves; () for every game
    secret_rules: bool = False    # dealt as secret rules (triggers and actions)
    style_key: str | None = None  # the deck style's field for its accent, if it has its own
    front: Callable[[Any, CardKind, str, Path], CardFace] | None = None  # None: text_front
    # For a card that is a whole rule: its trigger and its action, checked like the cards
    # of the triggers and actions sections; the action sits under the card's `then`.
    halves: Callable[[Any], tuple[TriggerCard, ActionCard]] | None = None
    # The attributes a card of the kind has, each with the values it may take, in the order
    # cards are numbered (slowest-changing first): with them, a section may be written as a
    # product of values and copies instead of a list (see generator.deck).
    attributes: Mapping[str, tuple[str | int, ...]] = field(default_factory=dict)
    # The short id of one combination of values ("b3fc"); made cards add their copy
    # ("b3fc-2"). By default the values joined by dashes ("circle-3-filled-black").
    design_id: Callable[[Mapping[str, Any]], str] | None = None
    # The kind's own checks of a card once it is read: (deck, where the card is, the card),
    # adding issues to the deck (a card holding an expression parses it).
    verify: Callable[[Any, YamlPath, Any], None] | None = None
    # A check of the whole section against its game, run by `hrdeck check` after the card
    # checks: (the deck, its cards of this kind as (index, card)).
    check: Callable[[Any, list[tuple[int, Any]]], None] | None = None

    @property
    def adapter(self) -> TypeAdapter[Any]:
        return _adapter(self.model)

    def accent_in(self, style: Style) -> str:
        """The kind's accent as the deck's style sets it."""
        if self.style_key is not None:
            return str(getattr(style, self.style_key))
        return style.colours.get(self.section) or self.accent

    def face(self, card: Any, style: Style, folder: Path) -> CardFace:
        """The printed front of `card`; `folder` holds the deck file (and its art)."""
        return (self.front or text_front)(card, self, self.accent_in(style), folder)

    def design_of(self, values: Mapping[str, Any]) -> str:
        """The id of one combination of attribute values, before its copy number."""
        if self.design_id is not None:
            return self.design_id(values)
        return "-".join(str(values[name]).lower() for name in self.attributes)


_ADAPTERS: dict[int, TypeAdapter[Any]] = {}


def _adapter(model: Any) -> TypeAdapter[Any]:
    found = _ADAPTERS.get(id(model))
    if found is None:
        found = _ADAPTERS[id(model)] = TypeAdapter(model)
    return found


def text_front(card: Card, kind: CardKind, accent: str, folder: Path) -> CardFace:
    """The common front: the kind's label and the card's number, an optional title and
    picture, then the card's words."""
    return CardFace(kind=kind.section.removesuffix("s"), label=kind.label, number=card.number,
                    text=card.text, accent=accent, title=getattr(card, "title", None),
                    art=folder / card.art if card.art else None, ident=card.id)


KINDS: dict[str, CardKind] = {}  # the kinds loaded so far, by section, in the file's order
_REGISTERED: dict[str, int] = {}  # each section's place in the order of registration
_REGISTRATIONS = count()


def register_kind(kind: CardKind) -> None:
    """Add a kind of card. `KINDS` keeps one order whatever the order games load in: the
    secret rules first (triggers, actions, then whole rules), then the other kinds; within
    each, the kinds for every game, then each game's in the order of `declared` games, then
    in the order of registration."""
    if kind.section in KINDS or kind.section == "deck":
        raise ValueError(f'A card section "{kind.section}" is already registered.')
    _REGISTERED[kind.section] = next(_REGISTRATIONS)
    every = sorted((*KINDS.values(), kind), key=_place)
    KINDS.clear()
    KINDS.update((each.section, each) for each in every)


def _place(kind: CardKind) -> tuple[int, int, int]:
    games = list(declared())
    game = min((games.index(name) + 1 if name in games else len(games) + 1
                for name in kind.games), default=0)
    rules = kind.secret_rules or kind.halves is not None
    return (0 if rules else 1, game, _REGISTERED[kind.section])


def unregister_kind(section: str) -> None:
    KINDS.pop(section, None)
    _REGISTERED.pop(section, None)


def load_kinds(game: str) -> dict[str, CardKind]:
    """The kinds a deck over `game` may hold (with any others loaded before): the kinds for
    any game and the game's own, imported now if not yet."""
    load_part(game, "card_kinds")
    return KINDS


def load_kinds_of_file(data: Mapping[str, Any]) -> dict[str, CardKind]:
    """The kinds to read a deck file's data with: its game's (see `load_kinds`); every
    declared game's when it holds no section of those, or a key none of them names (to say
    whose section it is, or name the closest)."""
    from generator.deck_game import base_game_in

    kinds = load_kinds(base_game_in(data))
    sections = [key for key in data if key != "deck"]
    if not sections or any(section not in kinds for section in sections):
        return every_kind()
    return kinds


def every_kind() -> dict[str, CardKind]:
    """Every kind of every declared game (each game's imported now, if not yet)."""
    for game in declared():
        load_part(game, "card_kinds")
    return KINDS


def serves(kind: CardKind, game: str) -> bool:
    return not kind.games or game in kind.games


def card_sections() -> dict[str, Any]:
    """Each section's field for the deck file's model: an optional list of its cards, or for
    a kind with attributes, that or a product of its values."""
    sections: dict[str, Any] = {}
    for section, kind in KINDS.items():
        listed = Annotated[list[kind.model], Field(min_length=1)]  # type: ignore[name-defined]
        read = sheet_model(kind)
        if kind.attributes:
            sections[section] = (listed | product_model(kind) | read | None,
                                 Field(None, description=kind.description))
        else:
            sections[section] = (listed | read | None, Field(None, description=kind.description))
    return sections


def sheet_model(kind: CardKind) -> type[BaseModel]:
    """A section read from a spreadsheet, for the JSON Schema (the loader checks the same,
    and the sheet itself, with places and suggestions: `generator.deck_sheets`)."""
    name = "".join(part.title() for part in kind.section.split("_"))
    return create_model(
        f"{name}FromSheet", __base__=Strict,
        from_=(Annotated[str, Field(pattern=r"\.([cC][sS][vV]|[xX][lL][sS][xX])$")],
               Field(alias="from", description=f"a .csv or .xlsx file of {kind.noun}s, one a "
                                               "row under a header row, relative to the deck "
                                               "file")),
        sheet=(str | None, Field(None, description="the XLSX worksheet (default: the first)")),
        columns=(dict[str, str], Field(default_factory=dict,
                                       description="card field: its column's heading (default: "
                                                   "the column headed with the field's name)")),
        copies=(str | None, Field(None, description="the column saying how many of each row's "
                                                    "card to make (ids get -1, -2, …)")))


def product_model(kind: CardKind) -> type[BaseModel]:
    """The product form of a section, for the JSON Schema: each attribute's values and the
    copies of each combination (the loader checks the same, with places and suggestions)."""
    name = "".join(part.title() for part in kind.section.split("_"))
    values: Any = {
        attribute: (Annotated[list[Literal[allowed]],  # type: ignore[valid-type]
                              Field(min_length=1, json_schema_extra={"uniqueItems": True})],
                    Field(description=f"{attribute}s to make cards of: "
                                      f"{', '.join(map(str, allowed))}"))
        for attribute, allowed in kind.attributes.items()}
    product = create_model(f"{name}Product", __base__=Strict, **values)
    return create_model(
        f"{name}Generated", __base__=Strict,
        product=(product, Field(description=f"every {kind.noun} made from these values, one "
                                            "of each combination")),
        copies=(int, Field(1, ge=1, le=MOST_GENERATED,
                           description="how many of each combination")))


def json_schema() -> dict[str, object]:
    """The deck file's JSON Schema, for editors that complete and check deck files."""
    from generator.schema_shape import shaped_for_editors

    every_kind()
    schema = shaped_for_editors(deck_file_model(card_sections()).model_json_schema(),
                                list(KINDS))
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "hrdeck deck"
    schema["minProperties"] = 2  # the details and at least one section of cards
    paired = [section for section, kind in KINDS.items() if kind.secret_rules]
    schema["dependentRequired"] = {section: [other for other in paired if other != section]
                                   for section in paired}
    return schema


register_kind(CardKind(
    section="triggers", noun="trigger", label="TRIGGER", model=TriggerCard, accent="#1f5f8b",
    description="secret rules: what a player must watch for", secret_rules=True,
    style_key="trigger_colour"))
register_kind(CardKind(
    section="actions", noun="action", label="ACTION", model=Action, accent="#b0452c",
    description="secret rules: what must then be done", secret_rules=True,
    style_key="action_colour"))
register_kind(CardKind(
    section="aids", noun="player aid", label="PLAYER AID", model=AidCard, accent="#3d6b35",
    description="player-aid cards: the rules at a glance, for any game"))

__all__ = ["KINDS", "MOST_GENERATED", "CardKind", "card_sections", "every_kind",
           "json_schema", "load_kinds", "load_kinds_of_file", "product_model",
           "register_kind", "serves", "text_front", "unregister_kind"]
