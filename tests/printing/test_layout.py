"""Sheet layout, checked numerically: pages, card positions, duplex mirroring, crop marks."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from generator.printing import PrintError, find_size, sheet_layout
from generator.printing.drawing import Item, Stroke, Text
from generator.printing.fonts import REGULAR
from generator.printing.layout import (
    RULES,
    SHEET_TEMPLATES,
    SheetLayout,
    SheetRules,
    Spot,
    choose_template,
    fits,
    free_boxes,
    stroke_box,
)
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
    ("a4", "poker", 0.0, "9-up", False),
    ("letter", "poker", 0.0, "9-up", False),
    # 3 × 69 = 207 mm across A4: bleed 1.5 mm from the edge, trim 4.5 mm; 3 × 94 = 282 mm down.
    ("a4", "poker", 3.0, "9-up", False),
    # 3 × 94 = 282 mm is taller than Letter; 4 × 69 = 276 mm leaves 1.7 mm, trim 4.7 mm in.
    ("letter", "poker", 3.0, "8-up", True),
    ("letter", "poker", 1.5, "9-up", False),  # 3 × 91 = 273 mm: trim 4.7 mm from the edge
    ("letter", "poker", 2.0, "8-up", True),  # 3 × 92 = 276 mm: trim only 3.7 mm from the edge
    ("a4", "poker", 3.175, "8-up", True),  # 3 × 69.35 = 208.05 mm: bleed 0.975 mm from edge
    ("a4", "2.5x3.5in", 3.0, "8-up", True),  # 3 × 69.5 = 208.5 mm: bleed 0.75 mm from edge
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
    """The old rule (bleed 5 mm from the edge) gave 8-up on A4 and 6-up on Letter."""
    old = SheetRules(bleed_edge_mm=5.0, trim_edge_mm=5.0)
    assert sheet_layout(paper="a4", size=POKER, bleed_mm=3, rules=old).per_page == 8
    assert sheet_layout(paper="letter", size=POKER, bleed_mm=3, rules=old).per_page == 6
    assert RULES.edge_mm(3.0) == 1.0 and RULES.edge_mm(0.0) == 4.0 and RULES.edge_mm(2) == 2.0


def test_cards_that_do_not_fit_are_a_print_error() -> None:
    assert not fits(choose_template(POKER, 0, "letter", 9), POKER, 3.0, "letter")
    with pytest.raises(PrintError, match=r"9 poker cards with 3 mm bleed do not fit on letter "
                                         r"paper \(215.9 × 279.4 mm, keeping each card's trim "
                                         r"4 mm and its bleed 1 mm inside the edge\)\. "
                                         r"What fits: 8, 6, 4"):
        sheet_layout(paper="letter", size=POKER, bleed_mm=3.0, per_page=9)
    with pytest.raises(PrintError, match="no sheet with 7 cards"):
        sheet_layout(paper="a4", size=POKER, bleed_mm=0, per_page=7)
    with pytest.raises(PrintError, match=r"12 poker cards .* What fits: 9, 8, 6"):
        sheet_layout(paper="a4", size=POKER, bleed_mm=3, per_page=12)


def test_explicit_eight_up_on_a4() -> None:
    for bleed in (0, 3):
        layout = sheet_layout(paper="a4", size=POKER, bleed_mm=bleed, per_page=8)
        assert layout.per_page == 8 and layout.template.turned


def test_nine_up_a4_positions() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=0)
    # 3 × 63 = 189 mm wide, 3 × 88 = 264 mm tall, centred: margins 10.5 and 16.5 mm.
    for slot, placement in enumerate(layout.fronts):
        row, col = divmod(slot, 3)
        expected = (10.5 + 63 * col, 297 - 16.5 - 88 * (row + 1), 63, 88)
        assert close(placement.trim, expected), (slot, placement.trim.in_mm())
        assert placement.cell == placement.trim
        assert placement.quarter_turns == 0


def test_nine_up_a4_positions_with_bleed() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=3)
    # Cells of 69 × 94 mm, 3 × 3: grid 207 × 282 mm at (1.5, 7.5); trims 4.5 mm from the sides.
    assert close(layout.grid, (1.5, 7.5, 207, 282))
    for slot, placement in enumerate(layout.fronts):
        row, col = divmod(slot, 3)
        cell = (1.5 + 69 * col, 297 - 7.5 - 94 * (row + 1), 69, 94)
        assert close(placement.cell, cell), (slot, placement.cell.in_mm())
        assert close(placement.trim, (cell[0] + 3, cell[1] + 3, 63, 88))
        assert placement.quarter_turns == 0


def test_eight_up_letter_positions_with_bleed() -> None:
    layout = sheet_layout(paper="letter", size=POKER, bleed_mm=3)
    # Cells of 94 × 69 mm (turned), 2 × 4: grid 188 × 276 mm at (13.95, 1.7).
    assert close(layout.grid, (13.95, 1.7, 188, 276))
    for slot, placement in enumerate(layout.fronts):
        row, col = divmod(slot, 2)
        cell = (13.95 + 94 * col, 279.4 - 1.7 - 69 * (row + 1), 94, 69)
        assert close(placement.cell, cell), (slot, placement.cell.in_mm())
        assert close(placement.trim, (cell[0] + 3, cell[1] + 3, 88, 63))
        assert placement.quarter_turns == 1


def test_eight_up_a4_positions_with_bleed() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=3, per_page=8)
    # Cells of 94 × 69 mm (turned), 2 × 4: grid 188 × 276 mm at (11, 10.5).
    for slot, placement in enumerate(layout.fronts):
        row, col = divmod(slot, 2)
        cell = (11 + 94 * col, 297 - 10.5 - 69 * (row + 1), 94, 69)
        assert close(placement.cell, cell)
        assert close(placement.trim, (cell[0] + 3, cell[1] + 3, 88, 63))
        assert placement.quarter_turns == 1


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


@pytest.mark.parametrize("bleed", BLEEDS)
@pytest.mark.parametrize("paper", list(PAPER_SIZES))
def test_bleed_and_trim_keep_their_distance_from_the_edge(paper: str, bleed: float) -> None:
    for name in CARD_SIZES:
        for template in SHEET_TEMPLATES:
            if not fits(template, find_size(name), bleed, paper):
                continue
            layout = sheet_layout(paper=paper, size=find_size(name), bleed_mm=bleed,
                                  per_page=template.per_page)
            for placement in layout.fronts:
                assert layout.page.inset(mm(RULES.bleed_edge_mm) - 1e-6).contains(placement.cell)
                assert layout.page.inset(mm(RULES.trim_edge_mm) - 1e-6).contains(placement.trim)
                assert close(placement.trim, placement.cell.inset(mm(bleed)).in_mm())
            for a, b in itertools.combinations(layout.fronts, 2):
                assert not a.cell.inset(1e-6).overlaps(b.cell)  # butted edges may differ a bit


def _trim_lines(layout: SheetLayout, back: bool = False) -> tuple[set[float], set[float]]:
    placements = layout.backs if back else layout.fronts
    xs = {round(x, 3) for p in placements for x in (p.trim.x, p.trim.right)}
    ys = {round(y, 3) for p in placements for y in (p.trim.y, p.trim.top)}
    return xs, ys


def _check_marks(layout: SheetLayout, back: bool) -> None:
    marks = layout.back_marks if back else layout.front_marks
    placements = layout.backs if back else layout.fronts
    grid = layout.mirrored(layout.grid) if back else layout.grid
    xs, ys = _trim_lines(layout, back)
    vertical = [m for m in marks if m.x1 == m.x2]
    horizontal = [m for m in marks if m.y1 == m.y2]
    assert len(vertical) + len(horizontal) == len(marks)
    assert {round(m.x1, 3) for m in vertical} == xs
    assert {round(m.y1, 3) for m in horizontal} == ys
    # Both ends of every trim line are marked, so one cut never takes all of a line's marks.
    for x in xs:
        ends = [m for m in vertical if round(m.x1, 3) == x]
        assert any(m.y1 >= grid.top - 1e-6 for m in ends) and any(
            m.y1 <= grid.y + 1e-6 for m in ends)
    for y in ys:
        ends = [m for m in horizontal if round(m.y1, 3) == y]
        assert any(m.x1 >= grid.right - 1e-6 for m in ends) and any(
            m.x1 <= grid.x + 1e-6 for m in ends)
    stop = mm(RULES.mark_trim_gap_mm) - 1e-6
    for mark in marks:
        line = stroke_box(mark)
        assert layout.page.contains(line), "a mark runs off the paper"
        for placement in placements:
            assert not line.overlaps(placement.trim), "a mark crosses a card's trim"
            # Never touching it either: 0.75 mm short of it along its line.
            assert not line.inset(-stop if mark.y1 == mark.y2 else 0,
                                  -stop if mark.x1 == mark.x2 else 0).overlaps(placement.trim)
        length = to_mm(max(line.w, line.h))
        if line.overlaps(grid):  # over the outer bleed: from the grid's edge inward
            assert grid.contains(line)
            assert length == pytest.approx(layout.bleed_mm - RULES.mark_trim_gap_mm)
            assert (mark.x1 in (grid.x, grid.right)) if mark.y1 == mark.y2 else (
                mark.y1 in (grid.y, grid.top))
        else:  # in the margin, the gap away from the cards
            assert all(not line.overlaps(p.cell) for p in placements)
            assert length >= 1.0


@pytest.mark.parametrize("bleed", BLEEDS)
def test_crop_marks_never_cross_a_trim_for_any_sheet(bleed: float) -> None:
    for layout in every_layout((bleed,)):
        _check_marks(layout, back=False)
        _check_marks(layout, back=True)


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 3), ("letter", 3)])
def test_crop_marks_with_a_back_offset(paper: str, bleed: float) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=bleed, back_offset_mm=(0.4, -0.3))
    _check_marks(layout, back=False)
    _check_marks(layout, back=True)


def _extent_mm(marks: list[Stroke], vertical: bool) -> set[tuple[float, float]]:
    """(from, to) of each mark along its line, in mm to 0.01 mm."""
    return {(round(to_mm(m.y1 if vertical else m.x1), 2), round(to_mm(m.y2 if vertical else m.x2),
                                                                2)) for m in marks}


def test_a4_nine_up_marks_top_and_bottom_in_the_margin_sides_over_the_bleed() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=3)
    vertical = [m for m in layout.front_marks if m.x1 == m.x2]
    horizontal = [m for m in layout.front_marks if m.y1 == m.y2]
    # The top and bottom margins are 7.5 mm: marks from 1 mm beyond the grid, 4 mm long.
    assert _extent_mm(vertical, vertical=True) == {(290.5, 294.5), (6.5, 2.5)}
    assert {round(to_mm(m.x1), 2) for m in vertical} == {4.5, 67.5, 73.5, 136.5, 142.5, 205.5}
    # The sides are 1.5 mm: marks over the bleed from the grid's edge to 0.75 mm from the trim.
    assert _extent_mm(horizontal, vertical=False) == {(1.5, 3.75), (208.5, 206.25)}
    assert len(layout.front_marks) == 2 * 6 + 2 * 6


def test_letter_eight_up_marks_sides_in_the_margin_top_and_bottom_over_the_bleed() -> None:
    layout = sheet_layout(paper="letter", size=POKER, bleed_mm=3)
    vertical = [m for m in layout.front_marks if m.x1 == m.x2]
    horizontal = [m for m in layout.front_marks if m.y1 == m.y2]
    # Top and bottom margins of 1.7 mm: over the bleed, 2.25 mm long.
    assert _extent_mm(vertical, vertical=True) == {(277.7, 275.45), (1.7, 3.95)}
    # Sides of 13.95 mm: in the margin.
    assert _extent_mm(horizontal, vertical=False) == {(12.95, 8.95), (202.95, 206.95)}


def _spots(layout: SheetLayout) -> list[Spot]:
    return [spot for spot in (layout.bar, layout.note, layout.heading) if spot is not None]


@pytest.mark.parametrize("bleed", BLEEDS)
def test_furniture_stays_clear_of_cards_marks_and_the_edge_on_every_sheet(bleed: float) -> None:
    edge = mm(RULES.furniture_edge_mm) - 1e-6
    for layout in every_layout((bleed,)):
        assert layout.note is not None and layout.heading is not None, layout.describe()
        spots = _spots(layout)
        for spot in spots:
            assert layout.page.inset(edge).contains(spot.box), layout.describe()
            gap = mm(RULES.furniture_gap_mm) - 1e-6
            assert not any(spot.box.inset(-gap).overlaps(p.cell) for p in layout.fronts)
            clear = mm(RULES.clearance_mm) - 1e-6
            assert not any(spot.box.inset(-clear).overlaps(stroke_box(m))
                           for m in layout.front_marks), layout.describe()
            back = layout.back_spot(spot)
            assert not any(back.box.inset(-clear).overlaps(stroke_box(m))
                           for m in layout.back_marks), layout.describe()
            assert not any(back.box.overlaps(p.cell) for p in layout.backs)
        for a, b in itertools.combinations(spots, 2):
            assert not a.box.inset(-mm(RULES.clearance_mm) + 1e-6).overlaps(b.box)


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


def test_a4_nine_up_furniture_is_upright_in_the_top_and_bottom_margins() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=3)
    assert layout.bar is not None and layout.note is not None and layout.heading is not None
    assert layout.bar.turns == layout.note.turns == layout.heading.turns == 0
    # The bottom margin is 7.5 mm: 4 mm kept from the edge, 0.5 mm from the cards.
    assert close(layout.bar.box, (80.0, 7.0 - RULES.bar_depth_mm, 50.0, RULES.bar_depth_mm))
    # Between the crop marks at 4.5 and 67.5 mm, 1.5 mm clear of each.
    # (The marks' ink is 0.4 pt = 0.07 mm wide.)
    assert close(layout.note.box, (6.07, 4.0, 59.86, 3.0))
    assert close(layout.heading.box, (75.07, 290.0, 59.86, 3.0))


def test_letter_eight_up_furniture_is_turned_in_the_side_margins() -> None:
    layout = sheet_layout(paper="letter", size=POKER, bleed_mm=3)
    assert layout.bar is not None and layout.note is not None and layout.heading is not None
    # Top and bottom margins are 1.7 mm: too narrow. The left one is 13.95 mm, with crop marks
    # from 8.95 to 12.95 mm; outside them (4 to 7.45 mm) runs the bar, bottom to top, centred.
    assert layout.bar.turns == 1
    depth = RULES.bar_depth_mm
    assert close(layout.bar.box, (7.45 - depth, 279.4 / 2 - 25, depth, 50))
    assert layout.note.turns == 1 and to_mm(layout.note.box.right) < 7.46
    assert layout.heading.turns == -1 and to_mm(layout.heading.box.x) > 215.9 - 7.46


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
    for bleed in (0, 3):
        for per_page in (9, 8):
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
