"""The laptop's terminal beside the pages, driven through a real terminal with pexpect: the
addresses it prints, rule picks made on the phones (no passing the laptop), what the phones
do printed as it happens, `peek` sent to a phone, `web new NAME` re-issuing a key, and quit."""

from __future__ import annotations

import json
import os
import re
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.referee.helpers import DECK, ROOT

pexpect = pytest.importorskip("pexpect")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(url: str, line: str, origin: str) -> dict[str, Any]:
    request = urllib.request.Request(url + "/send", data=json.dumps({"line": line}).encode(),
                                     headers={"origin": origin,
                                              "content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        reply: dict[str, Any] = json.load(response)
    return reply


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url + "/view", timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_the_laptop_beside_the_phones(tmp_path: Path) -> None:
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    env = {**os.environ, "TERM": "dumb", "COLUMNS": "120", "LINES": "40"}
    child = pexpect.spawn(sys.executable, [
        "-m", "hrdeck.referee", "new", "--players", "Ann,Ben", "--seed", "3", "--deck",
        str(DECK), "--session", "phones", "--db", str(tmp_path / "r.sqlite3"), "--web",
        "--port", str(port)], cwd=str(ROOT), env=env, encoding="utf-8", timeout=20,
        dimensions=(40, 120))
    try:
        child.expect("served on this computer only")
        child.expect("pick your secret rule on your own page")
        pages = dict(re.findall(r"(Ann|Ben): (http://\S+)", child.before))
        assert set(pages) == {"Ann", "Ben"}
        assert "Pass the laptop" not in child.before

        assert post(pages["Ann"], "keep 1 1", origin)["error"] is None
        child.expect("from Ann:")
        child.expect(r"\[1\] Ann keeps a secret rule")
        assert post(pages["Ben"], "keep ben 2 2", origin)["error"] is None
        child.expect(r"\[2\] Ben keeps a secret rule")
        child.expect("Everyone has a secret rule")

        child.sendline("peek ben")
        child.expect("It is shown on Ben's own page.")
        with urllib.request.urlopen(pages["Ben"] + "/view", timeout=10) as response:
            ben = json.load(response)
        assert ben["notes"] and ben["secrets"]

        old = pages["Ann"]
        child.sendline("web new ann")
        child.expect("Ann's page has a new key")
        child.expect(r"Ann: (http://\S+)")
        new = child.match.group(1).strip()
        assert new != old
        assert status(old) == 404
        assert status(new) == 200

        child.sendline("up 9c")
        child.expect(r"Sum 9")
        reply = post(pages["Ben"], "p 7h", origin)
        assert reply["error"] is None, reply
        child.expect("from Ben:")
        child.expect("Ben plays the seven of hearts")
        child.sendline("quit")
        child.expect("The game is saved: hrdeck referee resume phones")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
