"""The rulebook of Joker's Secret: the shedding game's rules in our own words, a worked
example replayed on the engine, the clarifications, a quick reference and the deck's player
aids. It is the book of the game itself, so a deck of player aids alone gets one."""

from __future__ import annotations

from generator.rulebook.books import BookMaker, register_book
from generator.rulebook.jokers_secret.context import book_for

register_book(BookMaker(game="jokers-secret", folder="jokers-secret", data=book_for,
                        needs_secret_rules=False))
