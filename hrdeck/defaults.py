"""Defaults that the commands' options show in their help.

They live here, without imports, so that building `hrdeck --help` loads no engine module;
tests/test_startup.py checks that each equals the engine's own.
"""

from __future__ import annotations

DEFAULT_GAME = "up-n-over"  # engine.events.DEFAULT_GAME
DEFAULT_TURN_LIMIT = 5_000  # engine.simulate.DEFAULT_TURN_LIMIT
