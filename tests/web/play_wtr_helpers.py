"""A game of What the Rule?! against the machine master, served in-process and played
through the pages' own routes (TestClient), as the players' phones would."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from hrdeck.referee.store import Store
from hrdeck.web.app import Limits, Place, make_app
from hrdeck.web.hub import Hub
from hrdeck.web.seats import SeatKeys
from hrdeck.web.what_the_rule.pictures import Pictures, card_route
from hrdeck.web.what_the_rule.play import first_round, new_session, players_of
from tests.web.helpers import UNLIMITED

PORT = 8999
ORIGIN = f"http://127.0.0.1:{PORT}"
CODE = re.compile(r"\b[wb][1-6][fu][cts]\b")


@dataclass
class Table:
    """The pages of one game: a client, each seat's key, the hub behind them."""

    client: TestClient
    hub: Hub
    keys: SeatKeys
    players: int
    seen: list[tuple[int, str]] = field(default_factory=list)  # (seat, every view's JSON)

    def view(self, seat: int) -> dict[str, Any]:
        response = self.client.get(f"/p/{self.keys.key(seat)}/view")
        assert response.status_code == 200, (response.status_code, response.text)
        self.seen.append((seat, response.text))
        data: dict[str, Any] = response.json()
        return data

    def send(self, seat: int, line: str) -> dict[str, Any]:
        response = self.client.post(f"/p/{self.keys.key(seat)}/send", json={"line": line},
                                    headers={"origin": ORIGIN})
        assert response.status_code == 200
        self.seen.append((seat, response.text))
        data: dict[str, Any] = response.json()
        return data

    def press(self, seat: int, label_start: str) -> dict[str, Any]:
        """Press the button whose label starts with `label_start` on `seat`'s page."""
        buttons = self.view(seat)["buttons"]
        line = next(button["line"] for button in buttons
                    if button["label"].startswith(label_start))
        return self.send(seat, line)

    @property
    def game(self) -> Any:
        return self.hub.session.game


@contextmanager
def served_game(tmp_path: Path, players: str, *, seed: int, rounds: int | None = None,
                level: str = "easy") -> Iterator[Table]:
    names = players_of(players)
    store = Store(tmp_path / "referee.sqlite3")
    session = new_session(store, names, rounds=rounds, seed=seed, name="play-test")
    first_round(session, level)
    hub = Hub(session)
    keys = SeatKeys(store, session.name, names[:-1])
    place = Place(hosts=("127.0.0.1", "localhost"), port=PORT)
    # a whole game in a second or two: far above a phone's pace, so above the rate limits
    app = make_app(hub, keys, place, (card_route(Pictures(tmp_path / "cards")),),
                   limits=Limits(key=UNLIMITED, address=UNLIMITED))
    with TestClient(app, base_url=ORIGIN) as client:
        yield Table(client, hub, keys, len(names) - 1)


def hand_codes(view: dict[str, Any]) -> list[str]:
    return [card["code"] for card in view.get("hand") or ()]


def codes_in(text: str) -> set[str]:
    return set(CODE.findall(text))


def without_hand(text: str) -> str:
    data = json.loads(text)
    if isinstance(data, dict):
        data.pop("hand", None)
    return json.dumps(data)
