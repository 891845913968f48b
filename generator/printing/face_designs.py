"""Card front designs by name: a face's `design` picks the function that composes it.

"text" is the look in design.py (label and number, title, art, text); "shapes" shows one to six
shapes (shape_face.py). A face whose deck has a look (every game that declares one: the four
shipped games) is drawn by that look instead; these designs draw the cards of the others.
A new design is a function composing a front as `compose_front` does, and one
`register_face_design` call.
"""

from __future__ import annotations

from typing import Protocol

from engine.errors import did_you_mean

from .composed import Composed
from .design import STYLE, FaceStyle, compose_back, compose_front
from .errors import PrintError
from .faces import CardBack, CardFace
from .shape_face import compose_shapes
from .sizes import CardSize


class FaceDesign(Protocol):
    """Composes one card front in card coordinates, as `compose_front` does."""

    def __call__(self, face: CardFace, size: CardSize, bleed_mm: float,
                 style: FaceStyle = ...) -> Composed: ...


FACE_DESIGNS: dict[str, FaceDesign] = {}


def register_face_design(name: str, compose: FaceDesign) -> None:
    """Make `compose` the design called `name`; a name is registered once."""
    if name in FACE_DESIGNS:
        raise ValueError(f'There is already a face design called "{name}".')
    FACE_DESIGNS[name] = compose


def unregister_face_design(name: str) -> None:
    """Forget a design (a test's game's)."""
    FACE_DESIGNS.pop(name, None)


def find_design(face: CardFace) -> FaceDesign:
    """The design `face` names, or a PrintError naming the card and the designs there are."""
    compose = FACE_DESIGNS.get(face.design)
    if compose is None:
        raise PrintError(f'{face.ident or face.heading}: there is no card design '
                         f'"{face.design}"; the designs are {", ".join(FACE_DESIGNS)}.'
                         f"{did_you_mean(face.design, FACE_DESIGNS)}")
    return compose


def compose_face(face: CardFace, size: CardSize, bleed_mm: float,
                 style: FaceStyle = STYLE) -> Composed:
    """`face` composed by its deck's layout, or by the design it names."""
    if face.look is not None:
        return face.look.front(face, size, bleed_mm)
    return find_design(face)(face, size, bleed_mm, style)


def compose_card_back(back: CardBack, size: CardSize, bleed_mm: float) -> Composed:
    """`back` composed by its deck's layout, or as the text design draws backs."""
    if back.look is not None:
        return back.look.back(back, size, bleed_mm)
    return compose_back(back, size, bleed_mm)


register_face_design("text", compose_front)
register_face_design("shapes", compose_shapes)
