"""Fuzzing: whatever a designer's editor (or a stranger) makes of a deck file, loading and
checking it gives Issues, never a traceback; whatever text a trigger holds, checking it gives
a Trigger or an ExpressionError, never anything else."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.games.upnover.view import UPNOVER_SCHEMA
from engine.language.compile import compile_trigger
from engine.language.enumerate import decide
from engine.language.parse import ExpressionError, parse_trigger
from generator.check import CheckOptions, check_deck
from generator.issues import ISSUE_CODES

VALID = Path(__file__).parent / "fixtures" / "decks" / "valid-minimal.yaml"
LINES = VALID.read_text(encoding="utf-8").splitlines(keepends=True)

VALUES = ["", "0", "-1", "1000", "99999999999999999999", "1.5", "1e9", ".inf", ".nan", "true",
          "no", "null", "~", "[]", "{}", "[a, b", "{a: 1", "'x'", '"x', '"\\u0000"', "&a x",
          "*a", "*nope", "!!python/name:os.system", "!!binary aGk=", "!tag x", "|", ">",
          "@x", "`x", "%x", "- a", "a: b: c", "? x", "<<: *a", "2024-01-01", "0x1F", "0o17",
          "total == 0", "card.__class__", "9**9**9", "totl == 0", 'card.rank == "K"',
          "before_sum", "taker", "reverse", "[sim-rare]", "[red]", "#zzzzzz", "ÿ", "\t",
          "say", "name", "gesture", "effect", "forbid",
          # hostile: products past the number limit, nesting past the depth limit, escapes
          "is_prime(10000*10000*10000*10000 + 49)", "len(trick) > 1 and is_prime(total*10**4)",
          "[" * 300 + "]" * 300, "{a: " * 100 + "1" + "}" * 100, '"\\e[2J"', "art.png",
          "../../etc/passwd", "/dev/zero"]
CHARACTERS = st.sampled_from([*":-[]{}#&*!|>'\"%@`,? \t\\", "\n", "é", "\u2028", "\x00"])


@st.composite
def mutated_deck(draw: st.DrawFn) -> str:
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "indent",
                                    "dedent", "value", "key"]))
        line = lines[where]
        if how == "delete":
            del lines[where]
        elif how == "duplicate":
            lines.insert(where, line)
        elif how == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[where], lines[other] = lines[other], line
        elif how == "insert":
            column = draw(st.integers(0, len(line)))
            text = draw(st.text(CHARACTERS, min_size=1, max_size=3))
            lines[where] = line[:column] + text + line[column:]
        elif how == "indent":
            lines[where] = " " * draw(st.integers(1, 4)) + line
        elif how == "dedent":
            lines[where] = line[draw(st.integers(1, 4)):] if line.startswith(" ") else line
        elif how == "value" and ":" in line:
            key = line.split(":", 1)[0]
            lines[where] = f"{key}: {draw(st.sampled_from(VALUES))}\n"
        elif how == "key" and ":" in line:
            key, rest = line.split(":", 1)
            indent = key[:len(key) - len(key.lstrip(" -"))]
            key = draw(st.sampled_from(
                ["wen", "id", "number", "kind", "hints", "deck", "x", "__class__", "1"]))
            lines[where] = f"{indent}{key}:{rest}"
        if not lines:
            lines = [""]
    return "".join(lines)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mutated_deck())
def test_a_mutated_deck_gives_issues_never_a_traceback(scratch: Path, text: str) -> None:
    path = scratch / "mutated.yaml"
    path.write_text(text, encoding="utf-8")
    report, deck = check_deck(path, CheckOptions(simulate=False))
    lines = max(1, len(text.splitlines()))
    for issue in report.issues:
        assert issue.code in ISSUE_CODES
        assert issue.severity is ISSUE_CODES[issue.code][0]
        assert issue.path == str(path)
        assert issue.line is None or 1 <= issue.line <= lines + 1, (issue, lines)
        assert issue.column is None or issue.column >= 1, issue
        assert issue.message.strip()
    assert report.exit_code() in (0, 1, 2)
    assert report.exit_code() != 0 or report.errors == 0
    if deck.unusable:
        assert report.exit_code() == 2 and report.issues


# -- expressions --------------------------------------------------------------------------------

TOKENS = [
    # names and attributes, known and not
    "total", "total_before", "card", "previous", "lead", "player", "next_player", "trick",
    "trick_size", "said", "hand", "deck_top", "round", "deck_size", "foo", "_x", "__import__",
    "__class__", "True", "False", "None", ".rank", ".suit", ".value", ".is_face", ".score",
    ".seat", ".is_dealer", ".nope", ".__class__", "._game",
    # helpers and other calls
    "is_prime(", "len(", "abs(", "min(", "count_suit(", "contains(", "open(", "eval(",
    # operators and words
    "==", "!=", "<", "<=", ">", ">=", "and", "or", "not", "in", "not in", "is", "+", "-", "*",
    "//", "%", "**", "/", ":=", "lambda", "if", "else", "for", "yield", "await", "~", "@",
    # constants
    "0", "7", "21", "-4", "99999", "1.5", "1j", '"K"', '"hearts"', "'x'", 'f"{total}"',
    'b"x"', '"' + "a" * 70 + '"', '"\\x00"',
    # punctuation
    "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "\\", "'", '"', "#", "\n", "\t", "\x00",
]


@settings(max_examples=250, deadline=None)
@given(tokens=st.lists(st.sampled_from(TOKENS), min_size=0, max_size=25),
       spaces=st.lists(st.sampled_from(["", " ", "  "]), min_size=25, max_size=25))
def test_any_expression_gives_a_trigger_or_an_expression_error(
        tokens: list[str], spaces: list[str]) -> None:
    source = "".join(token + space for token, space in zip(tokens, spaces, strict=False))
    try:
        trigger = parse_trigger(source, UPNOVER_SCHEMA)
    except ExpressionError as error:
        assert error.problems
        for problem in error.problems:
            assert problem.code in ISSUE_CODES and problem.code.startswith("expr-")
            assert 1 <= problem.column <= max(len(error.source), len(source)) + 1, problem
            assert problem.message
        return
    fires = compile_trigger(trigger, UPNOVER_SCHEMA)  # a checked trigger always compiles
    decide(trigger, UPNOVER_SCHEMA, fires)


def test_a_column_after_letters_outside_ascii_counts_characters_not_bytes() -> None:
    """The column a designer is pointed to is the character they see, after "ö" or "〱" too."""
    with pytest.raises(ExpressionError) as raised:
        parse_trigger('card.rank == "é" and tötal > 3', UPNOVER_SCHEMA)
    assert [p.column for p in raised.value.problems if p.code == "expr-unknown-name"] == [22]


@settings(max_examples=200, deadline=None)
@given(source=st.text(max_size=60))
@example(source="〱%0")
def test_any_text_gives_a_trigger_or_an_expression_error(source: str) -> None:
    try:
        parse_trigger(source, UPNOVER_SCHEMA)
    except ExpressionError as error:
        assert all(1 <= p.column <= len(source) + 1 for p in error.problems), error.problems


NUMBERS = st.sampled_from(["total", "total_before", "card.value", "previous.number",
                           "player.score", "next_player.tricks", "trick_size", "round",
                           "deck_size", "len(trick)", 'count_suit(trick, "hearts")', "0", "7",
                           "-4", "21", "10000"])
TEXTS = st.sampled_from(["card.rank", "previous.suit", "lead.colour", "said", '"K"',
                         '"hearts"', '"red"', '"10"', '"heart"'])
HOSTILE_ATOMS = st.sampled_from(["9**9", "trick[0].value", "card.__class__", "__import__('os')",
                                 "open('x')", "(lambda: 1)()", "deck_top.value", "len(hand)",
                                 "card.nope", "x", "1.5", "None", "total / 2", "'a'.upper()"])


def numbers() -> st.SearchStrategy[str]:
    return st.recursive(
        st.one_of(NUMBERS, HOSTILE_ATOMS.filter(lambda atom: atom != "")),
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-", "*"]), inner).map(" ".join),
            st.tuples(inner, st.sampled_from(["//", "%"]),
                      st.sampled_from(["2", "3", "0", "total"])).map(" ".join),
            inner.map(lambda n: f"abs({n})"), inner.map(lambda n: f"-{n}"),
            st.tuples(inner, inner).map(lambda pair: f"min({pair[0]}, {pair[1]})"),
            inner.map(lambda n: f"({n})")),
        max_leaves=4)


def conditions() -> st.SearchStrategy[str]:
    comparison = st.one_of(
        st.tuples(numbers(), st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), numbers())
        .map(" ".join),
        st.tuples(TEXTS, st.sampled_from(["==", "!="]), TEXTS).map(" ".join),
        st.tuples(TEXTS, st.sampled_from(["in", "not in"]),
                  st.sampled_from(['("J", "Q", "K")', '("hearts",)', "(1, 2)", "trick", "()"]))
        .map(" ".join),
        numbers().map(lambda n: f"is_prime({n})"),
        st.sampled_from(["card.is_face", "player.is_dealer", "True", 'contains(said, "hi")']),
    )
    return st.recursive(
        comparison,
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(" ".join),
            inner.map(lambda c: f"not {c}"), inner.map(lambda c: f"({c})")),
        max_leaves=5)


@settings(max_examples=200, deadline=None)
@given(source=conditions())
def test_grammar_expressions_parse_compile_and_decide_or_are_refused(source: str) -> None:
    try:
        trigger = parse_trigger(source, UPNOVER_SCHEMA)
    except ExpressionError as error:
        assert all(p.code in ISSUE_CODES for p in error.problems)
        assert all(1 <= p.column <= len(error.source) + 1 for p in error.problems), error.problems
        return
    known = {*UPNOVER_SCHEMA.fields} | {
        f"{name}.{attribute}" for name, spec in UPNOVER_SCHEMA.fields.items()
        for attribute in UPNOVER_SCHEMA.attributes.get(spec.type, {})}
    assert trigger.reads <= known
    fires = compile_trigger(trigger, UPNOVER_SCHEMA)
    decide(trigger, UPNOVER_SCHEMA, fires)
