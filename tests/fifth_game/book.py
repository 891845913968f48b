"""The fifth game's rulebook: what its templates (rulebook/, beside this module) see.

The numbers the rules quote (players, the numbers drawn, the target) come from the engine,
and the number cards from the deck, so the book cannot drift from the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules_layer import DEFAULT_TARGET
from generator.deck import LoadedDeck
from generator.rulebook.books import (
    BookMaker,
    ClarificationRow,
    DeckView,
    clarification_rows,
    deck_details,
    deck_view,
)
from tests.fifth_game import HERE
from tests.fifth_game.cards import NUMBERS, NumberCard
from tests.fifth_game.game import HIGHEST, LOWEST, NAME, TOY

TEMPLATES = HERE / "rulebook"


@dataclass(frozen=True, slots=True, kw_only=True)
class NumberRow:
    number: int
    shows: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Book:
    """What the templates read (the writer reads `BookData`'s fields of it)."""

    deck: DeckView
    players: tuple[int, int]
    lowest: int
    highest: int
    target: int
    numbers: tuple[NumberRow, ...]
    clarifications: tuple[ClarificationRow, ...]
    triggers: tuple[object, ...] = ()
    actions: tuple[object, ...] = ()
    example_own_cards: bool = False


def book_data(deck: LoadedDeck) -> Book:
    info = deck_details(deck)
    accent = info.style.colours.get(NUMBERS.section) or NUMBERS.accent
    cards = sorted((card for _, card in deck.cards_of(NUMBERS.section)
                    if isinstance(card, NumberCard)), key=lambda card: card.number)
    return Book(deck=deck_view(info, TOY.title, accent=accent, second=accent),
                players=(TOY.min_players, TOY.max_players), lowest=LOWEST, highest=HIGHEST,
                target=DEFAULT_TARGET,
                numbers=tuple(NumberRow(number=card.number, shows=card.shows) for card in cards),
                clarifications=clarification_rows(TOY.clarifications))


BOOK = BookMaker(game=NAME, folder=TEMPLATES, data=book_data)
