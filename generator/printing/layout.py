"""Print-and-play sheets: where each card, crop mark and note goes, by arithmetic on boxes.

Pages are always portrait. A template lays cards out in a grid of bleed boxes butted together
and centred on the page; "turned" templates give every card a quarter turn so that, say, eight
poker cards fit as 2 × 4. Backs sit on the following page, mirrored across the page's vertical
centre line, which is what long-edge duplex needs for each back to land behind its front.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .drawing import Stroke
from .errors import PrintError
from .sizes import CardSize, find_paper
from .units import Box, mm

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
    """Page furniture, in millimetres: margins, crop marks and the scale bar."""

    margin_mm: float = 5.0  # nearest a card's bleed may come to the paper's edge
    mark_gap_mm: float = 1.0  # between the cards and the start of a crop mark
    mark_length_mm: float = 4.0
    mark_width_pt: float = 0.4
    clearance_mm: float = 1.5  # kept free around crop marks for the notes and the bar
    bar_lengths_mm: tuple[int, ...] = (50, 40, 30, 20)


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
    bar: Box | None  # where the scale bar goes on front pages
    bar_mm: int
    note: Box | None  # "print at 100%" note, bottom margin
    heading: Box | None  # deck name and page number, top margin

    @property
    def per_page(self) -> int:
        return self.template.per_page

    def mirrored(self, box: Box) -> Box:
        """Where `box` goes on a back page: mirrored, then moved by the back offset."""
        dx, dy = self.back_offset_mm
        return box.mirror_x(self.page.w).moved(mm(dx), mm(dy))

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
    width, height = find_paper(paper)
    cell_w, cell_h = cell_size(size, bleed_mm, template.turned)
    room_w, room_h = mm(width - 2 * rules.margin_mm), mm(height - 2 * rules.margin_mm)
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
        f"({width:g} × {height:g} mm less {rules.margin_mm:g} mm margins). What fits: "
        f"{', '.join(map(str, counts)) or 'nothing'} per page.")


def _marks(placements: tuple[Placement, ...], grid: Box, page: Box,
           rules: SheetRules) -> tuple[Stroke, ...]:
    """Crop marks in the margins at both ends of every trim line, never over a card."""
    xs = sorted({round(p.trim.x, 6) for p in placements} | {round(p.trim.right, 6)
                                                             for p in placements})
    ys = sorted({round(p.trim.y, 6) for p in placements} | {round(p.trim.top, 6)
                                                             for p in placements})
    gap, length, width = mm(rules.mark_gap_mm), mm(rules.mark_length_mm), rules.mark_width_pt
    marks: list[Stroke] = []
    for x in xs:
        marks.append(Stroke(x, grid.top + gap, x, min(page.top, grid.top + gap + length),
                            "#000000", width))
        marks.append(Stroke(x, grid.y - gap, x, max(page.y, grid.y - gap - length),
                            "#000000", width))
    for y in ys:
        marks.append(Stroke(grid.x - gap, y, max(page.x, grid.x - gap - length), y,
                            "#000000", width))
        marks.append(Stroke(grid.right + gap, y, min(page.right, grid.right + gap + length), y,
                            "#000000", width))
    return tuple(marks)


def free_spans(marks_x: list[float], page: Box, rules: SheetRules) -> list[tuple[float, float]]:
    """Stretches of a margin band between crop marks, kept clear of them and the paper's edge."""
    clear, edge = mm(rules.clearance_mm), mm(rules.margin_mm)
    stops = [page.x + edge - clear, *sorted(marks_x), page.right - edge + clear]
    spans = [(a + clear, b - clear) for a, b in itertools.pairwise(stops)]
    return [(a, b) for a, b in spans if b - a > 0]


def _furniture(marks_x: list[float], grid: Box, page: Box, rules: SheetRules
               ) -> tuple[Box | None, int, Box | None, Box | None]:
    """Place the scale bar and the note in the bottom margin and the heading in the top one."""
    gap, length = mm(rules.mark_gap_mm), mm(rules.mark_length_mm)
    bottom_y = max(page.y, grid.y - gap - length)
    top_y = grid.top + gap
    band_h = min(length, grid.y - gap - page.y)
    spans = free_spans(marks_x, page, rules)
    bar: Box | None = None
    bar_mm = 0
    for candidate in rules.bar_lengths_mm:
        wide_enough = [s for s in spans if s[1] - s[0] >= mm(candidate)]
        if wide_enough:
            span = min(wide_enough, key=lambda s: abs((s[0] + s[1]) / 2 - page.centre_x))
            spans.remove(span)
            middle = (span[0] + span[1]) / 2
            bar = Box(middle - mm(candidate) / 2, bottom_y, mm(candidate), band_h)
            bar_mm = candidate
            break
    note: Box | None = None
    if spans:
        span = max(spans, key=lambda s: s[1] - s[0])
        note = Box(span[0], bottom_y, span[1] - span[0], band_h)
    top_spans = free_spans(marks_x, page, rules)
    heading: Box | None = None
    if top_spans:
        span = max(top_spans, key=lambda s: s[1] - s[0])
        heading = Box(span[0], top_y, span[1] - span[0], min(length, page.top - top_y))
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
    front_marks = _marks(tuple(fronts), grid, page, rules)
    back_marks = _marks(backs, grid.mirror_x(page.w).moved(dx, dy), page, rules)
    marks_x = sorted({m.x1 for m in front_marks if m.x1 == m.x2})
    bar, bar_mm, note, heading = _furniture(marks_x, grid, page, rules)
    return SheetLayout(paper=paper, page=page, template=template, size=size, bleed_mm=bleed_mm,
                       back_offset_mm=back_offset_mm, grid=grid, fronts=tuple(fronts),
                       backs=backs, front_marks=front_marks, back_marks=back_marks, bar=bar,
                       bar_mm=bar_mm, note=note, heading=heading)
