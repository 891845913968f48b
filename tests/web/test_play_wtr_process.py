"""`hrdeck play what-the-rule` as a real process: it starts, says where the player's page is,
serves it with the dealt hand as card pictures, takes a card tapped, and stops cleanly."""

from __future__ import annotations

import io
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def started(*args: str, env: dict[str, str]) -> tuple[subprocess.Popen[str], str, str]:
    """`hrdeck play what-the-rule ARGS` running: the process, Ann's address, what it said."""
    process = subprocess.Popen(
        [sys.executable, "-m", "hrdeck", "play", "what-the-rule", *args], cwd=ROOT, env=env,
        text=True, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    said: list[str] = []
    url = None
    deadline = time.monotonic() + 60
    while url is None and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        said.append(line)
        found = re.match(r"\s+Ann: (http://\S+)", line)
        url = found.group(1) if found else None
    assert url, "".join(said) + (process.stderr.read() if process.stderr else "")
    return process, url, "".join(said)


def stopped(process: subprocess.Popen[str]) -> int:
    process.send_signal(signal.SIGTERM)
    return process.wait(timeout=20)


def test_play_what_the_rule_starts_serves_the_hand_stops_and_resumes(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200",
           "XDG_CACHE_HOME": str(tmp_path / "cache"), "HRDECK_DB": str(tmp_path / "db")}
    process, url, text = started("--players", "Ann", "--no-browser", "--port", str(port),
                                 "--seed", "3", "--session", "solo", env=env)
    try:
        assert "The pages are served on this computer only" in text
        assert "Machine:" not in text  # the machine has no page
        assert "Round 1: Machine is the game master" in text
        page = httpx.get(url)
        assert page.status_code == 200 and "wtr.js" in page.text
        view = httpx.get(url + "/view").json()
        assert len(view["hand"]) == 10
        card = view["hand"][0]
        base = url.split("/p/")[0]
        picture = httpx.get(base + card["picture"])
        with Image.open(io.BytesIO(picture.content)) as image:
            assert image.format == "PNG" and image.size == (248, 346)
        reply = httpx.post(url + "/send", json={"line": card["line"]},
                           headers={"origin": base}).json()
        assert reply["error"] is None and "Ann plays" in reply["lines"][0]["text"]
        played = httpx.get(url + "/view").json()
    finally:
        code = stopped(process)
    assert code == 0

    # the same game carries on where it stopped, at the same address
    process, again, _ = started("--resume", "--session", "solo", "--no-browser", "--port",
                                str(port), env=env)
    try:
        assert again == url
        view = httpx.get(url + "/view").json()
        assert view["hand"] == played["hand"] and view["row"] == played["row"]
        assert view["board"]["entries"] == played["board"]["entries"]
    finally:
        assert stopped(process) == 0
