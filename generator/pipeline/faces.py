"""Turn a deck's cards into the faces and backs the print engine draws."""

from __future__ import annotations

from generator.card_kinds import KINDS
from generator.deck import LoadedDeck
from generator.deck_model import Style
from generator.printing.faces import CardBack, CardFace


def faces_for(deck: LoadedDeck) -> tuple[list[CardFace], list[CardBack]]:
    """Fronts in deck order (each section as registered: triggers, actions, then the other
    kinds; by number within one) and each front's back, one back per kind."""
    style = deck.info.style if deck.info is not None else Style()
    name = deck.info.name if deck.info is not None else deck.deck_id
    fronts: list[CardFace] = []
    backs: list[CardBack] = []
    for kind in KINDS.values():
        cards = sorted((card for _, card in deck.cards_of(kind.section)),
                       key=lambda card: card.number)
        if not cards:
            continue
        back = CardBack(kind=kind.section.removesuffix("s"), label=kind.label, deck_name=name,
                        accent=kind.accent_in(style))
        for card in cards:
            fronts.append(kind.face(card, style, deck.path.parent))
            backs.append(back)
    return fronts, backs
