"""The one typesetting function every printed text goes through: quotes, apostrophes, dashes.

Its rules are in generator/typography.py; these are the cases a plain character-by-character
guess gets wrong."""

from __future__ import annotations

import pytest

from generator.typography import typeset


@pytest.mark.parametrize(("written", "printed"), [
    ("Joker's Secret", "Joker’s Secret"),
    ('Shout "Arr, matey!" as you play.', "Shout “Arr, matey!” as you play."),
    ("the players' cards, the 7's", "the players’ cards, the 7’s"),
    ("Say 'no' now", "Say “no” now"),  # a lone pair is the outer pair: double
])
def test_quotes_and_apostrophes(written: str, printed: str) -> None:
    assert typeset(written) == printed


@pytest.mark.parametrize(("written", "printed"), [
    ("'tis the season", "’tis the season"),
    ("songs of the '90s", "songs of the ’90s"),
    ("Up 'N Over", "Up ’N Over"),
    ("rock 'n' roll", "rock ’n’ roll"),
    ("give 'em a card", "give ’em a card"),
    ("'Cause I said so", "’Cause I said so"),
    ("'Round' is the word", "“Round” is the word"),  # an elision closed like a quote is one
    ("an 'open quote never closed", "an ’open quote never closed"),
])
def test_an_apostrophe_at_the_start_of_a_word(written: str, printed: str) -> None:
    assert typeset(written) == printed


@pytest.mark.parametrize(("written", "printed"), [
    ('a king -- "long live"', "a king — “long live”"),
    ('a king — "long live"', "a king — “long live”"),
    ("a king -'long live'", "a king -“long live”"),
    ('draw ("two" cards)', "draw (“two” cards)"),
    ("a list ['one', 'two']", "a list [“one”, “two”]"),
    ('and/"or"', "and/“or”"),
])
def test_a_quote_after_a_dash_or_a_bracket_opens(written: str, printed: str) -> None:
    assert typeset(written) == printed


@pytest.mark.parametrize(("written", "printed"), [
    ('''He said "say 'arr' twice".''', "He said “say ‘arr’ twice”."),
    ('''"one 'two "three" two' one"''', "“one ‘two “three” two’ one”"),
    ("'Say \"arr\" twice.'", "“Say ‘arr’ twice.”"),  # by depth, not by what was typed
    ("“Curly ‘as typed’ stays”", "“Curly ‘as typed’ stays”"),
    ("“Even “whose turn is it?” is talk”", "“Even ‘whose turn is it?’ is talk”"),
    ('''"It's 'Joker's' turn"''', "“It’s ‘Joker’s’ turn”"),
])
def test_nested_quotes_alternate_double_and_single(written: str, printed: str) -> None:
    assert typeset(written) == printed


def test_text_printed_inside_the_books_quotes_starts_one_level_in() -> None:
    hint = 'You said "seven" instead of "lucky".'
    assert typeset(hint, inside_quotes=True) == "You said ‘seven’ instead of ‘lucky’."
    assert f"“{typeset(hint, inside_quotes=True)}”" == (
        "“You said ‘seven’ instead of ‘lucky’.”")


@pytest.mark.parametrize(("written", "printed"), [
    ("play a 3-9 or a 10-13", "play a 3–9 or a 10–13"),
    ("a king - long live the king", "a king — long live the king"),
    ("a king--long live", "a king—long live"),
    ("a king -- long live", "a king — long live"),
    ("score -4, or (-2)", "score −4, or (−2)"),
    ("a to-do list, x-1, T-shirt", "a to-do list, x-1, T-shirt"),
    ("- one\n- two", "- one\n- two"),  # a list's dashes at the start of a line stay
    ("wait...", "wait…"),
    ("----", "----"),
])
def test_dashes_ranges_and_minus(written: str, printed: str) -> None:
    assert typeset(written) == printed


def test_code_spans_are_left_alone() -> None:
    written = '''Write `card.rank == "K" and x-1 -- 'y'` - it's "code".'''
    assert typeset(written) == '''Write `card.rank == "K" and x-1 -- 'y'` — it’s “code”.'''
    assert typeset('say "`arr`"') == "say “`arr`”"
    assert typeset("an `unclosed code's span") == "an `unclosed code’s span"


def test_typesetting_twice_changes_nothing_more() -> None:
    for text in ('He said "say \'arr\' twice" -- 3-9', "Joker's 'Secret'", "Up 'N Over"):
        once = typeset(text)
        assert typeset(once) == once
