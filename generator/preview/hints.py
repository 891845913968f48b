"""The proof sheet: the chosen sides side by side, each element's box outlined and named, the
bleed, trim and safe zone in colours of their own, and a legend saying which is which."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from generator.layout.turning import turn_box
from generator.printing.fonts import BOLD, REGULAR, font_path
from generator.printing.units import Box

from .render import Frame, PixelBox, side_image
from .sides import PreviewSide

# Each hint's colour, and what the legend says of it.
HINTS: dict[str, tuple[str, str]] = {
    "bleed": ("#1e6fd9", "bleed: the cut may land anywhere out to here; backgrounds reach it"),
    "trim": ("#e0201b", "trim: where the card is cut"),
    "safe": ("#11a336", "safe zone: text and what must be seen stay inside"),
    "element": ("#e07b00", "an element's box, with its name in the layout"),
}
SHEET = (236, 236, 236)
COLUMNS = 5  # cards in a row of the sheet


@functools.lru_cache(maxsize=8)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(BOLD if bold else REGULAR)), size=size)


def _measures(dpi: float) -> tuple[int, int]:
    """The hints' line width and the size of their words, in pixels, at `dpi`."""
    return max(2, round(dpi / 75)), max(9, round(dpi * 0.07))


def outlined_boxes(side: PreviewSide) -> list[tuple[str, Box]]:
    """Each element's box as drawn on the card: turned as the element is, and once more for
    each repeat (a corner index drawn upside down in the other corner)."""
    specs = {placed.name: placed.spec for placed in side.elements}
    trim = side.composed.trim
    boxes: list[tuple[str, Box]] = []
    for drawn in side.composed.placed:
        spec = specs.get(drawn.name)
        own = (spec.turn or 0) // 90 if spec is not None else 0
        box = turn_box(drawn.box, own, (drawn.box.centre_x, drawn.box.centre_y))
        for turns in (spec.repeat if spec is not None and spec.repeat else [0]):
            boxes.append((drawn.name, turn_box(box, turns // 90,
                                               (trim.centre_x, trim.centre_y))))
    return boxes


def hinted_image(side: PreviewSide, dpi: float) -> Image.Image:
    """The side's preview with every element's box outlined and named, and the bleed, trim
    and safe zone drawn over it."""
    frame = Frame.of(side.composed, dpi)
    image = side_image(side.composed, dpi).convert("RGBA")
    tags = Image.new("RGBA", image.size, (0, 0, 0, 0))  # laid over the card, half see-through
    draw, tag_draw = ImageDraw.Draw(image), ImageDraw.Draw(tags)
    width, words = _measures(dpi)
    font = _font(words)
    taken: list[PixelBox] = []
    for name, box in outlined_boxes(side):
        drawn = _clamped(frame.box(box), image.size)
        draw.rectangle(drawn, outline=HINTS["element"][0], width=1)
        _name_tag(tag_draw, name, drawn, font, taken, image.size)
    image.alpha_composite(tags)
    composed = side.composed
    for hint, box in (("bleed", composed.bleed), ("trim", composed.trim),
                      ("safe", composed.safe)):
        draw.rectangle(_clamped(frame.box(box), image.size), outline=HINTS[hint][0],
                       width=width)
    return image.convert("RGB")


def _clamped(box: PixelBox, size: tuple[int, int]) -> PixelBox:
    left, top, right, bottom = box
    return (max(0, left), max(0, top), min(size[0] - 1, right), min(size[1] - 1, bottom))


def _name_tag(draw: ImageDraw.ImageDraw, name: str, box: PixelBox, font: ImageFont.FreeTypeFont,
              taken: list[PixelBox], size: tuple[int, int]) -> None:
    """`name` on a pale tag just inside the box's top-left corner, moved down past the tags
    already there."""
    left, top, right, bottom = (round(v) for v in draw.textbbox((0, 0), name, font=font))
    w, h = right - left + 4, bottom - top + 3
    x, y = min(box[0] + 1, size[0] - w), min(box[1] + 1, size[1] - h)
    for _ in range(12):
        tag = (x, y, x + w, y + h)
        if not any(_overlap(tag, other) for other in taken) or y + 2 * h > size[1]:
            break
        y += h
    taken.append(tag)
    draw.rectangle(tag, fill=(255, 255, 255, 170), outline=HINTS["element"][0])
    draw.text((x + 2 - left, y + 1 - top), name, fill=HINTS["element"][0], font=font)


def _overlap(a: PixelBox, b: PixelBox) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def proof_sheet(sides: Sequence[PreviewSide], images: Sequence[Image.Image],
                dpi: float) -> Image.Image:
    """The sides' hinted images (`hinted_image`) in rows of up to COLUMNS, each captioned
    with its side's name, then the legend."""
    width, words = _measures(dpi)
    gap, caption = 2 * words, 2 * words
    cell_w = max(image.width for image in images) + gap
    cell_h = max(image.height for image in images) + caption + gap
    columns = min(COLUMNS, len(images))
    rows = -(-len(images) // columns)
    legend_h = len(HINTS) * (words + words // 2) + gap
    legend_w = max(round(_font(words).getlength(text)) for _, text in HINTS.values()) + 3 * words
    sheet = Image.new("RGB", (max(columns * cell_w + gap, legend_w + 2 * gap),
                              rows * cell_h + gap + legend_h), SHEET)
    draw = ImageDraw.Draw(sheet)
    for number, (side, image) in enumerate(zip(sides, images, strict=True)):
        x = gap + (number % columns) * cell_w
        y = gap + (number // columns) * cell_h
        draw.text((x, y), side.name, fill=(30, 30, 30), font=_font(words, bold=True))
        sheet.paste(image, (x, y + caption))
    y = gap + rows * cell_h
    for colour, text in HINTS.values():
        draw.rectangle((gap, y + 2, gap + words, y + words - 2), outline=colour,
                       width=max(2, width))
        draw.text((gap + 2 * words, y), text, fill=(30, 30, 30), font=_font(words))
        y += words + words // 2
    return sheet
