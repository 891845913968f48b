"""Hyphenation by language: only where it spares a very ragged line or an overflow."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.printing.breaks import syllables
from generator.printing.fonts import REGULAR, text_width
from generator.printing.text import FittedText, fit

SENTENCE = ("Whenever somebody misunderstands the instructions, the neighbouring players "
            "congratulate themselves enthusiastically.")


def texts(fitted: FittedText) -> list[str]:
    return [line.text for line in fitted.lines]


def hyphenated(fitted: FittedText) -> list[int]:
    """The lines that end inside a word (a hyphen this setting added)."""
    return [index for index, line in enumerate(fitted.lines[:-1])
            if line.text.endswith("-") and not line.paragraph_end]


def test_a_text_that_overflows_fits_once_hyphenated() -> None:
    plain = fit(SENTENCE, font=REGULAR, width=60, height=60, largest=12, smallest=6)
    english = fit(SENTENCE, font=REGULAR, width=60, height=60, largest=12, smallest=6,
                  language="en")
    assert not plain.fits and english.fits
    assert "players congrat-" in texts(english)
    assert joined(english).split() == SENTENCE.split()


def test_a_very_ragged_line_is_spared_by_a_hyphen() -> None:
    plain = fit(SENTENCE, font=REGULAR, width=68, height=60, largest=12, smallest=6)
    english = fit(SENTENCE, font=REGULAR, width=68, height=60, largest=12, smallest=6,
                  language="en")
    assert "themselves" in texts(plain)  # a line less than half full
    assert english.size == plain.size and len(english.lines) == len(plain.lines)
    assert "themselves enthusi-" in texts(english)


def test_centred_text_is_hyphenated_only_to_spare_an_overflow() -> None:
    """`ragged_hyphens=False` (centred text, whose ragged lines are its shape)."""
    centred = fit(SENTENCE, font=REGULAR, width=68, height=60, largest=12, smallest=6,
                  language="en", ragged_hyphens=False)
    assert hyphenated(centred) == [] and "themselves" in texts(centred)
    overflowing = fit(SENTENCE, font=REGULAR, width=60, height=60, largest=12, smallest=6,
                      language="en", ragged_hyphens=False)
    assert overflowing.fits and "players congrat-" in texts(overflowing)


def test_text_that_fits_well_is_not_hyphenated_to_grow() -> None:
    """A hyphen never buys a bigger size: the size is found without them first."""
    for width in range(80, 160, 8):
        plain = fit(SENTENCE, font=REGULAR, width=width, height=60, largest=12, smallest=6)
        english = fit(SENTENCE, font=REGULAR, width=width, height=60, largest=12, smallest=6,
                      language="en")
        assert english.size == plain.size


def test_the_hyphen_is_printed_text_and_measured() -> None:
    english = fit(SENTENCE, font=REGULAR, width=60, height=60, largest=12, smallest=6,
                  language="en")
    for index in hyphenated(english):
        line = english.lines[index]
        assert line.width == pytest.approx(text_width(line.text, REGULAR, english.size))
        assert line.width <= 60


def test_no_language_no_hyphen() -> None:
    plain = fit("Internationalisation", font=REGULAR, width=50, height=100, largest=10,
                smallest=10)
    assert not any(line.text.endswith("-") for line in plain.lines)
    english = fit("Internationalisation", font=REGULAR, width=50, height=100, largest=10,
                  smallest=10, language="en")
    assert texts(english)[0].endswith("-")


def test_code_digits_and_underscores_are_never_hyphenated() -> None:
    assert syllables("count_rank", "en") == ("count_rank",)
    assert syllables("twenty21", "en") == ("twenty21",)
    assert syllables("`card.rank`", "en") == ("`card.rank`",)
    assert syllables("hyphenation,", "en") == ("hy", "phen", "a", "tion,")
    text = "count_rank_everywhere 1234567890123 card.rank==seventeen"
    english = fit(text, font=REGULAR, width=60, height=300, largest=10, smallest=10,
                  language="en")
    assert not any(line.text.endswith("-") for line in english.lines)


def test_german_has_its_own_patterns() -> None:
    assert syllables("Spielkartenfarbe", "de") != ("Spielkartenfarbe",)
    with pytest.raises(ValueError, match="no hyphenation patterns for the language 'xx'"):
        fit("text", font=REGULAR, width=60, height=60, largest=10, smallest=8, language="xx")


WORDS = st.sampled_from(["announcement", "categorisation", "the", "a", "extraordinary",
                         "player", "misunderstanding", "of", "unquestionably", "card,", "x_y",
                         "2025", "neighbourhood", "responsibilities"])


def test_every_cut_leaves_two_letters_each_side() -> None:
    for word in ["announcement,", "categorisation", "(extraordinary)", "misunderstanding.",
                 "unquestionably", "neighbourhood", "responsibilities", "an", "it's"]:
        parts = syllables(word, "en")
        assert "".join(parts) == word
        for cut in range(1, len(parts)):
            head, tail = "".join(parts[:cut]), "".join(parts[cut:])
            assert len(re.sub(r"\W", "", head)) >= 2 and len(re.sub(r"\W", "", tail)) >= 2


def joined(fitted: FittedText) -> str:
    """The text again: a hyphen a line ends with joins it to the next line."""
    marks = set(hyphenated(fitted))
    return "".join(line.text.removesuffix("-") if index in marks else line.text + " "
                   for index, line in enumerate(fitted.lines))


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=30), st.floats(40, 160), st.floats(10, 200))
def test_hyphens_keep_the_words_and_never_three_lines_in_a_row(
        words: list[str], width: float, height: float) -> None:
    english = fit(" ".join(words), font=REGULAR, width=width, height=height, largest=10,
                  smallest=6, language="en")
    marks = hyphenated(english)
    again = joined(english).split()
    # A word wider than a line that no hyphen can save is cut between characters.
    assert again == words or "".join(again) == "".join(words)
    assert not any(index + 1 in marks and index + 2 in marks for index in marks)
