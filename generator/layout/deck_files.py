"""The files a deck's drawing reads besides the deck file: what a build's cache and a
watching preview both follow, so that an edit to any of them draws the cards again."""

from __future__ import annotations

from pathlib import Path

from generator.card_fields import deck_arts
from generator.deck import LoadedDeck

from .deck_look import deck_look, layout_path


def drawing_files(deck: LoadedDeck) -> set[Path]:
    """The deck file, its layout and the files they name: the spreadsheets its cards are
    read from, the layout files it extends, the cards' art and the pictures the templates
    place."""
    files = {deck.path, *deck.sheets, *(deck.path.parent / art for _, art in deck_arts(deck))}
    layout = layout_path(deck)
    if layout is not None:
        files.add(layout)
    look = deck_look(deck)
    if look is not None:
        files.update(look.files)
        files.update(Path(placed.spec.src) for elements in look.templates.values()
                     for placed in elements if placed.spec.src and "{" not in placed.spec.src)
    return files


def asset_files(deck: LoadedDeck) -> set[Path]:
    """The fonts and icons of the deck's look: a change to one may change any side's
    drawing without changing what the layout composes, so every side is drawn again."""
    look = deck_look(deck)
    if look is None:
        return set()
    return {*(path for styles in look.fonts.values() for path in styles.values()),
            *look.icons.values()}


def print_inputs(deck: LoadedDeck) -> list[Path]:
    """Every file besides the deck file whose change may change a printed card, sorted: the
    spreadsheets, art, layout files, template pictures, fonts and icons."""
    return sorted((drawing_files(deck) | asset_files(deck)) - {deck.path})
