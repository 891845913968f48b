"""The rulebook's title page as a deck's look dresses it (`cover:` in the layout file,
docs/layout.md): a band across the top in the look's colour holding the logo, the art and a
subtitle, and the book titled with the cover's own title where it has one.

Templates write `<cover height="130"/>` where the title page begins: with no cover it is that
much space, as before; with one, the band (at least that high) takes its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import Flowable, Spacer  # type: ignore[import-untyped, unused-ignore]

from generator.printing.art import art_size
from generator.printing.units import mm

from .hyphens import Para
from .words import prose_line

LOGO_MM = 26.0
ART_MM = 90.0
PAD_MM = 6.0
GAP_MM = 4.0


@dataclass(frozen=True, slots=True)
class BookCover:
    title: str | None = None
    subtitle: str | None = None
    art: Path | None = None
    logo: Path | None = None
    background: str | None = None  # #rrggbb
    ink: str | None = None

    @property
    def shown(self) -> bool:
        return any((self.art, self.logo, self.subtitle, self.background))


class CoverBand(Flowable):  # type: ignore[misc]
    """The band: the logo, the art and the subtitle, one under the other, centred on the
    cover's colour (on the page where it has none)."""

    def __init__(self, cover: BookCover, least: float, style: ParagraphStyle) -> None:
        super().__init__()
        self.cover = cover
        self.least = least
        colour = cover.ink or "#1a1a1a"
        self.style = ParagraphStyle("cover-subtitle", parent=style,
                                    textColor=colors.HexColor(colour))
        self.pictures = [(path, height) for path, height in
                         ((cover.logo, mm(LOGO_MM)), (cover.art, mm(ART_MM))) if path]
        self.laid: list[tuple[str, object, float, float]] = []  # what, its thing, w, h
        self.width = self.height = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        inner = available_width - 2 * mm(PAD_MM)
        self.laid = []
        for path, most in self.pictures:
            pixels_w, pixels_h = art_size(path)
            scale = min(inner / pixels_w, most / pixels_h)
            self.laid.append(("picture", path, pixels_w * scale, pixels_h * scale))
        if self.cover.subtitle:
            words = Para(escape(prose_line(self.cover.subtitle)), self.style)
            _, height = words.wrap(inner, available_height)
            self.laid.append(("words", words, inner, height))
        content = sum(h for _, _, _, h in self.laid) + mm(GAP_MM) * max(len(self.laid) - 1, 0)
        self.width = available_width
        self.height = max(self.least, content + 2 * mm(PAD_MM))
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        if self.cover.background:
            canvas.saveState()
            canvas.setFillColor(colors.HexColor(self.cover.background))
            canvas.roundRect(0, 0, self.width, self.height, mm(3), stroke=0, fill=1)
            canvas.restoreState()
        content = sum(h for _, _, _, h in self.laid) + mm(GAP_MM) * max(len(self.laid) - 1, 0)
        y = self.height - (self.height - content) / 2
        for what, thing, w, h in self.laid:
            y -= h
            x = (self.width - w) / 2
            if what == "picture":
                canvas.drawImage(str(thing), x, y, w, h, mask="auto")
            else:
                thing.drawOn(canvas, x, y)  # type: ignore[attr-defined]
            y -= mm(GAP_MM)


def cover_flowables(cover: BookCover | None, space: float, subtitle_style: ParagraphStyle
                    ) -> list[Flowable]:
    """What `<cover>` becomes: `space` points of room, or the cover's band."""
    if cover is None or not cover.shown:
        return [Spacer(1, space)]
    return [CoverBand(cover, space, subtitle_style), Spacer(1, mm(8))]
