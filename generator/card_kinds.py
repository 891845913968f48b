"""The kinds of card a deck file may hold, one section of the file each.

A kind names its section ("triggers", "aids"), the model one card of it is checked against,
how it prints (label, accent colour, face design) and the base games it serves. Triggers and
actions are the hidden-rules kinds; a game or a new card design adds a kind with
`register_kind`, in its own module, and the loader, the JSON Schema, the faces and the
checker's id and number checks pick it up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import Field, TypeAdapter

from generator.deck_model import (
    Action,
    ActionCard,
    AidCard,
    Card,
    RuleCard,
    Style,
    TriggerCard,
    deck_file_model,
)
from generator.printing.faces import CardFace


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


KINDS: dict[str, CardKind] = {}


def register_kind(kind: CardKind) -> None:
    if kind.section in KINDS or kind.section == "deck":
        raise ValueError(f'A card section "{kind.section}" is already registered.')
    KINDS[kind.section] = kind


def unregister_kind(section: str) -> None:
    KINDS.pop(section, None)


def serves(kind: CardKind, game: str) -> bool:
    return not kind.games or game in kind.games


def card_sections() -> dict[str, Any]:
    """Each section's field for the deck file's model: an optional list of its cards."""
    return {section: (list[kind.model] | None,  # type: ignore[name-defined]
                      Field(None, min_length=1, description=kind.description))
            for section, kind in KINDS.items()}


def json_schema() -> dict[str, object]:
    """The deck file's JSON Schema, for editors that complete and check deck files."""
    schema = deck_file_model(card_sections()).model_json_schema()
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
def rule_front(card: RuleCard, kind: CardKind, accent: str, folder: Path) -> CardFace:
    """A whole rule: titled standard or secret, then its words."""
    return replace(text_front(card, kind, accent, folder),
                   title="Standard rule" if card.standard else "Secret rule")


register_kind(CardKind(
    section="rules", noun="rule", label="RULE", model=RuleCard, accent="#7a1f2b",
    description="whole rules on one card each (Mao): the standard ones, and the secret ones "
                "a winner draws", games=("mao",), front=rule_front,
    halves=lambda card: (card, card.then)))
register_kind(CardKind(
    section="aids", noun="player aid", label="PLAYER AID", model=AidCard, accent="#3d6b35",
    description="player-aid cards: the rules at a glance, for any game"))

__all__ = ["KINDS", "CardKind", "card_sections", "json_schema", "register_kind", "serves",
           "text_front", "unregister_kind"]
