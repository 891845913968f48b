"""Each base game at the referee's table, registered by the game's name.

A game's table is loaded from the module its declaration names (see `engine.games`) the
first time it is asked for, so the generic session imports no game; that module registers
the table with `register_table`.
"""

from __future__ import annotations

from engine.errors import HrdeckError
from engine.games import load_part
from engine.games.registry import find_game
from hrdeck.referee.tables.base import NewGame, Table, TableGame, Verb

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
    if name not in _TABLES:
        load_part(name, "table")
    table = _TABLES.get(name)
    if table is None:
        raise HrdeckError(f"The referee cannot run a game of {base.title} yet.")
    return table


__all__ = ["NewGame", "Table", "TableGame", "Verb", "find_table", "register_table",
           "unregister_table"]
