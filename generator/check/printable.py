"""What `hrdeck build` would refuse or mangle, found before any file is drawn: art that is
not a picture or lies outside the deck's folder, and text the card fonts cannot print.

Both look at every card of every kind the registry knows, through `generator.card_fields`."""

from __future__ import annotations

from collections.abc import Iterator

from generator.card_fields import card_places, deck_arts, printed_fields
from generator.deck import LoadedDeck
from generator.yamlmarks import Path as YamlPath

# Characters the card fonts are known to have (a test holds them to it): text made only of
# these needs no look at the fonts, which would load reportlab on every check.
SURE_GLYPHS = frozenset(
    [chr(code) for code in (*range(0x20, 0x7F), *range(0xA0, 0x180))] + list("…“”‘’—–−♠♥♦♣·•×"))


def check_printable(deck: LoadedDeck) -> None:
    _check_art(deck)
    _check_glyphs(deck)


def _check_art(deck: LoadedDeck) -> None:
    from generator.printing.art import art_problem

    folder = deck.path.parent.resolve()
    for at, art in deck_arts(deck):
        path = (deck.path.parent / art).resolve()  # a link is followed to where it leads
        if not path.is_relative_to(folder):
            deck.add("art-unusable", f'The art "{art}" lies outside the deck\'s folder '
                     f"({folder}); keep pictures beside the deck, so that it travels whole "
                     "and a deck from a stranger reads nothing else.", at)
            continue
        if not path.is_file():
            continue  # art-missing, reported with the deck
        problem = art_problem(path)
        if problem is not None:
            deck.add("art-unusable", f'The art "{art}" cannot be printed: {problem}.', at)


def _printed_texts(deck: LoadedDeck) -> Iterator[tuple[YamlPath, str]]:
    """Every piece of deck text that ends up on a card or in the rulebook, with its place."""
    if deck.info is not None:
        yield ("deck", "name"), deck.info.name
        yield ("deck", "description"), deck.info.description
    for at, card in card_places(deck):
        yield from printed_fields(card, at)


def _check_glyphs(deck: LoadedDeck) -> None:
    texts = [(at, text) for at, text in _printed_texts(deck)
             if not SURE_GLYPHS.issuperset(text.replace("\n", " "))]
    if not texts:
        return
    from generator.printing.fonts import REGULAR, missing_glyphs

    for at, text in texts:
        missing = missing_glyphs(text, REGULAR)
        if missing:
            shown = " ".join(f"{char} (U+{ord(char):04X})" for char in missing[:8])
            deck.add("glyph-missing", f"The card font (DejaVu Sans) has no glyph for {shown}: "
                     "printed, each would be an empty box. Write the text without them.", at,
                     data={"characters": missing})

