"""Sheet layout, checked numerically: pages, card positions, duplex mirroring, crop marks."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from generator.printing import PrintError, find_size, sheet_layout
from generator.printing.drawing import Item, Stroke, Text
from generator.printing.fonts import REGULAR
from generator.printing.furniture import Spot, free_boxes, stroke_box
from generator.printing.layout import SHEET_TEMPLATES, SheetLayout, fits
from generator.printing.marks import HALO, INK
from generator.printing.sheet_rules import RULES, SheetRules
from generator.printing.sizes import CARD_SIZES, PAPER_SIZES
from generator.printing.units import Box, mm, to_mm

POKER = find_size("poker")
TOLERANCE_MM = 0.1
BLEEDS = (0.0, 1.5, 2.0, 3.0, 3.175)


def close(box: Box, expected_mm: tuple[float, float, float, float]) -> bool:
    return all(abs(a - b) <= TOLERANCE_MM for a, b in zip(box.in_mm(), expected_mm, strict=True))


def every_layout(bleeds: tuple[float, ...] = BLEEDS) -> Iterator[SheetLayout]:
    """Every paper × card size × bleed × template that fits."""
    for paper, name, bleed in itertools.product(PAPER_SIZES, CARD_SIZES, bleeds):
        size = find_size(name)
        for template in SHEET_TEMPLATES:
            if fits(template, size, bleed, paper):
                yield sheet_layout(paper=paper, size=size, bleed_mm=bleed,
                                   per_page=template.per_page)


def automatic_layouts(bleeds: tuple[float, ...] = BLEEDS) -> Iterator[SheetLayout]:
    """The sheet chosen for every paper × card size × bleed."""
    for paper, name, bleed in itertools.product(PAPER_SIZES, CARD_SIZES, bleeds):
        yield sheet_layout(paper=paper, size=find_size(name), bleed_mm=bleed)


@pytest.mark.parametrize(("paper", "width", "height"),
                         [("a4", 210.0, 297.0), ("letter", 215.9, 279.4)])
def test_page_sizes(paper: str, width: float, height: float) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=0)
    assert to_mm(layout.page.w) == pytest.approx(width, abs=0.01)
    assert to_mm(layout.page.h) == pytest.approx(height, abs=0.01)


@pytest.mark.parametrize(("paper", "size", "bleed", "name", "turned"), [
    # No bleed: 2 mm gutters for the ticks, trims 6 mm or more from the edge: 3 × 63 + 4 + 12.
    ("a4", "poker", 0.0, "9-up", False),
    # Letter is 279.4 mm tall: 3 × 88 + 12 leaves 3.4 mm for two gutters. Turned, 4 × 63.
    ("letter", "poker", 0.0, "8-up", True),
    ("a4", "poker", 1.5, "9-up", False),  # gutters of 3 mm: 3 × 63 + 6 + 12 = 207 mm
    # With 3 mm of bleed a gutter keeps at least 2.5 mm of it each side: 9-up needs 222 mm.
    ("a4", "poker", 3.0, "8-up", True),
    ("letter", "poker", 3.0, "8-up", True),  # 4 × 63 + 12 = 264 mm: gutters of 5.13 mm
    ("a4", "poker", 3.175, "8-up", True),
    ("letter", "2.5x3.5in", 3.0, "6-up", True),  # 4 × 63.5 + 3 × 5 + 12 = 281 mm: too tall
    ("a4", "bridge", 3.0, "9-up", False),
    ("letter", "bridge", 3.0, "8-up", True),
    ("a4", "mini", 3.0, "16-up", False),
    ("letter", "mini", 3.0, "16-up", False),
    ("a4", "tarot", 3.0, "4-up", False),
    ("letter", "tarot", 3.0, "4-up", False),
])
def test_the_sheet_chosen_for_paper_size_and_bleed(paper: str, size: str, bleed: float,
                                                   name: str, turned: bool) -> None:
    layout = sheet_layout(paper=paper, size=find_size(size), bleed_mm=bleed)
    assert (layout.template.name, layout.template.turned) == (name, turned)
    assert name in layout.describe()


def test_the_most_cards_that_fit_win() -> None:
    for layout in automatic_layouts():
        bigger = [t for t in SHEET_TEMPLATES if t.per_page > layout.per_page]
        assert not any(fits(t, layout.size, layout.bleed_mm, layout.paper) for t in bigger)


def test_the_rules_are_data() -> None:
    """Trims 4 mm from the edge (the old rule, which a 5 mm printer margin clips) gave 9-up."""
    old = SheetRules(trim_edge_mm=4.0, printer_margin_mm=3.0)
    assert sheet_layout(paper="a4", size=POKER, bleed_mm=3, rules=old).per_page == 9
    assert sheet_layout(paper="a4", size=POKER, bleed_mm=3).per_page == 8
    assert RULES.gutter_min_mm(3.0) == 5.0 and RULES.gutter_min_mm(0.0) == 2.0
    assert RULES.gutter_max_mm(3.0) == 6.0


def test_cards_that_do_not_fit_are_a_print_error() -> None:
    with pytest.raises(PrintError, match=r"9 poker cards with 3 mm bleed do not fit on letter "
                                         r"paper "
                                         r"\(215.9 × 279.4 mm\), keeping each card's trim 6 mm "
                                         r"inside the edge, so that every mark prints on a "
                                         r"printer that leaves 5 mm blank, and 5 mm between "
                                         r"cards\. What fits: 8, 6, 4"):
        sheet_layout(paper="letter", size=POKER, bleed_mm=3.0, per_page=9)
    with pytest.raises(PrintError, match="no sheet with 7 cards"):
        sheet_layout(paper="a4", size=POKER, bleed_mm=0, per_page=7)
    with pytest.raises(PrintError, match=r"12 poker cards .* What fits: 9, 8, 6"):
        sheet_layout(paper="a4", size=POKER, bleed_mm=0, per_page=12)


def test_explicit_eight_up_on_a4() -> None:
    for bleed in (0, 3):
        layout = sheet_layout(paper="a4", size=POKER, bleed_mm=bleed, per_page=8)
        assert layout.per_page == 8 and layout.template.turned


def test_nine_up_a4_positions_without_bleed() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=0)
    # No bleed: 2 mm gutters for the ticks. 3 × 63 + 4 = 193 mm across, centred: 8.5 mm each
    # side; 3 × 88 + 4 = 268 mm down: 14.5 mm each end.
    assert layout.gutters_mm == pytest.approx((2.0, 2.0))
    for slot, placement in enumerate(layout.fronts):
        row, col = divmod(slot, 3)
        expected = (8.5 + 65 * col, 297 - 14.5 - 88 * (row + 1) - 2 * row, 63, 88)
        assert close(placement.trim, expected), (slot, placement.trim.in_mm())
        assert placement.cell == placement.trim
        assert placement.quarter_turns == 0


def test_eight_up_a4_positions_with_bleed() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=3)
    # Turned cards 88 × 63 mm, 2 × 4, 6 mm gutters: 182 × 270 mm centred at (14, 13.5).
    assert layout.gutters_mm == pytest.approx((6.0, 6.0))
    for slot, placement in enumerate(layout.fronts):
        row, col = divmod(slot, 2)
        trim = (14 + 94 * col, 297 - 13.5 - 63 * (row + 1) - 6 * row, 88, 63)
        assert close(placement.trim, trim), (slot, placement.trim.in_mm())
        assert close(placement.cell, (trim[0] - 3, trim[1] - 3, 94, 69))
        assert placement.quarter_turns == 1


def test_eight_up_letter_positions_with_bleed() -> None:
    layout = sheet_layout(paper="letter", size=POKER, bleed_mm=3)
    # 4 × 63 = 252 mm down leaves 27.4 mm: at the whole 3 mm bleed the margins beyond it would
    # be 3 mm, all unprintable. So the bleed up and down is the most that lets a 2 mm crop mark
    # print 1 mm beyond it and 5 mm inside the edge: (27.4 - 2 × 8) / 8 = 1.425, so 1.4 mm,
    # and 2.8 mm between rows; the 3 mm bleed stays across.
    gap = 2.8
    assert layout.gutters_mm == pytest.approx((6.0, gap))
    assert layout.edge_bleed_mm == pytest.approx((3.0, 1.4))
    margin = (279.4 - 252 - 3 * gap) / 2
    for slot, placement in enumerate(layout.fronts):
        row, col = divmod(slot, 2)
        trim = (16.95 + 94 * col, 279.4 - margin - 63 * (row + 1) - gap * row, 88, 63)
        assert close(placement.trim, trim), (slot, placement.trim.in_mm())
        assert placement.quarter_turns == 1
        assert close(placement.cell, (trim[0] - 3, trim[1] - 1.4, 94, 63 + 2.8))
    assert "1.4 mm above, below and between rows, for the crop marks" in layout.describe()


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.75)])
@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 3), ("letter", 3)])
def test_backs_are_the_mirror_of_their_fronts(paper: str, bleed: float,
                                              offset: tuple[float, float]) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=bleed, back_offset_mm=offset)
    width = layout.page.w
    for front, back in zip(layout.fronts, layout.backs, strict=True):
        expected = front.trim.mirror_x(width).moved(mm(offset[0]), mm(offset[1]))
        assert close(back.trim, expected.in_mm())
        # Mirrored across the centre line: the two centres are equidistant from it.
        assert (front.trim.centre_x + back.trim.centre_x - mm(offset[0])) / 2 == pytest.approx(
            width / 2)
        assert back.quarter_turns == -front.quarter_turns


PRINTER_MARGIN = mm(5.0)  # what many home printers leave blank: nothing we need may go there


@pytest.mark.parametrize("bleed", BLEEDS)
@pytest.mark.parametrize("paper", list(PAPER_SIZES))
def test_every_trim_keeps_clear_of_a_five_millimetre_printer_margin(paper: str,
                                                                   bleed: float) -> None:
    printable = None
    for layout in every_layout((bleed,)):
        if layout.paper != paper:
            continue
        printable = layout.page.inset(PRINTER_MARGIN)
        for placement in layout.fronts + layout.backs:
            assert printable.contains(placement.trim), layout.describe()
            assert placement.cell.contains(placement.trim)
        for a, b in itertools.combinations(layout.fronts, 2):
            assert not a.cell.inset(1e-6).overlaps(b.cell)
            gap_x = max(b.trim.x - a.trim.right, a.trim.x - b.trim.right)
            gap_y = max(b.trim.y - a.trim.top, a.trim.y - b.trim.top)
            # The bleed between cards is narrowed only to make room for the margin's marks.
            least = min(RULES.gutter_min_mm(edge) for edge in layout.edge_bleed_mm)
            assert max(gap_x, gap_y) >= mm(least) - 1e-6
        assert min(layout.edge_bleed_mm) >= min(bleed, RULES.mark_bleed_min_mm)
    assert printable is not None


def _check_marks(layout: SheetLayout, back: bool) -> None:
    """Every mark prints inside a 5 mm margin and never touches a card; every edge of every
    card has a tick at each end, flush with its trim line, in its own bleed."""
    marks = layout.back_marks if back else layout.front_marks
    placements = layout.backs if back else layout.fronts
    printable = layout.page.inset(PRINTER_MARGIN)
    for mark in marks.strokes:
        line = stroke_box(mark)
        assert printable.contains(line), ("a mark in the unprintable margin",
                                          layout.describe(), line.in_mm())
        for placement in placements:
            assert not line.inset(1e-6).overlaps(placement.trim), "a mark over a card"
    assert all(m.colour == INK for m in marks.ink) and all(m.colour == HALO for m in marks.halos)
    for placement in placements:
        trim = placement.trim
        ticks = [stroke_box(m) for m in marks.ink]
        for edge in ("left", "right", "bottom", "top"):
            touching = [t for t in ticks if _flush(t, trim, edge)]
            assert len(touching) >= 2, (layout.describe(), edge)


def _flush(tick: Box, trim: Box, edge: str) -> bool:
    """Whether `tick` lies along `edge` of `trim`, on its outside, touching it."""
    near = 1e-6
    if edge in ("left", "right"):
        x = trim.x if edge == "left" else trim.right
        touches = abs((tick.right if edge == "left" else tick.x) - x) < near
        return touches and trim.y - near <= tick.y and tick.top <= trim.top + near
    y = trim.y if edge == "bottom" else trim.top
    touches = abs((tick.top if edge == "bottom" else tick.y) - y) < near
    return touches and trim.x - near <= tick.x and tick.right <= trim.right + near


@pytest.mark.parametrize("bleed", BLEEDS)
def test_every_mark_prints_and_every_card_edge_is_ticked(bleed: float) -> None:
    for layout in every_layout((bleed,)):
        _check_marks(layout, back=False)
        _check_marks(layout, back=True)


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 3), ("letter", 3)])
def test_marks_with_a_back_offset(paper: str, bleed: float) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=bleed, back_offset_mm=(0.4, -0.3))
    _check_marks(layout, back=False)
    _check_marks(layout, back=True)


def test_a4_margin_marks_continue_every_trim_line_where_they_print() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=3)
    margin = [m for m in layout.front_marks.ink if m.width == RULES.mark_width_pt]
    vertical = {round(to_mm(m.x1), 2) for m in margin if m.x1 == m.x2}
    horizontal = {round(to_mm(m.y1), 2) for m in margin if m.y1 == m.y2}
    assert vertical == {14.0, 102.0, 108.0, 196.0}
    assert horizontal == {13.5, 76.5, 82.5, 145.5, 151.5, 214.5, 220.5, 283.5}
    for mark in margin:  # from 1 mm beyond the bleed, 4 mm long, all of it printable
        line = stroke_box(mark)
        assert to_mm(max(line.w, line.h)) == pytest.approx(4.0)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_trim_line_has_a_crop_mark_in_both_margins(paper: str) -> None:
    """What a ruler or a guillotine's fence lines up with for the first cuts, on both papers:
    each of the four lines down the sheet and the eight across it is continued at both ends,
    by a mark at least 2 mm long, all of it inside the 5 mm a home printer leaves blank."""
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=3)
    printable = layout.page.inset(mm(RULES.printer_margin_mm) - 1e-6)
    for marks, placements in ((layout.front_marks, layout.fronts),
                              (layout.back_marks, layout.backs)):
        margin = [m for m in marks.ink if m.width == RULES.mark_width_pt]
        downs = sorted({round(v, 4) for p in placements for v in (p.trim.x, p.trim.right)})
        acrosses = sorted({round(v, 4) for p in placements for v in (p.trim.y, p.trim.top)})
        assert (len(downs), len(acrosses)) == (4, 8)
        for x in downs:
            ends = [m for m in margin if m.x1 == m.x2 and round(m.x1, 4) == x]
            assert len(ends) == 2, (paper, to_mm(x))
        for y in acrosses:
            ends = [m for m in margin if m.y1 == m.y2 and round(m.y1, 4) == y]
            assert len(ends) == 2, (paper, to_mm(y))
        for mark in margin:
            line = stroke_box(mark)
            assert printable.contains(line)
            assert to_mm(max(line.w, line.h)) >= RULES.mark_min_mm - 1e-6


def _spots(layout: SheetLayout) -> list[Spot]:
    return [spot for spot in (layout.bar, layout.note, layout.heading) if spot is not None]


@pytest.mark.parametrize("bleed", BLEEDS)
def test_furniture_stays_clear_of_cards_marks_and_the_edge_on_every_sheet(bleed: float) -> None:
    edge = mm(RULES.furniture_edge_mm) - 1e-6
    assert edge > PRINTER_MARGIN
    for layout in every_layout((bleed,)):
        spots = _spots(layout)
        for spot in spots:
            assert layout.page.inset(edge).contains(spot.box), layout.describe()
            gap = mm(RULES.furniture_gap_mm) - 1e-6
            assert not any(spot.box.inset(-gap).overlaps(p.cell) for p in layout.fronts)
            clear = mm(RULES.clearance_mm) - 1e-6
            assert not any(spot.box.inset(-clear).overlaps(stroke_box(m))
                           for m in layout.front_marks.strokes), layout.describe()
            back = layout.back_spot(spot)
            assert not any(back.box.inset(-clear).overlaps(stroke_box(m))
                           for m in layout.back_marks.strokes), layout.describe()
            assert not any(back.box.overlaps(p.cell) for p in layout.backs)
        for a, b in itertools.combinations(spots, 2):
            assert not a.box.inset(-mm(RULES.clearance_mm) + 1e-6).overlaps(b.box)


def test_every_automatic_sheet_has_its_note_and_heading() -> None:
    for layout in automatic_layouts():
        assert layout.note is not None and layout.heading is not None, layout.describe()


def test_every_automatic_sheet_has_a_scale_bar() -> None:
    for layout in automatic_layouts():
        assert layout.bar is not None, layout.describe()
        assert layout.bar_mm >= 40, layout.describe()
        assert to_mm(layout.bar.length) == pytest.approx(layout.bar_mm)
        assert to_mm(layout.bar.depth) == pytest.approx(RULES.bar_depth_mm)


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 3), ("letter", 0),
                                              ("letter", 3)])
def test_poker_sheets_have_a_fifty_millimetre_bar(paper: str, bleed: float) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=bleed)
    assert layout.bar is not None and layout.bar_mm == 50
    assert to_mm(layout.bar.length) == pytest.approx(50, abs=1e-9)


def test_a4_furniture_is_upright_in_the_top_and_bottom_margins() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=3)
    assert layout.bar is not None and layout.note is not None and layout.heading is not None
    assert layout.bar.turns == layout.note.turns == layout.heading.turns == 0
    # The bottom trim is 13.5 mm up, its bleed 10.5: the bar sits 6 mm or more from the edge.
    assert to_mm(layout.bar.box.y) >= 6.0 - 1e-6 and to_mm(layout.bar.box.top) <= 10.0 + 1e-6
    assert to_mm(layout.heading.box.top) <= 297 - 6.0 + 1e-6


def test_letter_furniture_is_turned_in_the_side_margins() -> None:
    layout = sheet_layout(paper="letter", size=POKER, bleed_mm=3)
    assert layout.bar is not None and layout.note is not None and layout.heading is not None
    # The top and bottom trims are 6 mm from the edge: no room there. The sides are 16.95 mm.
    assert layout.bar.turns == 1 and to_mm(layout.bar.box.x) >= 6.0 - 1e-6
    assert layout.note.turns == 1 and to_mm(layout.note.box.right) <= 16.95 - 3 - 0.5 + 1e-6
    assert layout.heading.turns == -1 and to_mm(layout.heading.box.right) <= 215.9 - 6 + 1e-6


def _ends(items: list[Item]) -> tuple[float, float, float, float]:
    (stroke,) = items
    assert isinstance(stroke, Stroke)
    return stroke.x1, stroke.y1, stroke.x2, stroke.y2


def _text(items: list[Item]) -> Text:
    (text,) = items
    assert isinstance(text, Text)
    return text


def test_a_spot_turns_its_contents_onto_the_page() -> None:
    spot = Spot(Box(10, 100, 8, 50), 1)  # left margin, reads bottom to top
    assert (spot.length, spot.depth) == (50, 8)
    assert _ends(spot.place([Stroke(0, 1, 50, 1, "#000000", 1)])) == (17, 100, 17, 150)
    text = _text(spot.place([Text(5, 2, "Print", REGULAR, 6, "#000000")]))
    assert (text.x, text.y, text.turns) == (16, 105, 1)
    assert spot.box.contains(text.box)
    right = spot.mirrored(200)
    assert right.box == Box(182, 100, 8, 50) and right.turns == -1
    assert _ends(right.place([Stroke(0, 1, 50, 1, "#000000", 1)])) == (183, 150, 183, 100)
    text = _text(right.place([Text(5, 2, "Print", REGULAR, 6, "#000000")]))
    assert text.turns == -1 and right.box.contains(text.box)


def test_free_boxes_are_the_largest_around_obstacles() -> None:
    area = Box(0, 0, 100, 10)
    found = free_boxes(area, [Box(40, -5, 2, 20), Box(70, 6, 2, 10)])
    assert set(found) == {Box(0, 0, 40, 10), Box(42, 0, 28, 10), Box(42, 0, 58, 6),
                          Box(72, 0, 28, 10)}
    assert free_boxes(area, []) == [area]


def test_placement_matrix_maps_the_card_onto_its_trim() -> None:
    for bleed, per_page in ((0, 9), (0, 8), (3, 8)):
        layout = sheet_layout(paper="a4", size=POKER, bleed_mm=bleed, per_page=per_page)
        for placement in layout.fronts + layout.backs:
            a, b, c, d, e, f = placement.matrix()
            width, height = POKER.trim.w, POKER.trim.h
            corners = [(a * x + c * y + e, b * x + d * y + f)
                       for x, y in ((0, 0), (width, 0), (0, height), (width, height))]
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            mapped = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            assert close(mapped, placement.trim.in_mm())


def test_turned_backs_point_the_other_way() -> None:
    """Front tops point left; after a flip on the long edge that is right, so backs turn -90°."""
    layout = sheet_layout(paper="letter", size=POKER, bleed_mm=3)
    assert layout.template.turned
    front, back = layout.fronts[0], layout.backs[0]
    # Card top (0, h) relative to its centre: left on the front, right on the back.
    for placement, side in ((front, -1), (back, 1)):
        _, _, c, _, e, _ = placement.matrix()
        top_x = c * POKER.trim.h + e
        assert (top_x - placement.trim.centre_x) * side > 0
