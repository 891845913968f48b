"""The trigger language: hostile text is refused without running anything, and the triggers a
designer writes mean, on real games, what they say."""

from __future__ import annotations

import ast
import contextlib
import functools
import os
import re
import subprocess
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Rank, Suit
from engine.games.upnover.hidden_rules import HiddenRulesGame, new_game
from engine.games.upnover.policies import POLICIES
from engine.games.upnover.view import UPNOVER_SCHEMA, ViewBuilder
from engine.language.compile import compile_trigger, rebuild
from engine.language.parse import MAX_LENGTH, ExpressionError, parse_trigger
from engine.language.tally import compile_deck_tally, fired_positions
from engine.language.views import CardList, PlayerFacts
from engine.simulate import PLAYER_NAMES, play_game
from generator.issues import ISSUE_CODES

ENGINE = Path(__file__).resolve().parents[1] / "engine"
S = UPNOVER_SCHEMA


def problems_of(source: str) -> ExpressionError:
    with pytest.raises(ExpressionError) as caught:
        parse_trigger(source, S)
    return caught.value


# -- hostile expressions ------------------------------------------------------------------------

HOSTILE = [
    ("card.__class__", "expr-forbidden"),
    ('card.__class__ == "CardView"', "expr-forbidden"),
    ("().__class__.__bases__", "expr-forbidden"),
    ('().__class__.__bases__[0].__subclasses__() == 0', "expr-forbidden"),
    ('__import__("os")', "expr-forbidden"),
    ('__import__("os").system("touch HRDECK_PWNED") == 0', "expr-forbidden"),
    ("__builtins__", "expr-forbidden"),
    ("player._game.scores == 0", "expr-forbidden"),
    ("total == 9**9**9", "expr-forbidden"),
    ("9**9**9", "expr-forbidden"),
    ("(lambda: True)()", "expr-forbidden"),
    ("lambda: total == 0", "expr-forbidden"),
    ("[c for c in trick] == trick", "expr-forbidden"),
    ("{c.rank for c in trick} == 1", "expr-forbidden"),
    ("len([c for c in trick if c.is_face]) == 2", "expr-forbidden"),
    ('trick[0].rank == "K"', "expr-forbidden"),
    ('trick[-1:] == trick', "expr-forbidden"),
    ('f"{total}" == "0"', "expr-forbidden"),
    ("(x := total) == 0", "expr-forbidden"),
    ('"a".upper() == "A"', "expr-forbidden"),
    ('card.rank.upper() == "K"', "expr-forbidden"),
    ("is_prime(number=total)", "expr-forbidden"),
    ("True if total else False", "expr-forbidden"),
    ("{1: 2} == total", "expr-forbidden"),
    ("total / 2 == 1", "expr-forbidden"),
    ("total is 0", "expr-forbidden"),
    ("total == None", "expr-forbidden"),
    ("total == 1.5", "expr-forbidden"),
    ('said == b"x"', "expr-forbidden"),
    ("(yield total)", "expr-forbidden"),
    ('open("x") == 1', "expr-unknown-name"),
    ('eval("1") == 1', "expr-unknown-name"),
    ('exec("import os")', "expr-unknown-name"),
    ('getattr(card, "rank") == "K"', "expr-unknown-name"),
    ("breakpoint()", "expr-unknown-name"),
    ("tоtal == 0", "expr-unknown-name"),  # a Cyrillic "о" in total
    ("card.code == 1", "expr-unknown-attribute"),  # the view has it; the language does not
    ("card.id == 1", "expr-unknown-attribute"),
    ("total == 0; import os", "expr-syntax"),
    ("import os", "expr-syntax"),
    ("total\x00 == 0", "expr-syntax"),
    ("not " * 95 + "total == 0", "expr-too-complex"),
    ("-" * 380 + "1 == total", "expr-too-complex"),
    ("not " * 300 + "total == 0", "expr-too-long"),
    ("(" * 300 + "total == 0" + ")" * 300, "expr-too-long"),
    ("total == 99999", "expr-too-complex"),
    ('said == "' + "a" * 61 + '"', "expr-too-complex"),
    ("total==0 or " * 30 + "total==0", "expr-too-complex"),  # too many parts
]


@pytest.fixture()
def nothing_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if anything tries to start a program."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"a trigger tried to run something: {args!r}")

    monkeypatch.setattr(os, "system", refuse)
    monkeypatch.setattr(os, "popen", refuse)
    monkeypatch.setattr(subprocess, "Popen", refuse)


