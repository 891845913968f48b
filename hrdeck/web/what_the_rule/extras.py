"""What a page sees of the cards in a game against the machine master: the seat's own hand
(`hand`, the page's JS draws `#hand .card[data-code]` from it and sends `line` on a tap),
and for every page the cards on the table (`row`: the row, the cards below it, the draw
pile), and whether this seat may guess now (`guess`).

A hand is only ever in its own seat's view; the machine's rule is in nobody's.
"""

from __future__ import annotations

from typing import Any

from engine.games.what_the_rule.game import WhatTheRuleGame
from engine.games.what_the_rule.shapes import Design
from hrdeck.referee.session import Session
from hrdeck.web.what_the_rule.pictures import picture_url


def card(design: Design) -> dict[str, str]:
    return {"code": design.code, "name": design.name, "picture": picture_url(design.code)}


def extras(session: Session, seat: int) -> dict[str, Any]:
    game = session.game
    if not isinstance(game, WhatTheRuleGame) or game.settings.machine is None:
        return {}
    round_ = game.round
    if round_ is None:
        return {"row": None}
    row = {"round": round_.number, "over": bool(round_.ended),
           "cards": [card(design) for design in round_.row],
           "below": [{"spot": spot, **card(design)} for spot, design in round_.below],
           "pile": len(round_.pile), "rule": _rule_said(session, game) if round_.ended else ""}
    if seat < 0:  # the table page
        return {"row": row}
    hand = [] if round_.ended else [{**card(design), "line": design.code}
                                    for design in round_.hands[seat]]
    return {"row": row, "hand": hand,
            "guess": not round_.ended and round_.guesser == seat}


def _rule_said(session: Session, game: WhatTheRuleGame) -> str:
    """The rule of the round just over, as its rule card words it (the table heard it in
    the rule language too)."""
    rule = game.results[-1].rule if game.results else ""
    deck = session.deck
    found = next((item for item in (deck.masters if deck else ())
                  if " ".join(item.rule.split()) == rule), None)
    return found.text if found is not None else rule
