"""Who reaches which page: each player's page only with their own key, the table page with
its own; a wrong, missing or other session's key gets a bare 404 that says nothing; a key
re-issued at the laptop stops the old one at once; the keys outlive a resume."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hrdeck.referee.session import Session
from hrdeck.referee.tables import NewGame
from hrdeck.web.app import Limits
from hrdeck.web.hub import Hub
from hrdeck.web.seats import KEY_BYTES, SeatKeys, new_key
from tests.web import helpers
from tests.web.helpers import ORIGIN, TABLE, Web, open_web

GETS = ("", "/view", "/events", "/record", "/links", "/qr/0.svg")
POSTS = ("/send", "/confirm", "/choose", "/cancel", "/answer", "/dismiss")
NOTHING = {"not found"}


def assert_bare_404(response: Any) -> None:
    """A 404 that says nothing: no key, no name, no session, no game."""
    assert response.status_code == 404, response
    assert response.text.strip().lower() in NOTHING, response.text
    assert response.headers["cache-control"] == "no-store"


@pytest.fixture
def web(tmp_path: Path) -> Web:
    """Hidden Rules, nobody's rule kept yet; failed keys not limited here (test_guards.py
    limits them)."""
    return open_web(tmp_path, helpers.hidden_rules,
                    limits=Limits(key=helpers.UNLIMITED, address=helpers.UNLIMITED,
                                  failed=helpers.UNLIMITED))


def wrong_keys(web: Web) -> list[str]:
    """A made-up key, a key cut short or grown, one in another case, another session's key
    (same database), and a key with a path trick."""
    other = Session.create(web.store, NewGame(players=("Zoe", "Yan"), mode="score"),
                           name="other")
    other_key = SeatKeys(web.store, other.name, other.names).key(0)
    ann = web.key(0)
    return [new_key(), ann[:-1], ann + "x", ann.swapcase(), other_key, f"..%2F{ann}",
            "%00", " " + ann]


def test_a_wrong_or_other_session_key_gets_a_bare_404_on_every_route(web: Web) -> None:
    entries = web.entries()
    for key in wrong_keys(web):
        for path in GETS:
            assert_bare_404(web.client.get(f"/p/{key}{path}"))
        for path in POSTS:
            assert_bare_404(web.client.post(f"/p/{key}{path}", headers=ORIGIN,
                                                 json={"line": "keep 1 1", "text": "x"}))
    assert web.entries() == entries and web.hub.joined == set()


def test_a_missing_key_gets_a_bare_404(web: Web) -> None:
    for path in ("/", "/p", "/p/", "/p//view", "/p/view", "/static/../seat.html",
                 "/robots.txt", "/p/?key=" + web.key(0)):
        assert_bare_404(web.client.get(path))
    assert_bare_404(web.client.post("/p//send", headers=ORIGIN, json={"line": "up 2c"}))


def test_each_key_reaches_its_own_page_and_no_other(web: Web) -> None:
    for seat, name in enumerate(helpers.PLAYERS):
        view = web.view(seat)
        assert view["seat"] == {"number": seat, "name": name}
        dealt = web.session.game.dealt[seat]
        assert [card["id"] for card in view["pick"]["triggers"]] == list(dealt.triggers)
        page = web.client.get(f"/p/{web.key(seat)}")
        assert page.status_code == 200 and 'id="command"' in page.text
    assert web.hub.joined == {0, 1, 2}
    table = web.view(TABLE)
    assert table["seat"] is None
    for private in ("secrets", "pick", "ask", "notes", "buttons"):
        assert private not in table
    assert 'id="codes"' in web.client.get(f"/p/{web.key(TABLE)}").text


def test_the_table_page_holds_no_seat_s_secret(web: Web) -> None:
    deck = web.session.deck
    assert deck is not None
    for seat in range(3):
        web.ok(seat, "keep 1 1")
    web.ok(1, "peek")
    table = json.dumps(web.view(TABLE), ensure_ascii=False)
    record = web.get(TABLE, "/record")
    assert record["secrets"] == [] and record["seat"] is None
    for dealt in web.session.game.dealt:
        for card_id in (*dealt.triggers, *dealt.actions):
            card = deck.trigger(card_id) or deck.action(card_id)
            assert card is not None
            assert card_id not in table and card.text not in table
            assert card.text not in json.dumps(record, ensure_ascii=False)
    own = web.get(1, "/record")
    rule = web.session.game.rules[1]
    assert rule is not None
    assert own["secrets"][0]["text"] == deck.rule_text(rule.trigger, rule.action)


def test_links_and_codes_answer_only_to_the_table_key(web: Web) -> None:
    links = web.get(TABLE, "/links")
    assert [link["url"] for link in links] == [
        f"{helpers.BASE}/p/{web.key(seat)}" for seat in range(3)]
    assert [link["name"] for link in links] == list(helpers.PLAYERS)
    code = web.client.get(f"/p/{web.key(TABLE)}/qr/1.svg")
    assert code.status_code == 200 and code.headers["content-type"].startswith("image/svg")
    assert_bare_404(web.client.get(f"/p/{web.key(TABLE)}/qr/3.svg"))
    for seat in range(3):
        assert_bare_404(web.client.get(f"/p/{web.key(seat)}/links"))
        assert_bare_404(web.client.get(f"/p/{web.key(seat)}/qr/{seat}.svg"))


def test_keys_are_long_random_and_survive_a_resume(web: Web) -> None:
    keys = {seat: web.key(seat) for seat in (TABLE, 0, 1, 2)}
    assert len(set(keys.values())) == 4
    assert all(len(key) >= KEY_BYTES for key in keys.values())
    new_ben = web.keys.reissue(1)
    resumed, dropped = Session.resume(web.store, web.session.name)
    assert not dropped
    again = SeatKeys(web.store, resumed.name, resumed.names)
    assert {seat: again.key(seat) for seat in keys} == {**keys, 1: new_ben}
    client = helpers.client_of(Hub(resumed), again)
    assert client.get(f"/p/{new_ben}/view").json()["seat"]["name"] == "Ben"
    assert client.get(f"/p/{keys[1]}/view").status_code == 404


def test_a_reissued_key_stops_the_old_page_at_once(web: Web) -> None:
    old = web.key(2)
    assert web.client.get(f"/p/{old}/view").status_code == 200
    new = web.keys.reissue(2)
    web.hub.touch()
    assert new != old
    for path in GETS[:4]:
        assert_bare_404(web.client.get(f"/p/{old}{path}"))
    assert_bare_404(web.client.post(f"/p/{old}/send", headers=ORIGIN,
                                         json={"line": "keep 1 1"}))
    assert web.session.game.rules[2] is None
    assert web.client.get(f"/p/{new}/view").json()["seat"]["name"] == "Cat"


def test_a_joined_seat_s_code_leaves_the_table_page_until_its_key_is_reissued(
        web: Web) -> None:
    """The table page may be on a TV: once Ben has opened his page, nobody else can scan
    his code from it; `web new ben` gives him a new one, shown there again."""
    assert web.client.get(f"/p/{web.key(1)}").status_code == 200  # Ben opens his page
    links = web.get(TABLE, "/links")
    assert [link["url"] is None for link in links] == [False, True, False]
    assert_bare_404(web.client.get(f"/p/{web.key(TABLE)}/qr/1.svg"))
    new = web.keys.reissue(1)
    web.hub.forget(1)
    assert web.get(TABLE, "/links")[1]["url"] == f"{helpers.BASE}/p/{new}"
    assert web.client.get(f"/p/{web.key(TABLE)}/qr/1.svg").status_code == 200
