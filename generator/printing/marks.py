"""Crop marks a home printer prints and a cutter can follow, whatever was cut before.

A home printer leaves the outermost few millimetres of the paper blank, and every cut takes
the marks of the strip it removes. So each trim line is marked twice over:

- **Ticks beside the cards.** Along both ends of every edge of every card, a short black line
  on a white band lies in the card's own bleed, flush with the trim line. However the sheet
  has been cut already (rows first, columns first, one card at a time), every strip still
  holding a card still holds the ticks of that card's edges, and they lie far enough inside
  the paper to print. Black on white shows on any card colour.
- **Crop marks in the margin.** Where the margin beyond the bleed has room inside the
  printable area, each trim line also runs on into the margin: what a guillotine's fence or a
  ruler laid across the whole sheet lines up with for the first cuts.

No mark ever lies over a card's trim, so nothing is left on a card once it is cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .drawing import Stroke
from .units import Box, mm

if TYPE_CHECKING:
    from .sheet_rules import Placement, SheetRules

INK = "#000000"
HALO = "#ffffff"
_EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Marks:
    """The strokes of a page's marks: `halos` (white, drawn first) then `ink` (black)."""

    halos: tuple[Stroke, ...]
    ink: tuple[Stroke, ...]

    @property
    def strokes(self) -> tuple[Stroke, ...]:
        return (*self.halos, *self.ink)


def page_marks(placements: Sequence[Placement], grid: Box, page: Box,
               rules: SheetRules) -> Marks:
    """Ticks beside every card edge and crop marks in the margins that have room for them."""
    halos: list[Stroke] = []
    ink: list[Stroke] = []
    for placement in placements:
        for halo, line in _ticks(placement.trim, rules):
            halos.append(halo)
            ink.append(line)
    ink += _margin_marks(placements, grid, page, rules)
    return Marks(tuple(halos), tuple(ink))


def _ticks(trim: Box, rules: SheetRules) -> list[tuple[Stroke, Stroke]]:
    """(halo, ink) for the ticks at both ends of each edge of one card, outside its trim."""
    ink_w, halo_w = rules.tick_width_pt, rules.tick_halo_pt
    ticks = []
    for x, out in ((trim.x, -1), (trim.right, 1)):  # the left and right edges
        length = min(mm(rules.tick_length_mm), trim.h / 4)
        for y1, y2 in ((trim.top, trim.top - length), (trim.y, trim.y + length)):
            ticks.append((Stroke(x + out * halo_w / 2, y1, x + out * halo_w / 2, y2, HALO,
                                 halo_w),
                          Stroke(x + out * ink_w / 2, y1, x + out * ink_w / 2, y2, INK, ink_w)))
    for y, out in ((trim.y, -1), (trim.top, 1)):  # the bottom and top edges
        length = min(mm(rules.tick_length_mm), trim.w / 4)
        for x1, x2 in ((trim.x, trim.x + length), (trim.right, trim.right - length)):
            ticks.append((Stroke(x1, y + out * halo_w / 2, x2, y + out * halo_w / 2, HALO,
                                 halo_w),
                          Stroke(x1, y + out * ink_w / 2, x2, y + out * ink_w / 2, INK, ink_w)))
    return ticks


def _margin_marks(placements: Sequence[Placement], grid: Box, page: Box,
                  rules: SheetRules) -> list[Stroke]:
    """Every trim line continued into the margins, from `mark_gap_mm` beyond the bleed to no
    nearer the paper's edge than the printer's margin; only where `mark_min_mm` fits."""
    xs = sorted({round(v, 6) for p in placements for v in (p.trim.x, p.trim.right)})
    ys = sorted({round(v, 6) for p in placements for v in (p.trim.y, p.trim.top)})
    printable = page.inset(mm(rules.printer_margin_mm))
    gap, longest, least = mm(rules.mark_gap_mm), mm(rules.mark_length_mm), mm(rules.mark_min_mm)
    width = rules.mark_width_pt
    marks: list[Stroke] = []

    def run(start: float, limit: float, outward: int) -> tuple[float, float] | None:
        begin = start + outward * gap
        end = begin + outward * longest
        end = min(end, limit) if outward > 0 else max(end, limit)
        return (begin, end) if (end - begin) * outward >= least - _EPSILON else None

    for x in xs:
        for found in (run(grid.top, printable.top, 1), run(grid.y, printable.y, -1)):
            if found:
                marks.append(Stroke(x, found[0], x, found[1], INK, width))
    for y in ys:
        for found in (run(grid.right, printable.right, 1), run(grid.x, printable.x, -1)):
            if found:
                marks.append(Stroke(found[0], y, found[1], y, INK, width))
    return marks
