"""What `hrdeck build` would refuse or mangle, found before any file is drawn: art that is
not a picture or lies outside the deck's folder, and text the card fonts cannot print.

Both look at every card of every kind the registry knows, through `generator.card_fields`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from generator.card_fields import card_places, deck_arts, printed_fields
from generator.deck import LoadedDeck
from generator.yamlmarks import Path as YamlPath

# Characters the card fonts are known to have (a test holds them to it): text made only of
# these needs no look at the fonts, which would load reportlab on every check.
SURE_GLYPHS = frozenset(
    [chr(code) for code in (*range(0x20, 0x7F), *range(0xA0, 0x180))] + list("…“”‘’—–−♠♥♦♣·•×"))


def check_printable(deck: LoadedDeck, fonts: Sequence[str] | None = None) -> None:
    """Art and glyphs. `fonts` are the font names to try in order (the deck's fonts or a
    `font_chain` name, icons included; DejaVu Sans is added last when no DejaVu face is in it);
    None (or none) for hrdeck's own font."""
    _check_art(deck)
    _check_glyphs(deck, fonts)


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


def _fonts_named(names: Sequence[str]) -> str:
    """ "DejaVu Sans", "neither Pirate One nor DejaVu Sans", "none of A, B or C"."""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return f"neither {names[0]} nor {names[1]}"
    return f"none of {', '.join(names[:-1])} or {names[-1]}"


def _check_glyphs(deck: LoadedDeck, fonts: Sequence[str] | None = None) -> None:
    if not fonts:  # our own font: text of known characters needs no look (nor reportlab)
        texts = [(at, text) for at, text in _printed_texts(deck)
                 if not SURE_GLYPHS.issuperset(text.replace("\n", " "))]
        if not texts:
            return
    else:
        texts = list(_printed_texts(deck))
    from generator.printing.font_files import font_display_name
    from generator.printing.fonts import REGULAR, chain_fonts, font_chain, missing_glyphs

    chain = font_chain(fonts or [REGULAR])
    members = [font_display_name(font) for font in chain_fonts(chain)]
    named = _fonts_named(members)
    for at, text in texts:
        missing = missing_glyphs(text, chain)
        if missing:
            shown = " ".join(f"{char} (U+{ord(char):04X})" for char in missing[:8])
            if len(members) == 1:
                said = f"The card font ({named}) has no glyph for {shown}"
            else:
                said = f"{named[0].upper()}{named[1:]} has a glyph for {shown}"
            data: dict[str, float | int | str] = {"characters": missing}
            if fonts:
                data["fonts"] = ", ".join(members)
            deck.add("glyph-missing", f"{said}: printed, each would be an empty box. Write the "
                     "text without them.", at, data=data)
