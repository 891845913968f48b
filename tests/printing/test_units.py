"""Units and boxes: the arithmetic every layout rests on."""

from __future__ import annotations

import pytest

from generator.printing.units import Box, inch, mm, pixels, to_inch, to_mm


def test_conversions_round_trip() -> None:
    assert mm(25.4) == pytest.approx(72.0)
    assert inch(1) == 72.0
    assert to_mm(inch(2.5)) == pytest.approx(63.5)
    assert to_inch(mm(88.9)) == pytest.approx(3.5)
    assert pixels(inch(2.75), 300) == pytest.approx(825)


def test_box_edges_inset_and_move() -> None:
    box = Box(10, 20, 30, 40)
    assert (box.right, box.top, box.centre_x, box.centre_y) == (40, 60, 25, 40)
    assert box.inset(5) == Box(15, 25, 20, 30)
    assert box.inset(-2, 1) == Box(8, 21, 34, 38)
    assert box.moved(1, -1) == Box(11, 19, 30, 40)
    assert box.turned() == Box(10, 20, 40, 30)


def test_mirror_across_the_vertical_centre_line() -> None:
    page_width = 200.0
    box = Box(10, 50, 30, 40)
    mirrored = box.mirror_x(page_width)
    assert mirrored == Box(160, 50, 30, 40)
    assert (box.centre_x + mirrored.centre_x) / 2 == page_width / 2
    assert mirrored.mirror_x(page_width) == box


def test_contains_overlaps_and_intersection() -> None:
    outer = Box(0, 0, 100, 100)
    assert outer.contains(Box(10, 10, 10, 10))
    assert not outer.contains(Box(95, 10, 10, 10))
    assert outer.overlaps(Box(95, 10, 10, 10))
    assert not outer.overlaps(Box(100, 0, 10, 10))  # touching is not overlapping
    assert outer.intersection(Box(90, 90, 20, 20)) == Box(90, 90, 10, 10)
    assert outer.intersection(Box(200, 0, 5, 5)) is None


def test_in_mm_and_corners() -> None:
    box = Box(mm(3), mm(4), mm(63), mm(88))
    assert box.in_mm() == pytest.approx((3, 4, 63, 88))
    assert box.corners() == pytest.approx((mm(3), mm(4), mm(66), mm(92)))
