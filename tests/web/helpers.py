"""Shared by the web tests: a session of each of the four games opened in-process (as
tests/referee/helpers.py does), its hub, its pages' keys, and the app behind a Starlette
TestClient that calls it as a phone on the table's network would."""

from __future__ import annotations

import functools
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from hrdeck.referee.rule_deck import RuleDeck, load_rule_deck
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame
from hrdeck.web.app import Limits, Place, make_app
from hrdeck.web.hub import LAPTOP, Hub
from hrdeck.web.seats import TABLE, SeatKeys
from tests.referee.helpers import ROOT, rule_deck, seed_dealing

BASE = "http://127.0.0.1:8765"
PLACE = Place(("127.0.0.1", "localhost"), 8765)
ORIGIN = {"origin": BASE}
PLAYERS = ("Ann", "Ben", "Cat")


@functools.cache
def deck(name: str) -> RuleDeck:
    return load_rule_deck(ROOT / "decks" / f"{name}.yaml")


def hidden_rules(store: Store, *, rules: dict[str, str] | None = None,
                 players: Sequence[str] = PLAYERS) -> Session:
    """Hidden Rules in full mode, nobody's rule kept yet (`rules`: name -> a trigger id the
    seed deals them)."""
    return Session.create(store, NewGame(players=tuple(players), mode="full",
                                         seed=seed_dealing(players, rules or {}), target=3,
                                         deck=rule_deck()), name="hr")


def mao(store: Store, *, players: Sequence[str] = PLAYERS, target: int = 2) -> Session:
    """Mao with real cards and the shipped deck's rules to draw; Ann deals (the game
    master), the 9h turned up."""
    return Session.create(store, NewGame(players=tuple(players), game="mao", target=target,
                                         first="9h", deck=deck("mao")), name="mao")


def jokers_secret(store: Store, *, face_up: tuple[tuple[str, ...], ...] = (
        ("9c", "9d", "9h"), ("4c", "4d", "4h"))) -> Session:
    """Joker's Secret for Ann and Ben with secret rules (kept from their pages)."""
    return Session.create(store, NewGame(players=("Ann", "Ben"), game="jokers-secret", seed=2,
                                         target=10, deck=deck("jokers-secret-rules"),
                                         face_up=face_up), name="js")


def score_game(store: Store, **options: object) -> Session:
    """Hidden Rules kept in score mode (the table keeps its own rule cards), played long."""
    return Session.create(store, NewGame(players=PLAYERS, mode="score", target=99),
                          name="score")


def what_the_rule(store: Store, *, players: Sequence[str] = PLAYERS) -> Session:
    """What the Rule?! with real cards and the shipped rule cards; Ann leads round 1."""
    return Session.create(store, NewGame(players=tuple(players), game="what-the-rule",
                                         mode="full", target=3, seed=5,
                                         deck=deck("what-the-rule")), name="wtr")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Web:
    """One session served to its pages in-process: the hub, the keys and a client."""

    store: Store
    session: Session
    hub: Hub
    keys: SeatKeys
    client: TestClient
    seen: list[tuple[int, int, str]] = field(default_factory=list)  # (step, seat, body)
    step: int = 0

    def key(self, seat: int) -> str:
        return self.keys.key(seat)

    def get(self, seat: int, path: str = "/view") -> Any:
        response = self.client.get(f"/p/{self.key(seat)}{path}")
        assert response.status_code == 200, (path, response.status_code, response.text)
        self.seen.append((self.step, seat, response.text))
        return response.json() if response.headers["content-type"].startswith(
            "application/json") else response.text

    def view(self, seat: int) -> dict[str, Any]:
        result: dict[str, Any] = self.get(seat, "/view")
        return result

    def post(self, seat: int, route: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        response = self.client.post(f"/p/{self.key(seat)}/{route}", json=data or {},
                                    headers=ORIGIN)
        assert response.status_code == 200, (route, response.status_code, response.text)
        self.seen.append((self.step, seat, response.text))
        reply: dict[str, Any] = response.json()
        return reply

    def send(self, seat: int, line: str) -> dict[str, Any]:
        return self.post(seat, "send", {"line": line})

    def ok(self, seat: int, line: str) -> dict[str, Any]:
        """A line from `seat`'s page that must be taken (a confirm is given, too)."""
        reply = self.send(seat, line)
        if reply["confirm"]:
            reply = self.post(seat, "confirm")
        assert reply["error"] is None, (line, reply["error"])
        return reply

    def refused(self, seat: int, line: str, match: str) -> dict[str, Any]:
        """A line from `seat`'s page that is refused, saying `match`, and records nothing."""
        entries = self.entries()
        reply = self.send(seat, line)
        assert reply["error"] is not None and match.lower() in reply["error"].lower(), reply
        assert self.entries() == entries
        return reply

    def laptop(self, line: str) -> Any:
        """A line typed at the terminal."""
        outcome = self.hub.execute(LAPTOP, self.session.parse(line))
        assert outcome.error is None, (line, outcome.error)
        return outcome

    def entries(self) -> list[Any]:
        """The session's journal as stored in SQLite."""
        return self.store.entries(self.session.name)

    def answer(self, seat: int, text: str) -> dict[str, Any]:
        return self.post(seat, "answer", {"text": text})


# a scripted game fetches every page after every step, far faster than a table would
UNLIMITED = "1000000/second"
CLOSING: list[Callable[[], object]] = []   # what one test keeps open (conftest.py closes)


def client_of(hub: Hub, keys: SeatKeys, limits: Limits | None = None,
              address: str = "testclient") -> TestClient:
    """A client of the pages' app, calling from `address`, its event loop kept running
    until the test ends (one for every request would be many times slower)."""
    client = TestClient(make_app(hub, keys, PLACE, limits=limits), base_url=BASE,
                        client=(address, 50000))
    client.__enter__()
    CLOSING.append(lambda: client.__exit__(None, None, None))
    return client


def close_all() -> None:
    while CLOSING:
        CLOSING.pop()()


def open_web(tmp_path: Path, session_of: Any, *, limits: Limits | None = None,
             **options: Any) -> Web:
    """A new session of a game (`session_of`: hidden_rules, mao, …) served in-process; the
    usual rate limits only when `limits` is given (a scripted game asks far more often than
    a table)."""
    store = Store(tmp_path / "referee.sqlite3")
    session: Session = session_of(store, **options)
    hub = Hub(session)
    keys = SeatKeys(store, session.name, session.names)
    limits = limits or Limits(key=UNLIMITED, address=UNLIMITED)
    return Web(store, session, hub, keys, client_of(hub, keys, limits))


__all__ = ["BASE", "LAPTOP", "ORIGIN", "PLACE", "TABLE", "Web", "open_web"]
