"""Draws the pirate deck's pictures with Pillow: three full-bleed card scenes, the back and
the rulebook's logo.

    python3 decks/examples/pirates/make_art.py

Each picture covers a poker card's bleed (69 × 94 mm) at 310 dpi, so the art check passes,
and is kept small: flat colours, drawn at twice the size, scaled down and stored as a
palette PNG of a few dozen colours.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
WIDTH, HEIGHT = 845, 1150  # 69 × 94 mm at 311 dpi
SCALE = 2  # drawn at twice the size, then scaled down: smooth edges
COLOURS = 40

Colour = tuple[int, int, int]
NIGHT, SEA, DEEP, FOAM = (16, 32, 52), (22, 72, 92), (10, 40, 56), (214, 228, 222)
GOLD, PARCHMENT, INK = (214, 170, 60), (243, 230, 196), (30, 22, 14)
STORM, BOLT, KRAKEN = (52, 58, 70), (250, 236, 150), (132, 38, 48)


def canvas(top: Colour, bottom: Colour) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A picture filled with bands going from `top` to `bottom` (a flat-colour gradient)."""
    image = Image.new("RGB", (WIDTH * SCALE, HEIGHT * SCALE), top)
    draw = ImageDraw.Draw(image)
    bands = 12
    for band in range(bands):
        share = band / (bands - 1)
        colour = tuple(round(a + (b - a) * share) for a, b in zip(top, bottom, strict=True))
        y = band * image.height // bands
        draw.rectangle((0, y, image.width, image.height), fill=colour)
    return image, draw


def at(x: float, y: float) -> tuple[float, float]:
    """A point given as shares of the width and height."""
    return x * WIDTH * SCALE, y * HEIGHT * SCALE


def waves(draw: ImageDraw.ImageDraw, y: float, colour: Colour, height: float = 0.03,
          count: int = 5) -> None:
    """A band of round-topped waves from height `y` (a share) to the bottom."""
    width = WIDTH * SCALE / count
    top = y * HEIGHT * SCALE
    radius = height * HEIGHT * SCALE
    draw.rectangle((0, top, WIDTH * SCALE, HEIGHT * SCALE), fill=colour)
    for wave in range(count + 1):
        left = wave * width - width / 2
        draw.ellipse((left, top - radius, left + width, top + radius), fill=colour)


def ship(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, hull: Colour,
         sail: Colour) -> None:
    """A galleon whose waterline is centred on (x, y), `size` a share of the width."""
    unit = size * WIDTH * SCALE
    cx, cy = at(x, y)
    draw.polygon([(cx - unit * 0.55, cy - unit * 0.18), (cx + unit * 0.6, cy - unit * 0.18),
                  (cx + unit * 0.42, cy + unit * 0.05), (cx - unit * 0.4, cy + unit * 0.05)],
                 fill=hull)
    for mast, tall in ((-0.25, 0.75), (0.1, 0.95), (0.4, 0.6)):
        mx = cx + unit * mast
        draw.rectangle((mx - unit * 0.015, cy - unit * (tall + 0.18), mx + unit * 0.015,
                        cy - unit * 0.18), fill=hull)
        for level in (0.3, 0.62):
            if level > tall:
                continue
            top = cy - unit * (0.18 + tall * (1 - level) + 0.02)
            draw.rounded_rectangle((mx - unit * 0.14, top, mx + unit * 0.14,
                                    top + unit * tall * 0.3), radius=unit * 0.04, fill=sail)
    draw.polygon([(cx + unit * 0.1, cy - unit * 1.13), (cx + unit * 0.24, cy - unit * 1.08),
                  (cx + unit * 0.1, cy - unit * 1.03)], fill=sail)  # the flag


def tentacle(draw: ImageDraw.ImageDraw, x: float, y: float, rise: float, sway: float,
             thickness: float, colour: Colour, spots: Colour) -> None:
    """A tentacle rising from (x, y) by `rise` (shares), swaying sideways, tapering."""
    steps = 60
    for step in range(steps):
        share = step / steps
        px = x + sway * math.sin(share * math.pi * 1.4) * share
        py = y - rise * share
        radius = thickness * (1 - share * 0.85) * WIDTH * SCALE
        cx, cy = at(px, py)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)
        if step % 9 == 4:
            dot = radius * 0.35
            draw.ellipse((cx - dot - radius * 0.3, cy - dot, cx + dot - radius * 0.3, cy + dot),
                         fill=spots)


def stars(draw: ImageDraw.ImageDraw, colour: Colour, count: int, below: float) -> None:
    for star in range(count):
        x, y = at((star * 0.618) % 1.0, ((star * 0.414) % 1.0) * below)
        radius = SCALE * (2 + star % 3)
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)


def kraken() -> Image.Image:
    image, draw = canvas(NIGHT, DEEP)
    stars(draw, FOAM, 30, 0.3)
    ship(draw, 0.5, 0.42, 0.34, INK, PARCHMENT)
    waves(draw, 0.42, SEA, count=6)
    for x, sway, rise, thick in ((0.1, 0.16, 0.5, 0.08), (0.9, -0.18, 0.55, 0.085),
                                 (0.28, 0.1, 0.32, 0.06), (0.74, -0.08, 0.36, 0.06)):
        tentacle(draw, x, 0.8, rise, sway, thick, KRAKEN, (214, 120, 110))
    waves(draw, 0.66, DEEP, count=4)
    return image


