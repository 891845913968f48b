"""What the rulebook says: every section, clarification and card, the contents and page numbers."""

from __future__ import annotations

import dataclasses
import re

import pytest
from pypdf import PdfReader

from engine.games import registry
from engine.games.registry import GAMES
from engine.games.upnover.clarifications import CLARIFICATIONS, Clarification
from engine.games.upnover.hidden_rules import DEFAULT_FLOOR, DEFAULT_TARGET
from generator.deck import LoadedDeck
from generator.printing.drawing import walk_text
from generator.rulebook import render_markup
from generator.rulebook.books import RULEBOOK_TEMPLATES
from generator.rulebook.markup import parse_document
from generator.rulebook.words import prose, quotation, typeset
from generator.rulebook.writer import book_cards

from .conftest import Built
from .pdftext import flat

SECTIONS = {  # key: heading, in the order of the book
    "how-to-play": "How to play",
    "what-you-need": "What you need",
    "setup": "Setting up",
    "tricks": "Tricks and card values",
    "secret-rules": "Secret rules",
    "enforcing": "Enforcing a rule",
    "challenging": "Challenging",
    "others-rules": "Enforcing someone else’s rule",
    "out-of-turn": "Playing out of turn, and the five-second rule",
    "scoring": "Scoring",
    "winning": "Winning",
    "example": "A worked example",
    "clarifications": "Clarifications",
    "quick-reference": "Quick reference",
    "cards": "The cards in this deck",
    "triggers": "Triggers",
    "actions": "Actions",
}
APPENDIX = {  # the appendix for designers and referees, after the players' book
    "appendix": "Appendix: for designers and referees",
    "designers": "Trigger conditions",
}
FORMS = {"book": SECTIONS, "appendix_book": {**SECTIONS, **APPENDIX}}
CONTENTS_PAGE = 2


def heading_page(book: Built, title: str) -> int:
    """The first page after the contents with a line reading exactly `title` (1-based)."""
    for number, lines in enumerate(book.lines, start=1):
        if number > CONTENTS_PAGE and title in lines:
            return number
    raise AssertionError(f"no heading {title!r} in the rulebook")


def test_the_pdf_has_pages_and_says_so(book: Built) -> None:
    reader = PdfReader(book.path)
    assert len(reader.pages) == book.summary.pages >= 8
    assert book.summary.file_bytes == book.path.stat().st_size
    assert (book.summary.triggers, book.summary.actions) == (10, 10)
    assert book.summary.missing_glyphs == ()


def test_title_page(book: Built) -> None:
    title = book.texts[0]
    for words in ("Rulebook Test Deck", "version 2.3",
                  "Ten triggers and ten actions to test the rulebook with.",
                  "For 2 to 5 players"):
        assert words in title
    assert book.summary.players == (2, 5)


@pytest.mark.parametrize("form", FORMS)
def test_every_section_heading_is_there_in_order(form: str,
                                                 request: pytest.FixtureRequest) -> None:
    book: Built = request.getfixturevalue(form)
    sections = FORMS[form]
    pages = [heading_page(book, title) for title in sections.values()]
    assert pages == sorted(pages)
    assert [section.title for section in book.summary.sections if section.in_contents] == list(
        sections.values())
    for key, title in sections.items():
        assert book.summary.page_of(key) == heading_page(book, title), title


@pytest.mark.parametrize("form", FORMS)
def test_contents_lists_every_section_with_its_page(form: str,
                                                    request: pytest.FixtureRequest) -> None:
    book: Built = request.getfixturevalue(form)
    assert "Contents" in book.lines[CONTENTS_PAGE - 1]
    listed: dict[str, int] = {}
    for line in book.lines[CONTENTS_PAGE - 1]:
        found = re.fullmatch(r"(?P<title>.*?)[ .]*(?P<page>\d+)", line)
        if found and not line.startswith("Rulebook Test Deck page"):
            listed[found["title"]] = int(found["page"])
    assert list(listed) == list(FORMS[form].values())
    for title, page in listed.items():
        assert page == heading_page(book, title), title


def test_every_page_is_numbered(book: Built) -> None:
    total = len(book.texts)
    for number, lines in enumerate(book.lines, start=1):
        assert lines[-1] == f"Rulebook Test Deck page {number} of {total}"


def test_every_clarification_is_printed(book: Built) -> None:
    pages = book.texts[book.summary.page_of("clarifications") - 1:
                       book.summary.page_of("quick-reference") - 1]
    footer = re.compile(r" ?Rulebook Test Deck page \d+ of \d+$")
    clarifications = " ".join(footer.sub("", text) for text in pages)
    for item in CLARIFICATIONS:
        assert f"{typeset(item.topic)}." in clarifications
        assert flat(typeset(item.ruling)) in clarifications


