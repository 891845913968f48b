"""Replaying shapes onto a Pillow image, for shops that take one PNG per card side.

The card's trim is centred in the image at the shop's resolution; whatever lies outside it is
bleed. Text is placed run by run at the positions the layout computed, so PNGs and PDFs match.
"""

from __future__ import annotations

import contextlib
import functools
import io
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import png as pypng  # type: ignore[import-untyped]
from PIL import Image, ImageDraw, ImageFont
from PIL import _imaging as pillow_core  # Pillow's C core: its memory settings

from .art import printing_art
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
    rgb,
)
from .fonts import font_path
from .icon_art import icon_pixels
from .icon_pdf import icon_size
from .units import Box, pixels


@functools.lru_cache(maxsize=64)
def _font(name: str, size_px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(name)), size=size_px)


class _Canvas:
    """Card coordinates (points, y up, origin at the trim) to image pixels (y down)."""

    def __init__(self, image: Image.Image, scale: float, origin: tuple[float, float]) -> None:
        self.image = image
        self.scale = scale
        self.origin = origin
        self.draw = ImageDraw.Draw(image)

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (self.origin[0] + x * self.scale, self.image.height - (self.origin[1]
                                                                     + y * self.scale))

    def rect(self, box: Box) -> tuple[float, float, float, float]:
        left, bottom = self.point(box.x, box.y)
        right, top = self.point(box.right, box.top)
        return (left, top, right - 1, bottom - 1)

    def turned_text(self, item: Text) -> None:
        """Text set upright on a layer of its own, turned and laid over the image."""
        upright = Text(0.0, 0.0, item.text, item.font, item.size, item.colour).box
        size = (max(1, round(upright.w * self.scale)), max(1, round(upright.h * self.scale)))
        layer = Image.new("RGBA", size, (0, 0, 0, 0))
        ImageDraw.Draw(layer).text((0, upright.top * self.scale), item.text,
                                   fill=rgb(item.colour),
                                   font=_font(item.font, item.size * self.scale), anchor="ls")
        layer = layer.rotate(90 * (item.turns % 4), expand=True)
        left, top = (round(v) for v in self.rect(item.box)[:2])
        self.lay(layer, left, top)

    def lay(self, layer: Image.Image, x: int, y: int) -> None:
        """`layer` (RGBA) over the image, its top-left corner at (x, y); what lies left of or
        above the image is cut off. An RGB image takes it through its alpha as a mask."""
        if x < 0 or y < 0:
            layer = layer.crop((max(0, -x), max(0, -y), layer.width, layer.height))
            x, y = max(0, x), max(0, y)
        if self.image.mode == "RGBA":
            self.image.alpha_composite(layer, (x, y))
        else:
            self.image.paste(layer, (x, y), layer)

    def paint(self, items: Iterable[Item]) -> None:
        for item in items:
            paint = _PAINT.get(type(item))
            if paint is None:
                raise TypeError(f"No way to draw a {type(item).__name__} in a PNG.")
            paint(self, item)

    def fill(self, item: Fill) -> None:
        if item.radius:
            self.draw.rounded_rectangle(self.rect(item.box), item.radius * self.scale,
                                        fill=rgb(item.colour))
        else:
            self.draw.rectangle(self.rect(item.box), fill=rgb(item.colour))

    def outline(self, item: Outline) -> None:
        width = max(1, round(item.width * self.scale))
        if item.radius:
            self.draw.rounded_rectangle(self.rect(item.box), item.radius * self.scale,
                                        outline=rgb(item.colour), width=width)
        else:
            self.draw.rectangle(self.rect(item.box), outline=rgb(item.colour), width=width)

    def stroke(self, item: Stroke) -> None:
        self.draw.line([self.point(item.x1, item.y1), self.point(item.x2, item.y2)],
                       fill=rgb(item.colour), width=max(1, round(item.width * self.scale)))

    def circle(self, item: Circle) -> None:
        """Filled, then outlined: Pillow draws an outline inside its box, so the box reaches
        half the width past the radius, as a PDF stroke does."""
        if item.fill is not None:
            self.draw.ellipse(self.rect(Box(item.x - item.radius, item.y - item.radius,
                                            2 * item.radius, 2 * item.radius)),
                              fill=rgb(item.fill))
        if item.outline is not None and item.width > 0:
            self.draw.ellipse(self.rect(item.box), outline=rgb(item.outline),
                              width=max(1, round(item.width * self.scale)))

    def polygon(self, item: Polygon) -> None:
        """Filled, then outlined piece by piece (see `Polygon.outline_pieces`)."""
        if item.fill is not None and item.points:
            self.draw.polygon([self.point(x, y) for x, y in item.points], fill=rgb(item.fill))
        if item.outline is not None:
            for piece in item.outline_pieces():
                self.draw.polygon([self.point(x, y) for x, y in piece], fill=rgb(item.outline))

    def text(self, item: Text) -> None:
        if item.turns % 4:
            self.turned_text(item)
        else:
            self.draw.text(self.point(item.x, item.y), item.text, fill=rgb(item.colour),
                           font=_font(item.font, item.size * self.scale), anchor="ls")

    def picture(self, item: Picture) -> None:
        left, top, right, bottom = self.rect(item.box)
        size = (max(1, round(right - left + 1)), max(1, round(bottom - top + 1)))
        try:
            with Image.open(item.path) as source:
                picture = source.convert("RGBA").resize(size, Image.Resampling.LANCZOS)
        except Exception:  # Pillow raises many kinds for a file it cannot read
            raise printing_art(item.path) from None
        self.lay(picture, round(left), round(top))

    def icon(self, item: Icon) -> None:
        """Rasterised once per file, colour and pixel size (see `icon_pixels`), then turned."""
        width, height = icon_size(item.source)
        left, top, right, bottom = self.rect(item.art_box(width / height))
        wide, high = right - left + 1, bottom - top + 1
        if item.turns % 2:
            wide, high = high, wide
        size = (max(1, round(wide)), max(1, round(high)))
        try:
            picture = icon_pixels(item.source, item.colour, size)
        except Exception:  # resvg and Pillow raise many kinds for a file they cannot read
            raise printing_art(item.source) from None
        if item.turns % 4:
            picture = picture.rotate(90 * (item.turns % 4), expand=True)
        self.lay(picture, round(left), round(top))

    def clip(self, item: Clip) -> None:
        layer = _Canvas(Image.new("RGBA", self.image.size, (0, 0, 0, 0)), self.scale,
                        self.origin)
        layer.paint(item.items)
        left, top, right, bottom = (round(v) for v in self.rect(item.box))
        mask = Image.new("L", self.image.size, 0)
        mask.paste(layer.image.getchannel("A").crop((left, top, right + 1, bottom + 1)),
                   (left, top))
        layer.image.putalpha(mask)
        self.lay(layer.image, 0, 0)


