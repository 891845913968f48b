"""A deck's words are set alike on its cards and in its book: typographic quotes, apostrophes
and dashes, nested quotes alternating, while the machine forms (conditions, phrases) are
printed and kept exactly as written. Both read back from real PDFs."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from engine.games.mao import speech
from generator.deck import LoadedDeck, load_deck
from generator.deck_model import SayAction
from generator.pipeline.faces import faces_for
from generator.printing import write_pnp

from .conftest import Built, build
from .decks import small_deck_data, write_deck
from .pdftext import flat, page_runs
from .text import section

DECKS = Path(__file__).resolve().parents[2] / "decks"
STRAIGHT = re.compile(r"""['"]""")
NAME = "Joker's Pirates"
PHRASE = "that's the badger"


def quotes_deck_data() -> dict[str, Any]:
    """The small deck with straight quotes, apostrophes and dashes in every kind of text."""
    data = small_deck_data()
    data["deck"]["name"] = NAME
    data["deck"]["description"] = ("'Tis a deck for the '90s -- 3-9 players shout "
                                   '"Arr, matey!" at the Joker\'s table.')
    triggers, actions = data["triggers"], data["actions"]
    triggers[0]["text"] = """When someone says "Arr, matey!" - or just 'arr'."""
    triggers[1]["text"] = """When a king (the "big 'un") is played on a face card."""
    triggers[9]["text"] = ("When you play a card that makes the total exactly zero, "
                           """the "nothing 'n' nobody" card.""")
    actions[0].update(text=f'Say "{PHRASE}" before you announce the sum.', phrase=PHRASE,
                      hints=['You said "the badger\'s that", not the words on the card.'])
    actions[4]["hints"] = ["""You didn't say "Popeye" or any 'toon's name."""]
    actions[7]["hints"] = ['''Even "whose 'cheers' is it?" counts as talk.''']
    data["aids"] = [{"id": "captains-orders", "number": 1, "title": "Captain's orders",
                     "text": 'Jacks say "Arr!" -- 3-9 players.\n\'Tis the pirate\'s way.'}]
    return data


@dataclass(frozen=True)
class Printed:
    deck: LoadedDeck
    cards: str       # every card sheet page's text, whitespace removed
    book: Built


def squash(text: str) -> str:
    """Text without whitespace, so words wrapped on a card's lines can be searched for."""
    return re.sub(r"\s+", "", text)


def sheet_text(deck: LoadedDeck, path: Path) -> str:
    fronts, backs = faces_for(deck)
    write_pnp(path, fronts, backs, deck_name=deck.info.name if deck.info else "")
    return squash(" ".join(page.extract_text() for page in PdfReader(path).pages))


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Printed:
    folder = tmp_path_factory.mktemp("quotes")
    path = write_deck(folder, quotes_deck_data())
    deck = load_deck(path)
    assert not deck.issues, deck.issues
    return Printed(deck=deck, cards=sheet_text(deck, folder / "cards.pdf"),
                   book=build(path, folder / "rulebook.pdf", appendix=True))


def test_no_straight_quote_on_any_card_front_back_or_sheet(printed: Printed) -> None:
    assert STRAIGHT.findall(printed.cards) == []
    for words in ("When someone says “Arr, matey!” — or just “arr”.",  # an outer pair
                  "(the “big ’un”)", "the “nothing ’n’ nobody” card",
                  f"Say “{PHRASE.replace(chr(39), '’')}” before",
                  "PLAYER AID 1", "Captain’s orders", "Jacks say “Arr!” — 3–9 players.",
                  "’Tis the pirate’s way.", "Joker’s Pirates"):  # a back and the sheets
        assert squash(words) in printed.cards, words


def card_lists(book: Built) -> str:
    return " ".join(section(book, key) for key in ("cards", "triggers", "actions"))


def test_the_book_sets_deck_text_as_the_cards_do(printed: Printed) -> None:
    book = printed.book
    cards = card_lists(book)
    for words in ("When someone says “Arr, matey!” — or just “arr”.",
                  "When a king (the “big ’un”) is played on a face card.",
                  "Say “that’s the badger” before you announce the sum."):
        assert words in cards, words
        assert squash(words) in printed.cards, words  # word for word as on the card
    assert "Joker’s Pirates" in book.texts[0]
    assert "’Tis a deck for the ’90s — 3–9 players shout “Arr, matey!” at the Joker’s table." in (
        book.texts[0])


def test_quotes_in_a_hint_nest_inside_the_books_quotes(printed: Printed) -> None:
    cards = card_lists(printed.book)
    for hint in ("“You said ‘the badger’s that’, not the words on the card.”",
                 "“Even ‘whose “cheers” is it?’ counts as talk.”"):
        assert hint in cards, hint
    example = section(printed.book, "example")  # the worked example quotes this deck's cards
    assert "“When you play a card that makes the total exactly zero, the ‘nothing ’n’ nobody’ " \
           "card”" in example
    assert "“You didn’t say ‘Popeye’ or any ’toon’s name.”" in example


def test_no_straight_quote_in_the_books_prose(printed: Printed) -> None:
    prose = [run.text for page in PdfReader(printed.book.path).pages for run in page_runs(page)
             if run.font != "DejaVuSansMono" and STRAIGHT.search(run.text)]
    assert prose == []


def test_machine_forms_are_printed_and_kept_as_written(printed: Printed) -> None:
    designers = section(printed.book, "designers")  # the appendix: conditions as code
    for _, trigger in printed.deck.triggers:
        assert flat(trigger.when) in designers
    assert '"7"' in designers
    say = next(card for _, card in printed.deck.actions if isinstance(card, SayAction))
    assert say.phrase == PHRASE  # what the referee compares is the deck's own words
    assert speech.BADGER == PHRASE and speech.same(PHRASE, speech.BADGER)  # Mao's, too


def test_shipped_mao_and_what_the_rule_cards_have_no_straight_quote(tmp_path: Path) -> None:
    mao = load_deck(DECKS / "mao.yaml")
    text = sheet_text(mao, tmp_path / "mao.pdf")
    assert STRAIGHT.findall(text) == []
    assert squash("says “that’s the badger”.") in text
    data = yaml.safe_load((DECKS / "what-the-rule.yaml").read_text(encoding="utf-8"))
    data.pop("shapes")  # the rule cards alone: shape cards print no words
    deck = load_deck(write_deck(tmp_path, data, "rules.yaml"))
    assert not deck.issues, deck.issues
    text = sheet_text(deck, tmp_path / "rules.pdf")
    assert STRAIGHT.findall(text) == []
    assert squash("Each card’s fill") in text


def test_player_aids_read_alike_on_the_card_and_in_the_book(tmp_path: Path) -> None:
    data = yaml.safe_load((DECKS / "jokers-secret.yaml").read_text(encoding="utf-8"))
    aid = data["aids"][0]
    aid["title"] = "Special cards -- 'tis the Joker's"
    aid["text"] = '2 - reset: say "Reset!" on it.\nRanks 3-9 "go \'low\'".'
    path = write_deck(tmp_path, data)
    book = build(path, tmp_path / "rulebook.pdf")
    cards = sheet_text(book.deck, tmp_path / "aids.pdf")
    listed = section(book, "aids")
    for line in ("Special cards — ’tis the Joker’s", "2 — reset: say “Reset!” on it.",
                 "Ranks 3–9 “go ‘low’”."):
        assert line in listed, line
        assert squash(line) in cards, line
    assert STRAIGHT.findall(cards) == []
