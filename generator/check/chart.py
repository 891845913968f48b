"""A picture of how often each trigger fires: one bar per player count, with its 95% interval.

Drawn with Pillow into a PNG beside the build output, so a designer sees at a glance which
triggers are too rare (left of the dashed line) or fire on almost every play. The PNG is
written here rather than by Pillow: its encoder tries five filters on every row of a picture
that is mostly flat colour, which takes several times as long for a larger file.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from generator.paths import FONTS
from generator.printing.atomic import atomic_path, make_folder

if TYPE_CHECKING:
    from generator.check.report import CheckReport

COLOURS = {2: (120, 120, 120), 3: (31, 95, 139), 4: (176, 69, 44), 5: (70, 140, 70)}
ROW, BAR, LEFT, RIGHT, TOP, BOTTOM = 26, 6, 300, 40, 90, 60
WIDTH = 1100


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default()


def draw_chart(report: CheckReport, path: Path, *, title: str, rare_below: float) -> Path:
    """Write the chart atomically; return its path."""
    rows = report.triggers
    counts = report.players or sorted({p for row in rows for p in row.fires_per_game})
    height = TOP + BOTTOM + ROW * max(1, len(rows))
    image = Image.new("RGB", (WIDTH, height), "white")
    draw = ImageDraw.Draw(image)
    top = max([hi for row in rows for _, hi in row.interval.values()] + [rare_below, 1.0])
    scale = (WIDTH - LEFT - RIGHT) / (top * 1.05)

    def x_of(value: float) -> float:
        return LEFT + value * scale

    draw.text((20, 16), title, fill="black", font=_font(20, bold=True))
    draw.text((20, 46), f"Fires per game, {report.games:,} simulated games per player count; "
              "whiskers show the 95% confidence interval.", fill=(60, 60, 60), font=_font(13))
    for number, players in enumerate(counts):
        key_x = LEFT + number * 120
        draw.rectangle((key_x, 70, key_x + 14, 80), fill=COLOURS.get(players, (0, 0, 0)))
        draw.text((key_x + 20, 67), f"{players} players", fill="black", font=_font(12))
    rare_x = x_of(rare_below)
    for y in range(TOP - 6, height - BOTTOM, 8):
        draw.line((rare_x, y, rare_x, y + 4), fill=(200, 0, 0))
    draw.text((rare_x + 4, height - BOTTOM + 22), f"too rare below {rare_below:g}",
              fill=(200, 0, 0), font=_font(12))
    label_font = _font(12)
    for index, row in enumerate(rows):
        y = TOP + index * ROW
        if index % 2:
            draw.rectangle((0, y - 2, WIDTH, y + ROW - 4), fill=(246, 246, 246))
        draw.text((20, y + 2), f"{row.number:>3}  {row.card_id}"[:40], fill="black",
                  font=label_font)
        if not row.simulated:
            draw.text((LEFT + 4, y + 2), row.unsimulated or "not simulated", fill=(120, 120, 120),
                      font=label_font)
            continue
        for offset, players in enumerate(counts):
            mean = row.fires_per_game.get(players)
            if mean is None:
                continue
            bar_y = y + offset * (BAR + 1)
            colour = COLOURS.get(players, (0, 0, 0))
            draw.rectangle((LEFT, bar_y, x_of(mean), bar_y + BAR - 1), fill=colour)
            low, high = row.interval.get(players, (mean, mean))
            middle = bar_y + BAR // 2
            draw.line((x_of(low), middle, x_of(high), middle), fill="black")
    axis_y = height - BOTTOM + 4
    draw.line((LEFT, axis_y, WIDTH - RIGHT, axis_y), fill="black")
    step = _tick_step(top)
    tick: float = 0.0
    while tick <= top * 1.05:
        x = x_of(tick)
        draw.line((x, axis_y, x, axis_y + 5), fill="black")
        draw.text((x - 8, axis_y + 7), f"{tick:g}", fill="black", font=label_font)
        tick += step
    make_folder(path.parent)
    with atomic_path(path) as temporary:
        temporary.write_bytes(png_bytes(image))
    return path


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_COMPRESSION = 3  # the last of zlib's fast levels: 6 makes the chart a sixth smaller in
#                      twice the time
PNG_BAND = 64  # rows read from the picture at a time, so that it is never copied whole


def png_bytes(image: Image.Image) -> bytes:
    """An RGB picture as a PNG file: eight bits a channel, no interlacing, and no filter on
    any row (flat colour compresses well without one)."""
    if image.mode != "RGB":
        raise ValueError(f"png_bytes writes RGB pictures, not {image.mode}")
    width, height = image.size
    stride = 3 * width
    compressor = zlib.compressobj(PNG_COMPRESSION)
    data = []
    for top in range(0, height, PNG_BAND):
        band = image.crop((0, top, width, min(top + PNG_BAND, height))).tobytes()
        rows = b"".join(b"\x00" + band[start:start + stride]  # \x00: filter type "none"
                        for start in range(0, len(band), stride))
        data.append(compressor.compress(rows))
    data.append(compressor.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB
    return (PNG_SIGNATURE + _png_chunk(b"IHDR", header) + _png_chunk(b"IDAT", b"".join(data))
            + _png_chunk(b"IEND", b""))


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    """One chunk: its length, its kind, its data and the CRC of kind and data."""
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data)))


def _tick_step(top: float) -> float:
    for step in (0.5, 1, 2, 5, 10, 20, 50, 100):
        if top / step <= 12:
            return step
    return 200.0
