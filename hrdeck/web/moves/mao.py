"""Mao on a player's phone. Nobody is told whose turn it is, so every move is offered all
the time, as at the table: play a card with what was said, pass, take penalty cards, say
something, call a penalty, point of order (and its end); a winner comes back with a new rule
typed in private; the game master asks the referee what it knows."""

from __future__ import annotations

from engine.errors import allowed
from engine.games.mao import offences
from engine.games.mao.game import MaoGame
from engine.games.mao.settings import DICTATORIAL
from hrdeck.referee.session import Session
from hrdeck.referee.tables.mao.shorthand import CARD
from hrdeck.web.buttons import (
    CHOICE,
    MAIN,
    PLAYER,
    RANKS,
    Button,
    Field,
    card_field,
    words_field,
)

# what players say most, tapped into the words (`*`: the card's name)
SAID = (CARD, "have a nice day", "last card", "thank you", "penalty card", "spades", "clubs",
        "hearts", "diamonds", "mao")
CALLS = ("bad card", "out of turn", "failure to say", "failure to take a penalty card",
         "too slow", "talking", "taking the name of the great Chinese leader in vain",
         "point of order during a point of order", "touching cards", "explaining the rules",
         "bad call")


def buttons(session: Session, seat: int) -> list[Button]:
    game = session.game
    if not isinstance(game, MaoGame):
        return []
    name = session.names[seat]
    if game.can_re_enter(seat):
        return [Button("Come back with a new rule", f"back {name}", kind=MAIN)]
    found: list[Button] = []
    if seat == game.game_master:
        found.append(Button("What the referee knows (private)", f"master {name}"))
    if not game.in_point_of_order:  # no card is played or taken until it ends
        found += _cards(name)
    found.append(Button("Say something", f"say {name} {{words}}",
                        fields=(words_field("What you said (phrases apart by ;)",
                                            optional=False, suggestions=SAID, many=True),)))
    found.append(Button("End point of order", f"end {name}") if game.in_point_of_order
                 else Button("Point of order", f"order {name}"))
    others = tuple(other for number, other in enumerate(session.names)
                   if number != seat and allowed(game.verify_penalty_call, seat, number,
                                                 offences.BAD_CARD))
    if others and (game.settings.calls != DICTATORIAL or game.settings.master == seat):
        found.append(Button("Call a penalty", f"call {name} on {{player}} {{reason}}",
                            fields=(Field("player", PLAYER, "On whom", others),
                                    words_field("The call, as said at the table", name="reason",
                                                optional=False, suggestions=CALLS))))
    return found


def _cards(name: str) -> list[Button]:
    """Play, pass and take: the moves that lay or take a card."""
    return [
        Button("Play a card", f"play {name} {{card}}{{words}}", kind=MAIN,
               fields=(card_field((RANKS,)), _said("What you said as you played"))),
        Button("Pass (take a card)", f"pass {name}{{words}}", fields=(_said("What you said"),)),
        Button("Take penalty cards", f"take {name} {{count}}{{words}}",
               fields=(Field("count", CHOICE, "How many", ("1", "2", "3", "4")),
                       _said("What you said"))),
    ]


def _said(label: str) -> Field:
    return words_field(label + " (phrases apart by ;)", wrap=": {}", suggestions=SAID, many=True)
