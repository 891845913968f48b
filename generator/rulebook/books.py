"""Rulebooks per base game: each game's templates and the data they read.

A book maker names its game, its template folder (templates/rulebook/<folder>/, or a full
path for a game that keeps its templates in its own package; its `rulebook.xml.j2` is the
whole book) and a function from a deck to the data the templates
see. The data has at least the fields of `BookData`, which the writer and the build's
summary read. Built-in games' makers load when first asked for; another registers its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sized
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from engine.games import load_part
from engine.games.base import Clarification
from generator.deck import LoadedDeck
from generator.deck_model import DeckInfo
from generator.paths import TEMPLATES
from generator.printing.errors import PrintError

from .words import one_line, prose, prose_line, typeset

RULEBOOK_TEMPLATES = TEMPLATES / "rulebook"


def deck_details(deck: LoadedDeck) -> DeckInfo:
    """The deck's details, or a PrintError: without them there is no name or version to
    print a rulebook for."""
    if deck.info is None or deck.unusable:
        raise PrintError(f"{deck.path}: the deck's details could not be read, so there is no "
                         "name or version to print a rulebook for. Run hrdeck check first.")
    return deck.info


NAME_PARTS = re.compile(r"\s+[—–]\s+")  # "Mao — the rules nobody explains"


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckView:
    """The deck as a book prints it: its name, version, colours, and the base game it is
    played over (`game`, typeset). The book is titled with the deck's own name: a name of
    two parts split by a dash ("Mao — the rules nobody explains") prints its first part as
    the title (`headline`) and the rest on a line beneath (`name_rest`); the base game is
    named under them unless the headline already is the game (`is_the_game`).

    >>> view = DeckView(name="Mao — the rules nobody explains", version="1", description="",
    ...                 accent="#000000", second="#000000", game="Mao")
    >>> view.headline, view.name_rest, view.is_the_game
    ('Mao', 'the rules nobody explains', True)
    """

    name: str
    version: str
    description: str
    accent: str
    second: str
    game: str = ""

    @property
    def headline(self) -> str:
        return NAME_PARTS.split(self.name, maxsplit=1)[0]

    @property
    def name_rest(self) -> str:
        parts = NAME_PARTS.split(self.name, maxsplit=1)
        return parts[1] if len(parts) > 1 else ""

    @property
    def is_the_game(self) -> bool:
        return _comparable(self.headline) == _comparable(self.game)


def _comparable(title: str) -> str:
    """A title as compared: case, curly apostrophes and spacing do not count."""
    return " ".join(title.replace("\u2019", "'").casefold().split())


def deck_view(info: DeckInfo, game_title: str, *, accent: str, second: str) -> DeckView:
    """The deck as a book prints it, played over the game called `game_title`."""
    return DeckView(name=prose_line(info.name), version=one_line(info.version),
                    description=prose(info.description), accent=accent, second=second,
                    game=typeset(game_title))


@dataclass(frozen=True, slots=True, kw_only=True)
class ClarificationRow:
    key: str
    topic: str
    ruling: str
    for_software: bool = False  # printed in the appendix for designers and referees only


def clarification_rows(items: tuple[Clarification, ...]) -> tuple[ClarificationRow, ...]:
    """A game's clarifications, typeset like the templates' own text."""
    return tuple(ClarificationRow(key=item.key, topic=typeset(item.topic),
                                  ruling=typeset(item.ruling), for_software=item.for_software)
                 for item in items)


class BookData(Protocol):
    """What the writer reads of any game's book data."""

    @property
    def deck(self) -> DeckView: ...
    @property
    def players(self) -> tuple[int, int]: ...
    @property
    def triggers(self) -> Sized: ...
    @property
    def actions(self) -> Sized: ...
    @property
    def example_own_cards(self) -> bool: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class BookMaker:
    game: str                                 # the base game's name
    folder: str | Path                        # its templates: a name under templates/rulebook/,
    #                                           or a game's own folder anywhere (a full path)
    data: Callable[[LoadedDeck], BookData]    # raises PrintError when no book can be made
    needs_secret_rules: bool = False          # a book of the hidden rules: no cards, no book

    def wants(self, deck: LoadedDeck) -> bool:
        """Whether a build of `deck` makes this book."""
        return deck.has_secret_rules or not self.needs_secret_rules


BOOKS: dict[str, BookMaker] = {}


def register_book(maker: BookMaker) -> None:
    BOOKS[maker.game] = maker


def unregister_book(game: str) -> None:
    BOOKS.pop(game, None)


def no_book_reason(deck: LoadedDeck) -> str | None:
    """Why a build of `deck` makes no rulebook, or None when it makes one."""
    game = deck.info.base_game if deck.info is not None else ""
    maker = find_book(game)
    if maker is None:
        return f'hrdeck has no rulebook for the base game "{game}"'
    if not maker.wants(deck):
        return ("the deck holds no secret rules (triggers and actions), and this game's "
                "rulebook is the book of its secret rules")
    return None


def find_book(game: str) -> BookMaker | None:
    """The book maker of `game`, or None when the game has no rulebook."""
    if game not in BOOKS:
        load_part(game, "book")
    return BOOKS.get(game)
