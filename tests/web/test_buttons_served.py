"""A button's move made from a player's page on the real referee (`hrdeck referee … --web`
in its own process): the line the page sends is taken, and the next player's page then
offers them the card to play."""

from __future__ import annotations

import re
import signal
import socket
import time
from pathlib import Path
from typing import Any

import httpx

from hrdeck.web.buttons import Button, Field, fill
from tests.referee.helpers import referee_process


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def button(view: dict[str, Any], label: str) -> Button:
    found = next(item for item in view["buttons"] if item["label"] == label)
    fields = tuple(Field(**field) for field in found.pop("fields"))
    return Button(**found, fields=fields)


def test_a_button_sent_from_a_phone_is_taken_by_the_referee(tmp_path: Path) -> None:
    port = free_port()
    process = referee_process("new", "--players", "Ann,Ben,Cat", "--seed", "1", "--web",
                              "--port", str(port), db=tmp_path / "db.sqlite3")
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("keep ann 1 1\nkeep ben 1 1\nkeep cat 1 1\n")
        process.stdin.close()
        printed = ""
        deadline = time.monotonic() + 30
        while "stay served" not in printed and time.monotonic() < deadline:
            printed += process.stdout.readline()
        pages = dict(re.findall(r"(Ann|Ben|Cat): (http\S+)", printed))
        origin = f"http://127.0.0.1:{port}"
        with httpx.Client(timeout=10) as client:
            ann = client.get(pages["Ann"] + "/view").json()
            turn_up = button(ann, "Turn up a card")
            sent = client.post(pages["Ann"] + "/send", headers={"origin": origin},
                               json={"line": fill(turn_up, {"card": "9c"})}).json()
            assert sent["error"] is None
            assert "Ann turns up the nine of clubs" in sent["lines"][0]["text"]
            ben = client.get(pages["Ben"] + "/view").json()
            assert ben["buttons"][0]["label"] == "Play a card"
            assert "Play a card" not in [item["label"] for item in
                                         client.get(pages["Cat"] + "/view").json()["buttons"]]
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
