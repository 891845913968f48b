"""A build draws its files in two processes: the results are the same as drawing them all
here, a copy that fails costs only time, and an error is the build's own."""

from __future__ import annotations

import os

import pytest

from generator.pipeline.beside import draw_in_two

HERE = os.getpid()

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")


def steps(costs: dict[str, int]) -> list[tuple[str, int, object]]:
    return [(unit, cost, lambda unit=unit: (unit, os.getpid())) for unit, cost in costs.items()]


def test_the_costly_work_is_shared_and_every_result_comes_back() -> None:
    drawn = draw_in_two(steps({"pnp-a4": 1, "rulebook-a4": 3, "rulebook-letter": 3, "dtc": 1}))
    assert {unit: result[0] for unit, result in drawn.items()} == {
        "pnp-a4": "pnp-a4", "rulebook-a4": "rulebook-a4", "rulebook-letter": "rulebook-letter",
        "dtc": "dtc"}
    drawers = {unit: pid for unit, (_, pid) in drawn.items()}
    assert drawers["rulebook-a4"] != drawers["rulebook-letter"]  # one each
    assert HERE in drawers.values() and len(set(drawers.values())) == 2


def test_too_little_work_is_drawn_here() -> None:
    drawn = draw_in_two(steps({"pnp-a4": 1, "dtc": 1}))
    assert {pid for _, pid in drawn.values()} == {HERE}


def test_a_copy_that_dies_leaves_its_share_to_this_process() -> None:
    def die_beside() -> str:
        if os.getpid() != HERE:
            os._exit(3)
        return "drawn here"

    drawn = draw_in_two([("rulebook-a4", 3, lambda: "a4"), ("rulebook-letter", 3, die_beside)])
    assert drawn == {"rulebook-a4": "a4", "rulebook-letter": "drawn here"}


def test_an_error_in_either_share_is_raised_here() -> None:
    def broken() -> str:
        raise ValueError("the deck's art cannot be read")

    for order in ([("a", 3, broken), ("b", 3, lambda: "b")],
                  [("a", 3, lambda: "a"), ("b", 3, broken)]):
        with pytest.raises(ValueError, match="art cannot be read"):
            draw_in_two(order)
