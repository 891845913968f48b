"""Deck text is data from strangers: it prints literally and never becomes markup or code."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from generator.deck import load_deck
from generator.rulebook import render_markup
from generator.rulebook.markup import Converter, MarkupError, inline, parse_document
from generator.rulebook.styles import Palette, paragraph_styles
from generator.rulebook.templating import environment
from generator.typography import typeset

from .conftest import Built
from .decks import HOSTILE, HOSTILE_WHEN, hostile_deck_data, write_deck
from .pdftext import font_name, page_fonts

VOCABULARY = {"rulebook", "p", "h1", "h2", "h3", "ul", "ol", "li", "table", "tr", "th", "td",
              "box", "keep", "onepage", "pagebreak", "space", "rule", "contents", "b", "code",
              "br", "card", "cards", "cover"}


def test_the_environment_is_sandboxed_escaping_and_strict() -> None:
    env = environment("up-n-over")
    assert isinstance(env, SandboxedEnvironment)
    assert env.autoescape is True
    assert env.undefined is StrictUndefined


def test_hostile_text_stays_text_in_the_markup(tmp_path: Path) -> None:
    deck = load_deck(write_deck(tmp_path, hostile_deck_data()))
    markup = render_markup(deck)
    root = ET.fromstring(markup)
    assert {element.tag for element in root.iter()} <= VOCABULARY
    texts = " ".join(root.itertext())
    assert typeset(HOSTILE) in texts  # as text, only its quotes typeset
    assert "{{ 7 * 7 }}" in texts and "49" not in markup
    assert typeset("&amp; &nbsp; <para>{% raw %}]]><!-- -->") in texts


def test_hostile_text_prints_literally(hostile_book: Built) -> None:
    text, printed = hostile_book.text, typeset(HOSTILE)
    assert f"Evil {printed}" in hostile_book.texts[0]  # the title
    assert f"Trigger {printed}" in text
    assert f"Action {printed}" in text
    assert f"“Hint {typeset(HOSTILE, inside_quotes=True)}”" in text
    assert "“{{ book.deck.name }} <onDraw name=x/>”" in text
    assert HOSTILE_WHEN in text
    assert "When a <i>king</i> makes it {{ total }} <br/> & below" in text
    assert "version {{ 7 * 7 }}" in text
    assert typeset("&amp; &nbsp; <para>{% raw %}]]><!-- -->") in text
    assert f"Evil {printed} page 1 of" in hostile_book.lines[0][-1]  # the footer


def test_hostile_text_changes_no_font(hostile_book: Built) -> None:
    for fonts in page_fonts(hostile_book.path):
        assert {font_name(font) for font in fonts} <= {
            "DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono"}


def test_inline_escapes_every_piece_of_text() -> None:
    element = ET.fromstring(
        "<p>&lt;font name=\"Helvetica\"&gt; &amp;amp; <b>&lt;b&gt;</b><code>a &lt; b</code></p>")
    assert inline(element) == (
        '&lt;font name="Helvetica"&gt; &amp;amp; '
        '<font name="hrdeck-DejaVuSans-Bold">&lt;b&gt;</font>'
        '<font name="hrdeck-DejaVuSansMono">a &lt; b</font>')


@pytest.mark.parametrize("markup", [
    "<rulebook><script/></rulebook>",
    "<rulebook><p><font name='Helvetica'>x</font></p></rulebook>",
    "<rulebook><p class='nonsense'>x</p></rulebook>",
    "<rulebook><ul><p>x</p></ul></rulebook>",
    "<html/>",
])
def test_anything_outside_the_vocabulary_is_refused(markup: str) -> None:
    converter = Converter(styles=paragraph_styles(Palette()), palette=Palette(), width=400)
    with pytest.raises(MarkupError):
        converter.story(parse_document(markup))


def test_broken_markup_is_reported_with_its_line() -> None:
    with pytest.raises(MarkupError, match=r"not well-formed.*line 3.*</rulebook>"):
        parse_document("<rulebook>\n<p>oops\n</rulebook>")
