"""Up 'N Over's scenario steps: a stacked deal, turning up and playing, and what is observed.

A scenario (tests/fixtures/scenarios/up-n-over/*.yaml) looks like:

    title: Exactly 21 takes the trick
    players: [Ann, Ben, Cat]
    hands: {Ann: 2c 3c 4c, Ben: 10h 2d 3d, Cat: 7s 2h 3h}
    deck: 4s                     # the cards after the deal, from the top
    steps:
      - turn_up: Ann             # or "Ann 11" to count a turned ace as 11
      - play: Ben 10h            # "Ben As 11" declares an ace
        expect: {total: 14, turn: Cat}
      - enforce: Ann on Ben      # and the other steps of every game (tests/scenario.py)

Expect keys: total, turn, taker, phase, scores, hands (sizes), cards (hand contents),
tricks, winner, rounds, trick (its cards).
"""

from __future__ import annotations

from typing import Any

from engine.cards import parse_cards
from engine.events import Event, GameStarted
from engine.games.upnover.events import Played, TurnedUp
from engine.games.upnover.trick_game import stack_deck
from engine.journal import Journal


def start(data: dict[str, Any]) -> Journal:
    names = list(data["players"])
    dealer = names.index(data.get("dealer", names[0]))
    hands = [parse_cards(str(data["hands"][name])) for name in names]
    deck = stack_deck(players=len(names), hands=hands, then=parse_cards(str(data.get("deck", ""))),
                      dealer=dealer)
    setup = GameStarted(players=tuple(names), seed=int(data.get("seed", 1)), dealer=dealer,
                        hand_size=len(hands[0]), target=int(data.get("target", 3)),
                        floor=int(data.get("floor", -10)), deck=deck)
    return Journal(setup)


def event_for(step: dict[str, Any], journal: Journal) -> Event | None:
    """The entry of an Up 'N Over step, or None when the step is not one of its own."""
    seat = journal.game.seat_of
    if "turn_up" in step:
        who, *ace = str(step["turn_up"]).split()
        return TurnedUp(player=seat(who), ace_value=int(ace[0]) if ace else None)
    if "play" in step:
        who, card, *ace = str(step["play"]).split()
        return Played(player=seat(who), card=parse_cards(card)[0],
                      ace_value=int(ace[0]) if ace else None)
    return None


def observe(journal: Journal, keys: dict[str, Any]) -> dict[str, Any]:
    game, table = journal.game, journal.game.table
    names = game.names

    def by_name(values: list[int]) -> dict[str, int]:
        return dict(zip(names, values, strict=True))

    seen: dict[str, Any] = {
        "total": table.total,
        "turn": names[table.turn],
        "taker": None if table.taker is None else names[table.taker],
        "phase": table.phase.value,
        "scores": by_name(game.scores),
        "hands": by_name([len(hand) for hand in table.hands]),
        "tricks": by_name(table.tricks_taken),
        "winner": None if game.winner is None else names[game.winner],
        "rounds": game.rounds,
        "trick": " ".join(card.code for card, _, _ in table.trick),
        "cards": {name: " ".join(card.code for card in hand)
                  for name, hand in zip(names, table.hands, strict=True)},
    }
    picked = {key: seen[key] for key in keys}
    for key in ("scores", "hands", "tricks", "cards"):
        if key in keys:
            picked[key] = {name: picked[key][name] for name in keys[key]}
    return picked
