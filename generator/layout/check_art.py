"""Pictures printed at under 300 dpi at the size they are placed at (`art-low-dpi`)."""

from __future__ import annotations

import math

from generator.printing.art import art_size
from generator.printing.errors import PrintError
from generator.printing.units import Box, to_inch, to_mm

from .check_sides import DrawnSide
from .findings import Finding, Findings

PRINT_DPI = 300


def placed_size(box: Box, fit: str, pixels: tuple[int, int]) -> tuple[float, float]:
    """The size (points) a picture of `pixels` is printed at in `box`, as `fit` places it
    (covering, it runs past the box and is cropped)."""
    width, height = pixels
    if fit == "stretch":
        return box.w, box.h
    scale = (min if fit == "contain" else max)(box.w / width, box.h / height)
    return width * scale, height * scale


def check_art(side: DrawnSide, findings: Findings) -> None:
    for element, drawn in side.drawn():
        if drawn.type != "image" or drawn.source is None:
            continue
        try:
            pixels = art_size(drawn.source)
        except PrintError:
            continue  # art-unusable says so
        width, height = placed_size(drawn.box, element.spec.fit or "contain", pixels)
        if width <= 0 or height <= 0:
            continue
        dpi = min(pixels[0] / to_inch(width), pixels[1] / to_inch(height))
        if dpi >= PRINT_DPI - 0.5:
            continue
        need = (math.ceil(to_inch(width) * PRINT_DPI), math.ceil(to_inch(height) * PRINT_DPI))
        findings.add(Finding(
            "art-low-dpi", element, side.template,
            f'the picture "{drawn.source.name}" ({pixels[0]:,} × {pixels[1]:,} pixels) prints '
            f"{to_mm(width):.1f} × {to_mm(height):.1f} mm, at {dpi:.0f} dpi: under the "
            f"{PRINT_DPI} dpi print needs, it will look soft or blocky. Use a picture of at "
            f"least {need[0]:,} × {need[1]:,} pixels.",
            data={"dpi": round(dpi), "pixels": f"{pixels[0]}x{pixels[1]}",
                  "pixels_needed": f"{need[0]}x{need[1]}"},
            group=str(drawn.source), weight=-dpi), side.who)


__all__ = ["PRINT_DPI", "check_art", "placed_size"]
