"""The fifth game's card kind: number cards, one number from 1 to 10 each, printed by a face
design of the game's own ("big-number", drawn in `tests.fifth_game.printing`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field

from generator.card_kinds import CardKind
from generator.deck_model import Slug, Strict
from generator.printing.faces import CardFace
from tests.fifth_game.game import HIGHEST, LOWEST, NAME

DESIGN = "big-number"


class NumberCard(Strict):
    """One number card: the number a player turns over."""

    id: Slug
    number: int = Field(ge=1, le=999, strict=True, description="its place in the deck")
    shows: int = Field(ge=LOWEST, le=HIGHEST, strict=True,
                       description=f"the number it shows, {LOWEST} to {HIGHEST}")
    allow: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, description="warning codes to accept for this card")


def number_front(card: NumberCard, kind: CardKind, accent: str, folder: Path) -> CardFace:
    """A number card's front: the kind's label over the number it shows, large."""
    return CardFace(kind="number", label=kind.label, number=card.number, text=str(card.shows),
                    accent=accent, ident=card.id, design=DESIGN,
                    details=(("shows", str(card.shows)),))


NUMBERS = CardKind(
    section="numbers", noun="number card", label="NUMBER", model=NumberCard,
    accent="#8b5a1f", description="Higher or Lower's number cards: the numbers turned over",
    games=(NAME,), front=number_front)
