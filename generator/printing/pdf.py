"""Replaying shapes onto a reportlab canvas.

Every canvas starts in our embedded TrueType font, so no base-14 font (Helvetica...) is ever
named in a PDF we write. Each card side is drawn once into a form XObject (a PDF's reusable
drawing) and placed with its matrix: backs shared by a kind are stored once, and the placement
of every card can be read back from the file.

What repeats is formatted once: a sheet's marks, every card's bleed and panel, each slot's clip
and matrix. Their PDF operators are kept and written again as they are, so the file is the
same, byte for byte, as if each had been drawn afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab import rl_config  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from .art import printing_art
from .cmyk_pdf import cmyk_image_name, draw_image_named
from .design import Composed
from .drawing import (
    Circle,
    Clip,
    Fill,
    Icon,
    Item,
    Outline,
    Picture,
    Polygon,
    Stroke,
    Text,
    cos_sin,
    rgb,
)
from .fonts import REGULAR, register_fonts
from .icon_pdf import draw_icon_form, icon_size
from .pdf_forms import end_form
from .sheet_rules import Matrix
from .units import Box

if TYPE_CHECKING:
    from .inks import Inks

_COLOURS: dict[str, tuple[float, float, float]] = {}


def _colour(colour: str) -> tuple[float, float, float]:
    found = _COLOURS.get(colour)
    if found is None:
        r, g, b = rgb(colour)
        found = _COLOURS[colour] = (r / 255, g / 255, b / 255)
    return found


def new_canvas(path: Path, page: tuple[float, float], *, title: str, subject: str,
               keywords: str = "") -> Canvas:
    """A canvas writing to `path` whose initial font is our embedded DejaVu Sans."""
    register_fonts()
    canvas = Canvas(str(path), pagesize=page, initialFontName=REGULAR, initialFontSize=10,
                    initialLeading=12, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    if keywords:
        canvas.setKeywords(keywords)
    canvas.setCreator("hrdeck")
    canvas.setAuthor("hrdeck")
    return canvas


def save(canvas: Canvas) -> None:
    """Finish the PDF. Streams are only deflated: ASCII85 on top would add a quarter to the size
    and, in pure Python, most of the time spent saving."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        canvas.save()
    finally:
        rl_config.useA85 = saved


# The colours and line width a painter last set: fill, stroke, width (None: not yet set).
_State = tuple[str | None, str | None, float | None]


@dataclass(frozen=True, slots=True)
class _Recording:
    """What drawing `items` from one painter state wrote: PDF operators, joined as a page
    joins them (None if there were none), and the state it left (`after`)."""

    items: tuple[Item, ...]  # kept so that their id is not reused while recorded
    after: _State
    operators: str | None


def _replayable(items: Iterable[Item]) -> bool:
    """Whether drawing `items` only writes operators into the page: pictures also add the
    image to the page's resources, so repeating their operators alone would not do."""
    return all(_replayable(item.items) if isinstance(item, Clip)
               else not isinstance(item, Picture | Icon) for item in items)


