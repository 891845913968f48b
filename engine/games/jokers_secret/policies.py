"""How bots play Joker's Secret: each policy is handed the game and its dice and returns one
of `legal_actions()` (the cards a player sees are the table's; a bot does not peek beyond
what its player knows)."""

from __future__ import annotations

import random
from typing import Any

from engine.cards import Card, Rank
from engine.events import Event
from engine.games.base import Policy
from engine.games.jokers_secret.events import Flipped, JokerPlayed, PickedUp, Played, played
from engine.games.jokers_secret.shedding import HEIGHT, Zone


def random_move(game: Any, rng: random.Random) -> Event:
    """Any legal move, each as likely: the move at a random place of `legal_actions()`,
    found without building the whole list when no joker is in reach (the common case)."""
    table = game.table
    seat = table.turn
    if not (table.hands[seat] or table.face_up[seat]) or table.jokers_in_reach(seat):
        moves: list[Event] = game.legal_actions()
        return moves[rng.randrange(len(moves))]
    groups = table.playable(seat)
    total = sum(map(len, groups))
    if not total:
        return PickedUp(player=seat)
    pick = rng.randrange(total)
    for group in groups:  # legal_actions() lists each group's 1, 2 ... all of its cards
        if pick < len(group):
            return played(seat, tuple(group[:pick + 1]))
        pick -= len(group)
    raise AssertionError("a move past the end of the list")


def lowest_first(game: Any, rng: random.Random) -> Event:
    """Shed the lowest rank in reach, all of it; keep 2s, 10s and jokers for when nothing
    else goes; pick up only when forced; flip any face-down card."""
    table = game.table
    seat = table.turn
    if table.zone(seat) is Zone.FACE_DOWN:
        slots = [slot for slot, card in enumerate(table.face_down[seat]) if card is not None]
        return Flipped(player=seat, slot=rng.choice(slots))
    groups = table.playable(seat)
    plain = [group for group in groups if group[0].rank not in (Rank.TWO, Rank.TEN)]
    if plain:
        lowest: list[Card] = min(plain, key=_height)
        return Played(player=seat, cards=tuple(lowest))
    if groups:
        return Played(player=seat, cards=tuple(groups[0]))
    jokers = table.jokers_in_reach(seat)
    if jokers:
        return JokerPlayed(player=seat, joker=jokers[0])
    return PickedUp(player=seat)


def _height(group: list[Card]) -> int:
    return HEIGHT[group[0].rank]


POLICIES: dict[str, Policy] = {"random": random_move, "greedy": lowest_first}
