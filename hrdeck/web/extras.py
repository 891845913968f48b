"""What a game adds to a seat's view beyond the board and the secret rules (the hand of
cards the machine dealt to this seat, in a game played in the browser)."""

from __future__ import annotations

from typing import Any

from hrdeck.referee.session import Session


def extras(session: Session, seat: int) -> dict[str, Any]:
    return {}