# How each kind of shape is drawn: one entry per kind.
_PAINT: dict[type[Any], Callable[[_Canvas, Any], None]] = {
    Fill: _Canvas.fill,
    Outline: _Canvas.outline,
    Stroke: _Canvas.stroke,
    Circle: _Canvas.circle,
    Polygon: _Canvas.polygon,
    Text: _Canvas.text,
    Picture: _Canvas.picture,
    Icon: _Canvas.icon,
    Clip: _Canvas.clip,
}


class _Backgrounds:
    """Images of the leading shapes that many sides share (a kind's background, frame and
    label), each drawn once and copied for every side that starts with them.

    A side is compared with the last few drawn at the same size: the longest run of shapes it
    starts with in common with one of them is drawn once, kept, and copied from then on.
    Drawing is deterministic, so a copy has the pixels drawing the shapes again would give.
    """

    def __init__(self, *, kept: int = 8, compared: int = 16) -> None:
        self.kept = kept
        self.images: OrderedDict[tuple[object, ...], Image.Image] = OrderedDict()
        self.recent: deque[tuple[object, tuple[Item, ...]]] = deque(maxlen=compared)
        self.lock = threading.Lock()  # the web pages draw cards on several threads

    def start(self, where: tuple[object, ...], items: tuple[Item, ...],
              draw: Callable[[tuple[Item, ...]], Image.Image]) -> tuple[Image.Image, int]:
        """A copy of the image of `items`' longest shared lead at `where` (the size and
        placement), drawn by `draw` if it is new, and how many of `items` it holds."""
        with self.lock:
            shared = max((_common_lead(items, seen) for at, seen in self.recent
                          if at == where), default=0)
            self.recent.append((where, items))
            lead = items[:shared]
            key = (where, lead, _picture_stamps(lead))
            image = self.images.get(key) if shared else None
            if image is not None:
                self.images.move_to_end(key)
        if not shared:
            return draw(()), 0
        if image is None:
            image = draw(lead)
            with self.lock:
                self.images[key] = image
                while len(self.images) > self.kept:
                    self.images.popitem(last=False)
        return image.copy(), shared


