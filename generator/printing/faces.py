"""The two sides of a printed card, as the deck loader hands them to the print engine."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # only named in hints: checking a deck loads no drawing code
    from .composed import Composed
    from .sizes import CardSize


class CardLook(Protocol):
    """What draws the sides of a deck's cards from its layout (`generator.layout`)."""

    def front(self, face: CardFace, size: CardSize, bleed_mm: float) -> Composed: ...

    def back(self, back: CardBack, size: CardSize, bleed_mm: float) -> Composed: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class CardFace:
    """The front of one card.

    `text` is plain text (never markup); ♥ and ♦ in it print red. `accent` is the kind's
    colour as #rrggbb. `ident` names the card in reports (the deck's id for it). `design`
    names the look that composes it (see face_designs.py), and `details` are that design's
    own values as (name, value) text pairs, such as (("shape", "circle"), ("count", "3")).
    """

    kind: str
    label: str
    number: int | None
    text: str
    accent: str
    title: str | None = None
    art: Path | None = None
    ident: str = ""
    design: str = "text"
    details: tuple[tuple[str, str], ...] = ()
    section: str = ""  # the deck file's section: triggers
    flavour: str | None = None
    deck_name: str = ""
    fields: tuple[tuple[str, str | int | bool], ...] = ()  # the card's own, for the layout
    look: CardLook | None = None  # the deck's layout; None: the design above draws it

    @property
    def heading(self) -> str:
        """The big label: "TRIGGER 13", or just "TRIGGER" when the card has no number."""
        return self.label if self.number is None else f"{self.label} {self.number}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CardBack:
    """The back shared by every card of one kind."""

    kind: str
    label: str
    deck_name: str
    accent: str
    section: str = ""
    look: CardLook | None = None
