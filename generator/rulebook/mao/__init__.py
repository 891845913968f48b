"""The rulebook of Mao: the game master's book. It says first that the rules are never
explained at the table, then sets up the game, gives the standard rules (the deck's standard
rule cards and the core of every Mao), the penalty calls and what they cost, winning and the
secret rules a winner brings back, a worked example replayed on the engine, every
clarification and a quick reference. The deck's secret rules are counted, never printed."""

from __future__ import annotations

from generator.rulebook.books import BookMaker, register_book
from generator.rulebook.mao.context import book_for

register_book(BookMaker(game="mao", folder="mao", data=book_for, needs_secret_rules=False))
