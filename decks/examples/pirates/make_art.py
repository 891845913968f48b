"""Draws the pirate deck's pictures with Pillow: three full-bleed card scenes, the back, and
the rulebook's cover picture and logo.

    python3 decks/examples/pirates/make_art.py

A card picture covers a poker card's bleed (69 × 94 mm) at 311 dpi and the cover picture its
95 mm on the title page at over 300, so the art check passes. Each is kept small: flat
colours, drawn at twice the size, scaled down and stored as a palette PNG of a few dozen
colours.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
CARD = (845, 1150)  # 69 × 94 mm at 311 dpi
COVER = (1500, 1150)  # 95 mm tall on the title page: 307 dpi
LOGO = 420  # pixels square: 28 mm (the title page's logo) at 380 dpi
SCALE = 2  # drawn at twice the size, then scaled down: smooth edges
COLOURS = 40

Colour = tuple[int, int, int]
NIGHT, SEA, DEEP, FOAM = (16, 32, 52), (22, 72, 92), (10, 40, 56), (214, 228, 222)
GOLD, PARCHMENT, INK = (214, 170, 60), (243, 230, 196), (30, 22, 14)
STORM, BOLT, KRAKEN = (52, 58, 70), (250, 236, 150), (132, 38, 48)
SUCKERS, MOON = (214, 120, 110), (250, 232, 180)


class Scene:
    """A picture being drawn; points are given as shares of its width and height."""

    def __init__(self, size: tuple[int, int], top: Colour, bottom: Colour) -> None:
        self.size = size
        self.width, self.height = size[0] * SCALE, size[1] * SCALE
        self.image = Image.new("RGB", (self.width, self.height), top)
        self.draw = ImageDraw.Draw(self.image)
        bands = 12  # the sky: flat bands going from `top` to `bottom`
        for band in range(bands):
            share = band / (bands - 1)
            colour = tuple(round(a + (b - a) * share) for a, b in zip(top, bottom, strict=True))
            self.draw.rectangle((0, band * self.height // bands, self.width, self.height),
                                fill=colour)

    def at(self, x: float, y: float) -> tuple[float, float]:
        return x * self.width, y * self.height

    def disc(self, x: float, y: float, radius: float, colour: Colour) -> None:
        """A disc at (x, y), its radius a share of the width."""
        cx, cy = self.at(x, y)
        r = radius * self.width
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)

    def waves(self, y: float, colour: Colour, height: float = 0.03, count: int = 5) -> None:
        """A band of round-topped waves from `y` down to the bottom."""
        width = self.width / count
        top, radius = y * self.height, height * self.height
        self.draw.rectangle((0, top, self.width, self.height), fill=colour)
        for wave in range(count + 1):
            left = wave * width - width / 2
            self.draw.ellipse((left, top - radius, left + width, top + radius), fill=colour)

    def stars(self, count: int, below: float) -> None:
        for star in range(count):
            x, y = self.at((star * 0.618) % 1.0, ((star * 0.414) % 1.0) * below)
            radius = SCALE * (2 + star % 3)
            self.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=FOAM)

    def ship(self, x: float, y: float, size: float, hull: Colour, sail: Colour) -> None:
        """A galleon whose waterline is centred on (x, y), `size` a share of the width."""
        unit = size * self.width
        cx, cy = self.at(x, y)
        self.draw.polygon([(cx - unit * 0.55, cy - unit * 0.18),
                           (cx + unit * 0.6, cy - unit * 0.18),
                           (cx + unit * 0.42, cy + unit * 0.05),
                           (cx - unit * 0.4, cy + unit * 0.05)], fill=hull)
        for mast, tall in ((-0.25, 0.75), (0.1, 0.95), (0.4, 0.6)):
            mx = cx + unit * mast
            self.draw.rectangle((mx - unit * 0.015, cy - unit * (tall + 0.18),
                                 mx + unit * 0.015, cy - unit * 0.18), fill=hull)
            for level in (0.3, 0.62):
                if level > tall:
                    continue
                top = cy - unit * (0.18 + tall * (1 - level) + 0.02)
                self.draw.rounded_rectangle((mx - unit * 0.14, top, mx + unit * 0.14,
                                             top + unit * tall * 0.3), radius=unit * 0.04,
                                            fill=sail)
        self.draw.polygon([(cx + unit * 0.1, cy - unit * 1.13),
                           (cx + unit * 0.24, cy - unit * 1.08),
                           (cx + unit * 0.1, cy - unit * 1.03)], fill=sail)  # the flag

    def tentacle(self, x: float, y: float, rise: float, sway: float, thickness: float) -> None:
        """A tentacle rising from (x, y) by `rise`, swaying sideways, tapering, spotted."""
        steps = 60
        for step in range(steps):
            share = step / steps
            px = x + sway * math.sin(share * math.pi * 1.4) * share
            radius = thickness * (1 - share * 0.85)
            self.disc(px, y - rise * share, radius, KRAKEN)
            if step % 9 == 4:
                self.disc(px - radius * 0.3, y - rise * share, radius * 0.35, SUCKERS)

    def saved(self, name: str) -> None:
        small = self.image.resize(self.size, Image.Resampling.LANCZOS)
        small.quantize(COLOURS, dither=Image.Dither.NONE).save(HERE / name, optimize=True)


def kraken() -> Scene:
    scene = Scene(CARD, NIGHT, DEEP)
    scene.stars(30, 0.3)
    scene.ship(0.5, 0.42, 0.34, INK, PARCHMENT)
    scene.waves(0.42, SEA, count=6)
    for x, sway, rise, thick in ((0.1, 0.16, 0.5, 0.08), (0.9, -0.18, 0.55, 0.085),
                                 (0.28, 0.1, 0.32, 0.06), (0.74, -0.08, 0.36, 0.06)):
        scene.tentacle(x, 0.8, rise, sway, thick)
    scene.waves(0.66, DEEP, count=4)
    return scene


def moonlit(size: tuple[int, int], moon: tuple[float, float, float],
            ship: tuple[float, float, float], waves: int) -> Scene:
    """A galleon at dusk under the moon (x, y, radius), the ship at (x, waterline, size)."""
    scene = Scene(size, (38, 60, 98), (214, 150, 90))
    scene.disc(*moon, MOON)
    scene.stars(30, moon[1])
    scene.ship(*ship, INK, (232, 214, 176))
    scene.waves(ship[1], SEA, count=waves)
    return scene


def galleon() -> Scene:
    scene = moonlit(CARD, (0.74, 0.27, 0.09), (0.45, 0.5, 0.5), 5)
    scene.waves(0.58, DEEP, count=7)
    return scene


def storm() -> Scene:
    scene = Scene(CARD, STORM, (24, 28, 36))
    scene.draw.polygon([scene.at(0.58, 0.0), scene.at(0.48, 0.2), scene.at(0.56, 0.2),
                        scene.at(0.44, 0.42), scene.at(0.62, 0.16), scene.at(0.53, 0.16),
                        scene.at(0.64, 0.0)], fill=BOLT)
    for row, colour in enumerate(((52, 96, 110), SEA, DEEP)):
        scene.waves(0.42 + row * 0.08, colour, height=0.05, count=3 + row)
    scene.ship(0.3, 0.44, 0.26, INK, (190, 180, 160))
    return scene


def compass_back() -> Scene:
    scene = Scene(CARD, DEEP, NIGHT)
    cx, cy = scene.at(0.5, 0.5)
    for ring, colour in ((0.44, GOLD), (0.42, DEEP), (0.36, GOLD), (0.35, NIGHT)):
        scene.disc(0.5, 0.5, ring, colour)
    unit = scene.width
    for point in range(16):
        angle = point * math.pi / 8
        reach = (0.34 if point % 4 == 0 else 0.24 if point % 2 == 0 else 0.16) * unit
        side = 0.035 * unit
        tip = (cx + reach * math.sin(angle), cy - reach * math.cos(angle))
        left, right = ((cx + side * math.sin(angle + turn), cy - side * math.cos(angle + turn))
                       for turn in (-math.pi / 2, math.pi / 2))
        scene.draw.polygon([tip, left, (cx, cy)], fill=GOLD)
        scene.draw.polygon([tip, right, (cx, cy)],
                           fill=PARCHMENT if point % 4 == 0 else (160, 124, 44))
    scene.waves(0.93, SEA, height=0.012, count=9)
    return scene


def cover() -> Scene:
    """The title page's picture: the galleon by moonlight, the kraken rising around it."""
    scene = moonlit(COVER, (0.76, 0.24, 0.07), (0.5, 0.68, 0.3), 8)
    for x, sway, rise, thick in ((0.08, 0.12, 0.7, 0.055), (0.92, -0.12, 0.74, 0.058),
                                 (0.24, 0.07, 0.42, 0.038), (0.78, -0.06, 0.46, 0.038)):
        scene.tentacle(x, 1.02, rise, sway, thick)
    scene.waves(0.88, DEEP, height=0.03, count=9)
    return scene


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


def main() -> None:
    kraken().saved("kraken.png")
    galleon().saved("galleon.png")
    storm().saved("storm.png")
    compass_back().saved("back.png")
    cover().saved("cover.png")
    logo().quantize(COLOURS, dither=Image.Dither.NONE).save(HERE / "logo.png", optimize=True)


if __name__ == "__main__":
    main()
