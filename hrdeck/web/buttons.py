"""The moves a player's page offers as buttons: the common ones of each game, as the lines
they send (the same typed syntax the terminal reads; the rest are typed on the page).

Each game's buttons are in `hrdeck.web.moves.<game>` (a function `buttons(session, seat)`);
a What the Rule?! game dealt by the machine (`hrdeck play`) has its own, `moves.wtr_play`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from hrdeck.referee.session import Session


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    line: str                     # sent as typed on this seat's page
    confirm: str = ""             # asked before sending ("": sent at once)


MODULES = {"upnover": "upnover", "mao": "mao", "jokers-secret": "jokers_secret",
           "what-the-rule": "what_the_rule"}
MACHINE_DEALT = "shuffled"       # the engine's mode of a game whose cards the machine deals


def buttons(session: Session, seat: int) -> list[Button]:
    """The buttons for `seat` now (none once the game is over)."""
    setup = session.game.setup
    if session.game.is_over:
        return []
    module = "wtr_play" if setup.mode == MACHINE_DEALT else MODULES.get(setup.game)
    if module is None:
        return []
    try:
        found = importlib.import_module(f"hrdeck.web.moves.{module}")
    except ModuleNotFoundError:
        return []
    result: list[Button] = found.buttons(session, seat)
    return result
