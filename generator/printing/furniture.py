"""Where the scale bar, the "print at 100%" note and the heading go on a print-and-play page:
in the margins, clear of the cards, the crop marks and the paper's unprintable edge.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from .drawing import Item, Stroke, Text
from .units import Box, mm, to_mm

if TYPE_CHECKING:
    from .sheet_rules import SheetRules

_EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Spot:
    """Where the scale bar or a note goes: `box` on the page, and which way it reads.

    `turns` 0 reads left to right; 1 (a quarter turn anticlockwise) bottom to top, as in the
    left margin; -1 top to bottom, as in the right margin. Contents are made upright in `frame`
    (`length` along the reading direction, `depth` across it) and `place` puts them on the page.
    """

    box: Box
    turns: int = 0

    @property
    def length(self) -> float:
        return self.box.h if self.turns else self.box.w

    @property
    def depth(self) -> float:
        return self.box.w if self.turns else self.box.h

    @property
    def frame(self) -> Box:
        return Box(0.0, 0.0, self.length, self.depth)

    def point(self, u: float, v: float) -> tuple[float, float]:
        """The page point for (u, v) in `frame`."""
        box = self.box
        if self.turns == 1:
            return box.right - v, box.y + u
        if self.turns == -1:
            return box.x + v, box.top - u
        return box.x + u, box.y + v

    def place(self, items: Iterable[Item]) -> list[Item]:
        """Strokes and text drawn in `frame`, moved (and turned) onto the page."""
        placed: list[Item] = []
        for item in items:
            if isinstance(item, Stroke):
                (x1, y1), (x2, y2) = self.point(item.x1, item.y1), self.point(item.x2, item.y2)
                placed.append(replace(item, x1=x1, y1=y1, x2=x2, y2=y2))
            elif isinstance(item, Text):
                x, y = self.point(item.x, item.y)
                turns = (item.turns + self.turns + 1) % 4 - 1
                placed.append(replace(item, x=x, y=y, turns=turns))
            else:
                raise TypeError(f"A spot places strokes and text, not {type(item).__name__}.")
        return placed

    def mirrored(self, page_width: float, dx: float = 0.0, dy: float = 0.0) -> Spot:
        """The spot seen through the page, moved by (dx, dy): left margin becomes right."""
        return Spot(self.box.mirror_x(page_width).moved(dx, dy), -self.turns)




def stroke_box(stroke: Stroke) -> Box:
    """The box a straight line's ink covers: its width widens it across (ends are butt)."""
    half = stroke.width / 2
    dx = 0.0 if stroke.y1 == stroke.y2 else half
    dy = 0.0 if stroke.x1 == stroke.x2 else half
    return Box(min(stroke.x1, stroke.x2) - dx, min(stroke.y1, stroke.y2) - dy,
               abs(stroke.x2 - stroke.x1) + 2 * dx, abs(stroke.y2 - stroke.y1) + 2 * dy)


def _transposed(box: Box) -> Box:
    return Box(box.y, box.x, box.h, box.w)


def free_boxes(area: Box, obstacles: Sequence[Box]) -> list[Box]:
    """The largest boxes inside `area` that meet none of `obstacles`, lowest first.

    Each such box is bounded on every side by the area or an obstacle, so trying every pair of
    obstacle edges across one axis (the one with fewer of them) and finding the free stretches
    along the other finds them all.
    """
    inside = [o for o in obstacles if o.overlaps(area)]
    xs = {area.x, area.right} | {v for o in inside for v in (o.x, o.right)
                                 if area.x < v < area.right}
    ys = {area.y, area.top} | {v for o in inside for v in (o.y, o.top) if area.y < v < area.top}
    if len(xs) < len(ys):
        return sorted((_transposed(b) for b in free_boxes(_transposed(area),
                                                          [_transposed(o) for o in inside])),
                      key=lambda box: (box.y, box.x))
    found: list[Box] = []
    for low, high in itertools.combinations(sorted(ys), 2):
        blocks = sorted((o.x, o.right) for o in inside if o.y < high and low < o.top)
        start = area.x
        for block_start, block_end in [*blocks, (area.right, area.right)]:
            if block_start > start:
                found.append(Box(start, low, min(block_start, area.right) - start, high - low))
            start = max(start, block_end)
    # Largest first, so that of two boxes differing only by rounding the larger is kept.
    kept: list[Box] = []
    for box in sorted(found, key=lambda box: -box.w * box.h):
        if not any(other.contains(box, _EPSILON) for other in kept):
            kept.append(box)
    return sorted(kept, key=lambda box: (box.y, box.x))


