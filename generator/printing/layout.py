"""Print-and-play sheets: where each card, crop mark and note goes, by arithmetic on boxes.

Pages are always portrait. A template lays cards out in a grid, with a gutter between cards
that carries their bleed and their ticks (see marks.py), the whole centred on the page;
"turned" templates give every card a quarter turn so that, say, eight poker cards fit as
2 × 4. Backs sit on the following page, mirrored across the page's vertical centre line,
which is what long-edge duplex needs for each back to land behind its front.

Home printers leave the outermost few millimetres of the paper blank: `SheetRules` keeps every
card's trim, every mark and every word on the sheet inside a 5 mm margin, and a template only
fits a paper if it can.

Every trim line gets a crop mark in the margin at both ends. Where the paper is too short for
those marks beyond the whole bleed (eight poker cards on US Letter: four rows leave 6 mm above
and below), the bleed along that direction, outside and between the cards, is narrowed to what
lets them print, never below `mark_bleed_min_mm`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .errors import PrintError
from .furniture import Spot, place_furniture
from .marks import Marks, page_marks
from .sheet_rules import RULES, Placement, SheetRules
from .sizes import CardSize, find_paper
from .units import Box, mm

_EPSILON = 1e-6
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
class SheetLayout:
    paper: str
    page: Box
    template: SheetTemplate
    size: CardSize
    bleed_mm: float
    gutters_mm: tuple[float, float]  # between the trims of neighbouring cards: across, up
    # the bleed kept across and up, outside the grid and each side of a gutter: `bleed_mm`
    # unless narrowed to make room for the margin's crop marks
    edge_bleed_mm: tuple[float, float]
    back_offset_mm: tuple[float, float]
    grid: Box  # every card with its bleed
    fronts: tuple[Placement, ...]  # in reading order as seen on the front page
    backs: tuple[Placement, ...]  # backs[i] lands behind fronts[i]
    front_marks: Marks
    back_marks: Marks
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
        """E.g. "8-up: 2 × 4 cards turned a quarter, A4 portrait, poker 63 × 88 mm, bleed
        3 mm, 6 mm apart"."""
        t = self.template
        turned = " turned a quarter" if t.turned else ""
        paper = PAPER_NAMES.get(self.paper, self.paper)
        gaps = sorted({round(gap, 1) for gap, count in zip(self.gutters_mm, (t.cols, t.rows),
                                                              strict=True) if count > 1})
        apart = f", {' and '.join(f'{gap:g}' for gap in gaps)} mm apart" if gaps else ""
        return (f"{t.name}: {t.cols} × {t.rows} cards{turned}, {paper} portrait, "
                f"{self.size.describe()}, bleed {self.bleed_mm:g} mm{self._narrowed()}"
                f"{apart}")

    def _narrowed(self) -> str:
        """" (1.4 mm above, below and between rows, for the crop marks)" where it was."""
        across, up = (round(b, 1) for b in self.edge_bleed_mm)
        where = [words for narrowed, words in (
            (up < self.bleed_mm, "above, below and between rows"),
            (across < self.bleed_mm, "left, right and between columns")) if narrowed]
        if not where:
            return ""
        amounts = {up if "rows" in w else across for w in where}
        amount = " and ".join(f"{a:g} mm" for a in sorted(amounts))
        return f" ({amount} {' and '.join(where)}, for the crop marks)"


def card_size_mm(size: CardSize, turned: bool) -> tuple[float, float]:
    """Width and height in millimetres of one trimmed card, as placed."""
    return (size.height_mm, size.width_mm) if turned else (size.width_mm, size.height_mm)


def _gutter(paper_mm: float, card_mm: float, count: int, bleed_mm: float,
            rules: SheetRules, narrow: bool = False) -> float | None:
    """The gutter for `count` cards across `paper_mm`: as wide as the bleed asks (the least,
    if `narrow`), narrower where the paper is short; None when even the least does not fit."""
    room = paper_mm - 2 * rules.trim_edge_mm - count * card_mm
    if count == 1:
        return 0.0 if room >= -_EPSILON else None
    widest = rules.gutter_min_mm(bleed_mm) if narrow else rules.gutter_max_mm(bleed_mm)
    gutter = min(widest, room / (count - 1))
    return gutter if gutter >= rules.gutter_min_mm(bleed_mm) - _EPSILON else None


