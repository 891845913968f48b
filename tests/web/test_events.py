"""The event stream for real: the pages served by uvicorn on a free loopback port, each
seat's stream read with httpx as a browser's EventSource would. The first event is the
seat's own view; a move sent from one phone brings a new view to every open stream at once;
a key re-issued at the laptop ends its old stream."""

from __future__ import annotations

import contextlib
import io
import json
import queue
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hrdeck.referee.store import Store
from hrdeck.web.hub import Hub
from hrdeck.web.seats import TABLE, SeatKeys
from hrdeck.web.server import Served, serve
from tests.web import helpers

WAIT = 5.0          # seconds an event may take on a loaded machine (it takes milliseconds)
ENDED = "ended"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    store = Store(tmp_path / "referee.sqlite3")
    session = helpers.hidden_rules(store)
    running = serve(Hub(session), SeatKeys(store, session.name, session.names),
                    "127.0.0.1", helpers.free_port())
    yield running
    running.stop()


class Stream:
    """One page's event stream, read on a thread of its own: each `view` event's data."""

    def __init__(self, url: str) -> None:
        self.events: queue.Queue[Any] = queue.Queue()
        self.client = httpx.Client(timeout=httpx.Timeout(WAIT, read=None))
        self.headers: dict[str, str] = {}
        self.opened = threading.Event()
        self.thread = threading.Thread(target=self._read, args=(url,), daemon=True)
        self.thread.start()
        assert self.opened.wait(WAIT)

    def _read(self, url: str) -> None:
        try:
            with self.client.stream("GET", url) as response:
                self.response = response
                self.headers = dict(response.headers)
                self.status = response.status_code
                self.opened.set()
                kind = ""
                for line in response.iter_lines():
                    if line.startswith("event:"):
                        kind = line.partition(":")[2].strip()
                    elif line.startswith("data:") and kind == "view":
                        self.events.put(json.loads(line.partition(":")[2]))
        except httpx.HTTPError:
            pass
        finally:
            self.opened.set()
            self.events.put(ENDED)

    def next(self) -> Any:
        return self.events.get(timeout=WAIT)

    def close(self) -> None:
        """Hang up, as a phone leaving the page does (the socket shut, so that the reading
        thread and the server both see it at once)."""
        response = getattr(self, "response", None)
        if response is not None:
            stream = response.extensions["network_stream"]
            with contextlib.suppress(OSError):
                stream.get_extra_info("socket").shutdown(socket.SHUT_RDWR)
        self.thread.join(WAIT)
        self.client.close()


def test_each_stream_starts_with_its_seat_s_view_and_hears_every_move(
        served: Served) -> None:
    streams = {seat: Stream(served.url(seat) + "/events") for seat in (0, 1, 2, TABLE)}
    try:
        first = {seat: stream.next() for seat, stream in streams.items()}
        for seat in (0, 1, 2):
            assert first[seat]["seat"]["number"] == seat and first[seat]["pick"] is not None
        assert first[TABLE]["seat"] is None and "pick" not in first[TABLE]
        for stream in streams.values():
            headers = stream.headers
            assert headers["content-type"].startswith("text/event-stream")
            assert headers["cache-control"] == "no-store"
            assert headers["referrer-policy"] == "no-referrer"
            assert "default-src 'self'" in headers["content-security-policy"]
        version = first[0]["version"]
        sent = time.monotonic()
        reply = httpx.post(served.url(1) + "/send", json={"line": "keep 1 1"},
                           headers={"origin": served.url(1).split("/p/")[0]})
        assert reply.status_code == 200 and reply.json()["error"] is None
        for seat, stream in streams.items():
            view = stream.next()
            assert view["version"] > version
            assert view["log"][-1]["text"] == "Ben keeps a secret rule"
            if seat == 1:
                assert view["pick"] is None and view["secrets"]
        assert time.monotonic() - sent < WAIT
    finally:
        for stream in streams.values():
            stream.close()


def test_a_reissued_key_ends_its_open_stream(served: Served) -> None:
    old = Stream(served.url(2) + "/events")
    other = Stream(served.url(1) + "/events")
    try:
        assert old.next()["seat"]["name"] == "Cat"
        other.next()
        served.keys.reissue(2)
        served.hub.touch()
        assert old.next() == ENDED
        assert other.next()["seat"]["name"] == "Ben"   # the others' streams go on
        gone = httpx.get(served.url(2).replace(served.keys.key(2), "x" * 32) + "/view")
        assert gone.status_code == 404
        assert httpx.get(served.url(2) + "/view").json()["seat"]["name"] == "Cat"
    finally:
        old.close()
        other.close()


def test_web_new_at_the_terminal_ends_the_old_page_and_shows_the_new_one(
        served: Served) -> None:
    """`web new cat` at the laptop: Cat's old page stops at once, open stream and all; the
    terminal shows her new address (and its code)."""
    from rich.console import Console

    from hrdeck.web.console import WebInteractive

    out = io.StringIO()
    terminal = WebInteractive(served.hub.session, Console(file=out, width=200),
                              Console(file=io.StringIO()), served)
    old_url = served.url(2)
    old = Stream(old_url + "/events")
    try:
        old.next()
        assert terminal.handle("web new cat")
        assert old.next() == ENDED
        assert httpx.get(old_url + "/view").status_code == 404
        assert served.url(2) != old_url and served.url(2) in out.getvalue()
        assert "Cat's page has a new key; the old one opens nothing." in out.getvalue()
        assert httpx.get(served.url(2) + "/view").json()["seat"]["name"] == "Cat"
    finally:
        old.close()


def test_a_wrong_key_gets_no_stream(served: Served) -> None:
    response = httpx.get(served.url(0).rsplit("/", 1)[0] + "/" + "x" * 32 + "/events")
    assert response.status_code == 404 and response.text == "Not found"
    assert response.headers["cache-control"] == "no-store"
