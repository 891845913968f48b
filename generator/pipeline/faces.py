"""Turn a deck's cards into the faces and backs the print engine draws."""

from __future__ import annotations

from generator.deck import LoadedDeck
from generator.deck_model import Style
from generator.printing.faces import CardBack, CardFace


def faces_for(deck: LoadedDeck) -> tuple[list[CardFace], list[CardBack]]:
    """Fronts in deck order (triggers, then actions) and each front's back."""
    style = deck.info.style if deck.info is not None else Style()
    name = deck.info.name if deck.info is not None else deck.deck_id
    backs = {
        "trigger": CardBack(kind="trigger", label="TRIGGER", deck_name=name,
                            accent=style.trigger_colour),
        "action": CardBack(kind="action", label="ACTION", deck_name=name,
                           accent=style.action_colour),
    }
    fronts: list[CardFace] = []
    for kind, cards, accent in (("trigger", deck.triggers, style.trigger_colour),
                                ("action", deck.actions, style.action_colour)):
        for _, card in sorted(cards, key=lambda item: item[1].number):
            art = deck.path.parent / card.art if card.art else None
            fronts.append(CardFace(kind=kind, label=kind.upper(), number=card.number,
                                   text=card.text, accent=accent, art=art, ident=card.id))
    return fronts, [backs[face.kind] for face in fronts]
