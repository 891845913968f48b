"""How fast the pages are answered: a phone on a kept-alive connection gets each answer at
once, not after the ~40 ms a delayed acknowledgement costs when a response leaves in two
parts from a socket that waits to fill its packets (Nagle's algorithm)."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx

from hrdeck.referee.session import NewGame, Session
from hrdeck.referee.store import Store
from hrdeck.web.hub import Hub
from hrdeck.web.seat_view import seat_view
from hrdeck.web.seats import TABLE, SeatKeys
from hrdeck.web.server import serve


def test_each_request_on_a_kept_connection_is_answered_without_a_delayed_ack(
        tmp_path: Path) -> None:
    """asyncio turns Nagle's algorithm off (TCP_NODELAY) only on the connections of a
    listening socket made as TCP (`proto` IPPROTO_TCP); the one the pages are served on is,
    and the connection a page keeps has the option set. (bench_web.py measures the time.)"""
    store = Store(tmp_path / "referee.sqlite3")
    session = Session.create(store, NewGame(players=("Ann", "Ben"), mode="score"), name="t")
    served = serve(Hub(session), SeatKeys(store, "t", session.names))
    try:
        listening = [sock for server in served.server.servers for sock in server.sockets]
        assert listening and all(sock.type == socket.SOCK_STREAM
                                 and sock.proto == socket.IPPROTO_TCP for sock in listening)
        with httpx.Client() as client:  # keeps its connection open
            assert client.get(served.url(TABLE) + "/view").status_code == 200
            kept = [protocol.transport.get_extra_info("socket")
                    for protocol in served.server.server_state.connections]
            assert kept and all(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
                                for sock in kept)
    finally:
        served.stop()
        store.close()


def test_every_page_shares_one_board_and_log_built_once_per_change(tmp_path: Path) -> None:
    """The public part of the pages (the board, the table's log) is built once for all of
    them at each change, and is new after every change."""
    store = Store(tmp_path / "referee.sqlite3")
    session = Session.create(store, NewGame(players=("Ann", "Ben", "Cat"), mode="score"),
                             name="t")
    hub = Hub(session)
    built = []
    board = session.board
    session.board = lambda: built.append(hub.version) or board()  # type: ignore[method-assign]
    pages = (TABLE, 0, 1, 2)
    before = [seat_view(hub, seat) for seat in pages]
    assert built == [hub.version]
    assert all(view["board"] == before[0]["board"] and view["log"] == before[0]["log"]
               for view in before)
    assert hub.run_line(1, "trick").error is None
    after = [seat_view(hub, seat) for seat in pages]
    assert built == [hub.version - 1, hub.version]
    assert all(view["version"] == hub.version for view in after)
    assert all(view["log"] == after[0]["log"] for view in after)
    assert "Ben takes a trick" in [line["text"] for line in after[0]["log"]]
    assert [row["score"] for row in after[0]["board"]["rows"]] == [0, 1, 0]
    store.close()
