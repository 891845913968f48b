"""A layout's text element sets text well: balanced lines, hyphens in the look's language,
room between paragraphs, list items hanging after their bullet, short text centred."""

from __future__ import annotations

import dataclasses

import pytest

from generator.layout.load import load_look
from generator.layout.look import Look
from generator.layout.model import Element
from generator.layout.text_element import SetText, set_text
from generator.printing.drawing import Text
from generator.printing.units import Box

BOX = Box(0, 0, 150, 200)
INK = "#1a1a1a"


@pytest.fixture(scope="module")
def look(tmp_path_factory: pytest.TempPathFactory) -> Look:
    found, issues = load_look(None, tmp_path_factory.mktemp("look"))
    assert found is not None and not issues, issues
    return found


def set_in(look: Look, words: str, box: Box = BOX, **keys: object) -> SetText:
    spec = Element.model_validate({"type": "text", "text": words, "size": "10pt", **keys})
    return set_text(words, spec, box, look, colour=INK, red=None)


def lines_of(done: SetText) -> list[tuple[float, float, str]]:
    """Each line as (baseline, left, text), top to bottom: a line's runs joined."""
    by_baseline: dict[float, list[Text]] = {}
    for item in done.items:
        assert isinstance(item, Text)
        by_baseline.setdefault(round(item.y, 3), []).append(item)
    return [(y, min(run.x for run in runs), "".join(run.text for run in sorted(
        runs, key=lambda run: run.x))) for y, runs in sorted(by_baseline.items(), reverse=True)]


def test_a_paragraph_does_not_end_on_a_lone_word(look: Look) -> None:
    # Greedy at 10 pt in 150 pt leaves "turn." alone on the third line.
    words = ("When a seven is played, the next player must say the name of the card "
             "aloud before their turn.")
    done = set_in(look, words, hyphens=False)
    texts = [text for _, _, text in lines_of(done)]
    assert len(texts) >= 2 and " " in texts[-1], texts


def test_a_long_word_is_hyphenated_in_the_looks_language(look: Look) -> None:
    words = "Incomprehensibilities notwithstanding, everybody understands."
    narrow = Box(0, 0, 100, 200)
    texts = [text for _, _, text in lines_of(set_in(look, words, narrow, min_size="10pt"))]
    assert any(text.endswith("-") for text in texts), texts
    unhyphenated = set_in(look, words, narrow, min_size="10pt", hyphens=False)
    assert not any(text.endswith("-") for _, _, text in lines_of(unhyphenated))
    no_language = dataclasses.replace(look, language="xx")  # no patterns: no hyphens, no crash
    assert not any(text.endswith("-") for _, _, text in lines_of(
        set_in(no_language, words, narrow, min_size="10pt")))


def test_centred_text_keeps_whole_words_where_it_fits(look: Look) -> None:
    words = ("Whenever somebody misunderstands the instructions, the neighbouring players "
             "congratulate themselves enthusiastically.")
    box = Box(0, 0, 68, 60)
    left = [text for _, _, text in lines_of(set_in(look, words, box, size="12pt",
                                                   min_size="6pt", align="left"))]
    assert any(text.endswith("-") for text in left), left  # a very ragged line spared
    centred = set_in(look, words, box, size="12pt", min_size="6pt", align="centre")
    assert not any(text.endswith("-") for _, _, text in lines_of(centred))


def test_paragraphs_have_room_between_them(look: Look) -> None:
    words = "First rule here.\nSecond rule here."
    gapped = lines_of(set_in(look, words))
    tight = lines_of(set_in(look, words, paragraph_gap=0))
    leading = tight[0][0] - tight[1][0]
    assert leading == pytest.approx(12.0)  # 10 pt at a leading of 1.2
    assert gapped[0][0] - gapped[1][0] == pytest.approx(leading + 5.0)  # half the size more
    blank = lines_of(set_in(look, "First rule here.\n\nSecond rule here."))
    assert [text for _, _, text in blank] == ["First rule here.", "Second rule here."]
    assert blank[0][0] - blank[1][0] == pytest.approx(leading + 5.0)


def test_list_items_are_set_left_and_hang_after_their_bullet(look: Look) -> None:
    words = ("When a seven is played:\n"
             "• the player who played it says the name of the card out loud\n"
             "• everyone else knocks")
    done = set_in(look, words)
    assert done.align == "left"
    lines = lines_of(done)
    assert lines[0][1] == pytest.approx(0.0) and lines[1][2].startswith("•")
    hanging = lines[2]
    assert not hanging[2].startswith("•") and hanging[1] > 5.0, lines  # after "• "


def test_short_text_is_centred_and_long_prose_set_left(look: Look) -> None:
    short = set_in(look, "Skip the next player.")
    assert short.align == "centre"
    (_, left, _), = lines_of(short)
    assert left > 10.0
    prose = ("A rule of a card can run long: when it takes more than three lines or a "
             "hundred and forty characters it reads best from a straight left edge, so the "
             "card sets it left.")
    wide = Box(0, 0, 320, 200)
    done = set_in(look, prose, wide)
    assert done.lines <= 3 and done.align == "left"  # over 140 characters, on 3 lines
    assert set_in(look, "• say seven", wide).align == "left"  # a list, even of one item
