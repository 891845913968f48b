"""Print-and-play sheets: where each card, crop mark and note goes, by arithmetic on boxes.

Pages are always portrait. A template lays cards out in a grid of bleed boxes butted together
and centred on the page; "turned" templates give every card a quarter turn so that, say, eight
poker cards fit as 2 × 4. Backs sit on the following page, mirrored across the page's vertical
centre line, which is what long-edge duplex needs for each back to land behind its front.

Home printers leave the outermost few millimetres of the paper blank, how many depends on the
printer. A card's outer bleed is cut away, so it may run almost to the paper's edge and be
clipped there; what must print are the trim lines, the crop marks and the scale bar, so those
keep further in. `SheetRules` holds the numbers.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from .drawing import Item, Stroke, Text
from .errors import PrintError
from .sizes import CardSize, find_paper
from .units import Box, mm, to_mm

Matrix = tuple[float, float, float, float, float, float]
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetTemplate:
    name: str
    cols: int
    rows: int
    turned: bool = False

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


# Tried in this order; the first that fits with the most cards per page wins.
SHEET_TEMPLATES: tuple[SheetTemplate, ...] = (
    SheetTemplate(name="16-up", cols=4, rows=4),
    SheetTemplate(name="12-up", cols=3, rows=4),
    SheetTemplate(name="9-up", cols=3, rows=3),
    SheetTemplate(name="8-up", cols=2, rows=4, turned=True),
    SheetTemplate(name="6-up", cols=2, rows=3, turned=True),
    SheetTemplate(name="4-up", cols=2, rows=2),
    SheetTemplate(name="3-up", cols=1, rows=3, turned=True),
    SheetTemplate(name="2-up", cols=2, rows=1),
    SheetTemplate(name="1-up", cols=1, rows=1),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetRules:
    """Where things may go on a print-and-play page, in millimetres (line widths in points).

    Cards: each card's bleed box stays `bleed_edge_mm` inside the paper's edge and its trim box
    `trim_edge_mm`, far enough in for most home printers to print every cut line.

    Crop marks continue every trim line at both of its ends, never over a card's trim. On a
    side of the grid whose margin has room, they start `mark_gap_mm` beyond the grid and run
    `mark_length_mm` (less where the paper ends). A margin has room when at least `mark_min_mm`
    of such a mark lands `trim_edge_mm` or more inside the paper, where it prints (or when the
    bleed could not carry more printed mark). Otherwise the marks are drawn over the outer bleed
    strip, which the cut removes: from the grid's edge inward, stopping `mark_trim_gap_mm`
    before the trim line.

    Furniture (the scale bar, the "print at 100%" note and the heading) goes in the margins,
    turned a quarter in the side margins if need be: `furniture_edge_mm` inside the paper,
    `furniture_gap_mm` from the cards and `clearance_mm` from every crop mark and each other.
    """

    bleed_edge_mm: float = 1.0  # nearest a card's bleed box comes to the paper's edge
    trim_edge_mm: float = 4.0  # nearest its trim box (where the cut goes) comes to it
    mark_gap_mm: float = 1.0  # between the cards and a crop mark in the margin
    mark_length_mm: float = 4.0  # a crop mark in the margin, at most
    mark_min_mm: float = 2.0  # printed length a margin must hold for marks to go there
    mark_trim_gap_mm: float = 0.75  # a mark over the bleed stops this short of the trim line
    mark_width_pt: float = 0.4
    clearance_mm: float = 1.5  # kept free around crop marks, the bar and the notes
    furniture_edge_mm: float = 4.0  # nearest the bar and notes come to the paper's edge
    furniture_gap_mm: float = 0.5  # nearest they come to a card
    furniture_depth_mm: float = 4.0  # the deepest a note's box is made
    note_min_mm: tuple[float, float] = (20.0, 2.5)  # the smallest box worth a note: long, deep
    bar_depth_mm: float = 2.75  # what the scale bar (ticks and label) needs across it
    bar_lengths_mm: tuple[int, ...] = (50, 40, 30, 20)  # the longest that fits is drawn

    def edge_mm(self, bleed_mm: float) -> float:
        """The least room between the grid of bleed boxes and the paper's edge."""
        return max(self.bleed_edge_mm, self.trim_edge_mm - bleed_mm)


RULES = SheetRules()
_EPSILON = 1e-6


