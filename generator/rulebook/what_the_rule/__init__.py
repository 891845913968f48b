"""The rulebook of What the Rule?!: the cards, setting up a round with its game master and
secret rule, a turn (a card played or a hand revealed), guessing and hints, the end of a round
and every scoring rule with a worked example replayed on the engine, the end of the game and
the game without points, making up a rule and the deck's rule cards (the starter rules
printed, the others counted by level), rules in hrdeck's rule language, every clarification
and a quick reference to the scoring."""

from __future__ import annotations

from generator.rulebook.books import BookMaker, register_book
from generator.rulebook.what_the_rule.context import book_for

register_book(BookMaker(game="what-the-rule", folder="what-the-rule", data=book_for,
                        needs_secret_rules=False))
