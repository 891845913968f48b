"""Real cards in the rulebook: drawn by the same code as the print sheets, scaled down.

A template writes `<card id="play-a-seven"/>` for one of the deck's cards, or a card of a kind
made of attributes by its values (`<card section="shapes" shape="circle" count="3"
fill="filled" colour="black"/>`); `<cards>` sets several side by side. `width` is in
millimetres. The card is composed from the deck's look exactly as `hrdeck build` composes it
for the sheets, cut at the trim, with a hairline round it so a white card shows on paper.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.etree import ElementTree as ET

from reportlab.platypus import Flowable  # type: ignore[import-untyped, unused-ignore]

from generator.printing.composed import Composed
from generator.printing.face_designs import compose_face
from generator.printing.faces import CardFace
from generator.printing.pdf import Painter
from generator.printing.sizes import CardSize
from generator.printing.units import mm

DEFAULT_WIDTH_MM = 30.0
GAP_MM = 4.0
EDGE = (0.55, 0.55, 0.55)  # the hairline round a card


class UnknownCard(ValueError):
    """A card the template asks for that the deck does not have."""


@dataclass
class BookCards:
    """The deck's cards as the book may draw them: by id, or made from attribute values."""

    size: CardSize
    faces: Mapping[str, CardFace] = field(default_factory=dict)
    # Makes the face of a card of a section from its attribute values (None: no such kind).
    make: Any = None
    _composed: dict[CardFace, Composed] = field(default_factory=dict)

    def face(self, element: ET.Element) -> CardFace:
        ident = element.get("id")
        if ident is not None:
            found = self.faces.get(ident)
            if found is None:
                raise UnknownCard(f'The rulebook shows the card "{ident}", which the deck '
                                  "does not have.")
            return found
        values = {key: value for key, value in element.attrib.items()
                  if key not in ("section", "width")}
        face: CardFace | None = self.make(element.get("section", ""), values) \
            if self.make is not None else None
        if face is None:
            raise UnknownCard(f"The rulebook shows a card it cannot make: {element.attrib}.")
        return face

    def composed(self, face: CardFace) -> Composed:
        side = self._composed.get(face)
        if side is None:
            side = self._composed[face] = compose_face(face, self.size, 0.0)
        return side


class CardPicture(Flowable):  # type: ignore[misc]
    """One card, `width` points wide, as printed (trimmed)."""

    def __init__(self, side: Composed, width: float) -> None:
        super().__init__()
        self.side = side
        self.card_width = width
        self.card_height = width * side.trim.h / side.trim.w

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.card_width, self.card_height

    def draw(self) -> None:
        draw_card(self.canv, self.side, 0.0, 0.0, self.card_width)


def draw_card(canvas: Any, side: Composed, x: float, y: float, width: float) -> None:
    """`side` drawn with its trim's lower-left at (x, y), `width` points wide."""
    scale = width / side.trim.w
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(scale, scale)
    path = canvas.beginPath()
    radius = mm(3.0)
    path.roundRect(0, 0, side.trim.w, side.trim.h, radius)
    canvas.clipPath(path, stroke=0, fill=0)
    Painter(canvas).draw(side.items)
    canvas.restoreState()
    canvas.saveState()
    canvas.setStrokeColorRGB(*EDGE)
    canvas.setLineWidth(0.4)
    canvas.roundRect(x, y, width, side.trim.h * scale, radius * scale, stroke=1, fill=0)
    canvas.restoreState()


class CardRow(Flowable):  # type: ignore[misc]
    """Cards side by side, centred, `gap` points apart; narrower if the line is too short."""

    def __init__(self, sides: Sequence[Composed], width: float, gap: float = mm(GAP_MM)) -> None:
        super().__init__()
        self.sides = list(sides)
        self.card_width = width
        self.gap = gap
        self._line = 0.0

    def _fitted_width(self, available: float) -> float:
        count = len(self.sides)
        room = (available - self.gap * (count - 1)) / max(count, 1)
        return min(self.card_width, room)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self._line = available_width
        width = self._fitted_width(available_width)
        tallest = max((width * side.trim.h / side.trim.w for side in self.sides), default=0.0)
        return available_width, tallest

    def draw(self) -> None:
        width = self._fitted_width(self._line)
        total = width * len(self.sides) + self.gap * (len(self.sides) - 1)
        x = (self._line - total) / 2
        for side in self.sides:
            draw_card(self.canv, side, x, 0.0, width)
            x += width + self.gap


def card_width(element: ET.Element, default_mm: float = DEFAULT_WIDTH_MM) -> float:
    try:
        return mm(float(element.get("width", default_mm)))
    except ValueError:
        return mm(default_mm)
