"""Judging guesses in What the Rule?!: two rules are the same rule when they accept exactly
the same cards in every situation a row can reach. Decided exactly, with a shortest
counterexample — the seed's own examples, the starter rules, and near-misses that differ on
a single design."""

from __future__ import annotations

import itertools

import pytest

from engine.games.what_the_rule.comparison import compare_sources
from engine.games.what_the_rule.equivalence import compare, same_rule
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import parse_design

STARTERS = {
    "fill-alternates": 'first or card.fill != previous.fill',
    "parity-alternates": "first or card.count % 2 != previous.count % 2",
    "shape-cycle": 'first or previous.shape == "circle" and card.shape == "triangle" or '
                   'previous.shape == "triangle" and card.shape == "square" or '
                   'previous.shape == "square" and card.shape == "circle"',
    "black-low-white-high": 'card.colour == "black" and card.count <= 3 or '
                            'card.colour == "white" and card.count >= 4',
    "two-and-two": "first or position == 2 and card.colour == previous.colour or "
                   "position > 2 and (previous.colour == previous_2.colour) == "
                   "(card.colour != previous.colour)",
    "no-circles": 'card.shape != "circle"',
    "new-shape": "first or card.shape != previous.shape",
    "white-filled-black-unfilled": 'card.colour == "white" and card.fill == "filled" or '
                                   'card.colour == "black" and card.fill == "unfilled"',
    "not-one-or-two": "card.count >= 3",
    "even-white-odd-black": 'card.count % 2 == 0 and card.colour == "white" or '
                            'card.count % 2 == 1 and card.colour == "black"',
}


def rule(source: str) -> Rule:
    return Rule.parse(source)


def codes(designs: tuple[object, ...]) -> list[str]:
    return [design.code for design in designs]  # type: ignore[attr-defined]


def test_white_cards_only_is_the_same_rule_as_no_black_cards() -> None:
    assert same_rule(rule('card.colour == "white"'), rule('card.colour != "black"')) is None
    assert same_rule(rule('card.colour != "black"'), rule('card.colour == "white"')) is None


def test_only_circles_is_not_circles_or_triangles_and_a_triangle_shows_it() -> None:
    found = same_rule(rule('card.shape == "circle"'),
                      rule('card.shape in ("circle", "triangle")'))
    assert found is not None and found.row == ()          # the very first card
    assert found.card.shape == "triangle" and not found.first_accepts
    back = same_rule(rule('card.shape in ("circle", "triangle")'),
                     rule('card.shape == "circle"'))
    assert back is not None and back.first_accepts       # both ways round


def test_a_near_miss_on_one_design_is_found_and_that_design_is_shown() -> None:
    found = same_rule(rule("card.count >= 3"),
                      rule('card.count >= 3 or card.count == 1 and card.colour == "black" and '
                           'card.fill == "filled" and card.shape == "circle"'))
    assert found is not None and found.card == parse_design("b1fc") and found.row == ()


def test_a_near_miss_deep_in_the_row_is_found_with_the_shortest_row() -> None:
    """The two differ only when a six follows a five: the shortest row is one card."""
    found = same_rule(rule("first or card.shape != previous.shape"),
                      rule("first or card.shape != previous.shape or "
                           "card.count == 6 and previous.count == 5"))
    assert found is not None and len(found.row) == 1
    assert found.row[0].count == 5 and found.card.count == 6
    assert found.card.shape == found.row[0].shape and not found.first_accepts


def test_the_same_rule_written_two_ways_through_the_row_is_the_same() -> None:
    assert same_rule(rule(STARTERS["parity-alternates"]),
                     rule("first or is_even(card.count) != is_even(previous.count)")) is None
    assert same_rule(rule(STARTERS["two-and-two"]),
                     rule("first or (previous.colour == previous_2.colour and card.colour != "
                          "previous.colour) or (previous.colour != previous_2.colour and "
                          "card.colour == previous.colour)")) is None


def test_the_first_card_counts_a_rule_that_only_starts_with_black_is_another_rule() -> None:
    found = same_rule(rule(STARTERS["two-and-two"]),
                      rule('(position - 1) % 4 < 2 and card.colour == "black" or '
                           '(position - 1) % 4 >= 2 and card.colour == "white"'))
    assert found is not None and found.row == () and found.card.colour == "white"
    assert found.first_accepts