def _marked_bleed(paper_mm: float, card_mm: float, count: int, gutter_mm: float,
                  bleed_mm: float, rules: SheetRules) -> float | None:
    """The bleed to keep along one direction so that every trim line across it has a crop mark
    in both margins: None when the whole bleed leaves room, or when even `mark_bleed_min_mm`
    would not (the ticks beside the cards then carry those lines alone).

    With a bleed b outside the grid and 2b between cards, each margin is
    (paper - count * card - (count - 1) * 2b) / 2, which must hold b, the gap, the shortest
    mark and the printer's margin.
    """
    reach = rules.printer_margin_mm + rules.mark_min_mm + rules.mark_gap_mm
    margin = (paper_mm - count * card_mm - (count - 1) * gutter_mm) / 2
    if margin >= reach + bleed_mm - _EPSILON:
        return None
    room = (paper_mm - count * card_mm - 2 * reach) / (2 * count)
    narrowed = min(bleed_mm, math.floor(room * 10 + _EPSILON) / 10)  # a tenth of a mm
    return narrowed if narrowed >= rules.mark_bleed_min_mm - _EPSILON else None


def fits(template: SheetTemplate, size: CardSize, bleed_mm: float, paper: str,
         rules: SheetRules = RULES) -> bool:
    """Whether the template's cards, with their gutters, keep every trim far enough in."""
    width, height = find_paper(paper)
    card_w, card_h = card_size_mm(size, template.turned)
    return (_gutter(width, card_w, template.cols, bleed_mm, rules) is not None
            and _gutter(height, card_h, template.rows, bleed_mm, rules) is not None)


def choose_template(size: CardSize, bleed_mm: float, paper: str, per_page: int | None,
                    rules: SheetRules = RULES) -> SheetTemplate:
    """The template with `per_page` cards (or the most that fit), or a PrintError saying why."""
    fitting = [t for t in SHEET_TEMPLATES if fits(t, size, bleed_mm, paper, rules)]
    width, height = find_paper(paper)
    keeping = (f"keeping each card's trim {rules.trim_edge_mm:g} mm inside the edge, so that "
               f"every mark prints on a printer that leaves {rules.printer_margin_mm:g} mm "
               f"blank, and {rules.gutter_min_mm(bleed_mm):g} mm between cards")
    if per_page is None:
        if not fitting:
            raise PrintError(f"Not even one {size.describe()} card fits on {paper} paper "
                             f"({width:g} × {height:g} mm), {keeping}.")
        return max(fitting, key=lambda t: t.per_page)
    for template in fitting:
        if template.per_page == per_page:
            return template
    known = sorted({t.per_page for t in SHEET_TEMPLATES}, reverse=True)
    if per_page not in known:
        raise PrintError(f"There is no sheet with {per_page} cards per page; there are sheets "
                         f"with {', '.join(map(str, known))}.")
    counts = sorted({t.per_page for t in fitting}, reverse=True)
    raise PrintError(
        f"{per_page} {size.name} cards with {bleed_mm:g} mm bleed do not fit on {paper} "
        f"paper ({width:g} × {height:g} mm), "
        f"{keeping}. What fits: {', '.join(map(str, counts)) or 'nothing'} per page.")


def sheet_layout(*, paper: str, size: CardSize, bleed_mm: float, per_page: int | None = None,
                 back_offset_mm: tuple[float, float] = (0.0, 0.0),
                 rules: SheetRules = RULES) -> SheetLayout:
    """Lay out one sheet: the same grid serves every front page and (mirrored) every back page.

    Gutters carry the whole bleed where they can; where that leaves no margin for the scale
    bar and the "print at 100%" note, they narrow to the least allowed to make room.
    """
    paper = paper.lower()
    template = choose_template(size, bleed_mm, paper, per_page, rules)
    wide = _layout(paper, template, size, bleed_mm, back_offset_mm, rules, narrow=False)
    if wide.bar is not None and wide.note is not None:
        return wide
    narrow = _layout(paper, template, size, bleed_mm, back_offset_mm, rules, narrow=True)
    return narrow if narrow.bar is not None and narrow.note is not None else wide


