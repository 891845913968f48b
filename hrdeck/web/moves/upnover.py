"""Hidden Rules over Up 'N Over on a player's phone: play the card in hand (typed with the card
keyboard, an ace with what it counts), turn up the card that opens a trick, draw as a rule
says; enforce, challenge and call (`rule_calls`). In score mode: the trick this player took.
"""

from __future__ import annotations

from engine.games.upnover.hidden_rules import HiddenRulesGame
from engine.games.upnover.trick_game import Phase
from hrdeck.referee.session import Session
from hrdeck.web.buttons import (
    ACE_VALUE,
    CHOICE,
    MAIN,
    RANKS,
    Button,
    Field,
    card_field,
    words_field,
)
from hrdeck.web.moves.rule_calls import rule_calls

KEYS = (RANKS, ACE_VALUE)


def buttons(session: Session, seat: int) -> list[Button]:
    game = session.game
    if session.missing_rules() or game.challenge_pending is not None:
        return []
    name = session.names[seat]
    if not isinstance(game, HiddenRulesGame):  # score keeping: the table says who took it
        return [Button("I took the trick", f"trick {name}", kind=MAIN), *rule_calls(
            session, seat)]
    table = game.table
    found: list[Button] = []
    if table.turn == seat and table.phase is Phase.PLAY:
        found.append(Button("Play a card", f"play {name} {{card}}{{words}}", kind=MAIN,
                            fields=(card_field(KEYS),
                                    words_field("What you said (if anything)",
                                                wrap=' "{}"'))))
    elif table.turn == seat and game.gathering_wins() is not None:
        found.append(Button("Gather the trick", f"up {name}", kind=MAIN))
    elif table.turn == seat:
        found.append(Button("Turn up a card", f"up {name} {{card}}", kind=MAIN,
                            fields=(card_field(KEYS, "The card turned up"),)))
    found += rule_calls(session, seat)
    if game.has_started():
        found.append(Button("Draw cards (a rule says so)", f"draw {name} {{count}}",
                            fields=(Field("count", CHOICE, "How many", ("1", "2", "3")),)))
    return found
