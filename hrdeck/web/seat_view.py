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
from collections.abc import Callable
from typing import Any

from engine.games import declared as declared_games
from hrdeck.referee.errors import RefereeError
from hrdeck.referee.views import Board, RevealView
from hrdeck.web.buttons import buttons
from hrdeck.web.hub import Hub, line_json
from hrdeck.web.seats import TABLE

PUBLIC = -2  # the key in `hub.views` of what every page shares


def view_of(hub: Hub, seat: int) -> dict[str, Any]:
    """`seat`'s view (TABLE: the table page's), built once per version of the game."""
    return _once(hub, seat, seat_view)


def _once(hub: Hub, key: int, build: Callable[[Hub, int], dict[str, Any]]) -> dict[str, Any]:
    """`build(hub, key)`, kept in `hub.views` until the game changes."""
    with hub.lock:
        cached = hub.views.get(key)
        if cached is None or cached[0] != hub.version:
            cached = (hub.version, build(hub, key))
            hub.views[key] = cached
        return cached[1]


def seat_view(hub: Hub, seat: int) -> dict[str, Any]:
    view = dict(_once(hub, PUBLIC, public_view))  # what every page shows, built once
    session = hub.session
    if seat == TABLE:
        view["seat"] = None
        view.update(_extras(hub, seat))
        return view
    name = session.names[seat]
    question = view["question"]
    view["seat"] = {"number": seat, "name": name}
    view["secrets"] = _secrets(hub, seat)
    view["pick"] = _pick(hub, seat)
    ask = hub.asks.get(seat)
    view["ask"] = None if ask is None else {"question": ask.question}
    view["notes"] = [dataclasses.asdict(note) for note in hub.notes.get(seat, [])]
    view["rules_here"] = question is not None and question["viewer"] == name
    view["buttons"] = [dataclasses.asdict(button) for button in buttons(session, seat)]
    view.update(_extras(hub, seat))
    return view


def public_view(hub: Hub, key: int = PUBLIC) -> dict[str, Any]:
    """What the whole table may know, the same on every page: the board, the table's log,
    a challenge's question, who has joined, and (once the game is over) the reveal."""
    session = hub.session
    game = session.game
    question = session.question()
    view: dict[str, Any] = {
        "version": hub.version,
        "title": _title(hub),
        "session": session.name,
        "players": list(session.names),
        "board": _board(session.board()),
        "log": [line_json(line) for line in hub.log],
        "question": None if question is None else {
            "text": question.text,
            "viewer": None if question.shown is None else question.shown.viewer},
        "over": game.is_over,
        "joined": sorted(hub.joined),
    }
    if game.is_over:
        view["reveal"] = reveal_text(session.reveal())
    return view


def _title(hub: Hub) -> str:
    """The game's name as the table knows it: with secret rules dealt, the game's book
    title where it has one (Hidden Rules, over Up 'N Over)."""
    session = hub.session
    declared = declared_games()[session.game.setup.game]
    if session.deck is not None and session.table.deals_rules and declared.book_title:
        return f"{declared.book_title} ({declared.title})"
    return declared.title


def reveal_text(reveal: RevealView) -> str:
    """The end-of-game reveal as short paragraphs a phone can show (the terminal's is a
    wide table): each player's rules, each enforcement and its verdict, rules not enforced."""
    parts = [f"{rule.name}: {rule.trigger or '(not known to the referee)'}"
             + (f"\n    {rule.action}" if rule.action else "") for rule in reveal.rules]
    if reveal.enforcing and reveal.audit:
        parts.append("Every enforcement:")
        parts += [f"{row.number}. {row.what}{f' ({row.hint})' if row.hint else ''}: "
                  f"{row.verdict}, {row.challenge}. {row.explanation}" for row in reveal.audit]
    parts += list(reveal.unenforced)
    if reveal.winner:
        parts.append(f"{reveal.winner} won the game.")
    return "\n\n".join(parts)


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
