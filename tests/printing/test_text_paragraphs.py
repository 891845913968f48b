"""Paragraphs, lists and alignment: gaps between paragraphs, hanging indents, and centred
text only where it is short."""

from __future__ import annotations

import pytest

from generator.printing.alignment import choose_alignment, is_list_item
from generator.printing.fonts import REGULAR, text_width
from generator.printing.text import Line, block_height, fit

RULE = "When a seven is played, say “seven” before the next card."
AID = ("On your turn play one card on the pile.\n"
       "If you cannot, draw a card instead.\n"
       "The first player with no cards wins.")


def test_line_is_still_built_from_text_and_width() -> None:
    line = Line("word", 10.0)
    assert (line.text, line.width, line.paragraph_end, line.indent) == ("word", 10.0, False, 0)


def test_paragraph_ends_are_marked() -> None:
    fitted = fit(AID, font=REGULAR, width=120, height=400, largest=10, smallest=10)
    ends = [line.text for line in fitted.lines if line.paragraph_end]
    assert ends[-1] == fitted.lines[-1].text and len(ends) == 3
    assert [line.paragraph_end for line in fitted.lines].count(True) == 3


def test_a_paragraph_gap_is_measured_between_paragraphs_only() -> None:
    tight = fit(AID, font=REGULAR, width=400, height=400, largest=10, smallest=10)
    spaced = fit(AID, font=REGULAR, width=400, height=400, largest=10, smallest=10,
                 paragraph_gap=0.5)
    assert len(tight.lines) == len(spaced.lines) == 3
    assert tight.height == pytest.approx(block_height(3, REGULAR, 10, 12))
    assert spaced.height == pytest.approx(tight.height + 2 * 0.5 * 10)
    single = fit(RULE, font=REGULAR, width=400, height=400, largest=10, smallest=10,
                 paragraph_gap=0.5)
    assert single.height == pytest.approx(block_height(1, REGULAR, 10, 12))


def test_with_a_gap_blank_lines_are_not_empty_lines_too() -> None:
    spaced = fit(AID.replace("\n", "\n\n"), font=REGULAR, width=400, height=400, largest=10,
                 smallest=10, paragraph_gap=0.5)
    assert [line.text for line in spaced.lines] == AID.split("\n")
    plain = fit(AID.replace("\n", "\n\n"), font=REGULAR, width=400, height=400, largest=10,
                smallest=10)
    assert [line.text for line in plain.lines] == AID.replace("\n", "\n\n").split("\n")


def test_a_paragraph_gap_can_make_the_text_smaller_to_fit() -> None:
    height = fit(AID, font=REGULAR, width=400, height=400, largest=10, smallest=10).height
    tight = fit(AID, font=REGULAR, width=400, height=height, largest=10, smallest=6)
    spaced = fit(AID, font=REGULAR, width=400, height=height, largest=10, smallest=6,
                 paragraph_gap=0.5)
    assert tight.size == 10 and spaced.fits and spaced.size < 10
    assert spaced.height <= height


def test_list_items_wrap_with_a_hanging_indent() -> None:
    text = "• When the trick total reaches exactly twenty-one, name a colour\n• Skip"
    fitted = fit(text, font=REGULAR, width=110, height=400, largest=10, smallest=10)
    first_item = fitted.lines[:[line.paragraph_end for line in fitted.lines].index(True) + 1]
    assert len(first_item) >= 3
    hang = text_width("• ", REGULAR, 10)
    assert first_item[0].indent == 0 and first_item[0].text.startswith("• ")
    assert all(line.indent == pytest.approx(hang) for line in first_item[1:])
    assert all(line.indent + line.width <= 110 for line in fitted.lines)
    assert fitted.lines[-1] == Line("• Skip", text_width("• Skip", REGULAR, 10), True, 0.0)


@pytest.mark.parametrize("marker", ["•", "-", "*", "1.", "12)"])
def test_numbered_and_bulleted_items_are_lists(marker: str) -> None:
    assert is_list_item(f"{marker} draw two cards")
    fitted = fit(f"{marker} draw two cards and then pass them to the player on your left",
                 font=REGULAR, width=100, height=400, largest=10, smallest=10)
    assert fitted.lines[1].indent == pytest.approx(text_width(marker + " ", REGULAR, 10))


def test_words_that_only_look_like_markers_are_not_lists() -> None:
    assert not is_list_item("•")
    assert not is_list_item("-4 points for the dealer")
    assert not is_list_item("1.5 cards")
    fitted = fit("-4 points for the dealer when the total is prime and the trick is won",
                 font=REGULAR, width=100, height=400, largest=10, smallest=10)
    assert all(line.indent == 0 for line in fitted.lines)


def test_short_text_is_centred_and_prose_or_lists_are_left_aligned() -> None:
    assert choose_alignment(RULE) == "centre"
    assert choose_alignment(AID) == "left"
    assert choose_alignment("• say seven") == "left"
    assert choose_alignment("1. Deal seven cards each.") == "left"
    assert choose_alignment("word " * 40) == "left"  # a long single paragraph
    assert choose_alignment(RULE, lines=5) == "left"
    assert choose_alignment(RULE + "\n\n") == "centre"  # blank lines are no paragraphs
