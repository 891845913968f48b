"""The moves a player's page offers as buttons: the common ones of each game, as the lines
they send (the same typed syntax the terminal reads; the rest are typed on the page).

Each game's buttons are in `hrdeck.web.moves.<its engine package>`, a function
`buttons(session, seat)`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from engine.games import declared
from hrdeck.referee.session import Session


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    line: str                     # sent as typed on this seat's page
    confirm: str = ""             # asked before sending ("": sent at once)


def buttons(session: Session, seat: int) -> list[Button]:
    """The buttons for `seat` now (none once the game is over)."""
    if session.game.is_over:
        return []
    home = declared()[session.game.setup.game].engine.split(".")[2]  # the game's package
    try:
        found = importlib.import_module(f"hrdeck.web.moves.{home}")
    except ModuleNotFoundError:  # a game with no buttons: everything is typed
        return []
    result: list[Button] = found.buttons(session, seat)
    return result