def galleon() -> Image.Image:
    image, draw = canvas((38, 60, 98), (214, 150, 90))
    x, y = at(0.74, 0.27)
    radius = 0.09 * WIDTH * SCALE
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(250, 232, 180))
    stars(draw, FOAM, 18, 0.22)
    ship(draw, 0.45, 0.5, 0.5, INK, (232, 214, 176))
    waves(draw, 0.5, SEA, count=5)
    waves(draw, 0.58, DEEP, count=7)
    return image


def storm() -> Image.Image:
    image, draw = canvas(STORM, (24, 28, 36))
    bolt = [at(0.58, 0.0), at(0.48, 0.2), at(0.56, 0.2), at(0.44, 0.42), at(0.62, 0.16),
            at(0.53, 0.16), at(0.64, 0.0)]
    draw.polygon(bolt, fill=BOLT)
    for row, colour in enumerate(((52, 96, 110), SEA, DEEP)):
        waves(draw, 0.42 + row * 0.08, colour, height=0.05, count=3 + row)
    ship(draw, 0.3, 0.44, 0.26, INK, (190, 180, 160))
    return image


def compass_back() -> Image.Image:
    image, draw = canvas(DEEP, NIGHT)
    cx, cy = at(0.5, 0.5)
    unit = WIDTH * SCALE
    for ring, colour in ((0.44, GOLD), (0.42, DEEP), (0.36, GOLD), (0.35, NIGHT)):
        radius = ring * unit
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)
    for point in range(16):
        angle = point * math.pi / 8
        reach = (0.34 if point % 4 == 0 else 0.24 if point % 2 == 0 else 0.16) * unit
        side = 0.035 * unit
        tip = (cx + reach * math.sin(angle), cy - reach * math.cos(angle))
        left, right = ((cx + side * math.sin(angle + turn), cy - side * math.cos(angle + turn))
                       for turn in (-math.pi / 2, math.pi / 2))
        draw.polygon([tip, left, (cx, cy)], fill=GOLD)
        draw.polygon([tip, right, (cx, cy)], fill=PARCHMENT if point % 4 == 0 else (160, 124, 44))
    waves(draw, 0.93, SEA, height=0.012, count=9)
    return image


LOGO = 420  # pixels square: 28 mm (the rulebook's logo height) at 380 dpi


def logo() -> Image.Image:
    """A gold seal with a skull over crossed bones, on white (the rulebook's paper)."""
    size = LOGO * SCALE
    image = Image.new("RGB", (size, size), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for inset, colour in ((0.0, GOLD), (0.05, NIGHT), (0.09, GOLD), (0.11, DEEP)):
        draw.ellipse((size * inset, size * inset, size * (1 - inset), size * (1 - inset)),
                     fill=colour)
    bone = size * 0.05
    for start, end in (((0.27, 0.3), (0.73, 0.78)), ((0.73, 0.3), (0.27, 0.78))):
        draw.line([(start[0] * size, start[1] * size), (end[0] * size, end[1] * size)],
                  fill=PARCHMENT, width=round(bone))
        for x, y in (start, end):
            for side in (-1, 1):
                draw.ellipse((x * size - bone + side * bone * 0.6, y * size - bone,
                              x * size + bone + side * bone * 0.6, y * size + bone),
                             fill=PARCHMENT)
    head = size * 0.2
    cx, cy = size * 0.5, size * 0.46
    draw.ellipse((cx - head, cy - head, cx + head, cy + head * 0.9), fill=PARCHMENT)
    draw.rounded_rectangle((cx - head * 0.6, cy + head * 0.5, cx + head * 0.6, cy + head * 1.2),
                           radius=head * 0.15, fill=PARCHMENT)
    for side in (-1, 1):
        eye = head * 0.3
        ex = cx + side * head * 0.42
        draw.ellipse((ex - eye, cy - eye * 0.6, ex + eye, cy + eye * 1.3), fill=DEEP)
    draw.polygon([(cx, cy + head * 0.42), (cx - head * 0.12, cy + head * 0.64),
                  (cx + head * 0.12, cy + head * 0.64)], fill=DEEP)
    return image.resize((LOGO, LOGO), Image.Resampling.LANCZOS)


def save(image: Image.Image, name: str) -> None:
    small = image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)
    small.quantize(COLOURS, dither=Image.Dither.NONE).save(HERE / name, optimize=True,
                                                           dpi=(311, 311))


def main() -> None:
    save(kraken(), "kraken.png")
    save(galleon(), "galleon.png")
    save(storm(), "storm.png")
    save(compass_back(), "back.png")
    logo().quantize(COLOURS, dither=Image.Dither.NONE).save(HERE / "logo.png", optimize=True,
                                                           dpi=(380, 380))


if __name__ == "__main__":
    main()
