"""A composed side as a preview PNG: the card and its bleed at the chosen resolution, the
bleed lightened so the cut shows, written so that a viewer never reads half a file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from generator.printing.atomic import atomic_path
from generator.printing.composed import Composed
from generator.printing.png import render_png
from generator.printing.units import Box, pixels

DEFAULT_DPI = 150
BLEED_LIGHTENED = 0.55  # how far the bleed is moved towards white
PixelBox = tuple[int, int, int, int]  # left, top, right, bottom: Pillow's, right and bottom in


@dataclass(frozen=True, slots=True)
class Frame:
    """Card coordinates (points from the trim's lower-left, y up) to an image's pixels."""

    dpi: float
    size: tuple[int, int]
    origin: tuple[float, float]  # where the trim's lower-left corner lies, from the lower-left

    @classmethod
    def of(cls, side: Composed, dpi: float) -> Frame:
        """The frame of an image showing `side` out to its bleed."""
        size = (round(pixels(side.bleed.w, dpi)), round(pixels(side.bleed.h, dpi)))
        scale = pixels(1.0, dpi)
        return cls(dpi, size, ((size[0] - side.trim.w * scale) / 2,
                               (size[1] - side.trim.h * scale) / 2))

    def point(self, x: float, y: float) -> tuple[float, float]:
        scale = pixels(1.0, self.dpi)
        return self.origin[0] + x * scale, self.size[1] - (self.origin[1] + y * scale)

    def box(self, box: Box) -> PixelBox:
        left, bottom = self.point(box.x, box.y)
        right, top = self.point(box.right, box.top)
        return round(left), round(top), round(right) - 1, round(bottom) - 1


def side_image(side: Composed, dpi: float = DEFAULT_DPI) -> Image.Image:
    """`side` drawn by the print engine's PNG replay, out to its bleed, the bleed lightened."""
    frame = Frame.of(side, dpi)
    drawn = render_png(side, size_px=frame.size, dpi=dpi)
    shown = Image.blend(drawn, Image.new("RGB", drawn.size, (255, 255, 255)), BLEED_LIGHTENED)
    left, top, right, bottom = frame.box(side.trim)
    shown.paste(drawn.crop((left, top, right + 1, bottom + 1)), (left, top))
    return shown


def write_png(image: Image.Image, path: Path, dpi: float) -> Path:
    """Save `image` at `path` whole or not at all: written beside it, then renamed onto it."""
    with atomic_path(path) as temporary:
        image.save(temporary, format="PNG", dpi=(dpi, dpi), compress_level=1)
    return path
