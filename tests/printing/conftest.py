"""Small decks for the print engine's tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from generator.printing import CardBack, CardFace
from generator.typography import typeset

ACCENTS = {"trigger": "#1f6feb", "action": "#c2410c"}
HOSTILE = '<b>x</b> & <font name="Helvetica">'
PRINTED_HOSTILE = typeset(HOSTILE)  # as printed: markup as text, its quotes typographic


def deck(count: int, *, text: str = "When a ♥ is played on a ♠, say “nice” — {n}.",
         deck_name: str = "Test Deck") -> tuple[list[CardFace], list[CardBack]]:
    """`count` cards alternating trigger and action, each text naming its number."""
    fronts, backs = [], []
    for n in range(1, count + 1):
        kind = "trigger" if n % 2 else "action"
        fronts.append(CardFace(kind=kind, label=kind.upper(), number=n, text=text.format(n=n),
                               accent=ACCENTS[kind], ident=f"{kind[0]}{n}"))
        backs.append(CardBack(kind=kind, label=kind.upper(), deck_name=deck_name,
                              accent=ACCENTS[kind]))
    return fronts, backs


def unique_backs(count: int) -> tuple[list[CardFace], list[CardBack]]:
    """Every card its own kind, so each back can be told apart in the PDF."""
    fronts, backs = [], []
    for n in range(count):
        kind = f"kind{n}"
        fronts.append(CardFace(kind=kind, label=f"K{n}", number=n, text=f"card {n}",
                               accent="#336699", ident=kind))
        backs.append(CardBack(kind=kind, label=f"B{n}", deck_name="D", accent="#336699"))
    return fronts, backs


def red_pixels(image: Image.Image) -> int:
    """How many pixels are the red of hearts and diamonds (#c8102e, give or take)."""
    red, green, blue = (channel.point(lambda v, lo=lo, hi=hi: 255 if lo <= v <= hi else 0)
                        for channel, (lo, hi) in zip(image.convert("RGB").split(),
                                                     ((150, 255), (0, 70), (0, 90)), strict=True))
    both = ImageChops.multiply(ImageChops.multiply(red, green), blue)
    return int(ImageStat.Stat(both).sum[0] // 255)


@pytest.fixture
def art(tmp_path: Path) -> Path:
    path = tmp_path / "art.png"
    Image.new("RGB", (600, 400), (40, 160, 90)).save(path)
    return path