class Painter:
    """Draws shapes on one canvas, skipping colour changes that change nothing.

    With `inks`, every colour, picture and icon is written in CMYK through them (and nothing
    in RGB): for print shops that take PDF/X-1a. Without, in RGB as always.
    """

    def __init__(self, canvas: Canvas, inks: Inks | None = None) -> None:
        self.canvas = canvas
        self.inks = inks
        self._pictures: dict[Path, str] = {}  # each picture's CMYK image, by file
        self._forms: dict[object, str] = {}
        self._recordings: dict[tuple[int, _State], _Recording] = {}
        self._shapes: dict[object, str] = {}  # see `_once`
        self._icons: dict[tuple[Path, str | None], str] = {}  # each icon's form, by colour
        self._reset()

    def _reset(self) -> None:
        self._fill: str | None = None
        self._stroke: str | None = None
        self._width: float | None = None

    def _state(self) -> _State:
        return self._fill, self._stroke, self._width

    def _fill_on(self, target: Any, colour: str) -> None:
        """Set the fill colour of `target` (the canvas or a text object)."""
        if self.inks is None:
            target.setFillColorRGB(*_colour(colour))
        else:
            target.setFillColorCMYK(*self.inks.colour(colour))

    def _set_fill(self, colour: str) -> None:
        if colour != self._fill:
            self._fill_on(self.canvas, colour)
            self._fill = colour

    def _set_stroke(self, colour: str, width: float) -> None:
        if colour != self._stroke:
            if self.inks is None:
                self.canvas.setStrokeColorRGB(*_colour(colour))
            else:
                self.canvas.setStrokeColorCMYK(*self.inks.colour(colour))
            self._stroke = colour
        if width != self._width:
            self.canvas.setLineWidth(width)
            self._width = width

    def _text(self, texts: list[Text]) -> None:
        """Draw consecutive runs of text as one PDF text object."""
        block = self.canvas.beginText()
        font: tuple[str, float] | None = None
        for item in texts:
            if item.colour != self._fill:
                self._fill_on(block, item.colour)
                self._fill = item.colour
            if font != (item.font, item.size):
                font = (item.font, item.size)
                block.setFont(item.font, item.size)
            if item.turns % 4:
                cos, sin = cos_sin(item.turns)
                block.setTextTransform(cos, sin, -sin, cos, item.x, item.y)
            else:
                block.setTextOrigin(item.x, item.y)
            block.textOut(item.text)
        self.canvas.drawText(block)

    def draw(self, items: Iterable[Item]) -> None:
        texts: list[Text] = []
        for item in items:
            if isinstance(item, Text):  # consecutive runs share one text object
                texts.append(item)
                continue
            if texts:
                self._text(texts)
                texts = []
            draw = _DRAW.get(type(item))
            if draw is None:
                raise TypeError(f"No way to draw a {type(item).__name__} in a PDF.")
            draw(self, item)
        if texts:
            self._text(texts)

    def draw_again(self, items: tuple[Item, ...]) -> None:
        """Draw `items` as `draw` does; for shapes repeated on many pages (a sheet's marks).

        The operators the first drawing writes are kept, and when the same tuple is drawn
        again from the same colours they are written again as they are: the page gets the
        very same bytes without every number being formatted again.
        """
        before = self._state()
        key = (id(items), before)
        recording = self._recordings.get(key)
        if recording is not None and recording.items is items:
            if recording.operators is not None:
                self.canvas.addLiteral(recording.operators)
            self._fill, self._stroke, self._width = recording.after
            return
        replayable, operators = self._recorded(lambda: self.draw(items))
        if replayable and _replayable(items):
            self._recordings[key] = _Recording(items=items, after=self._state(),
                                               operators=operators)

    def _recorded(self, draw: Callable[[], None], *,
                  drawing_follows: bool = False) -> tuple[bool, str | None]:
        """Run `draw`; return whether what it wrote can be written again as it is, and that,
        joined as the page will join it (None if it wrote nothing).

        reportlab folds a transformation into the operator before it when that ends in
        " cm", so a copy ending that way is only kept if `drawing_follows`: the caller
        always writes some other operator straight after it.
        """
        code = self.canvas._code  # reportlab's list of the operators of the page so far
        start = len(code)
        draw()
        if self.canvas._code is not code:  # it began or ended a form
            return False, None
        written = code[start:]
        if written and written[-1].endswith(" cm") and not drawing_follows:
            return False, None
        return True, "\n".join(written) if written else None

    def _once(self, key: object, draw: Callable[[], None], *,
              drawing_follows: bool = False) -> None:
        """Run `draw`, which writes the same operators whatever the painter's state, the first
        time `key` is seen; after that, write those operators again as they are."""
        operators = self._shapes.get(key)
        if operators is not None:
            self.canvas.addLiteral(operators)
            return
        replayable, operators = self._recorded(draw, drawing_follows=drawing_follows)
        if replayable and operators is not None:
            self._shapes[key] = operators

    def _draw_fill(self, item: Fill) -> None:
        self._set_fill(item.colour)
        self._rect(item.box, item.radius, stroke=0, fill=1)

    def _draw_outline(self, item: Outline) -> None:
        self._set_stroke(item.colour, item.width)
        self._rect(item.box, item.radius, stroke=1, fill=0)

    def _rect(self, box: Box, radius: float, *, stroke: int, fill: int) -> None:
        """Every card of a size has the same bleed and panel: each is formatted once."""
        self._once(("rect", box, radius, stroke, fill),
                   partial(self._new_rect, box, radius, stroke=stroke, fill=fill))

    def _new_rect(self, box: Box, radius: float, *, stroke: int, fill: int) -> None:
        if radius:
            self.canvas.roundRect(box.x, box.y, box.w, box.h, radius, stroke=stroke, fill=fill)
        else:
            self.canvas.rect(box.x, box.y, box.w, box.h, stroke=stroke, fill=fill)

    def _draw_stroke(self, item: Stroke) -> None:
        self._set_stroke(item.colour, item.width)
        self.canvas.line(item.x1, item.y1, item.x2, item.y2)

    def _paints(self, fill: str | None, outline: str | None, width: float) -> tuple[int, int]:
        """Set the colours of a shape filled in `fill` and outlined in `outline` (either may
        be None); return reportlab's (stroke, fill) flags for it."""
        if fill is not None:
            self._set_fill(fill)
        if outline is None or width <= 0:
            return 0, int(fill is not None)
        self._set_stroke(outline, width)
        return 1, int(fill is not None)

    def _draw_circle(self, item: Circle) -> None:
        stroke, fill = self._paints(item.fill, item.outline, item.width)
        if stroke or fill:
            self.canvas.circle(item.x, item.y, item.radius, stroke=stroke, fill=fill)

    def _draw_polygon(self, item: Polygon) -> None:
        stroke, fill = self._paints(item.fill, item.outline, item.width)
        if not (stroke or fill) or not item.points:
            return
        path = self.canvas.beginPath()
        path.moveTo(*item.points[0])
        for point in item.points[1:]:
            path.lineTo(*point)
        path.close()
        self.canvas.drawPath(path, stroke=stroke, fill=fill)

    def _draw_picture(self, item: Picture) -> None:
        box = item.box
        try:
            if self.inks is None:
                self.canvas.drawImage(str(item.path), box.x, box.y, box.w, box.h, mask="auto")
            else:
                name = self._cmyk_picture(item.path, self.inks)
                draw_image_named(self.canvas, name, box.x, box.y, box.w, box.h)
        except Exception:  # reportlab and Pillow raise many kinds for a bad file
            raise printing_art(item.path) from None

    def _cmyk_picture(self, path: Path, inks: Inks) -> str:
        """The picture at `path` converted to CMYK once, stored once, by its image name."""
        name = self._pictures.get(path)
        if name is None:
            from PIL import Image

            with Image.open(path) as picture:
                picture.load()
                image, mask = inks.image(picture)
            name = self._pictures[path] = cmyk_image_name(self.canvas, image, mask)
        return name

    def _draw_icon(self, item: Icon) -> None:
        """Each icon in each colour is drawn once, as a form, and placed wherever it is used:
        a deck with the same icon on a thousand cards stores its vectors once."""
        key = (item.source, item.colour)
        name = self._icons.get(key)
        if name is None:
            name = f"icon{len(self._icons)}"
            try:
                draw_icon_form(self.canvas, name, item.source, item.colour, self.inks)
            except Exception:  # svglib, reportlab and Pillow raise many kinds for a bad file
                raise printing_art(item.source) from None
            self._icons[key] = name
        width, height = icon_size(item.source)
        art = item.art_box(width / height)
        scale = (art.h if item.turns % 2 else art.w) / width
        cos, sin = cos_sin(item.turns)
        canvas = self.canvas
        canvas.saveState()
        # About the art's centre: turned, scaled, the form's own origin moved to its middle.
        centre_x, centre_y = art.x + art.w / 2, art.y + art.h / 2
        a, b, c, d = cos * scale, sin * scale, -sin * scale, cos * scale
        canvas.transform(a, b, c, d, centre_x - a * width / 2 - c * height / 2,
                         centre_y - b * width / 2 - d * height / 2)
        canvas.doForm(name)
        canvas.restoreState()

    def _draw_clip(self, item: Clip) -> None:
        canvas = self.canvas
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(item.box.x, item.box.y, item.box.w, item.box.h)
        canvas.clipPath(path, stroke=0, fill=0)
        saved = (self._fill, self._stroke, self._width)
        self.draw(item.items)
        canvas.restoreState()
        self._fill, self._stroke, self._width = saved

    def form(self, key: object, compose: Callable[[], Composed]) -> str:
        """The name of the form for `key`, composed and drawn the first time `key` is seen."""
        name = self._forms.get(key)
        if name is None:
            side = compose()
            name = f"card{len(self._forms)}"
            bleed = side.bleed
            self.canvas.beginForm(name, bleed.x, bleed.y, bleed.right, bleed.top)
            self._reset()
            self.draw(side.items)
            end_form(self.canvas)
            self._reset()
            self._forms[key] = name
        return name

    def place(self, name: str, matrix: Matrix, clip: Box | None = None) -> None:
        """Draw the form `name` with card coordinates mapped onto the page by `matrix`; with
        `clip`, only within that box of the page (a card's bleed stops at its neighbour's)."""
        self.canvas.saveState()
        # The same few slots on every page: each clip and matrix is formatted once.
        self._once(("place", matrix, clip), partial(self._clip_and_map, matrix, clip),
                   drawing_follows=True)
        self.canvas.doForm(name)
        self.canvas.restoreState()
        self._reset()

    def _clip_and_map(self, matrix: Matrix, clip: Box | None) -> None:
        if clip is not None:
            path = self.canvas.beginPath()
            path.rect(clip.x, clip.y, clip.w, clip.h)
            self.canvas.clipPath(path, stroke=0, fill=0)
        self.canvas.transform(*matrix)

    def new_page(self) -> None:
        self.canvas.showPage()
        self._reset()


# How each kind of shape (other than text, drawn in runs) is drawn: one entry per kind.
_DRAW: dict[type[Any], Callable[[Painter, Any], None]] = {
    Fill: Painter._draw_fill,
    Outline: Painter._draw_outline,
    Stroke: Painter._draw_stroke,
    Circle: Painter._draw_circle,
    Polygon: Painter._draw_polygon,
    Picture: Painter._draw_picture,
    Icon: Painter._draw_icon,
    Clip: Painter._draw_clip,
}
