"""Sheet layout, checked numerically: pages, card positions, duplex mirroring, crop marks."""

from __future__ import annotations

import itertools

import pytest

from generator.printing import PrintError, find_size, sheet_layout
from generator.printing.layout import RULES, SheetLayout, choose_template, fits
from generator.printing.sizes import CARD_SIZES
from generator.printing.units import Box, mm, to_mm

POKER = find_size("poker")
TOLERANCE_MM = 0.1


def close(box: Box, expected_mm: tuple[float, float, float, float]) -> bool:
    return all(abs(a - b) <= TOLERANCE_MM for a, b in zip(box.in_mm(), expected_mm, strict=True))


@pytest.mark.parametrize(("paper", "width", "height"),
                         [("a4", 210.0, 297.0), ("letter", 215.9, 279.4)])
def test_page_sizes(paper: str, width: float, height: float) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=0)
    assert to_mm(layout.page.w) == pytest.approx(width, abs=0.01)
    assert to_mm(layout.page.h) == pytest.approx(height, abs=0.01)


@pytest.mark.parametrize(("paper", "bleed", "name", "turned"), [
    ("a4", 0.0, "9-up", False),
    ("letter", 0.0, "9-up", False),
    ("a4", 3.0, "8-up", True),  # 3 × 69 mm = 207 mm leaves no margin on 210 mm paper
    ("letter", 1.5, "8-up", True),  # 3 × 91 mm = 273 mm is taller than Letter less margins
    ("letter", 3.0, "6-up", True),  # 4 × 69 mm = 276 mm: 8-up does not fit Letter either
])
def test_the_sheet_chosen_for_paper_and_bleed(paper: str, bleed: float, name: str,
                                              turned: bool) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=bleed)
    assert (layout.template.name, layout.template.turned) == (name, turned)
    assert name in layout.describe()


def test_nine_poker_cards_with_bleed_do_not_fit_letter() -> None:
    assert not fits(choose_template(POKER, 0, "letter", 9), POKER, 3.0, "letter")
    with pytest.raises(PrintError, match=r"9 poker cards with 3 mm bleed do not fit on letter.*"
                                         r"What fits: 6"):
        sheet_layout(paper="letter", size=POKER, bleed_mm=3.0, per_page=9)
    with pytest.raises(PrintError, match="no sheet with 7 cards"):
        sheet_layout(paper="a4", size=POKER, bleed_mm=0, per_page=7)


def test_explicit_eight_up_on_a4_without_bleed() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=0, per_page=8)
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


def test_eight_up_a4_positions_with_bleed() -> None:
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=3)
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


@pytest.mark.parametrize("name", list(CARD_SIZES))
@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 3), ("letter", 0),
                                              ("letter", 3)])
def test_cards_fit_the_page_and_never_overlap(name: str, paper: str, bleed: float) -> None:
    layout = sheet_layout(paper=paper, size=find_size(name), bleed_mm=bleed)
    inner = layout.page.inset(mm(RULES.margin_mm) - 1e-6)
    for placement in layout.fronts:
        assert inner.contains(placement.cell)
        assert close(placement.trim, placement.cell.inset(mm(bleed)).in_mm())
    for a, b in itertools.combinations(layout.fronts, 2):
        assert not a.cell.inset(1e-6).overlaps(b.cell)  # butted edges may differ by rounding


def _trim_lines(layout: SheetLayout, back: bool = False) -> tuple[set[float], set[float]]:
    placements = layout.backs if back else layout.fronts
    xs = {round(x, 3) for p in placements for x in (p.trim.x, p.trim.right)}
    ys = {round(y, 3) for p in placements for y in (p.trim.y, p.trim.top)}
    return xs, ys


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 3), ("letter", 3)])
def test_crop_marks_sit_in_the_margins_on_every_trim_line(paper: str, bleed: float) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=bleed)
    for marks, placements, back in ((layout.front_marks, layout.fronts, False),
                                    (layout.back_marks, layout.backs, True)):
        xs, ys = _trim_lines(layout, back)
        vertical = [m for m in marks if m.x1 == m.x2]
        horizontal = [m for m in marks if m.y1 == m.y2]
        assert len(vertical) + len(horizontal) == len(marks)
        assert {round(m.x1, 3) for m in vertical} == xs
        assert {round(m.y1, 3) for m in horizontal} == ys
        # Both ends of every trim line are marked, so one cut never takes all of a line's marks.
        for x in xs:
            ends = [m for m in vertical if round(m.x1, 3) == x]
            assert any(m.y1 > layout.grid.top for m in ends)
            assert any(m.y1 < layout.grid.y for m in ends)
        for y in ys:
            ends = [m for m in horizontal if round(m.y1, 3) == y]
            assert any(m.x1 > layout.grid.right for m in ends)
            assert any(m.x1 < layout.grid.x for m in ends)
        for mark in marks:
            line = Box(min(mark.x1, mark.x2), min(mark.y1, mark.y2),
                       abs(mark.x2 - mark.x1) or 0.01, abs(mark.y2 - mark.y1) or 0.01)
            assert layout.page.contains(line)
            assert all(not line.overlaps(p.cell) for p in placements), "a mark crosses a card"
            assert to_mm(max(line.w, line.h)) >= 3.0


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 3), ("letter", 0),
                                              ("letter", 3)])
def test_scale_bar_and_notes_stay_clear_of_cards_and_marks(paper: str, bleed: float) -> None:
    layout = sheet_layout(paper=paper, size=POKER, bleed_mm=bleed)
    assert layout.bar is not None and layout.note is not None and layout.heading is not None
    assert layout.bar_mm == 50
    assert to_mm(layout.bar.w) == pytest.approx(50, abs=1e-9)
    for box in (layout.bar, layout.note, layout.heading):
        assert layout.page.contains(box)
        assert not any(box.overlaps(p.cell) for p in layout.fronts)
        for mark in layout.front_marks:
            if mark.x1 == mark.x2:
                assert not box.x < mark.x1 < box.right or not (
                    box.y < max(mark.y1, mark.y2) and min(mark.y1, mark.y2) < box.top)
    assert not layout.bar.overlaps(layout.note)


def test_placement_matrix_maps_the_card_onto_its_trim() -> None:
    for bleed in (0, 3):
        layout = sheet_layout(paper="a4", size=POKER, bleed_mm=bleed)
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
    layout = sheet_layout(paper="a4", size=POKER, bleed_mm=3)
    front, back = layout.fronts[0], layout.backs[0]
    # Card top (0, h) relative to its centre: left on the front, right on the back.
    for placement, side in ((front, -1), (back, 1)):
        _, _, c, _, e, _ = placement.matrix()
        top_x = c * POKER.trim.h + e
        assert (top_x - placement.trim.centre_x) * side > 0
