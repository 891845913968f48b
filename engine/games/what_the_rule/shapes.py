"""The 144 cards of What the Rule?!: 72 designs (shape × count × fill × colour), two of each.

A design is written as a short code, colour then count then fill then shape: "b3fc" is a
black card with three filled circles, "w6ut" a white card with six unfilled triangles. The
same design can be typed in words: "3 black filled circles", "white 6 unfilled triangle".
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from engine.errors import CardError, did_you_mean

SHAPES = ("circle", "triangle", "square")
COUNTS = (1, 2, 3, 4, 5, 6)
FILLS = ("filled", "unfilled")
COLOURS = ("white", "black")
COPIES = 2
HAND = 10


@dataclass(frozen=True, slots=True)
class Design:
    """One card design; `index` is its place among the 72."""

    shape: str
    count: int
    fill: str
    colour: str
    index: int

    @property
    def code(self) -> str:
        return f"{self.colour[0]}{self.count}{self.fill[0]}{self.shape[0]}"

    @property
    def name(self) -> str:
        """ "a black card with 3 filled circles" """
        shapes = self.shape + ("s" if self.count > 1 else "")
        return f"a {self.colour} card with {self.count} {self.fill} {shapes}"

    def __repr__(self) -> str:
        return f"Design({self.code})"


DESIGNS: tuple[Design, ...] = tuple(
    Design(shape, count, fill, colour, index) for index, (colour, count, fill, shape)
    in enumerate(itertools.product(COLOURS, COUNTS, FILLS, SHAPES)))
DECK: tuple[Design, ...] = tuple(design for design in DESIGNS for _ in range(COPIES))
_BY_CODE = {design.code: design for design in DESIGNS}

_WORDS = {**{shape: ("shape", shape) for shape in SHAPES},
          **{shape + "s": ("shape", shape) for shape in SHAPES},
          **{fill: ("fill", fill) for fill in FILLS}, "outlined": ("fill", "unfilled"),
          "empty": ("fill", "unfilled"), "solid": ("fill", "filled"),
          **{colour: ("colour", colour) for colour in COLOURS},
          **{str(count): ("count", str(count)) for count in COUNTS},
          **{word: ("count", str(count)) for count, word in
             zip(COUNTS, ("one", "two", "three", "four", "five", "six"), strict=True)}}
_FILLER = {"a", "an", "card", "cards", "with", "of"}


def parse_design(text: str) -> Design:
    """A design from its code ("b3fc") or words ("3 black filled circles")."""
    plain = text.strip().lower()
    if plain in _BY_CODE:
        return _BY_CODE[plain]
    parts: dict[str, str] = {}
    for word in re.split(r"[\s,]+", plain):
        if not word or word in _FILLER:
            continue
        found = _WORDS.get(word)
        if found is None:
            raise CardError(f'"{text.strip()}" is not a card: "{word}" is no shape, count, '
                            "fill or colour. Write a code such as b3fc (black, 3, filled, "
                            "circles) or words such as 3 black filled circles."
                            + did_you_mean(word, list(_WORDS)))
        part, value = found
        if part in parts and parts[part] != value:
            raise CardError(f'"{text.strip()}" names two {part}s.')
        parts[part] = value
    missing = [part for part in ("shape", "count", "fill", "colour") if part not in parts]
    if missing:
        raise CardError(f'"{text.strip()}" does not say the card\'s {" and ".join(missing)}: '
                        "a card has a shape, a count (1 to 6), a fill and a colour, e.g. "
                        "b3fc or 3 black filled circles.")
    code = f"{parts['colour'][0]}{parts['count']}{parts['fill'][0]}{parts['shape'][0]}"
    return _BY_CODE[code]
