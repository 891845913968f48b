"""The buttons of the secret-rules layer, for every game played over it: enforce a rule on a
player with a hint, challenge an enforcement on oneself, call an illegal play (too slow, out
of turn). Each is offered only when the referee would take it now."""

from __future__ import annotations

from engine.errors import allowed
from engine.events import OUT_OF_TURN, TOO_SLOW
from engine.rules_layer import RulesLayer
from hrdeck.referee.session import Session
from hrdeck.web.buttons import PLAYER, Button, Field, words_field

# each illegal play: its word on the line, and its button
CALLS = {TOO_SLOW: ("slow", "Call: too slow"), OUT_OF_TURN: ("turn", "Call: out of turn")}


def rule_calls(session: Session, seat: int, *, calls: bool = True) -> list[Button]:
    """Enforce, challenge and (with `calls`) call, for `seat` now."""
    game = session.game
    if (not isinstance(game, RulesLayer) or session.missing_rules() or game.is_over
            or game.challenge_pending is not None):
        return []
    name = session.names[seat]
    found: list[Button] = []
    if allowed(game.verify_challenge, seat):
        found.append(Button("Challenge", f"challenge {name}", kind="main",
                            confirm="Challenge the rule just enforced on you? The rule is "
                                    "shown to you; lose the challenge and you lose a point."))
    if session.table.uses("enforce", game):
        on = tuple(other for number, other in enumerate(session.names)
                   if game.can_enforce(seat, number, seat))
        if on:
            found.append(Button("Enforce my rule", f'enforce {name} on {{player}}{{words}}',
                                fields=(Field("player", PLAYER, "On whom", on),
                                        words_field("Hint (what broke it)", wrap=' "{}"'))))
    if calls and session.table.uses("call", game):
        for offence, (word, label) in CALLS.items():
            on = tuple(other for number, other in enumerate(session.names)
                       if number != seat and game.can_call(seat, number, offence))
            if on:
                found.append(Button(label, f"call {name} on {{player}} {word}",
                                    fields=(Field("player", PLAYER, "On whom", on),)))
    return found
