"""Registers the fifth game's rulebook maker (its templates are in tests/fifth_game/rulebook)."""

from generator.rulebook.books import register_book
from tests.fifth_game.book import BOOK

register_book(BOOK)
