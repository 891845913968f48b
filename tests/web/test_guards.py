"""What keeps a page's changes its own on a shared network: a change must come from the
server's own origin (anything else is refused and changes nothing), a request must name one
of the server's own hosts, every response forbids caching and referrers and sets a content
policy, and requests are rate-limited per address (hardest on failed keys) and per key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from hrdeck.web.app import SECURITY_HEADERS, Limits, make_app
from hrdeck.web.hub import Reply
from hrdeck.web.seats import new_key
from tests.web import helpers
from tests.web.helpers import BASE, ORIGIN, TABLE, Web, open_web

# every route that changes something, with what a page would send it
CHANGES: tuple[tuple[str, dict[str, object]], ...] = (
    ("send", {"line": "keep 1 1"}), ("confirm", {}), ("choose", {"number": 1}),
    ("cancel", {}), ("answer", {"text": "x"}), ("dismiss", {"note": 1}))


@pytest.fixture
def web(tmp_path: Path) -> Web:
    return open_web(tmp_path, helpers.hidden_rules)


def assert_guarded(response: Any) -> None:
    headers = response.headers
    assert headers["cache-control"] == "no-store"
    assert headers["referrer-policy"] == "no-referrer"
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("origin", [None, "http://evil.example", "null",
                                    "http://127.0.0.1:8766", "https://127.0.0.1:8765",
                                    "http://127.0.0.1:8765.evil.example"])
def test_a_change_from_another_origin_is_refused_and_changes_nothing(
        web: Web, origin: str | None) -> None:
    headers = {} if origin is None else {"origin": origin}
    web.send(0, "keep 1 1")
    web.send(1, "undo")  # waits for a confirm: a forged confirm must not give it
    stored, version = web.entries(), web.hub.version
    for route, data in CHANGES:
        for seat in (1, TABLE):
            response = web.client.post(f"/p/{web.key(seat)}/{route}", json=data,
                                       headers=headers)
            assert response.status_code == 403 and response.text == "Forbidden"
            assert_guarded(response)
    assert web.entries() == stored and web.hub.version == version
    assert web.session.game.rules[1] is None and web.session.game.rules[0] is not None
    assert web.post(1, "confirm")["lines"][0]["text"] == "entry 1 is void (undo)"  # it waited


def test_the_server_s_own_origins_are_taken(web: Web) -> None:
    for origin in (BASE, "http://localhost:8765"):
        response = web.client.post(f"/p/{web.key(0)}/send", json={"line": "pick"},
                                   headers={"origin": origin})
        assert response.status_code == 200 and response.json()["error"] is None


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "192.168.1.9"])
def test_a_host_not_ours_is_refused(web: Web, host: str) -> None:
    for response in (web.client.get(f"/p/{web.key(0)}/view", headers={"host": host}),
                     web.client.post(f"/p/{web.key(0)}/send", json={"line": "keep 1 1"},
                                     headers={**ORIGIN, "host": host})):
        assert response.status_code == 400
        assert "Ann" not in response.text and "keep" not in response.text
        assert_guarded(response)
    assert web.session.game.rules[0] is None


def test_every_response_is_guarded(web: Web) -> None:
    key = web.key(0)
    table = web.key(TABLE)
    for response in (
            web.client.get(f"/p/{key}"), web.client.get(f"/p/{key}/view"),
            web.client.get(f"/p/{key}/record"), web.client.get(f"/p/{table}/links"),
            web.client.get(f"/p/{table}/qr/0.svg"), web.client.get("/static/app.js"),
            web.client.get("/static/style.css"), web.client.get(f"/p/{new_key()}"),
            web.client.get("/"), web.client.get("/nothing"),
            web.client.post(f"/p/{key}/send", json={"line": "pick"}, headers=ORIGIN),
            web.client.post(f"/p/{key}/send", json={"line": "pick"}),
            web.client.get(f"/p/{key}/view", headers={"host": "evil.example"})):
        assert_guarded(response)
        for name, value in SECURITY_HEADERS.items():
            assert response.headers.get_list(name) == [value], name


def test_failed_keys_from_one_address_are_stopped_even_with_a_good_key_after(
        tmp_path: Path) -> None:
    limits = Limits(failed="10/minute")
    web = open_web(tmp_path, helpers.hidden_rules, limits=limits)
    for _ in range(10):
        assert web.client.get(f"/p/{new_key()}/view").status_code == 404
    stopped = web.client.get(f"/p/{new_key()}/view")
    assert stopped.status_code == 429 and "Ann" not in stopped.text
    assert_guarded(stopped)
    assert web.client.get(f"/p/{web.key(0)}/view").status_code == 429
    assert web.client.post(f"/p/{web.key(0)}/send", json={"line": "keep 1 1"},
                           headers=ORIGIN).status_code == 429
    assert web.session.game.rules[0] is None
    elsewhere = helpers.client_of(web.hub, web.keys, limits, address="192.168.1.20")
    assert elsewhere.get(f"/p/{web.key(0)}/view").status_code == 200  # another address


def test_a_key_has_its_own_limit(tmp_path: Path) -> None:
    web = open_web(tmp_path, helpers.hidden_rules, limits=Limits(key="5/minute"))
    for _ in range(5):
        web.view(0)
    assert web.client.get(f"/p/{web.key(0)}/view").status_code == 429
    assert web.client.post(f"/p/{web.key(0)}/send", json={"line": "keep 1 1"},
                           headers=ORIGIN).status_code == 429
    assert web.session.game.rules[0] is None
    assert web.view(1)["seat"]["name"] == "Ben"  # another key, from the same address


def test_a_fault_of_ours_gets_a_bare_guarded_500(tmp_path: Path) -> None:
    """A command that fails inside the referee (a fault, not a refusal) gets a bare 500 that
    says nothing of the game, guarded like every response."""
    web = open_web(tmp_path, helpers.hidden_rules)

    def fault(who: int, line: str) -> Reply:
        raise RuntimeError(f"a secret in a traceback: {web.session.private_rule(0)}")

    web.hub.run_line = fault  # type: ignore[method-assign]  # a fault in the referee
    client = TestClient(make_app(web.hub, web.keys, helpers.PLACE), base_url=BASE,
                        raise_server_exceptions=False)
    response = client.post(f"/p/{web.key(0)}/send", json={"line": "pick"}, headers=ORIGIN)
    assert response.status_code == 500 and response.text == "Something went wrong"
    assert_guarded(response)
