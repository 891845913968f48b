"""No trigger of any deck can hang a check, a build or the referee: every number a trigger
works out is proven to stay within ±MAX_VALUE before it runs, the helpers are fast on any
number, and every evaluation takes well under a few milliseconds (fuzzed with big products)."""

from __future__ import annotations

import ast
import subprocess
import sys
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.upnover.view import ALL_CARD_VIEWS
from engine.games.upnover.view import UPNOVER_SCHEMA as S
from engine.language.compile import make_function, read_fields, rebuild
from engine.language.enumerate import Facts
from engine.language.parse import ExpressionError, parse_trigger
from engine.language.schema import MAX_VALUE, Type
from engine.language.views import CardList, PlayerFacts

BUDGET_SECONDS = 0.002  # per evaluation: "a few milliseconds" with room to spare


@pytest.mark.parametrize("source", [
    "is_prime(10000*10000*10000*10000*10000*10000*10000*10000 + 49)",
    "len(trick) > 1 and is_prime(10000*10000*10000*10000*10000*10000*10000*10000 + 49)",
    "is_prime(total * 10000 * 10000)",
    "-(10000 * 10000 * 10000) < total",
    "abs(min(total, -10000) * 10000 * 10000) > 0",
    "count_rank(trick, \"K\") * 10000 * 10000 == 0",
])
def test_a_number_that_could_grow_past_the_limit_is_refused_before_anything_runs(
        source: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        parse_trigger(source, S)
    problems = caught.value.problems
    assert [p.code for p in problems] == ["expr-too-complex"]  # reported once, not per level
    assert f"±{MAX_VALUE:,}" in problems[0].message


@pytest.mark.parametrize("source", [
    "is_prime(total * 10000 + card.value)",
    "max(len(trick) * 10000, 5) * 100 > 0",
    "(total * 1000) % 7 == 1",
    "is_prime(10000 * 10000 * 10 - 7)",
])
def test_big_numbers_within_the_limit_are_still_allowed(source: str) -> None:
    parse_trigger(source, S)


def test_is_prime_answers_at_once_for_numbers_far_past_any_trigger() -> None:
    # Trial division would take hours here; run apart so a regression fails, not hangs.
    code = ("from engine.language.helpers import is_prime\n"
            "assert is_prime(10**18 + 9) and not is_prime(10**18 + 11)\n"
            "assert is_prime(2**89 - 1) and not is_prime((2**31 - 1) * (2**61 - 1))\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=20)


def test_is_prime_agrees_with_trial_division_on_every_small_number() -> None:
    from engine.language.helpers import is_prime

    def slow(number: int) -> bool:
        return number >= 2 and all(number % d for d in range(2, int(number ** 0.5) + 1))

    assert [n for n in range(-50, 20_000) if is_prime(n)] == \
        [n for n in range(-50, 20_000) if slow(n)]


# -- fuzz: big products, every helper, views at the ends of every range ---------------------

ATOMS = st.sampled_from([
    "total", "total_before", "card.value", "previous.number", "lead.value", "player.score",
    "next_player.tricks", "trick_size", "round", "deck_size", "len(trick)",
    'count_suit(trick, "hearts")', 'count_rank(trick, "K")', "10000", "9999", "-10000", "7",
    "1"])


def numbers() -> st.SearchStrategy[str]:
    return st.recursive(ATOMS, lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["*", "*", "+", "-"]), inner).map(" ".join),
        st.tuples(inner, st.sampled_from(["//", "%"]), st.sampled_from(["3", "10000"]))
        .map(" ".join),
        inner.map(lambda n: f"({n})"), inner.map(lambda n: f"-({n})"),
        inner.map(lambda n: f"abs({n})"),
        st.tuples(inner, inner, st.sampled_from(["min", "max"]))
        .map(lambda t: f"{t[2]}({t[0]}, {t[1]})")),
        max_leaves=12)


def conditions() -> st.SearchStrategy[str]:
    single = st.one_of(
        numbers().map(lambda n: f"is_prime({n})"),
        numbers().map(lambda n: f"is_fibonacci({n}) or is_even({n})"),
        st.tuples(numbers(), numbers()).map(lambda pair: f"{pair[0]} > {pair[1]}"))
    return st.recursive(single, lambda inner: st.tuples(inner, inner).map(" and ".join),
                        max_leaves=3)


def _extreme_views() -> list[Any]:
    """Views with every number at the low or the high end of its range, a long trick."""
    views = []
    cards = list(ALL_CARD_VIEWS)
    for end in (0, -1):
        numbers = {name: spec.domain[end] for name, spec in S.fields.items()
                   if spec.type is Type.INT and spec.domain is not None}
        player = PlayerFacts(**{name: spec.domain[end] for name, spec
                                in S.attributes[S.fields["player"].type].items()
                                if spec.domain is not None})
        views.append(Facts({**numbers, "card": cards[end], "previous": cards[end],
                            "lead": cards[end], "player": player, "next_player": player,
                            "trick": CardList(cards[:30]), "said": "x" * 200}))
    return views


VIEWS = _extreme_views()


def _number_parts(tree: ast.expr) -> list[ast.expr]:
    """Every part of the tree that is a number: arithmetic, signs, number helpers."""
    number_helpers = {name for name, helper in S.helpers.items() if helper.returns is Type.INT}
    return [node for node in ast.walk(tree) if (isinstance(node, ast.BinOp | ast.UnaryOp)
            and not isinstance(node.op, ast.Not))
            or (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in number_helpers)]


@settings(max_examples=300, deadline=None)
@given(source=conditions())
def test_every_accepted_expression_stays_bounded_and_within_budget(source: str) -> None:
    try:
        trigger = parse_trigger(source, S)
    except ExpressionError as error:
        assert {p.code for p in error.problems} <= {"expr-too-complex", "expr-too-long"}
        return
    def function(node: ast.expr) -> Any:
        body = [*read_fields(trigger.fields), ast.Return(value=rebuild(node, S))]
        return make_function("part", body, S)

    whole = function(trigger.tree)
    parts = [function(node) for node in _number_parts(trigger.tree)]
    for view in VIEWS:
        started = time.thread_time()  # the evaluation's own work: a core taken by another
        whole(view)                     # process for a moment (tests run side by side) is
        elapsed = time.thread_time() - started  # not the expression's cost
        assert elapsed < BUDGET_SECONDS, (source, elapsed)
        for part in parts:
            assert abs(part(view)) <= MAX_VALUE, source
