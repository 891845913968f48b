"""Who a page is: each player's page is reached with that seat's own unguessable key, the
table page with another. Keys are kept in the referee's database beside the session, so a
resumed game keeps its codes; the laptop can re-issue one (`reissue`), and the old key then
opens nothing.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Sequence

from hrdeck.referee.store import Store

TABLE = -1           # the table page's seat
KEY_BYTES = 24       # 192 random bits, 32 URL-safe characters


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


class SeatKeys:
    """The keys of one session's pages, read from (and written to) its store."""

    def __init__(self, store: Store, session: str, players: Sequence[str]) -> None:
        self.store = store
        self.session = session
        self.players = tuple(players)
        self.keys = store.web_keys(session)
        for seat in (TABLE, *range(len(self.players))):
            if len(self.keys.get(seat, "")) < KEY_BYTES:  # missing, or not one of ours
                self._issue(seat)

    def _issue(self, seat: int) -> str:
        key = new_key()
        self.store.save_web_key(self.session, seat, key)
        self.keys[seat] = key
        return key

    def reissue(self, seat: int) -> str:
        """A new key for `seat`: its old page stops working at once."""
        return self._issue(seat)

    def find(self, key: str) -> int | None:
        """The seat whose key this is (TABLE for the table page), or None. Every key is
        compared in constant time, and all of them, so the time says nothing."""
        given = key.encode("utf-8", "replace")
        found = None
        for seat, known in self.keys.items():
            if hmac.compare_digest(given, known.encode("ascii")):
                found = seat
        return found

    def key(self, seat: int) -> str:
        return self.keys[seat]
