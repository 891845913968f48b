"""The Hidden Rules rulebook over Up 'N Over: the trick game's rules, the secret rules on
top, the deck's cards, a worked example and the clarifications."""

from __future__ import annotations

from generator.rulebook.books import BookMaker, register_book
from generator.rulebook.upnover.context import book_for

register_book(BookMaker(game="up-n-over", folder="up-n-over", data=book_for,
                        needs_secret_rules=True))
