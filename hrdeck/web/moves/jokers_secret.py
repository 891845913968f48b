"""Joker's Secret on a player's phone: before play, say you hold the start card the referee
asks about, or swap a hand card with a face-up one; on your turn play cards of one rank
(several suits tapped on the card keyboard), pick up the pile, play a joker (with its peek,
and the swap typed in private), or flip a face-down card; with secret rules, enforce,
challenge and call (`rule_calls`)."""

from __future__ import annotations

from engine.games.jokers_secret.game import JokersSecretGame
from engine.games.jokers_secret.real_cards import TableShedding
from engine.games.jokers_secret.shedding import Zone
from hrdeck.referee.session import Session
from hrdeck.web.buttons import CHOICE, JOKERS, MAIN, RANKS, Button, Field, card_field
from hrdeck.web.moves.rule_calls import rule_calls

ROW_PLACES = ("1", "2", "3")


def buttons(session: Session, seat: int) -> list[Button]:
    game = session.game
    if (not isinstance(game, JokersSecretGame) or not isinstance(game.table, TableShedding)
            or session.missing_rules() or game.challenge_pending is not None):
        return []
    table = game.table
    name = session.names[seat]
    if not table.started:
        return _before_play(session, table, seat) + rule_calls(session, seat)
    found: list[Button] = []
    zone = table.zone(seat)
    if table.turn == seat and zone is Zone.FACE_DOWN:
        places = tuple(str(slot + 1) for slot, card in enumerate(table.face_down[seat])
                       if card is not None)
        found.append(Button("Flip a face-down card", f"flip {name} {{place}} {{card}}",
                            kind=MAIN, fields=(Field("place", CHOICE, "Which (from the left)",
                                                     places),
                                               card_field((RANKS, JOKERS), "What turned up"))))
    elif table.turn == seat and zone is not Zone.OUT:
        found += _turn(name)
    return found + rule_calls(session, seat)


def _turn(name: str) -> list[Button]:
    return [
        Button("Play cards", f"play {name} {{cards}}", kind=MAIN,
               fields=(card_field((RANKS,), "Cards of one rank", name="cards", many=True),)),
        Button("Pick up the pile", f"pick up {name}",
               confirm="Pick up the whole pile: none of your cards goes on it?"),
        Button("Play a joker", f"joker {name} {{joker}}{{peek}}{{swap}}",
               fields=(Field("joker", CHOICE, "Which joker", ("rj", "bj")),
                       Field("peek", CHOICE, "Peek at a face-down card (from the hand)",
                             ROW_PLACES, optional=True, wrap=" peek {}"),
                       Field("swap", CHOICE, "And swap a hand card with it (typed in private)",
                             ("swap",), optional=True, wrap=" {}"))),
    ]


def _before_play(session: Session, table: TableShedding, seat: int) -> list[Button]:
    name = session.names[seat]
    found: list[Button] = []
    asked, starter = table.asked(), table.starter()
    if asked is not None:
        found += [Button(f"I hold the {asked.name}", name, kind=MAIN),
                  Button("Nobody holds it", "nobody")]
    elif starter is not None and starter[0] == seat:
        found += _turn(name)[:1]
    found.append(Button("Swap a hand card with a face-up one",
                        f"swap {name} {{hand}} {{face_up}}",
                        fields=(card_field((RANKS, JOKERS), "From your hand", name="hand"),
                                card_field((RANKS, JOKERS), "From your face-up row",
                                           name="face_up"))))
    return found
