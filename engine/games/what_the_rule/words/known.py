"""Phrasings the reader knows, one or two of each sentence shape: offered as the closest
ones when a phrase cannot be read (chosen by how many words they share with it)."""

from __future__ import annotations

import difflib

from engine.games.what_the_rule.words.lexicon import tokens

KNOWN_PHRASINGS: tuple[str, ...] = (
    "only black cards",
    "just filled ones",
    "only circles or triangles",
    "only cards with 5 or 6 shapes",
    "only an even number of shapes",
    "only cards with 1 to 3 shapes",
    "no squares",
    "squares are banned",
    "anything but circles",
    "no cards with 1 or 2 shapes",
    "triangles must be filled",
    "triangles only on black cards",
    "black cards show 1 to 3 shapes, white cards 4 to 6",
    "white cards must be filled, black cards unfilled",
    "black and white take turns",
    "alternate filled and unfilled",
    "switch between odd and even numbers",
    "the colour changes every card",
    "circle then triangle then square, and round again",
    "two blacks then two whites",
    "after a circle comes a triangle",
    "a black card may never follow a black card",
    "no two whites in a row",
    "never three cards of the same colour in a row",
    "the same shape as the card before",
    "copy the colour of the last card",
    "a different shape from the card before",
    "one more shape each time, and start over after six",
    "one more or one fewer than the card before",
    "more shapes than the card before",
    "the same shape or the same colour as the card before",
    "nothing in common with the card before",
    "a card and the card before add up to 7",
    "every third card is black and the others white",
    "start with a triangle, then a different shape each time",
    "the colour changes exactly when the shape does",
    "either the colour or the fill changes, but not both",
    "if the card before is black, the next one is white",
    "no circles unless they are black",
)


def closest(phrase: str, count: int = 3) -> tuple[str, ...]:
    """The known phrasings most like `phrase`, most alike first."""
    said = tokens(phrase)
    scored = []
    for order, known in enumerate(KNOWN_PHRASINGS):
        words = tokens(known)
        shared = len(set(said) & set(words))
        ratio = difflib.SequenceMatcher(None, said, words).ratio()
        scored.append((-(shared + ratio), order, known))
    return tuple(known for _, _, known in sorted(scored)[:count])
