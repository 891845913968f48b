"""Each base game at the referee's table, registered by the game's name.

The games hrdeck ships are found by module name the first time one is asked for, so the
generic session imports no game; a plugin or a test adds its own with `register_table`.
"""

from __future__ import annotations

import importlib

from engine.errors import HrdeckError
from engine.games import find_game
from hrdeck.referee.tables.base import NewGame, Table, TableGame, Verb

BUILT_IN = {"up-n-over": "hrdeck.referee.tables.upnover",
            "jokers-secret": "hrdeck.referee.tables.jokers_secret",
            "mao": "hrdeck.referee.tables.mao",
            "what-the-rule": "hrdeck.referee.tables.what_the_rule"}

_TABLES: dict[str, TableGame] = {}


def register_table(table: TableGame) -> TableGame:
    known = _TABLES.get(table.name)
    if known is not None and known is not table:
        raise HrdeckError(f'The referee already has a table for "{table.name}".')
    _TABLES[table.name] = table
    return table


def unregister_table(name: str) -> None:
    _TABLES.pop(name, None)


def find_table(name: str) -> TableGame:
    """The referee's table for base game `name` (an unknown game is a sentence)."""
    base = find_game(name)
    if name not in _TABLES and name in BUILT_IN:
        importlib.import_module(BUILT_IN[name])
    table = _TABLES.get(name)
    if table is None:
        raise HrdeckError(f"The referee cannot run a game of {base.title} yet.")
    return table


__all__ = ["NewGame", "Table", "TableGame", "Verb", "find_table", "register_table",
           "unregister_table"]