def _picture_stamps(items: Iterable[Item]) -> tuple[tuple[int, int], ...]:
    """When each picture and icon file among `items` last changed and its size, so an image
    kept from before one changed (`build --watch`) is not used again; (0, 0) for a file that
    cannot be read (drawing it says why)."""
    stamps: list[tuple[int, int]] = []
    for item in items:
        if isinstance(item, Clip):
            stamps += _picture_stamps(item.items)
        elif isinstance(item, (Picture, Icon)):
            try:
                found = (item.path if isinstance(item, Picture) else item.source).stat()
            except OSError:
                stamps.append((0, 0))
            else:
                stamps.append((found.st_mtime_ns, found.st_size))
    return tuple(stamps)


def _common_lead(items: tuple[Item, ...], other: tuple[Item, ...]) -> int:
    """How many shapes `items` and `other` start with in common."""
    count = 0
    for mine, theirs in zip(items, other, strict=False):
        if mine != theirs:
            break
        count += 1
    return count


_BACKGROUNDS = _Backgrounds()


def render_png(side: Composed, *, size_px: tuple[int, int], dpi: float) -> Image.Image:
    """`side` at `dpi`, its trim centred in an image of `size_px` (RGB, white underneath)."""
    scale = pixels(1.0, dpi)
    width, height = size_px
    origin = ((width - side.trim.w * scale) / 2, (height - side.trim.h * scale) / 2)

    def draw(items: tuple[Item, ...]) -> Image.Image:
        canvas = _Canvas(Image.new("RGB", size_px, (255, 255, 255)), scale, origin)
        canvas.paint(items)
        return canvas.image

    image, done = _BACKGROUNDS.start((size_px, scale, origin), tuple(side.items), draw)
    _Canvas(image, scale, origin).paint(side.items[done:])
    return image


@contextlib.contextmanager
def reused_image_memory(blocks: int = 8) -> Iterator[None]:
    """While writing many card images, Pillow keeps up to `blocks` freed images' memory for
    the next instead of handing it back to the system (then as it was before).

    Memory fresh from the system costs a page fault every 4 kB: after a build's PDFs have
    scattered the heap, that made each card a third slower than drawing and encoding it.
    This is the setting Pillow's PILLOW_BLOCKS_MAX environment variable makes at start-up.
    """
    if not hasattr(pillow_core, "set_blocks_max"):  # a Pillow without it: nothing to keep
        yield
        return
    before: int = pillow_core.get_blocks_max()
    pillow_core.set_blocks_max(max(before, blocks))
    try:
        yield
    finally:
        pillow_core.set_blocks_max(before)  # the blocks kept past `before` go back


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """`image` as a PNG file's bytes, declaring `dpi`: every PNG a target writes goes
    through here.

    Written by pypng: rows unfiltered, deflated at level 1. Pillow's writer tries every PNG
    filter on every row, which costs three times as long as the whole of this and makes a
    larger file for card art; the pixels are the same either way (PNG is lossless).
    """
    if image.mode not in _PNG_MODES:
        clear = "A" in image.getbands() or "transparency" in image.info
        image = image.convert("RGBA" if clear else "RGB")
    per_metre = round(dpi / 0.0254)  # pHYs counts pixels per metre, as Pillow writes it
    writer = pypng.Writer(image.width, image.height, greyscale=image.mode in ("L", "LA"),
                          alpha=image.mode in ("LA", "RGBA"), bitdepth=8, compression=1,
                          x_pixels_per_unit=per_metre, y_pixels_per_unit=per_metre,
                          unit_is_meter=True)
    pixels = memoryview(image.tobytes())
    stride = len(pixels) // image.height
    buffer = io.BytesIO()
    writer.write_packed(buffer, (pixels[top:top + stride]
                                 for top in range(0, len(pixels), stride)))
    return buffer.getvalue()


_PNG_MODES = frozenset({"L", "LA", "RGB", "RGBA"})  # 8 bits a channel, as pypng writes them
