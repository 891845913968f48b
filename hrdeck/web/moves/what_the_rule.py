"""What the Rule?!'s buttons: a game against the machine master (`hrdeck play
what-the-rule`, the engine dealing) has its own, in `hrdeck.web.what_the_rule.play_buttons`."""

from __future__ import annotations

from hrdeck.referee.session import Session
from hrdeck.web.buttons import Button


def buttons(session: Session, seat: int) -> list[Button]:
    if session.game.setup.mode == "shuffled":
        from hrdeck.web.what_the_rule.play_buttons import buttons as machine_buttons

        return machine_buttons(session, seat)
    return []