def _layout(paper: str, template: SheetTemplate, size: CardSize, bleed_mm: float,
            back_offset_mm: tuple[float, float], rules: SheetRules, *,
            narrow: bool) -> SheetLayout:
    width, height = find_paper(paper)
    page = Box(0.0, 0.0, mm(width), mm(height))
    card_w, card_h = card_size_mm(size, template.turned)
    gutter_x = _gutter(width, card_w, template.cols, bleed_mm, rules, narrow) or 0.0
    gutter_y = _gutter(height, card_h, template.rows, bleed_mm, rules, narrow) or 0.0
    edge_x = _marked_bleed(width, card_w, template.cols, gutter_x, bleed_mm, rules)
    edge_y = _marked_bleed(height, card_h, template.rows, gutter_y, bleed_mm, rules)
    if edge_x is not None and template.cols > 1:
        gutter_x = max(2 * edge_x, rules.tick_room_mm)
    if edge_y is not None and template.rows > 1:
        gutter_y = max(2 * edge_y, rules.tick_room_mm)
    edges = (bleed_mm if edge_x is None else edge_x, bleed_mm if edge_y is None else edge_y)
    cards_w = template.cols * card_w + (template.cols - 1) * gutter_x
    cards_h = template.rows * card_h + (template.rows - 1) * gutter_y
    left, top = (width - cards_w) / 2, height - (height - cards_h) / 2
    turns = 1 if template.turned else 0
    fronts = []
    for slot in range(template.per_page):
        row, col = divmod(slot, template.cols)
        trim = Box(mm(left + col * (card_w + gutter_x)),
                   mm(top - card_h - row * (card_h + gutter_y)), mm(card_w), mm(card_h))
        cell = _bleed_box(trim, (row, col), template, edges, (gutter_x, gutter_y))
        fronts.append(Placement(slot=slot, cell=cell, trim=trim, quarter_turns=turns))
    grid = _union([p.cell for p in fronts])
    dx, dy = mm(back_offset_mm[0]), mm(back_offset_mm[1])
    backs = tuple(
        Placement(slot=p.slot, cell=p.cell.mirror_x(page.w).moved(dx, dy),
                  trim=p.trim.mirror_x(page.w).moved(dx, dy), quarter_turns=-p.quarter_turns)
        for p in fronts)
    front_marks = page_marks(fronts, grid, page, rules)
    back_marks = page_marks(backs, grid.mirror_x(page.w).moved(dx, dy), page, rules)
    bar, bar_mm, note, heading = place_furniture(front_marks.strokes, grid, page, rules)
    return SheetLayout(paper=paper, page=page, template=template, size=size, bleed_mm=bleed_mm,
                       gutters_mm=(gutter_x, gutter_y), edge_bleed_mm=edges,
                       back_offset_mm=back_offset_mm,
                       grid=grid, fronts=tuple(fronts), backs=backs, front_marks=front_marks,
                       back_marks=back_marks, bar=bar, bar_mm=bar_mm, note=note,
                       heading=heading)


def _bleed_box(trim: Box, at: tuple[int, int], template: SheetTemplate,
               edges_mm: tuple[float, float], gutters: tuple[float, float]) -> Box:
    """The card's bleed: the bleed kept across and up (`edges_mm`) on the sheet's outer sides,
    up to the middle of the gutter between cards."""
    row, col = at
    across, up = mm(edges_mm[0]), mm(edges_mm[1])
    inner_x, inner_y = min(across, mm(gutters[0]) / 2), min(up, mm(gutters[1]) / 2)
    left = across if col == 0 else inner_x
    right = across if col == template.cols - 1 else inner_x
    top = up if row == 0 else inner_y
    bottom = up if row == template.rows - 1 else inner_y
    return Box(trim.x - left, trim.y - bottom, trim.w + left + right, trim.h + top + bottom)


def _union(boxes: list[Box]) -> Box:
    x, y = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x, y, max(b.right for b in boxes) - x, max(b.top for b in boxes) - y)
