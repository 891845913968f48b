"""The small test deck and its rulebook, built once per session."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.deck import LoadedDeck, load_deck
from generator.pipeline import BuildReport, build_deck
from generator.rulebook import RulebookSummary, write_rulebook

from .decks import BASE_DECK, SHIPPED_DECKS, SMALL_DECK, hostile_deck_data, write_deck
from .pdftext import all_page_lines, page_texts


@dataclass(frozen=True)
class Built:
    deck: LoadedDeck
    summary: RulebookSummary
    texts: list[str]        # each page's text, whitespace collapsed
    lines: list[list[str]]  # each page's lines, top to bottom

    @property
    def path(self) -> Path:
        return self.summary.path

    @property
    def text(self) -> str:
        return " ".join(self.texts)


def build(deck_path: Path, pdf: Path, paper: str = "a4", *, appendix: bool = False) -> Built:
    """The deck's rulebook read back: the players' book, with its appendix for designers and
    referees when `appendix` is set."""
    deck = load_deck(deck_path)
    assert not deck.issues, deck.issues
    summary = write_rulebook(pdf, deck, paper=paper, appendix=appendix)
    return Built(deck, summary, page_texts(pdf), all_page_lines(pdf))


@dataclass(frozen=True)
class Printed:
    """A deck built whole (every output), and its rulebook also written on its own (A4)
    with its summary."""

    report: BuildReport
    book: Built                 # the A4 rulebook, written on its own with its summary
    a4: Path                    # the rulebooks as the build wrote them
    letter: Path
    letter_texts: list[str]

    @property
    def deck(self) -> LoadedDeck:
        return self.book.deck

    @property
    def texts(self) -> list[str]:
        """Every page of both papers."""
        return [*self.book.texts, *self.letter_texts]


def build_printed(deck_path: Path, out: Path, book: Built) -> Printed:
    """`book` is the deck's A4 rulebook written on its own (see `ShippedBooks`)."""
    report = build_deck(deck_path, out=out, strict=True)
    folder, name = report.folder, report.deck_id
    letter = folder / f"{name}-rulebook-letter.pdf"
    assert book.deck.path == deck_path
    return Printed(report=report, book=book,
                   a4=folder / f"{name}-rulebook-a4.pdf", letter=letter,
                   letter_texts=page_texts(letter))


class ShippedBooks:
    """Each shipped deck's A4 rulebook, with or without its appendix, built at most once per
    session however many test modules read it."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._built: dict[tuple[str, bool], Built] = {}

    def __call__(self, name: str, *, appendix: bool = False) -> Built:
        if (name, appendix) not in self._built:
            pdf = self._folder / f"{name}-{'appendix' if appendix else 'players'}.pdf"
            self._built[name, appendix] = build(SHIPPED_DECKS / f"{name}.yaml", pdf,
                                                appendix=appendix)
        return self._built[name, appendix]


@pytest.fixture(scope="session")
def shipped_books(tmp_path_factory: pytest.TempPathFactory) -> ShippedBooks:
    return ShippedBooks(tmp_path_factory.mktemp("shipped"))


@pytest.fixture(scope="session")
def small_deck() -> LoadedDeck:
    deck = load_deck(SMALL_DECK)
    assert not deck.issues, deck.issues
    return deck


@pytest.fixture(scope="session")
def book(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(SMALL_DECK, tmp_path_factory.mktemp("rulebook") / "rulebook.pdf")


@pytest.fixture(scope="session")
def appendix_book(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The small deck's rulebook with its appendix for designers and referees."""
    return build(SMALL_DECK, tmp_path_factory.mktemp("appendix") / "rulebook.pdf", appendix=True)


@pytest.fixture(scope="session")
def hostile_book(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """Hostile text everywhere, the trigger conditions of the appendix included."""
    folder = tmp_path_factory.mktemp("hostile")
    return build(write_deck(folder, hostile_deck_data()), folder / "rulebook.pdf",
                 appendix=True)


@pytest.fixture(scope="session")
def base_book(shipped_books: ShippedBooks) -> Built:
    """The shipped base deck's rulebook: 46 triggers and 45 actions, lists over many pages."""
    book = shipped_books("base")
    assert book.deck.path == BASE_DECK
    return book

