"""The deck a preview draws: loaded, checked as far as drawing needs, its chosen sides composed.

A preview checks what decides how a card looks: the deck's own fields (as loaded), the
printable checks (art, glyphs) and the layout checks. What the rules mean (triggers, pairs,
rule cards) is `hrdeck check`'s to prove; leaving it out keeps a preview well under a second.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.errors import HrdeckError, did_you_mean
from engine.games import load_part
from generator.card_faces import faces_for
from generator.check.printable import check_printable
from generator.check.report import CheckReport
from generator.check.run import allowed_dropped
from generator.deck import LoadedDeck, load_deck
from generator.issues import Severity
from generator.layout.checks import check_layout
from generator.layout.compose import LookDrawer
from generator.layout.deck_look import deck_text_fonts
from generator.layout.look import Placed
from generator.printing.composed import Composed
from generator.printing.drawing import Clip, Icon, Item, Picture
from generator.printing.faces import CardBack, CardFace
from generator.printing.sides import Composer
from generator.printing.sizes import DEFAULT_BLEED_MM, CardSize, find_size

# A side's drawing, as compared between two runs: its items and the pictures they show, each
# with its file's modification time and size (a picture edited in place draws differently).
Drawing = tuple[tuple[Item, ...], tuple[tuple[Path, int, int], ...]]


class UnknownCard(HrdeckError):
    """A card id the deck does not have."""


@dataclass(frozen=True, slots=True)
class PreviewSide:
    """One side to draw: its file name's stem (the card's id, or "<kind>.back"), the card it
    belongs to, and what it composed to."""

    name: str
    ident: str
    composed: Composed
    elements: tuple[Placed, ...] = ()  # the layout template that drew it (none: no layout)

    @property
    def drawing(self) -> Drawing:
        return self.composed.items, picture_stamps(self.composed.items)


@dataclass(frozen=True, slots=True)
class CheckedDeck:
    """A deck as a preview reads it: the check's report, and the deck when it may be drawn."""

    deck: LoadedDeck
    report: CheckReport

    @property
    def drawable(self) -> bool:
        """Whether the cards can be drawn: what the drawn-card checks find (text too long, a
        background short of the bleed) is shown, not stopped at: the preview is where a
        designer sees it."""
        return not self.report.unusable and not any(
            issue.severity is Severity.ERROR and issue.code not in SEEN_ON_THE_CARD
            for issue in self.report.issues)


# What the drawn-card checks find: the preview draws the cards anyway, to show it.
SEEN_ON_THE_CARD = frozenset({"text-overflow", "bleed-short", "icon-unknown"})


def checked_deck(path: Path) -> CheckedDeck:
    """Load the deck at `path` and run the checks that decide how its cards look."""
    started = time.perf_counter()
    deck = load_deck(path)
    report = CheckReport(path=str(path), deck_id=deck.deck_id, issues=deck.issues, triggers=[],
                         unusable=deck.unusable,
                         game=deck.info.base_game if deck.info is not None else "")
    if not deck.unusable:
        check_printable(deck, deck_text_fonts(deck))
        check_layout(deck)
        report.issues[:] = allowed_dropped(deck, report.issues)
    report.seconds = time.perf_counter() - started
    return CheckedDeck(deck, report)


def card_size_of(deck: LoadedDeck) -> CardSize:
    return find_size(deck.info.card_size if deck.info is not None else "poker")


def chosen_fronts(deck: LoadedDeck, fronts: Sequence[CardFace],
                  ids: Sequence[str]) -> list[int]:
    """The places in `fronts` of the cards `ids` names, in the order named (every card when
    none is named); an id the deck lacks is an `UnknownCard` with the closest one."""
    if not ids:
        return list(range(len(fronts)))
    places = {face.ident: place for place, face in enumerate(fronts)}
    chosen: list[int] = []
    for ident in ids:
        if ident not in places:
            raise UnknownCard(f'{deck.path} has no card "{ident}".'
                              f"{did_you_mean(ident, places)}")
        if places[ident] not in chosen:
            chosen.append(places[ident])
    return chosen


def compose_sides(deck: LoadedDeck, ids: Sequence[str] = (), *, backs: bool = False,
                  bleed_mm: float = DEFAULT_BLEED_MM) -> tuple[list[PreviewSide], Composer]:
    """The chosen cards' fronts (and, with `backs`, each distinct back among them once),
    composed; the composer holds what did not fit."""
    load_part(deck.info.base_game if deck.info is not None else "", "printing")  # its designs
    fronts, card_backs = faces_for(deck)
    composer = Composer(size=card_size_of(deck), bleed_mm=bleed_mm)
    sides: list[PreviewSide] = []
    seen: list[CardBack] = []
    places = chosen_fronts(deck, fronts, ids)
    for place in places:
        face = fronts[place]
        sides.append(PreviewSide(face.ident, face.ident, composer.front(face),
                                 _template(face.look, face.section, "front")))
    for place in places if backs else ():
        back = card_backs[place]
        if back not in seen:
            seen.append(back)
            sides.append(PreviewSide(f"{back.kind}.back", fronts[place].ident,
                                     composer.back(back),
                                     _template(back.look, back.section, "back")))
    return sides, composer


def _template(drawer: object, section: str, side: str) -> tuple[Placed, ...]:
    """The elements of the template that draws `side` of the section's cards (none when the
    deck has no layout: the game's own design draws them)."""
    if not isinstance(drawer, LookDrawer):
        return ()
    look = drawer.look
    return look.templates.get(look.template_name(section, side), ())


def picture_stamps(items: Sequence[Item]) -> tuple[tuple[Path, int, int], ...]:
    """Each picture and icon the items draw, with its file's modification time and size (0, 0
    when it cannot be read)."""
    stamps: list[tuple[Path, int, int]] = []
    for item in items:
        if isinstance(item, Clip):
            stamps += picture_stamps(item.items)
        elif isinstance(item, Picture):
            stamps.append((item.path, *file_stamp(item.path)))
        elif isinstance(item, Icon):
            stamps.append((item.source, *file_stamp(item.source)))
    return tuple(stamps)


def file_stamp(path: Path) -> tuple[int, int]:
    """When `path` was last changed and its size; (0, 0) when it is not there."""
    try:
        found = path.stat()
    except OSError:
        return (0, 0)
    return (found.st_mtime_ns, found.st_size)
