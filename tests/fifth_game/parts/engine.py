"""Registers the fifth game's engine game."""

from engine.games.registry import register
from tests.fifth_game.game import TOY

register(TOY)
