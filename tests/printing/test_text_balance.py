"""Balanced card text: no paragraph ends on a line of one word where another break exists.

The print review found 42 of 86 base cards ending on a one-word line when they were
wrapped greedily; these tests set the real base deck in today's text box both ways.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.deck import load_deck
from generator.pipeline.faces import faces_for
from generator.printing import design, find_size
from generator.printing.drawing import walk_text
from generator.printing.fonts import REGULAR, text_width
from generator.printing.text import FittedText, Line, fit, wrap

BASE = Path(__file__).resolve().parents[2] / "decks" / "base.yaml"
WIDTH = 150.0


def one_word_endings(lines: tuple[Line, ...]) -> int:
    """Paragraphs of more than one line whose last line is a single word."""
    count, in_paragraph = 0, 0
    for line in lines:
        in_paragraph += 1
        if line.paragraph_end:
            count += in_paragraph > 1 and len(line.text.split()) == 1
            in_paragraph = 0
    return count


def base_deck_settings(balance: bool, monkeypatch: pytest.MonkeyPatch) -> Iterator[FittedText]:
    """Every base card's text as the card design fits it, with or without balancing."""
    fitted: list[FittedText] = []

    def recording(text: str, **options: Any) -> FittedText:
        result = fit(text, **{**options, "balance": balance})
        fitted.append(result)
        return result

    monkeypatch.setattr(design, "fit", recording)
    fronts, _ = faces_for(load_deck(BASE))
    size = find_size("poker")
    for face in fronts:
        design.compose_front(face, size, 3)
    assert len(fitted) == len(fronts) > 80
    return iter(fitted)


def cards_ending_on_one_word(balance: bool, monkeypatch: pytest.MonkeyPatch) -> int:
    return sum(one_word_endings(fitted.lines) > 0
               for fitted in base_deck_settings(balance, monkeypatch))


def test_greedy_wrap_leaves_base_cards_on_one_word_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    assert cards_ending_on_one_word(False, monkeypatch) >= 30


def test_balanced_base_cards_end_on_one_word_only_where_nothing_else_fits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    greedy = list(base_deck_settings(False, monkeypatch))
    balanced = list(base_deck_settings(True, monkeypatch))
    assert sum(one_word_endings(fitted.lines) > 0 for fitted in balanced) <= 3
    for before, after in zip(greedy, balanced, strict=True):
        assert (after.size, after.fits) == (before.size, before.fits)
        assert len(before.lines) <= len(after.lines) <= len(before.lines) + 1
        assert " ".join(
            line.text for line in after.lines).split() == " ".join(
            line.text for line in before.lines).split()


def stranding(words: str) -> tuple[str, float]:
    """`words` and a width at which a greedy wrap leaves their last word alone."""
    return words, text_width(words.rsplit(" ", 1)[0], REGULAR, 10) + 0.5


def test_a_lone_last_word_is_pulled_down_with_company() -> None:
    text, width = stranding("Whenever a king is played every player claps twice")
    greedy = wrap(text, font=REGULAR, size=10, width=width)
    assert len(greedy[-1].text.split()) == 1  # the greedy wrap strands "twice"
    fitted = fit(text, font=REGULAR, width=width, height=200, largest=10, smallest=10)
    assert len(fitted.lines) == len(greedy)
    assert len(fitted.lines[-1].text.split()) >= 2
    assert all(line.width <= width for line in fitted.lines)
    assert [line.paragraph_end for line in fitted.lines] == [False] * (len(greedy) - 1) + [True]


def test_a_lone_word_stays_when_the_last_two_words_never_fit_together() -> None:
    text = "Antidisestablishment claps Antidisestablishments"
    width = text_width("Antidisestablishment claps", REGULAR, 10) + 1
    fitted = fit(text, font=REGULAR, width=width, height=200, largest=10, smallest=10)
    assert [line.text for line in fitted.lines] == ["Antidisestablishment claps",
                                                    "Antidisestablishments"]


def test_balance_off_is_the_greedy_wrap() -> None:
    text, width = stranding("Whenever a king is played every player claps twice")
    fitted = fit(text, font=REGULAR, width=width, height=200, largest=10, smallest=10,
                 balance=False)
    assert [line.text for line in fitted.lines] == [
        line.text for line in wrap(text, font=REGULAR, size=10, width=width)]


def test_no_rendered_base_card_ends_on_a_lone_word() -> None:
    """Read off the composed card sides: the body's last baseline holds two words or more
    wherever the body has more than one line."""
    fronts, _ = faces_for(load_deck(BASE))
    size = find_size("poker")
    lone = []
    for face in fronts:
        side = design.compose_front(face, size, 3)
        texts = [text for text, _ in walk_text(side.items)]
        body = [text for text in texts if text.size < max(text.size for text in texts)]
        lines: dict[float, str] = {}
        for text in sorted(body, key=lambda text: text.x):
            lines[round(text.y, 2)] = lines.get(round(text.y, 2), "") + text.text
        if len(lines) > 1 and len(lines[min(lines)].split()) == 1:
            lone.append(face.ident)
    assert lone == []