def test_clarifications_come_from_the_engine_not_the_templates(
        small_deck: LoadedDeck, monkeypatch: pytest.MonkeyPatch) -> None:
    templates = " ".join(flat(path.read_text(encoding="utf-8"))
                         for path in RULEBOOK_TEMPLATES.rglob("*.j2"))
    for item in CLARIFICATIONS:
        assert flat(item.ruling) not in templates
    invented = Clarification("new-case", "A new case", "Whatever & <b>happens</b> next.")
    game = GAMES["up-n-over"]
    monkeypatch.setitem(registry._REGISTERED, "up-n-over",
                        dataclasses.replace(game, clarifications=(*CLARIFICATIONS, invented)))
    markup = render_markup(small_deck)
    assert "<b>A new case.</b> Whatever &amp; &lt;b&gt;happens&lt;/b&gt; next." in markup


def test_every_card_is_listed_with_number_text_and_expression(book: Built,
                                                              appendix_book: Built) -> None:
    cards = " ".join(book.texts[book.summary.page_of("cards") - 1:])
    conditions = " ".join(appendix_book.texts[appendix_book.summary.page_of("designers") - 1:])
    for _, trigger in book.deck.triggers:
        assert f"{trigger.number} {flat(prose(trigger.text))}" in cards
        assert flat(trigger.when) not in cards  # players read the card, never its code
        assert flat(trigger.when) in conditions
    for _, action in book.deck.actions:
        assert f"{action.number} {flat(prose(action.text))}" in cards
        for hint in action.hints:
            assert f"“{quotation(hint)}”" in cards
    assert "It calls on the player who takes the trick." in cards  # trigger 9's subject


def test_components_are_counted(book: Built) -> None:
    needs = book.texts[book.summary.page_of("what-you-need") - 1]
    assert "10, numbered 1 to 9 and 13" in needs
    assert "10, numbered 1 to 10" in needs
    assert "A standard pack of playing cards, jokers taken out 52 cards" in needs
    assert "score sheet" in needs


def test_rules_quote_the_engine(book: Built) -> None:
    text = book.text
    assert f"No score ever goes below −{-DEFAULT_FLOOR}" in text
    assert f"{DEFAULT_TARGET} or more" in text
    for words in ("Queen −2", "King −4", "Jack 0", "Exactly 21: you take the trick",
                  "Over 21: the player on your right takes the trick",
                  "Only the player who was penalised may challenge",
                  "before the next card is played or turned up",
                  "if it is still the latest card played",
                  "4 players get 4 cards each; 5 players get 3 cards each",
                  "play on until a round ends with a single leader",
                  "five seconds"):
        assert words in text, words


def test_the_worked_example_uses_this_decks_cards(book: Built) -> None:
    example = " ".join(book.texts[book.summary.page_of("example") - 1:
                                  book.summary.page_of("clarifications") - 1])
    assert book.summary.example_uses_deck_cards
    assert "trigger 13, “When you play a card that makes the total exactly zero”" in example
    assert "action 5, “Name a cartoon character" in example
    assert "“You didn’t name a cartoon character.”" in example  # the card's own first hint
    assert "she challenges" in example


def test_the_worked_example_draws_the_two_cards_as_printed(book: Built) -> None:
    """The example's trigger and action are shown as the cards themselves, composed by the
    same code as the print sheets: their labels and words are on the example's page."""
    root = parse_document(render_markup(book.deck))
    shown = [element.get("id") for element in root.iter("card")]
    triggers = {card.id: card for _, card in book.deck.triggers}
    actions = {card.id: card for _, card in book.deck.actions}
    assert len(shown) == 2 and shown[0] in triggers and shown[1] in actions
    cards = book_cards(book.deck)
    for ident, label in ((shown[0], "TRIGGER"), (shown[1], "ACTION")):
        element = next(card for card in root.iter("card") if card.get("id") == ident)
        side = cards.composed(cards.face(element))
        words = " ".join(item.text for item, _ in walk_text(side.items))
        number = (triggers.get(str(ident)) or actions[str(ident)]).number
        assert label in words and str(number) in words.split()


def test_quick_reference_fits_on_one_page(book: Built) -> None:
    page = heading_page(book, "Quick reference")
    assert heading_page(book, "The cards in this deck") > page
    quick = book.texts[page - 1]
    for words in ("Counts", "Exactly 21", "Enforcing:", "Challenging:", "What happens",
                  "No score goes below −10", "Tied at the top? Play on."):
        assert words in quick, words
    assert "Tied at the top? Play on." not in book.texts[page]
