"""Card and paper sizes: data, in millimetres, looked up by name."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import did_you_mean

from .errors import PrintError
from .units import Box, mm

DEFAULT_BLEED_MM = 3.0
DEFAULT_SAFE_MM = 3.5


@dataclass(frozen=True, slots=True, kw_only=True)
class CardSize:
    """A card's trimmed size and its safe zone (how far inside the trim text must stay)."""

    name: str
    width_mm: float
    height_mm: float
    safe_mm: float = DEFAULT_SAFE_MM

    @property
    def trim(self) -> Box:
        """The trimmed card in card coordinates: the origin is its lower-left corner."""
        return Box(0.0, 0.0, mm(self.width_mm), mm(self.height_mm))

    @property
    def safe(self) -> Box:
        return self.trim.inset(mm(self.safe_mm))

    def bleed_box(self, bleed_mm: float) -> Box:
        return self.trim.inset(-mm(bleed_mm))

    def describe(self) -> str:
        return f"{self.name} {self.width_mm:g} × {self.height_mm:g} mm"


CARD_SIZES: dict[str, CardSize] = {
    size.name: size
    for size in (
        CardSize(name="poker", width_mm=63.0, height_mm=88.0),
        CardSize(name="2.5x3.5in", width_mm=63.5, height_mm=88.9),
        CardSize(name="bridge", width_mm=57.0, height_mm=89.0),
        CardSize(name="mini", width_mm=44.0, height_mm=63.0, safe_mm=3.0),
        CardSize(name="tarot", width_mm=70.0, height_mm=120.0),
    )
}

PAPER_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}


def find_size(name: str) -> CardSize:
    """The card size called `name` (case does not matter), or a PrintError naming the choices."""
    size = CARD_SIZES.get(name.lower())
    if size is None:
        raise PrintError(f'There is no card size "{name}"; the sizes are '
                         f'{", ".join(CARD_SIZES)}.{did_you_mean(name, CARD_SIZES)}')
    return size


def find_paper(name: str) -> tuple[float, float]:
    """(width, height) in millimetres of the paper called `name`, portrait."""
    paper = PAPER_SIZES.get(name.lower())
    if paper is None:
        raise PrintError(f'There is no paper size "{name}"; the sizes are '
                         f'{", ".join(PAPER_SIZES)}.{did_you_mean(name, PAPER_SIZES)}')
    return paper


def verify_bleed(bleed_mm: float) -> None:
    """Raise PrintError unless the bleed is a sensible number of millimetres."""
    if not 0.0 <= bleed_mm <= 10.0:
        raise PrintError(f"A bleed of {bleed_mm:g} mm is outside 0 to 10 mm.")
