"""The rulebook's title page as a deck's layout dresses it: its logo, its art, a subtitle,
and a title of its own (`cover:` in the layout file, docs/layout.md).

Templates write `<cover height="130"/>` where the title page begins: with no cover art or
logo it is that much space, as before; with them, the logo and the art take its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, Image, Spacer  # type: ignore[import-untyped, unused-ignore]

from generator.printing.art import art_size
from generator.printing.units import mm

from .hyphens import Para
from .words import prose_line

LOGO_MM = 28.0
ART_MM = 95.0


@dataclass(frozen=True, slots=True)
class BookCover:
    title: str | None = None
    subtitle: str | None = None
    art: Path | None = None
    logo: Path | None = None

    @property
    def pictured(self) -> bool:
        return self.art is not None or self.logo is not None


def _picture(path: Path, width: float, height: float) -> Image:
    """The picture as large as fits `width` × `height`, centred."""
    pixels_w, pixels_h = art_size(path)
    scale = min(width / pixels_w, height / pixels_h)
    image = Image(str(path), width=pixels_w * scale, height=pixels_h * scale)
    image.hAlign = "CENTER"
    return image


def cover_flowables(cover: BookCover | None, space: float, width: float,
                    subtitle_style: object) -> list[Flowable]:
    """What `<cover>` becomes: `space` points of room, or the cover's logo, art and
    subtitle."""
    if cover is None or not cover.pictured:
        return [Spacer(1, space)]
    flowables: list[Flowable] = [Spacer(1, mm(6))]
    if cover.logo is not None:
        flowables += [_picture(cover.logo, width, mm(LOGO_MM)), Spacer(1, mm(4))]
    if cover.art is not None:
        flowables += [_picture(cover.art, width, mm(ART_MM)), Spacer(1, mm(4))]
    if cover.subtitle:  # a designer's words: escaped, never markup
        flowables.append(Para(escape(prose_line(cover.subtitle)), subtitle_style))
    return flowables
