"""What a game adds to a seat's view beyond the board and the secret rules (the hand of
cards the machine dealt to this seat, in a game played in the browser), and to the table
page's (TABLE: the cards on the table, drawn).

Each game's additions are in `hrdeck.web.<its engine package>.extras` (a function
`extras(session, seat)`); a game without that module adds nothing.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.games import declared
from hrdeck.referee.session import Session


def extras(session: Session, seat: int) -> dict[str, Any]:
    home = declared()[session.game.setup.game].engine.split(".")[2]  # the game's package
    try:
        found = importlib.import_module(f"hrdeck.web.{home}.extras")
    except ModuleNotFoundError as missing:
        if missing.name not in (f"hrdeck.web.{home}", f"hrdeck.web.{home}.extras"):
            raise
        return {}
    added: dict[str, Any] = found.extras(session, seat)
    return added
