"""The Joker's Secret rulebook and player-aid deck: built once, read back from the real PDFs.

The book prints every ruling the engine makes, quotes the engine's numbers, lists the deck's
player aids, tells a worked example the engine agrees with, and is written in our own words:
no run of eight words is shared with the game's seed text.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.games.jokers_secret.shedding import (
    BURN_RUN,
    FULL_DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROW,
)
from engine.games.registry import find_game
from generator.deck import LoadedDeck, load_deck
from generator.pipeline import BuildReport, build_deck
from generator.rulebook.books import find_book, no_book_reason
from generator.rulebook.jokers_secret import example as story
from generator.rulebook.jokers_secret.context import book_for, spelled
from generator.rulebook.jokers_secret.example import (
    MOVES,
    NAMES,
    ExampleDisagrees,
    short,
    worked_example,
)
from generator.rulebook.templating import render_document
from generator.rulebook.words import typeset

from .conftest import Built, build
from .decks import write_deck
from .pdftext import flat, page_texts
from .text import runs_of_words, section

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "decks" / "jokers-secret.yaml"
SEED = Path("/work/shared/seeds/003_fda85e5670f4da19.txt")  # the game's own rules text


@dataclass(frozen=True)
class Output:
    report: BuildReport
    book: Built           # the A4 rulebook, written on its own with its summary
    letter: list[str]     # the Letter rulebook's pages, as the build wrote it
    cards: str            # the print-shop sheet's text, every card front and back

    @property
    def deck(self) -> LoadedDeck:
        return self.book.deck


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Output:
    out = tmp_path_factory.mktemp("jokers-secret")
    report = build_deck(DECK, out=out, strict=True)
    folder = report.folder
    book = build(DECK, out / "rulebook.pdf")
    return Output(report=report, book=book,
                  letter=page_texts(folder / "jokers-secret-rulebook-letter.pdf"),
                  cards=" ".join(page_texts(folder / "jokers-secret-dtc.pdf")))


def without_footers(book: Built, pages: list[str]) -> str:
    name = re.escape(book.deck.info.name if book.deck.info else "")
    footer = re.compile(rf" ?{name} page \d+ of \d+$")
    return " ".join(footer.sub("", text) for text in pages)


# -- the deck and the build ------------------------------------------------------------------

def test_the_deck_loads_with_no_issues() -> None:
    deck = load_deck(DECK)
    assert deck.issues == []
    assert deck.info is not None and deck.info.base_game == "jokers-secret"
    assert not deck.has_secret_rules and len(deck.cards_of("aids")) >= 5
    assert no_book_reason(deck) is None


def test_the_build_writes_every_file_and_both_rulebooks(built: Output) -> None:
    report = built.report
    assert not report.failed, report.reason
    assert report.problems == [] and report.no_rulebook is None
    names = {file.path.name for file in report.files}
    assert {"jokers-secret-rulebook-a4.pdf", "jokers-secret-rulebook-letter.pdf",
            "jokers-secret-pnp-a4.pdf", "jokers-secret-pnp-letter.pdf",
            "jokers-secret-dtc.pdf"} <= names


def test_the_book_is_registered_for_any_deck_of_the_game() -> None:
    maker = find_book("jokers-secret")
    assert maker is not None and maker.folder == "jokers-secret"
    assert not maker.needs_secret_rules


def test_book_data_of_a_deck_without_rule_cards(tmp_path: Path) -> None:
    deck = load_deck(write_deck(tmp_path, {
        "deck": {"name": "One aid", "base_game": "jokers-secret"},
        "aids": [{"id": "a", "number": 7, "text": "First line\nsecond line"}]}))
    assert deck.issues == []
    book = book_for(deck)
    assert book.triggers == () and book.actions == () and book.example_own_cards is False
    assert book.players == (MIN_PLAYERS, MAX_PLAYERS)
    [aid] = book.aids
    assert (aid.number, aid.title, aid.lines) == (7, "", ("First line", "second line"))
    markup = render_document(book, "jokers-secret")
    assert "<b>Player aid 7.</b><br/>First line<br/>second line</li>" in markup


# -- what the book says ----------------------------------------------------------------------

def test_every_clarification_is_printed(built: Output) -> None:
    clarifications = section(built.book, "clarifications")
    items = find_game("jokers-secret").clarifications
    assert items
    for item in items:
        topic = typeset(item.topic)
        assert (topic if topic[-1] in ".?!:" else f"{topic}.") in clarifications, item.key
        assert flat(typeset(item.ruling)) in clarifications, item.key


def test_the_player_range_is_the_engines(built: Output) -> None:
    assert built.book.summary.players == (MIN_PLAYERS, MAX_PLAYERS)
    assert f"For {MIN_PLAYERS} to {MAX_PLAYERS} players" in built.book.texts[0]
    assert f"Players {MIN_PLAYERS} to {MAX_PLAYERS}" in section(built.book, "what-you-need")
    assert f"For {MIN_PLAYERS} to {MAX_PLAYERS} players" in built.letter[0]


def test_the_numbers_are_the_engines(built: Output) -> None:
    text = without_footers(built.book, built.book.texts)
    assert f"{FULL_DECK} cards" in text
    assert f"dealt {spelled(3 * ROW)} cards: {spelled(ROW)} to hold" in text
    assert f"The rule of {spelled(ROW)}." in text
    assert f"top {spelled(BURN_RUN)} cards of the pile share one rank" in text
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        dealt = players * 3 * ROW
        assert f"{players} {dealt} {FULL_DECK - dealt}" in text
    assert "3 · 4 · 5 · 6 · 7 · 8 · 9 · jack · queen · king · ace" in text
    assert "for the 3 of clubs" in text


def test_the_numbers_are_read_not_typed(built: Output) -> None:
    book = book_for(built.deck)
    changed = dataclasses.replace(book, rules=dataclasses.replace(
        book.rules, min_players=3, max_players=8, row_words="four", burn_run_words="five"))
    markup = render_document(changed, "jokers-secret")
    assert "For 3 to 8 players" in markup and "For 2 to 5" not in markup
    assert "The rule of four." in markup and "Five in a row" in markup


def test_the_sections_are_all_there(built: Output) -> None:
    keys = [section.key for section in built.book.summary.sections]
    assert keys == ["contents", "how-to-play", "what-you-need", "setup", "who-starts", "turn",
                    "special-cards", "joker", "picking-up", "clearing", "winning", "example",
                    "clarifications", "quick-reference", "cards", "aids"]


def test_the_quick_reference_is_one_page(built: Output) -> None:
    summary = built.book.summary
    assert summary.page_of("cards") == summary.page_of("quick-reference") + 1


def test_the_worked_example_is_played_by_the_engine(built: Output) -> None:
    example = worked_example()  # raises if the engine disagrees with the story
    text = section(built.book, "example")
    for seat in example.seats:
        assert f"{seat.name} {seat.hand} {seat.face_up} {seat.face_down}" in text
    for move in MOVES:
        assert NAMES[move.player] in text
        for card in move.cards:
            assert short(card) in text, card
    assert f"the {example.peeked}" in text
    assert f"now has {example.cleo_hand_after_pickup} cards" in text


def test_a_story_the_engine_disagrees_with_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    no_skip = dataclasses.replace(MOVES[3], next_player=0)  # Cleo's matching 7 skips Ana
    monkeypatch.setattr(story, "MOVES", (*MOVES[:3], no_skip, *MOVES[4:]))
    with pytest.raises(ExampleDisagrees, match=r"move 4 .* Ben to play on 3♣ 7♥ 7♣"):
        worked_example()
    wrong_hand = dataclasses.replace(MOVES[7], hand=MOVES[7].hand[:2] + MOVES[8].hand[:1])
    monkeypatch.setattr(story, "MOVES", (*MOVES[:7], wrong_hand, *MOVES[8:]))
    with pytest.raises(ExampleDisagrees, match=r"move 8 .* holding"):
        worked_example()


# -- the player aids -------------------------------------------------------------------------

def test_every_aid_title_is_on_the_card_sheet(built: Output) -> None:
    for _, aid in built.deck.cards_of("aids"):
        assert aid.title and aid.title in built.cards, aid.id
        assert f"PLAYER AID {aid.number}" in built.cards


def test_every_aid_is_listed_in_the_book(built: Output) -> None:
    listed = section(built.book, "aids")
    for _, aid in built.deck.cards_of("aids"):
        assert f"Player aid {aid.number}: {aid.title}." in listed
        for line in aid.text.splitlines():
            assert flat(line) in listed, line


# -- our own words ---------------------------------------------------------------------------


def test_runs_of_words_ignore_case_and_punctuation() -> None:
    assert runs_of_words("The Skip: you play a 7, on top of a 7!", 4) >= {
        ("the", "skip", "you", "play"), ("on", "top", "of", "a")}


@pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not on this machine")
def test_our_words_are_our_own(built: Output) -> None:
    seed = runs_of_words(SEED.read_text(encoding="utf-8"))
    book = runs_of_words(" ".join(built.book.texts)) | runs_of_words(" ".join(built.letter))
    cards = runs_of_words(" ".join(aid.text for _, aid in built.deck.cards_of("aids")))
    assert {" ".join(run) for run in book & seed} == set()
    assert {" ".join(run) for run in cards & seed} == set()


def test_our_prose_has_curly_quotes_only(built: Output) -> None:
    text = " ".join(built.book.texts)
    assert not re.search(r"""['"]""", text)
    assert "Joker’s Secret" in text and "“The joker’s secret”" in text
