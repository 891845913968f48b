"""The card kinds of the toy game (tests/toy_game.py) when a test declares it
(tests/test_card_kinds_by_game.py): importing this module registers its one kind, as a
game's `card_kinds` module does."""

from __future__ import annotations

from generator.card_kinds import CardKind, register_kind
from generator.deck_model import AidCard
from tests.toy_game import NAME as GAME

TOKENS = CardKind(section="tokens", noun="token", label="TOKEN", model=AidCard,
                  accent="#225588", description="a test game's tokens", games=(GAME,))
register_kind(TOKENS)
