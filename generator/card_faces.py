"""Turn a deck's cards into the faces and backs the print engine draws (the sheets, the shop
files, the previews and the rulebook's pictures of cards)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from generator.card_kinds import KINDS, CardKind
from generator.deck import LoadedDeck
from generator.deck_model import Style
from generator.layout.deck_look import drawer_of
from generator.printing.faces import CardBack, CardFace


def faces_for(deck: LoadedDeck) -> tuple[list[CardFace], list[CardBack]]:
    """Fronts in deck order (each section as registered: triggers, actions, then the other
    kinds; by number within one) and each front's back, one back per kind."""
    style = deck.info.style if deck.info is not None else Style()
    name = deck.info.name if deck.info is not None else deck.deck_id
    drawer = drawer_of(deck)
    fronts: list[CardFace] = []
    backs: list[CardBack] = []
    for kind in KINDS.values():
        cards = sorted((card for _, card in deck.cards_of(kind.section)),
                       key=lambda card: card.number)
        if not cards:
            continue
        back = CardBack(kind=kind.section.removesuffix("s"), label=kind.label, deck_name=name,
                        accent=kind.accent_in(style), section=kind.section, look=drawer)
        for card in cards:
            fronts.append(face_of(kind, card, deck, drawer))
            backs.append(back)
    return fronts, backs


def face_of(kind: CardKind, card: Any, deck: LoadedDeck, drawer: Any) -> CardFace:
    """The front of one card of the deck, drawn with `drawer` (its look) when there is one."""
    style = deck.info.style if deck.info is not None else Style()
    face = kind.face(card, style, deck.path.parent)
    if drawer is None:
        return face
    name = deck.info.name if deck.info is not None else deck.deck_id
    return replace(face, section=kind.section, deck_name=name, look=drawer,
                   flavour=getattr(card, "flavour", None), fields=card_fields(card))


def made_face(deck: LoadedDeck, section: str, values: dict[str, str]) -> CardFace | None:
    """The front of a card of a kind made of attributes (a What the Rule?! shape card), from
    its values as text; None when the section has no such kind or the values are not one of
    its cards."""
    kind = KINDS.get(section)
    if kind is None or not kind.attributes:
        return None
    typed = {name: next((value for value in kind.attributes.get(name, ()) if str(value) == text),
                        text) for name, text in values.items()}
    try:
        card = kind.adapter.validate_python({"id": "shown", "number": 1, **typed})
    except ValueError:
        return None
    return face_of(kind, card, deck, drawer_of(deck))


def card_fields(card: BaseModel) -> tuple[tuple[str, str | int | bool], ...]:
    """A card's plain fields (text, numbers, yes/no), for the layout's {fields} and `when:`;
    an action's own kind is `action_kind`, as `kind` is the kind of card."""
    fields: list[tuple[str, str | int | bool]] = []
    for name in type(card).model_fields:
        value: Any = getattr(card, name)
        if isinstance(value, BaseModel):
            fields += [(inner, part) for inner, part in card_fields(value)
                       if inner not in type(card).model_fields]
        elif isinstance(value, str | int | bool) and value is not None:
            fields.append(("action_kind" if name == "kind" else name, value))
    return tuple(fields)
