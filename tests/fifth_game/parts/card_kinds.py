"""Registers the fifth game's card kind (number cards)."""

from generator.card_kinds import register_kind
from tests.fifth_game.cards import NUMBERS

register_kind(NUMBERS)
