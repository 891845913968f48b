"""What the two virtual-table exports share: the card images each draws once, the decks the
cards fall into by their back, and the folder they write.

A virtual table shows a card's front and back as pictures, so a card is drawn as printed and
cut at its trim (no bleed: nobody cuts it), and cards that look the same (What the Rule?!'s
two copies of each design) are one picture. Cards are put into decks by their back, and
every card of a kind must show the same back, or a player could tell secret rules apart
face down.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .atomic import atomic_directory
from .atomic import verify_replaceable as verify_replaceable
from .composed import Composed
from .errors import PrintError
from .faces import CardBack, CardFace
from .png import png_bytes, render_png
from .reports import MissingGlyphs, Overflow
from .sides import Composer
from .sizes import DEFAULT_BLEED_MM, CardSize
from .units import MM_PER_INCH

README = "README.txt"


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSummary:
    """A folder written for a virtual table."""

    directory: Path
    files: tuple[str, ...]
    cards: int
    images: int  # distinct front pictures
    backs: int
    decks: int  # one per distinct back
    sheets: int  # face sheets (Tabletop Simulator); 0 where each picture is its own file
    pixels: tuple[int, int]  # one card's picture
    dpi: float
    file_bytes: int
    overflow: tuple[Overflow, ...]
    missing_glyphs: tuple[MissingGlyphs, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BackGroup:
    """The cards that share one back, in deck order: a deck of their own on the table."""

    back: CardBack
    cards: tuple[int, ...]  # indexes into the fronts

    @property
    def name(self) -> str:
        """ "triggers", "rule cards": the deck file's section, or the kind."""
        return (self.back.section or self.back.kind).replace("_", " ").strip() or "cards"


def back_groups(fronts: Sequence[CardFace], backs: Sequence[CardBack]) -> list[BackGroup]:
    """The cards grouped by their back, groups in the order their first card comes.

    Raises PrintError when two cards of one kind would show different backs: face down,
    that difference would tell the players which card is which.
    """
    by_kind: dict[str, set[CardBack]] = {}
    for face, back in zip(fronts, backs, strict=True):
        by_kind.setdefault(face.kind, set()).add(back)
    for kind, kinds_backs in by_kind.items():
        if len(kinds_backs) > 1:
            raise PrintError(f'The "{kind}" cards would show {len(kinds_backs)} different '
                             "backs, so a player could tell them apart face down; give "
                             "every card of a kind the same back.")
    groups: dict[CardBack, list[int]] = {}
    for index, back in enumerate(backs):
        groups.setdefault(back, []).append(index)
    return [BackGroup(back=back, cards=tuple(cards)) for back, cards in groups.items()]


@dataclass(frozen=True, slots=True)
class Pictures:
    """The distinct front pictures of some cards: each drawn once, however many cards
    show it."""

    sides: tuple[Composed, ...]  # one per picture, in the order its first card comes
    first: tuple[int, ...]  # the first card showing each picture (an index into the fronts)
    of_card: dict[int, int]  # card index -> its picture's index


def distinct_pictures(fronts: Sequence[CardFace], cards: Sequence[int],
                      composer: Composer) -> Pictures:
    """The pictures of `cards` (indexes into `fronts`): two cards share one when what is
    drawn on them is the same, shape for shape."""
    seen: dict[object, int] = {}
    sides: list[Composed] = []
    first: list[int] = []
    of_card: dict[int, int] = {}
    for index in cards:
        side = composer.front(fronts[index])
        picture = seen.get(side.items)
        if picture is None:
            picture = seen[side.items] = len(sides)
            sides.append(side)
            first.append(index)
        of_card[index] = picture
    return Pictures(tuple(sides), tuple(first), of_card)


def trim_pixels(size: CardSize, dpi: float) -> tuple[int, int]:
    """A card's trim in whole pixels at `dpi`: poker cards at 300 dpi are 744 × 1039."""
    return (round(size.width_mm / MM_PER_INCH * dpi), round(size.height_mm / MM_PER_INCH * dpi))


def width_dpi(size: CardSize, width_px: int) -> float:
    """The resolution at which the card's width is `width_px` pixels."""
    return width_px / (size.width_mm / MM_PER_INCH)


def trim_composer(size: CardSize) -> Composer:
    """A composer for pictures of the trim alone: the card is composed as it is printed,
    with its bleed (a layout may measure from the bleed's edge), and the picture is cut at
    the trim."""
    return Composer(size=size, bleed_mm=DEFAULT_BLEED_MM)


def draw_card(side: Composed, pixels: tuple[int, int], dpi: float) -> bytes:
    """One side drawn to its trim and encoded as a PNG."""
    return png_bytes(render_png(side, size_px=pixels, dpi=dpi), dpi)


def slug(text: str) -> str:
    """ "Rule cards" -> "rule-cards": for file names."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "cards"


def write_folder(directory: Path, files: dict[str, bytes]) -> int:
    """Fill a fresh folder with `files` (name -> content) beside `directory` and swap it in
    once all are written, so a failure leaves the old folder as it was; returns the bytes
    written."""
    total = 0
    with atomic_directory(directory) as temporary:
        for name, data in files.items():
            total += (temporary / name).write_bytes(data)
    return total
