"""Deck text the rulebook's fonts cannot draw (it would print as empty boxes)."""

from __future__ import annotations

from generator.deck import LoadedDeck
from generator.printing.fonts import missing_glyphs
from generator.printing.reports import MissingGlyphs

from .cards import trigger_when
from .fonts import MONO, REGULAR, register_rulebook_fonts


def rulebook_missing_glyphs(deck: LoadedDeck) -> tuple[MissingGlyphs, ...]:
    """Each card (or the deck's details) with characters DejaVu Sans or Sans Mono lack."""
    register_rulebook_fonts()
    found: list[MissingGlyphs] = []

    def check(ident: str, kind: str, regular: list[str], mono: str = "") -> None:
        characters = missing_glyphs("".join(regular), REGULAR) + missing_glyphs(mono, MONO)
        unique = "".join(dict.fromkeys(characters))
        if unique:
            found.append(MissingGlyphs(ident=ident, kind=kind, characters=unique))

    if deck.info is not None:
        check(deck.deck_id, "deck", [deck.info.name, deck.info.version, deck.info.description])
    for _, trigger in deck.triggers:
        check(trigger.id, "trigger", [trigger.text], trigger_when(trigger) or "")
    for _, action in deck.actions:
        check(action.id, "action", [action.text, *action.hints])
    return tuple(found)