SIDES = ("bottom", "top", "left", "right")
_TURNS = {"bottom": 0, "top": 0, "left": 1, "right": -1}


def _bands(page: Box, grid: Box, rules: SheetRules) -> dict[str, Box]:
    """The four margins, as far as furniture may use them."""
    inner, gap = page.inset(mm(rules.furniture_edge_mm)), mm(rules.furniture_gap_mm)
    bands = {
        "bottom": Box(inner.x, inner.y, inner.w, grid.y - gap - inner.y),
        "top": Box(inner.x, grid.top + gap, inner.w, inner.top - grid.top - gap),
        "left": Box(inner.x, inner.y, grid.x - gap - inner.x, inner.h),
        "right": Box(grid.right + gap, inner.y, inner.right - grid.right - gap, inner.h),
    }
    return {side: band for side, band in bands.items() if band.w > 0 and band.h > 0}


def _towards_cards(free: Box, side: str, length: float, depth: float) -> Spot:
    """A spot `length` long and `depth` deep, centred along `free`, on its side by the cards."""
    if side in ("bottom", "top"):
        y = free.top - depth if side == "bottom" else free.y
        return Spot(Box(free.centre_x - length / 2, y, length, depth), 0)
    x = free.right - depth if side == "left" else free.x
    return Spot(Box(x, free.centre_y - length / 2, depth, length), _TURNS[side])


def _bar_order(off_centre: Callable[[str, Spot], float], side: str, spot: Spot
               ) -> tuple[float, float]:
    """Bars go near the middle of their margin, and deeper margins before shallow ones."""
    return off_centre(side, spot), -spot.depth


def place_furniture(marks: Sequence[Stroke], grid: Box, page: Box, rules: SheetRules
               ) -> tuple[Spot | None, int, Spot | None, Spot | None]:
    """Spots for the scale bar, the note and the heading, clear of the cards and crop marks.

    The bar is the longest that fits anywhere, upright if it can be (bottom margin first), near
    the middle of its margin. The note takes the longest free stretch in the bar's margin, the
    heading the longest in the top one; failing that, the longest elsewhere, in a margin with
    nothing in it yet if there is a choice.
    """
    clear = mm(rules.clearance_mm)
    obstacles = [stroke_box(mark).inset(-clear) for mark in marks]
    bands = _bands(page, grid, rules)

    def free(side: str) -> list[Spot]:
        return [Spot(box, _TURNS[side]) for box in free_boxes(bands[side], obstacles)]

    def off_centre(side: str, spot: Spot) -> float:
        middle, centre = ((spot.box.centre_x, page.centre_x) if side in ("bottom", "top")
                          else (spot.box.centre_y, page.centre_y))
        return round(to_mm(abs(middle - centre)))

    bar: Spot | None = None
    bar_mm, bar_side = 0, "bottom"
    depth = mm(rules.bar_depth_mm)
    for length in rules.bar_lengths_mm:
        for side in bands:
            room = [s for s in free(side)
                    if s.length >= mm(length) - _EPSILON and s.depth >= depth - _EPSILON]
            if room:
                best = min(room, key=partial(_bar_order, off_centre, side))
                bar = _towards_cards(best.box, side, mm(length), depth)
                bar_mm, bar_side = length, side
                obstacles.append(bar.box.inset(-clear))
                break
        if bar is not None:
            break

    least_length, least_depth = mm(rules.note_min_mm[0]), mm(rules.note_min_mm[1])

    def note_spot(preferred: str) -> Spot | None:
        room = [(side, s) for side in bands for s in free(side)
                if s.length >= least_length - _EPSILON and s.depth >= least_depth - _EPSILON]
        if not room:
            return None
        side, best = min(room, key=lambda found: (
            found[0] != preferred, -round(to_mm(found[1].length)), found[0] in used,
            off_centre(*found)))
        spot = _towards_cards(best.box, side, best.length,
                              min(best.depth, mm(rules.furniture_depth_mm)))
        obstacles.append(spot.box.inset(-clear))
        used.add(side)
        return spot

    used = {bar_side} if bar is not None else set()

    note = note_spot(bar_side)
    heading = note_spot("top")
    return bar, bar_mm, note, heading