@pytest.mark.usefixtures("nothing_runs")
@pytest.mark.parametrize(("source", "code"), HOSTILE,
                         ids=[f"{n}-{source[:30]}" for n, (source, _) in enumerate(HOSTILE)])
def test_hostile_expressions_are_refused_with_a_sensible_code(source: str, code: str,
                                                              tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    monkeypatch.chdir(tmp_path)
    error = problems_of(source)
    codes = [problem.code for problem in error.problems]
    assert code in codes, error.problems
    assert all(c in ISSUE_CODES for c in codes)
    assert all(problem.message.strip().endswith((".", "?", ")")) for problem in error.problems)
    assert str(error).startswith(f"column {error.problems[0].column}: ")
    assert not (tmp_path / "HRDECK_PWNED").exists()


@pytest.mark.parametrize(("source", "column"), [
    ("card.__class__", 1),                      # the attribute's expression starts here
    ('total == 0 and __import__("os")', 16),
    ("total == 9**9**9", 10),
    ("total == 0 or trick[0].is_face", 15),
    ('total == 0 and open("x")', 16),
    ("total == == 0", 10),
    ("card.rank == 7", 1),
    ('card.suit == "heart"', 14),
])
def test_hostile_and_wrong_expressions_point_at_their_column(source: str, column: int) -> None:
    assert problems_of(source).problems[0].column == column


def test_a_megabyte_is_refused_by_length_before_it_is_parsed(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    def no_parse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("ast.parse was called on an over-long trigger")

    monkeypatch.setattr(ast, "parse", no_parse)
    huge = "total == 0 or " * 80_000 + "total == 1"
    assert len(huge) > 1_000_000
    timings = []
    for _ in range(3):
        started = time.perf_counter()
        error = problems_of(huge)
        timings.append(time.perf_counter() - started)
    assert min(timings) < 0.05, timings
    assert [p.code for p in error.problems] == ["expr-too-long"]
    assert error.problems[0].column == MAX_LENGTH + 1
    assert f"{len(huge)}" in error.problems[0].message
    assert len(error.source) <= 80  # the error does not carry the megabyte around


def test_the_length_limit_is_exactly_the_documented_one() -> None:
    fits = "total == 0" + " " * (MAX_LENGTH - 10)
    assert len(fits) == MAX_LENGTH
    parse_trigger(fits, S)
    assert problems_of(fits + " ").problems[0].code == "expr-too-long"


def test_no_python_eval_or_exec_exists_in_the_engine() -> None:
    calls = re.compile(r"\b(eval|exec)\s*\(")
    found = [f"{path}:{number}: {line.strip()}"
             for path in sorted(ENGINE.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if calls.search(line)]
    assert found == []


def test_compiled_triggers_see_no_builtins() -> None:
    fires = compile_trigger(parse_trigger("total == 0", S), S)
    assert fires.__globals__["__builtins__"] == {}
    assert set(fires.__globals__) - {"__builtins__"} <= {
        "_helper_" + name for name in S.helpers}


@pytest.mark.parametrize("source", ['__import__("os")', "card.__class__", "open", "(lambda: 1)",
                                    "trick[0]", "card.code"])
def test_the_compiler_refuses_unchecked_trees_too(source: str) -> None:
    """Defence in depth: a tree that skipped the checker still cannot be compiled."""
    with pytest.raises(ValueError, match="unchecked"):
        rebuild(ast.parse(source, mode="eval").body, S)


def test_a_trigger_that_only_reads_speech_is_marked_table_only() -> None:
    assert parse_trigger('contains(said, "hello")', S).table_only
    assert not parse_trigger("total == 0", S).table_only


def test_every_problem_is_found_at_once() -> None:
    error = problems_of('totl == 0 and card.rnak == "K" and deck_top.is_face')
    assert [p.code for p in error.problems] == [
        "expr-unknown-name", "expr-unknown-attribute", "expr-hidden"]
    assert [p.column for p in error.problems] == [1, 15, 36]
    assert 'Did you mean "total"?' in error.problems[0].message
    assert 'Did you mean "rank"?' in error.problems[1].message


@pytest.mark.parametrize("source", ["total == 0and card.is_face", "card.value == 7or True"])
def test_python_warnings_do_not_leak_from_the_checker(source: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.suppress(ExpressionError):
            parse_trigger(source, S)
    assert [str(warning.message) for warning in caught] == []


# -- meaning on real games ----------------------------------------------------------------------

def _card(game: HiddenRulesGame, back: int = 1) -> tuple[Any, int, int]:
    return game.table.trick[-back]


def _seat(game: HiddenRulesGame) -> int:
    return _card(game)[2]


def _count(game: HiddenRulesGame, test: Callable[[Any], bool]) -> int:
    return sum(1 for card, _, _ in game.table.trick if test(card))


# Each trigger with an oracle computed straight from the game's own state.
ORACLES: list[tuple[str, Callable[[HiddenRulesGame], bool]]] = [
    ("total == 0", lambda g: g.table.total == 0),
    ("total > 21", lambda g: g.table.total > 21),
    ('card.rank == "K" and previous.rank == "Q"',
     lambda g: _card(g)[0].rank is Rank.KING and _card(g, 2)[0].rank is Rank.QUEEN),
    ('card.rank == "10"', lambda g: _card(g)[0].rank is Rank.TEN),
    ("is_prime(card.value)", lambda g: _card(g)[1] in (2, 3, 5, 7, 11)),
    ("card.value == 11", lambda g: _card(g)[0].rank is Rank.ACE and _card(g)[1] == 11),
    ('count_suit(trick, "hearts") >= 2', lambda g: _count(g, lambda c: c.suit is Suit.HEARTS) >= 2),
    ('count_colour(trick, "red") > count_colour(trick, "black")',
     lambda g: _count(g, lambda c: c.suit.is_red) > _count(g, lambda c: not c.suit.is_red)),
    ('count_rank(trick, "7") >= 1', lambda g: _count(g, lambda c: c.rank is Rank.SEVEN) >= 1),
    ("len(trick) == trick_size", lambda g: True),
    ("total_before + card.value == total", lambda g: True),
    ("(total // 4) * 4 + total % 4 == total", lambda g: True),
    ("1 < trick_size < 5", lambda g: 1 < len(g.table.trick) < 5),
    ("lead.number + previous.number > 20",
     lambda g: int(_card(g, len(g.table.trick))[0].rank) + int(_card(g, 2)[0].rank) > 20),
    ("player.seat == 0", lambda g: _seat(g) == 0),
    ("player.is_dealer", lambda g: _seat(g) == g.table.dealer),
    ("player.score > next_player.score",
     lambda g: g.scores[_seat(g)] > g.scores[(_seat(g) + 1) % g.table.players]),
    ("player.hand_size == 0", lambda g: not g.table.hands[_seat(g)]),
    ("player.tricks >= 1", lambda g: g.table.tricks_taken[_seat(g)] >= 1),
    ("abs(total) <= 5 and not is_even(total)", lambda g: abs(g.table.total) <= 5
     and g.table.total % 2 == 1),
    ("is_odd(total) or is_fibonacci(total)",
     lambda g: g.table.total % 2 == 1 or g.table.total in (0, 1, 2, 3, 5, 8, 13, 21)),
    ("min(card.value, previous.value) < 0", lambda g: min(_card(g)[1], _card(g, 2)[1]) < 0),
    ("max(card.number, lead.number) == 13",
     lambda g: max(_card(g)[0].rank, _card(g, len(g.table.trick))[0].rank) == 13),
    ('card.suit in ("hearts", "diamonds") and card.colour == "red"',
     lambda g: _card(g)[0].suit in (Suit.HEARTS, Suit.DIAMONDS)),
    ('card.suit not in ("clubs",) and -card.value < 0',
     lambda g: _card(g)[0].suit is not Suit.CLUBS and _card(g)[1] > 0),
    ("card.is_face != previous.is_face",
     lambda g: _card(g)[0].rank.is_face != _card(g, 2)[0].rank.is_face),
    ("deck_size < 10", lambda g: len(g.table.deck) < 10),
    ("round == 1", lambda g: g.rounds == 0),
]


def _play(seed: int, players: int, policy: str,
          on_play: Callable[[HiddenRulesGame, Any], None]) -> int:
    game = HiddenRulesGame(new_game(PLAYER_NAMES[:players], seed=seed))
    builder = ViewBuilder(game)
    plays = [0]

    def each(seat: int) -> None:
        plays[0] += 1
        on_play(game, builder.after_play())

    play_game(game, POLICIES[policy], on_play=each, turn_limit=400)
    return plays[0]


def test_triggers_mean_on_a_real_game_what_they_say() -> None:
    tests = [(source, compile_trigger(parse_trigger(source, S), S), oracle)
             for source, oracle in ORACLES]
    fired = {source: 0 for source, _ in ORACLES}
    wrong: list[str] = []

    def on_play(game: HiddenRulesGame, view: Any) -> None:
        for source, fires, oracle in tests:
            got = fires(view)
            assert isinstance(got, bool), source
            if got != oracle(game):
                wrong.append(f"{source}: {got} after {game.table.trick}")
            fired[source] += got

    plays = sum(_play(seed, 2 + seed % 4, "random", on_play) for seed in range(24))
    assert plays > 500
    assert wrong == []
    always = {"len(trick) == trick_size", "total_before + card.value == total",
              "(total // 4) * 4 + total % 4 == total"}
    assert all(fired[source] == plays for source in always)
    # every other trigger was seen both true and false, so the comparison meant something
    assert [source for source, count in fired.items()
            if source not in always and not 0 < count < plays] == []


def test_what_was_said_is_read_only_through_the_view() -> None:
    fires = compile_trigger(parse_trigger('contains(said, "HELLO")', S), S)
    heard: list[bool] = []
    game = HiddenRulesGame(new_game(PLAYER_NAMES[:3], seed=5))
    builder = ViewBuilder(game)

    def on_play(seat: int) -> None:
        heard.append(fires(builder.after_play(said="well hello there")))
        heard.append(fires(builder.after_play(said="good evening")))

    play_game(game, POLICIES["greedy"], on_play=on_play, turn_limit=20)
    assert heard[0::2] == [True] * (len(heard) // 2)
    assert heard[1::2] == [False] * (len(heard) // 2)


TALLIED = [
    "total == 0", "card.rank == \"K\" and previous.rank == \"Q\"", "is_prime(card.value)",
    "card.is_face and previous.is_face", "player.is_dealer", "player.score >= 2",
    "player.seat == next_player.seat - 1", "trick_size >= 4", "total_before < 0 and total > 0",
    'count_suit(trick, "spades") >= 2', "len(trick) == 3", "lead.suit == card.suit",
    "deck_size < 20 or round > 5", 'card.colour == "red" and total > 15',
    "player.tricks > next_player.tricks", "is_fibonacci(total) and card.value > 5",
    "card.number == lead.number", "max(card.value, previous.value) == 10",
]


@functools.cache
def _compiled_tally() -> tuple[Callable[[Any], int], list[Callable[[Any], bool]]]:
    """The deck's tally and each trigger alone, compiled once for every example."""
    triggers = [parse_trigger(source, S) for source in TALLIED]
    return compile_deck_tally(triggers, S), [compile_trigger(t, S) for t in triggers]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5),
       policy=st.sampled_from(["random", "greedy"]))
def test_the_deck_tally_agrees_with_each_trigger_alone(seed: int, players: int,
                                                       policy: str) -> None:
    tally, alone = _compiled_tally()

    def on_play(game: HiddenRulesGame, view: Any) -> None:
        expected = [n for n, fires in enumerate(alone) if fires(view)]
        assert fired_positions(tally(view)) == expected, (seed, game.table.trick)

    _play(seed, players, policy, on_play)


class _View:
    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)


def test_the_tally_is_exact_outside_the_values_its_tables_foresaw() -> None:
    sources = ["player.score == 50", "player.score > 11", "total == 0", "total > 100"]
    triggers = [parse_trigger(source, S) for source in sources]
    tally = compile_deck_tally(triggers, S)
    view = _View(player=PlayerFacts(score=50), total=0, trick=CardList())
    assert fired_positions(tally(view)) == [0, 1, 2]
    view = _View(player=PlayerFacts(score=3), total=150, trick=CardList())
    assert fired_positions(tally(view)) == [3]


@pytest.mark.parametrize("mask", [0, 1, 0b1011, 1 << 40, (1 << 64) - 1])
def test_fired_positions_reads_every_bit(mask: int) -> None:
    assert fired_positions(mask) == [n for n in range(mask.bit_length()) if mask >> n & 1]


def test_a_deck_tally_asks_text_fields_directly() -> None:
    """A game may give a text field its list of values (a player's zone in Joker's Secret);
    the deck tally keys its tables by numbers only, and asks such a trigger directly."""
    from types import SimpleNamespace

    from engine.language.parse import parse_trigger
    from engine.language.schema import FieldSpec, Schema, Type
    from engine.language.tally import compile_deck_tally

    schema = Schema(game="zones", fields={
        "zone": FieldSpec("zone", Type.STR, "where", domain=("hand", "face-up", "face-down")),
        "count": FieldSpec("count", Type.INT, "how many", domain=(1, 2, 3, 4)),
    }, attributes={})
    triggers = [parse_trigger('zone == "face-up"', schema), parse_trigger("count >= 3", schema),
                parse_trigger('zone == "hand" and count == 1', schema)]
    tally = compile_deck_tally(triggers, schema)
    assert tally(SimpleNamespace(zone="face-up", count=3)) == 0b011
    assert tally(SimpleNamespace(zone="hand", count=1)) == 0b100