def test_first_card_language_an_empty_row_reads_as_no_card_first_and_place_one() -> None:
    """Clarification first-card-language: before the row holds them, the cards before the
    one offered have no shape, fill or colour and a count of 0; `first` holds, `position`
    is 1."""
    empty = 'first and position == 1 and previous.count == 0 and previous_2.count == 0'
    no_card = 'previous.shape != "circle" and previous.shape != "triangle" and ' \
              'previous.shape != "square" and previous.colour != "white" and ' \
              'previous.colour != "black" and previous.fill != "filled"'
    for card in ("w1fc", "b6us"):
        assert rule(empty).accepts((), parse_design(card))
        assert rule(no_card).accepts((), parse_design(card))
        assert not rule("first").accepts((parse_design("w1fc"),), parse_design(card))


def test_a_difference_after_three_cards_of_history_is_found() -> None:
    found = same_rule(
        rule("first or card.shape != previous.shape and card.count != previous_2.count and "
             "card.fill != previous_3.fill"),
        rule("first or card.shape != previous.shape and card.count != previous_2.count and "
             "card.colour != previous_3.colour"))
    assert found is not None and len(found.row) == 3
    first, second = (rule(text) for text in (
        "first or card.shape != previous.shape and card.count != previous_2.count and "
        "card.fill != previous_3.fill",
        "first or card.shape != previous.shape and card.count != previous_2.count and "
        "card.colour != previous_3.colour"))
    row = list(found.row)
    assert first.accepts(row, found.card) == found.first_accepts
    assert second.accepts(row, found.card) != found.first_accepts
    for length in range(len(row)):  # every card of the row was accepted by both
        assert first.accepts(row[:length], row[length])
        assert second.accepts(row[:length], row[length])


@pytest.mark.parametrize(("a", "b"), list(itertools.combinations(STARTERS, 2)))
def test_no_two_starter_rules_are_the_same_and_each_difference_is_real(a: str, b: str) -> None:
    first, second = rule(STARTERS[a]), rule(STARTERS[b])
    found = same_rule(first, second)
    assert found is not None
    row = list(found.row)
    assert first.accepts(row, found.card) == found.first_accepts
    assert second.accepts(row, found.card) != found.first_accepts


@pytest.mark.parametrize("name", list(STARTERS))
def test_every_starter_rule_is_the_same_as_itself(name: str) -> None:
    assert compare(rule(STARTERS[name]), rule(STARTERS[name])).same   # written alike
    verdict = compare(rule(STARTERS[name]), rule(f"({STARTERS[name]}) and True"))
    assert verdict.same and verdict.tries >= 1


def test_a_rule_that_cannot_be_read_is_named() -> None:
    from engine.errors import HrdeckError
    with pytest.raises(HrdeckError, match="The second rule cannot be read"):
        compare_sources('card.colour == "white"', "card.colour = 'white'")


def test_a_rule_that_can_leave_the_table_with_no_card_to_play_is_shown_the_row() -> None:
    from engine.games.what_the_rule.equivalence import dead_end
    found = dead_end(rule("first or card.count > previous.count"))
    assert found is not None and [design.count for design in found.row] == [6]
    assert dead_end(rule("first or card.count % 6 + 1 != previous.count")) is None


@pytest.mark.parametrize("name", list(STARTERS))
def test_no_starter_rule_ever_leaves_the_players_without_a_card(name: str) -> None:
    from engine.games.what_the_rule.equivalence import dead_end
    assert dead_end(rule(STARTERS[name])) is None


def test_any_copies_a_difference_may_need_a_design_more_often_than_the_box_holds() -> None:
    """Clarifications any-copies, any-copies-check: only w1fc fits both rules, and they part
    at the fourth card: the row shows w1fc three times, though the box holds two."""
    only = 'card.count == 1 and card.colour == "white" and card.fill == "filled" and ' \
           'card.shape == "circle"'
    found = same_rule(rule(only), rule(only + " and position <= 3"))
    assert found is not None and codes(found.row) == ["w1fc"] * 3
    assert found.card.code == "w1fc" and found.first_accepts


def test_rule_levels_a_simple_rule_is_easy_and_one_hidden_behind_simpler_ones_is_hard() -> None:
    """Clarification rule-levels: the learner guesses the simplest rule left, so "only black"
    is found at once, while "keep the first card's colour" hides behind "only black" and
    "only white" whenever the row starts with a black or a white card."""
    from engine.games.what_the_rule.difficulty import measure
    from engine.games.what_the_rule.pool import POOL
    pool = [rule(source) for source in POOL]
    assert measure(rule('card.colour == "black"'), pool).level == "easy"
    hidden = measure(rule("first or card.colour == previous.colour"), pool)
    assert hidden.level == "hard" and hidden.unpinned > 0.5
