"""A seat's own record of the game (`/record`): what the whole table heard, entry by entry,
and that player's own secret rules; never another player's."""

from __future__ import annotations

from typing import Any

from hrdeck.web.hub import Hub
from hrdeck.web.seat_view import view_of
from hrdeck.web.seats import TABLE


def seat_record(hub: Hub, seat: int) -> dict[str, Any]:
    with hub.lock:
        session = hub.session
        view = view_of(hub, seat)
        history = session.history()
        return {
            "session": session.name,
            "game": view["title"],
            "players": list(session.names),
            "scores": list(session.game.scores),
            "entries": [{"number": row.number, "text": row.text, "counts": row.active}
                        for row in history.rows],
            "seat": None if seat == TABLE else session.names[seat],
            "secrets": view.get("secrets", []),
        }
