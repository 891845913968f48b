"""Joker's Secret's scenario steps: a stacked deal, its moves, and what is observed.

A scenario (tests/fixtures/scenarios/jokers-secret/*.yaml) looks like:

    title: A 10 burns the pile and its player goes again
    players: [Ann, Ben]
    hands:     {Ann: 10h 5c 6c, Ben: 7h 8h 9h}
    face_up:   {Ann: Kc Kd Kh,  Ben: Qc Qd Qh}
    face_down: {Ann: 3d 4d 5d,  Ben: 3h 4h 5h}
    draw: 6d 7d                  # the draw pile, top first (the rest of the deck follows)
    steps:
      - play: Ann 5c             # one card or several of one rank
      - pick_up: Ben
      - flip: Ann 0              # a face-down card by place, 0 to 2
      - joker: Ann RJ peek 1 swap 6c   # or just "Ann RJ"
      - swap: Ann 6c Kd          # before play: a hand card and a face-up card
        expect: {turn: Ann, pile: "", burned: 1}

Expect keys: turn, pile (its cards, bottom first), burned (cards out of the game), scrap,
hands (sizes), cards (hand contents), face_up (contents), face_down (how many), zone,
draw (size), known (face-down places a player has seen), winner, rounds, scores.
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, parse_cards
from engine.events import Event
from engine.games.jokers_secret.events import Flipped, JokerPlayed, PickedUp, Played, Swapped
from engine.games.jokers_secret.game import new_game
from engine.games.jokers_secret.shedding import stack_deck
from engine.journal import Journal


def _cards(text: object) -> list[Card]:
    return parse_cards(str(text or ""), jokers=True)


def start(data: dict[str, Any]) -> Journal:
    names = list(data["players"])

    def rows(key: str) -> list[list[Card]]:
        return [_cards(data[key][name]) for name in names]

    deck = stack_deck(hands=rows("hands"), face_up=rows("face_up"),
                      face_down=rows("face_down"), then=_cards(data.get("draw")))
    return Journal(new_game(names, seed=int(data.get("seed", 1)), deck=deck,
                            target=int(data.get("target", 3)),
                            triggers=tuple(data.get("triggers", ())),
                            actions=tuple(data.get("actions", ()))))


def event_for(step: dict[str, Any], journal: Journal) -> Event | None:
    seat = journal.game.seat_of
    if "play" in step:
        who, *cards = str(step["play"]).split()
        return Played(player=seat(who), cards=tuple(_cards(" ".join(cards))))
    if "pick_up" in step:
        return PickedUp(player=seat(str(step["pick_up"])))
    if "flip" in step:
        who, slot = str(step["flip"]).split()
        return Flipped(player=seat(who), slot=int(slot))
    if "swap" in step:
        who, hand_card, face_up_card = str(step["swap"]).split()
        return Swapped(player=seat(who), hand_card=_cards(hand_card)[0],
                       face_up_card=_cards(face_up_card)[0])
    if "joker" in step:
        who, joker, *rest = str(step["joker"]).split()
        words = dict(zip(rest[::2], rest[1::2], strict=True))
        return JokerPlayed(player=seat(who), joker=_cards(joker)[0],
                           peek=int(words["peek"]) if "peek" in words else None,
                           swap=_cards(words["swap"])[0] if "swap" in words else None)
    return None


def observe(journal: Journal, keys: dict[str, Any]) -> dict[str, Any]:
    game = journal.game
    table = game.table  # type: ignore[attr-defined]
    names = game.names

    def codes(cards: list[Card]) -> str:
        return " ".join(card.code for card in cards)

    def by_name(values: list[Any]) -> dict[str, Any]:
        return dict(zip(names, values, strict=True))

    seen: dict[str, Any] = {
        "turn": names[table.turn],
        "pile": codes(table.pile),
        "burned": len(table.burned),
        "scrap": codes(table.scrap),
        "hands": by_name([len(hand) for hand in table.hands]),
        "cards": by_name([codes(hand) for hand in table.hands]),
        "face_up": by_name([codes(row) for row in table.face_up]),
        "face_down": by_name([sum(card is not None for card in row)
                              for row in table.face_down]),
        "zone": by_name([table.zone(seat).value for seat in range(len(names))]),
        "draw": len(table.draw_pile),
        "known": by_name([sorted(slots) for slots in table.known]),
        "winner": None if game.winner is None else names[game.winner],
        "rounds": game.rounds,
        "scores": by_name(list(game.scores)),
    }
    picked = {key: seen[key] for key in keys}
    for key in ("hands", "cards", "face_up", "face_down", "zone", "known", "scores"):
        if key in keys:
            picked[key] = {name: picked[key][name] for name in keys[key]}
    return picked
