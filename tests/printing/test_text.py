"""Wrapping and fitting card text; red suits; text is never markup."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.printing.fonts import BOLD, REGULAR, missing_glyphs, text_width
from generator.printing.text import (
    RED_SUITS,
    FittedText,
    Run,
    block_height,
    clean,
    colour_runs,
    fit,
    fit_line,
    most_lines,
    one_line,
    wrap,
)

from .conftest import HOSTILE

WIDTH = 150.0


def test_wrap_keeps_every_line_within_the_width() -> None:
    text = "When the trick total reaches exactly twenty-one the player names a colour " * 4
    lines = wrap(text, font=REGULAR, size=10, width=WIDTH)
    assert len(lines) > 3
    assert all(line.width <= WIDTH for line in lines)
    assert all(line.width == pytest.approx(text_width(line.text, REGULAR, 10)) for line in lines)
    assert " ".join(line.text for line in lines) == " ".join(text.split())


def test_newlines_start_lines_and_long_words_break() -> None:
    lines = wrap("first\nsecond  third\n\n" + "x" * 200, font=REGULAR, size=10, width=WIDTH)
    assert [line.text for line in lines[:4]] == ["first", "second third", "", lines[3].text]
    assert "".join(line.text for line in lines[3:]) == "x" * 200
    assert all(line.width <= WIDTH for line in lines)


def test_fit_takes_the_largest_size_that_fits() -> None:
    text = "Say the name of a fruit before the sum is announced. " * 5
    fitted = fit(text, font=REGULAR, width=WIDTH, height=120, largest=11, smallest=7)
    assert fitted.fits and 7 <= fitted.size < 11
    assert fitted.height <= 120
    bigger = fitted.size + 0.25
    lines = wrap(text, font=REGULAR, size=bigger, width=WIDTH)
    assert block_height(len(lines), REGULAR, bigger, bigger * 1.2) > 120


def test_short_text_keeps_the_design_size() -> None:
    fitted = fit("Skip.", font=REGULAR, width=WIDTH, height=120, largest=11, smallest=7)
    assert (fitted.size, fitted.fits, len(fitted.lines)) == (11, True, 1)


def test_text_too_long_stays_at_the_floor_and_says_so() -> None:
    fitted = fit("word " * 2000, font=REGULAR, width=WIDTH, height=120, largest=11, smallest=7)
    assert (fitted.size, fitted.fits) == (7, False)
    assert fitted.height > 120


def test_fit_line() -> None:
    assert fit_line("TRIGGER 13", font=BOLD, width=500, largest=18, smallest=8) == (18, True)
    size, fits = fit_line("TRIGGER 13", font=BOLD, width=60, largest=18, smallest=8)
    assert fits and size < 18 and text_width("TRIGGER 13", BOLD, size) <= 60
    assert fit_line("X" * 100, font=BOLD, width=60, largest=18, smallest=8) == (8, False)


def test_hearts_and_diamonds_are_red_runs() -> None:
    runs = colour_runs("a ♥♦ b ♠ c ♣", font=REGULAR, size=10)
    assert [(run.text, run.red) for run in runs] == [("a ", False), ("♥♦", True),
                                                     (" b ♠ c ♣", False)]
    assert runs[1].x == pytest.approx(text_width("a ", REGULAR, 10))
    assert runs[2].x == pytest.approx(text_width("a ♥♦", REGULAR, 10))


def test_emoji_selectors_are_dropped_and_suits_have_glyphs() -> None:
    assert clean("♥\ufe0f and ♠\ufe0e") == "♥ and ♠"
    assert clean("a\tb\x00c\x07\r\nd\x9b") == "a bc\nd"
    assert one_line("  TRIGGER\n\t 13 ") == "TRIGGER 13"
    assert missing_glyphs("♠ ♥ ♦ ♣ ♤ ♡ ♢ ♧ “quoted” — é ß", REGULAR) == ""
    assert missing_glyphs("漢字 ok 漢", REGULAR) == "漢字"


def test_markup_is_just_characters() -> None:
    lines = wrap(HOSTILE, font=REGULAR, size=10, width=1000)
    assert [line.text for line in lines] == [HOSTILE]
    runs = colour_runs(HOSTILE, font=REGULAR, size=10)
    assert "".join(run.text for run in runs) == HOSTILE


def fit_slowly(text: str, *, width: float, height: float, largest: float,
               smallest: float) -> FittedText:
    """`fit` as it was first written (greedy lines): every size tried wrapped in full, from
    the raw text."""
    def wrapped(size: float) -> FittedText:
        lines = wrap(text, font=REGULAR, size=size, width=width)
        needed = block_height(len(lines), REGULAR, size, size * 1.2)
        return FittedText(size=size, leading=size * 1.2, lines=tuple(lines),
                          fits=needed <= height, height=needed)
    first = wrapped(largest)
    if first.fits:
        return first
    sizes = [largest - 0.25 * index for index in range(1, round((largest - smallest) / 0.25) + 1)]
    best, low, high = None, 0, len(sizes) - 1
    while low <= high:
        middle = (low + high) // 2
        attempt = wrapped(sizes[middle])
        if attempt.fits:
            best, high = attempt, middle - 1
        else:
            low = middle + 1
    return best if best is not None else wrapped(smallest)


CARD_TEXT = st.text(st.sampled_from("abc xyz WM ♥♦♠ \n\t\r\ufe0f\x00—"), max_size=300)


@settings(max_examples=300, deadline=None)
@given(CARD_TEXT, st.floats(20, 200), st.floats(0, 200), st.sampled_from([(16.0, 7.0),
                                                                          (11.0, 7.0)]))
def test_fit_measures_once_and_stops_early_yet_finds_the_same(
        text: str, width: float, height: float, sizes: tuple[float, float]) -> None:
    largest, smallest = sizes
    slowly = fit_slowly(text, width=width, height=height, largest=largest, smallest=smallest)
    assert fit(text, font=REGULAR, width=width, height=height, largest=largest,
               smallest=smallest, balance=False) == slowly
    # Balanced lines (the default) never change the size, the fit or the number of lines
    # when there is no room for one more line; the words stay in order.
    balanced = fit(text, font=REGULAR, width=width, height=height, largest=largest,
                   smallest=smallest)
    assert (balanced.size, balanced.fits) == (slowly.size, slowly.fits)
    assert len(slowly.lines) <= len(balanced.lines) <= len(slowly.lines) + text.count("\n") + 1
    assert balanced.height <= height or not balanced.fits
    assert " ".join(line.text for line in balanced.lines).split() == " ".join(
        line.text for line in slowly.lines).split()


@given(st.floats(1, 40), st.floats(0.1, 3), st.floats(-10, 500))
def test_most_lines_is_exactly_what_fits(size: float, ratio: float, height: float) -> None:
    most = most_lines(REGULAR, size, size * ratio, height)
    assert most is not None
    assert most == 0 or block_height(most, REGULAR, size, size * ratio) <= height
    assert block_height(most + 1, REGULAR, size, size * ratio) > height


@given(CARD_TEXT)
def test_colour_runs_and_clean_match_a_character_by_character_reading(text: str) -> None:
    assert clean(text) == text.replace("\r\n", "\n").translate(
        {**{code: None for code in (*range(0x20), 0x7F, *range(0x80, 0xA0), 0xFE0E, 0xFE0F,
                                    0x200B)}, 9: " ", 10: "\n", 13: "\n"})
    line = one_line(text)
    runs, x, start = [], 0.0, 0
    for index in range(1, len(line) + 1):
        if index == len(line) or (line[index] in RED_SUITS) != (line[start] in RED_SUITS):
            runs.append(Run(line[start:index], x, line[start] in RED_SUITS))
            x += text_width(line[start:index], REGULAR, 9)
            start = index
    assert colour_runs(line, font=REGULAR, size=9) == runs
