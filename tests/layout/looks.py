"""What the look tests share: the shipped decks, each composed through its game's look, and
what a drawn text needs to be readable."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from generator.deck import LoadedDeck, load_deck
from generator.layout.paint import Drawn
from generator.pipeline.faces import faces_for
from generator.printing.composed import Composed
from generator.printing.drawing import luminance
from generator.printing.face_designs import compose_card_back, compose_face
from generator.printing.faces import CardBack, CardFace
from generator.printing.png import render_png
from generator.printing.sizes import CardSize, find_size
from generator.printing.units import pixels

DECKS = Path(__file__).resolve().parents[2] / "decks"
# Each shipped deck and the look its game prints it in.
SHIPPED_LOOKS = {"base": "hidden-rules", "jokers-secret-rules": "jokers-secret",
                 "jokers-secret": "jokers-secret", "mao": "mao",
                 "what-the-rule": "what-the-rule"}
POKER = find_size("poker")
BLEED_MM = 3.0


@dataclass(frozen=True)
class ShippedDeck:
    deck: LoadedDeck
    fronts: list[CardFace]
    backs: list[CardBack]


@functools.cache
def shipped(name: str) -> ShippedDeck:
    deck = load_deck(DECKS / f"{name}.yaml")
    fronts, backs = faces_for(deck)
    return ShippedDeck(deck, fronts, backs)


@functools.cache
def composed_front(name: str, index: int) -> Composed:
    return compose_face(shipped(name).fronts[index], POKER, BLEED_MM)


def composed_back(back: CardBack) -> Composed:
    return compose_card_back(back, POKER, BLEED_MM)


def texts(side: Composed) -> list[Drawn]:
    return [drawn for drawn in side.placed if drawn.type == "text" and drawn.ink is not None]


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two colours."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def render(side: Composed, size: CardSize = POKER, dpi: int = 100) -> Image.Image:
    """The card's trim, as printed, at `dpi`."""
    width, height = round(pixels(size.trim.w, dpi)), round(pixels(size.trim.h, dpi))
    return render_png(side, size_px=(width, height), dpi=dpi)


def dark_share(image: Image.Image) -> float:
    """The share of the image's pixels that are dark (ink)."""
    histogram = image.convert("L").histogram()
    return sum(histogram[:128]) / sum(histogram)
