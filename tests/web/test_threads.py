"""The terminal and the pages write one journal from different threads (the store's SQLite
connection is shared, the hub's lock takes them one at a time): moves sent from phones and
typed at the laptop at the same moment all land, in one order, and a resume reads back every
one of them."""

from __future__ import annotations

import threading
from pathlib import Path

from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.web.hub import Hub
from hrdeck.web.seats import SeatKeys
from tests.web import helpers
from tests.web.helpers import LAPTOP, Web

MOVES = 12


def test_a_page_s_move_and_the_terminal_s_land_together_and_survive_a_resume(
        tmp_path: Path) -> None:
    web: Web = helpers.open_web(tmp_path, helpers.score_game)
    start = threading.Barrier(2)
    replies: list[dict[str, object]] = []
    terminal = threading.current_thread()

    def phones() -> None:
        start.wait()
        for _ in range(MOVES):
            replies.append(web.send(0, 'enforce on cat "You did not wink."'))

    page = threading.Thread(target=phones)
    page.start()
    start.wait()
    for _ in range(MOVES):
        assert web.hub.execute(LAPTOP, web.session.parse("trick ben")).error is None
    page.join(30)
    assert threading.current_thread() is terminal and not page.is_alive()
    assert [reply["error"] for reply in replies] == [None] * MOVES
    assert list(web.session.game.scores) == [0, MOVES, -10]   # Cat stops at the floor
    stored = web.entries()
    assert [entry.number for entry in stored] == list(range(1 + 2 * MOVES))
    acks = [line.text for line in web.hub.log if line.kind == "ack"]
    assert acks.count("Ben takes a trick") == MOVES
    assert acks.count('Ann enforces their own rule on Cat: "You did not wink."') == MOVES

    store = Store(tmp_path / "referee.sqlite3")   # the laptop starts again on the same file
    resumed, dropped = Session.resume(store, web.session.name)
    assert not dropped
    assert resumed.game.snapshot() == web.session.game.snapshot()
    assert len(resumed.journal.entries) == 1 + 2 * MOVES
    again = helpers.client_of(Hub(resumed), SeatKeys(store, resumed.name, resumed.names))
    view = again.get(f"/p/{web.key(0)}/view").json()
    assert view["board"]["entries"] == 1 + 2 * MOVES
    assert [row["score"] for row in view["board"]["rows"]] == list(web.session.game.scores)