@dataclass(frozen=True, slots=True, kw_only=True)
class Placement:
    """One card on a page. `quarter_turns` is 0, 1 (its top points left) or -1 (right)."""

    slot: int
    cell: Box  # the bleed box, on the page
    trim: Box  # the trimmed card, on the page
    quarter_turns: int = 0

    def matrix(self) -> Matrix:
        """The affine map from card coordinates (origin at the trim's lower-left) to the page."""
        trim = self.trim
        if self.quarter_turns == 1:
            return (0.0, 1.0, -1.0, 0.0, trim.right, trim.y)
        if self.quarter_turns == -1:
            return (0.0, -1.0, 1.0, 0.0, trim.x, trim.top)
        return (1.0, 0.0, 0.0, 1.0, trim.x, trim.y)


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


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetLayout:
    paper: str
    page: Box
    template: SheetTemplate
    size: CardSize
    bleed_mm: float
    back_offset_mm: tuple[float, float]
    grid: Box
    fronts: tuple[Placement, ...]  # in reading order as seen on the front page
    backs: tuple[Placement, ...]  # backs[i] lands behind fronts[i]
    front_marks: tuple[Stroke, ...]
    back_marks: tuple[Stroke, ...]
    bar: Spot | None  # where the scale bar goes on front pages
    bar_mm: int
    note: Spot | None  # "print at 100%" note, near the bar where there is room
    heading: Spot | None  # deck name and page number, in the top margin where there is room

    @property
    def per_page(self) -> int:
        return self.template.per_page

    def mirrored(self, box: Box) -> Box:
        """Where `box` goes on a back page: mirrored, then moved by the back offset."""
        dx, dy = self.back_offset_mm
        return box.mirror_x(self.page.w).moved(mm(dx), mm(dy))

    def back_spot(self, spot: Spot) -> Spot:
        """Where a front page's `spot` goes on a back page, as `mirrored` does for boxes."""
        dx, dy = self.back_offset_mm
        return spot.mirrored(self.page.w, mm(dx), mm(dy))

    def describe(self) -> str:
        """E.g. "8-up: 2 × 4 cards turned a quarter, A4 portrait, poker 63 × 88 mm, bleed 3 mm"."""
        t = self.template
        turned = " turned a quarter" if t.turned else ""
        paper = PAPER_NAMES.get(self.paper, self.paper)
        return (f"{t.name}: {t.cols} × {t.rows} cards{turned}, {paper} portrait, "
                f"{self.size.describe()}, bleed {self.bleed_mm:g} mm")


def cell_size(size: CardSize, bleed_mm: float, turned: bool) -> tuple[float, float]:
    """Width and height in points of one card with its bleed, as placed."""
    width, height = mm(size.width_mm + 2 * bleed_mm), mm(size.height_mm + 2 * bleed_mm)
    return (height, width) if turned else (width, height)


def fits(template: SheetTemplate, size: CardSize, bleed_mm: float, paper: str,
         rules: SheetRules = RULES) -> bool:
    """Whether the template's grid, centred, keeps every bleed and trim box far enough in."""
    width, height = find_paper(paper)
    cell_w, cell_h = cell_size(size, bleed_mm, template.turned)
    edge = rules.edge_mm(bleed_mm)
    room_w, room_h = mm(width - 2 * edge), mm(height - 2 * edge)
    return (template.cols * cell_w <= room_w + _EPSILON
            and template.rows * cell_h <= room_h + _EPSILON)


def choose_template(size: CardSize, bleed_mm: float, paper: str, per_page: int | None,
                    rules: SheetRules = RULES) -> SheetTemplate:
    """The template with `per_page` cards (or the most that fit), or a PrintError saying why."""
    fitting = [t for t in SHEET_TEMPLATES if fits(t, size, bleed_mm, paper, rules)]
    if per_page is None:
        if not fitting:
            raise PrintError(f"Not even one {size.describe()} card with {bleed_mm:g} mm bleed "
                             f"fits on {paper} paper.")
        return max(fitting, key=lambda t: t.per_page)
    for template in fitting:
        if template.per_page == per_page:
            return template
    known = sorted({t.per_page for t in SHEET_TEMPLATES}, reverse=True)
    if per_page not in known:
        raise PrintError(f"There is no sheet with {per_page} cards per page; there are sheets "
                         f"with {', '.join(map(str, known))}.")
    counts = sorted({t.per_page for t in fitting}, reverse=True)
    width, height = find_paper(paper)
    raise PrintError(
        f"{per_page} {size.name} cards with {bleed_mm:g} mm bleed do not fit on {paper} paper "
        f"({width:g} × {height:g} mm, keeping each card's trim {rules.trim_edge_mm:g} mm and "
        f"its bleed {rules.bleed_edge_mm:g} mm inside the edge). What fits: "
        f"{', '.join(map(str, counts)) or 'nothing'} per page.")


