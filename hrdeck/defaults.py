"""Defaults that the commands' options show in their help.

They live here, without heavy imports, so that building `hrdeck --help` loads no engine
module beyond the games' declarations; tests/test_startup.py checks that each equals the
engine's own.
"""

from __future__ import annotations

from engine.games import DEFAULT_NAME

DEFAULT_GAME = DEFAULT_NAME  # the game of a deck or journal that names none
DEFAULT_TURN_LIMIT = 5_000  # engine.simulate.DEFAULT_TURN_LIMIT
