"""The pages of the real referee process (`hrdeck referee new … --web --script -`): the
script's lines run at the laptop, the private ones (`back ben`, `master`) sent to the
player's page; then the phones play through the pages: a Mao winner answers on his own page
(a wrong number first, which only he hears of, the question kept); the game and the pages'
keys are saved when the process is stopped."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import httpx

from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.web.seats import TABLE, SeatKeys
from tests.referee.helpers import ROOT, referee_process
from tests.web.helpers import free_port

SCRIPT = "b ah\nb as *\nb ad\nb ac lc\nb 2c: mao\nback ben\nmaster\n"
SERVED = "The pages stay served"


def test_a_winner_answers_on_their_own_page_of_the_real_referee(tmp_path: Path) -> None:
    db = tmp_path / "referee.sqlite3"
    port = free_port()
    process = referee_process("new", "--game", "mao", "--players", "Ann,Ben", "--first", "9h",
                              "--deck", str(ROOT / "decks" / "mao.yaml"), "--session", "m",
                              "--web", "--port", str(port), "--script", "-", db=db)
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(SCRIPT)
        process.stdin.close()
        shown = ""
        while SERVED not in shown:
            line = process.stdout.readline()
            assert line, shown
            shown += line
        assert "on this computer only" in shown and "Mao! Ben wins a Mao (1 of 3)." in shown
        assert "Ben answers on their own page.\nIt is shown on Ann's own page." in shown
        urls = dict(re.findall(r"^  (\w+(?: \w+)?): (http://\S+)$", shown, re.MULTILINE))
        table, ann, ben = urls["The table"], urls["Ann"], urls["Ben"]
        assert table.startswith(f"http://127.0.0.1:{port}/p/")
        origin = {"origin": f"http://127.0.0.1:{port}"}
        with httpx.Client(headers=origin, timeout=10) as client:
            knows = client.get(ann + "/view").json()["notes"]
            assert [note["title"] for note in knows] == ["What the referee knows"]
            question = client.get(ben + "/view").json()["ask"]
            assert question["question"].startswith("Ben, your new rule:")
            assert client.get(ann + "/view").json()["ask"] is None
            wrong = client.post(ben + "/answer", json={"text": "99"}).json()
            assert wrong["error"].startswith("There is no secret rule card 99")
            assert client.get(ben + "/view").json()["ask"] == question
            assert "99" not in client.get(ann + "/view").text
            taken = client.post(ben + "/answer", json={"text": "kings are wild"}).json()
            assert taken["lines"][0]["text"] == "Ben comes back into the game with a new rule"
            assert client.get(ben + "/view").json()["secrets"][0]["text"] == "kings are wild"
            for page in (ann, table):
                assert "kings are wild" not in client.get(page + "/view").text
            assert client.post(ann + "/send", json={"line": "p 9c"},
                               headers={"origin": "http://evil.example"}).status_code == 403
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0  # every line of the script worked
        rest = process.stdout.read()
        assert "[6] Ben comes back into the game with a new rule" in rest
        assert "kings are wild" not in shown + rest
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    store = Store(db)
    resumed, dropped = Session.resume(store, "m")
    assert not dropped and resumed.private_rule(1).text == "kings are wild"
    keys = SeatKeys(store, "m", resumed.names)
    assert [table, ann, ben] == [f"http://127.0.0.1:{port}/p/{keys.key(seat)}"
                                 for seat in (TABLE, 0, 1)]