def mark_reach(room: float, bleed: float, rules: SheetRules = RULES
               ) -> tuple[float, float] | None:
    """Where the crop marks on one side of the grid run, in points outward from its edge.

    `room` lies between that edge of the grid and the paper's edge, `bleed` between it and the
    trim lines. (gap, end) is a mark in the margin; (0, -length) one over the outer bleed; None
    means there is nowhere to draw one.
    """
    gap, printable = mm(rules.mark_gap_mm), mm(rules.trim_edge_mm)
    end = min(room, gap + mm(rules.mark_length_mm))
    outside = end - gap
    # How much of each kind of mark lies `printable` or more inside the paper.
    outside_printed = max(0.0, room - gap - max(room - end, printable))
    inside = bleed - mm(rules.mark_trim_gap_mm)
    inside_printed = max(0.0, room + inside - max(room, printable))
    if (outside >= mm(rules.mark_min_mm) - _EPSILON
            and outside_printed >= min(mm(rules.mark_min_mm), inside_printed) - _EPSILON):
        return gap, end
    options = []
    if outside > _EPSILON:
        options.append(((outside_printed, outside), (gap, end)))
    if inside > _EPSILON:
        options.append(((inside_printed, inside), (0.0, -inside)))
    return max(options)[1] if options else None


def _marks(placements: tuple[Placement, ...], grid: Box, page: Box, bleed: float,
           rules: SheetRules) -> tuple[Stroke, ...]:
    """Crop marks at both ends of every trim line: in the margin, or over the outer bleed."""
    xs = sorted({round(p.trim.x, 6) for p in placements} | {round(p.trim.right, 6)
                                                             for p in placements})
    ys = sorted({round(p.trim.y, 6) for p in placements} | {round(p.trim.top, 6)
                                                             for p in placements})
    width = rules.mark_width_pt
    marks: list[Stroke] = []
    top = mark_reach(page.top - grid.top, bleed, rules)
    bottom = mark_reach(grid.y - page.y, bleed, rules)
    left = mark_reach(grid.x - page.x, bleed, rules)
    right = mark_reach(page.right - grid.right, bleed, rules)
    for x in xs:
        if top:
            marks.append(Stroke(x, grid.top + top[0], x, grid.top + top[1], "#000000", width))
        if bottom:
            marks.append(Stroke(x, grid.y - bottom[0], x, grid.y - bottom[1], "#000000", width))
    for y in ys:
        if left:
            marks.append(Stroke(grid.x - left[0], y, grid.x - left[1], y, "#000000", width))
        if right:
            marks.append(Stroke(grid.right + right[0], y, grid.right + right[1], y, "#000000",
                                width))
    return tuple(marks)


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


def _furniture(marks: Sequence[Stroke], grid: Box, page: Box, rules: SheetRules
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


def sheet_layout(*, paper: str, size: CardSize, bleed_mm: float, per_page: int | None = None,
                 back_offset_mm: tuple[float, float] = (0.0, 0.0),
                 rules: SheetRules = RULES) -> SheetLayout:
    """Lay out one sheet: the same grid serves every front page and (mirrored) every back page."""
    paper = paper.lower()
    template = choose_template(size, bleed_mm, paper, per_page, rules)
    width, height = find_paper(paper)
    page = Box(0.0, 0.0, mm(width), mm(height))
    cell_w, cell_h = cell_size(size, bleed_mm, template.turned)
    grid_w, grid_h = template.cols * cell_w, template.rows * cell_h
    grid = Box((page.w - grid_w) / 2, (page.h - grid_h) / 2, grid_w, grid_h)
    bleed = mm(bleed_mm)
    turns = 1 if template.turned else 0
    fronts = []
    for slot in range(template.per_page):
        row, col = divmod(slot, template.cols)
        cell = Box(grid.x + col * cell_w, grid.top - (row + 1) * cell_h, cell_w, cell_h)
        fronts.append(Placement(slot=slot, cell=cell, trim=cell.inset(bleed),
                                quarter_turns=turns))
    dx, dy = mm(back_offset_mm[0]), mm(back_offset_mm[1])
    backs = tuple(
        Placement(slot=p.slot, cell=p.cell.mirror_x(page.w).moved(dx, dy),
                  trim=p.trim.mirror_x(page.w).moved(dx, dy), quarter_turns=-p.quarter_turns)
        for p in fronts)
    front_marks = _marks(tuple(fronts), grid, page, bleed, rules)
    back_marks = _marks(backs, grid.mirror_x(page.w).moved(dx, dy), page, bleed, rules)
    bar, bar_mm, note, heading = _furniture(front_marks, grid, page, rules)
    return SheetLayout(paper=paper, page=page, template=template, size=size, bleed_mm=bleed_mm,
                       back_offset_mm=back_offset_mm, grid=grid, fronts=tuple(fronts),
                       backs=backs, front_marks=front_marks, back_marks=back_marks, bar=bar,
                       bar_mm=bar_mm, note=note, heading=heading)
