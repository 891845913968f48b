"""What one page may know, decided in one place: every page, event and reply a seat gets is
built from its view here, never from the whole game.

The table page's view is the public board: the scores and counts, the cards on the table,
what happens next, the log of what the table heard, the question a challenge puts to the
table, and (once the game is over) the reveal. A seat's view adds what only that player may
know: their own secret rules, their rule pick, a question put to them alone, notes for
their eyes, and the moves they can make.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.games.registry import find_game
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.views import Board
from hrdeck.web.buttons import buttons
from hrdeck.web.hub import Hub, line_json, view_text
from hrdeck.web.seats import TABLE


def seat_view(hub: Hub, seat: int) -> dict[str, Any]:
    session = hub.session
    game = session.game
    board = session.board()
    question = session.question()
    view: dict[str, Any] = {
        "version": hub.version,
        "title": find_game(game.setup.game).title,
        "session": session.name,
        "players": list(session.names),
        "board": _board(board),
        "log": [line_json(line) for line in hub.log],
        "question": None if question is None else {
            "text": question.text,
            "viewer": None if question.shown is None else question.shown.viewer},
        "over": game.is_over,
        "joined": sorted(hub.joined),
    }
    if game.is_over:
        view["reveal"] = view_text(session.reveal(), width=70)
    if seat == TABLE:
        view["seat"] = None
        view.update(_extras(hub, seat))
        return view
    name = session.names[seat]
    view["seat"] = {"number": seat, "name": name}
    view["secrets"] = _secrets(hub, seat)
    view["pick"] = _pick(hub, seat)
    ask = hub.asks.get(seat)
    view["ask"] = None if ask is None else {"question": ask.question}
    view["notes"] = [dataclasses.asdict(note) for note in hub.notes.get(seat, [])]
    view["rules_here"] = (question is not None and question.shown is not None
                          and question.shown.viewer == name)
    view["buttons"] = [dataclasses.asdict(button) for button in buttons(session, seat)]
    view.update(_extras(hub, seat))
    return view


def _board(board: Board) -> dict[str, Any]:
    data = dataclasses.asdict(board)
    data["rows"] = [dataclasses.asdict(row) for row in board.rows]
    return data


def _secrets(hub: Hub, seat: int) -> list[dict[str, str]]:
    """This seat's own secret rules: the kept trigger and action, or the rules the game keeps
    for them (a Mao winner's, a What the Rule?! master's)."""
    session = hub.session
    try:
        rule = session.private_rule(seat)
    except RefereeError:
        return []
    return [{"title": rule.title or "Your secret rule", "text": rule.text}]


def _pick(hub: Hub, seat: int) -> dict[str, Any] | None:
    """The two triggers and two actions dealt to this seat, while they still pick."""
    session = hub.session
    if seat not in session.missing_rules() or session.game.has_started():
        return None
    try:
        request = session.pick_request(seat)
    except RefereeError:
        return None
    dealt = request.players[0]
    return {"triggers": [{"id": card.id, "text": card.text} for card in dealt.triggers],
            "actions": [{"id": card.id, "text": card.text} for card in dealt.actions]}


def _extras(hub: Hub, seat: int) -> dict[str, Any]:
    """What a game adds to a seat's view (a hand of cards dealt by the machine), or to the
    table page's (TABLE: what lies on the table)."""
    from hrdeck.web.extras import extras

    return extras(hub.session, seat)
