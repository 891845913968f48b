"""Registers the fifth game at the referee's table."""

from hrdeck.referee.tables import register_table
from tests.fifth_game.table import TOY_TABLE

register_table(TOY_TABLE)
