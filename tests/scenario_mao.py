"""Mao's scenario steps: a stacked deal, its moves, its calls, and what is observed.

A scenario (tests/fixtures/scenarios/mao/*.yaml) looks like:

    title: A spade is named as it is played
    players: [Ann, Ben, Cat]
    hands: {Ann: 7s 2h 3h 4h 5h, Ben: ..., Cat: ...}
    first: 9s                    # the card turned up to start the pile
    stack: 6d 8c                 # the top of the stack (the rest of the packs follows)
    options: [calls=dictatorial] # settings, as name=value
    steps:
      - play: Ann 7s             # a card, in turn or not
        say: [seven of spades, have a nice day]   # what was said with it
      - pass: Ben                # takes one card
      - take: Cat                # takes the cards of a 7 (or a chain)
        say: [penalty card]
      - said: Ann last card      # words said on their own
      - penalty: Ben on Ann failure-to-say seven of spades   # reason, then any phrase
      - re_enter: Ann            # back after a Mao; "Ann rule-id" brings a rule,
        rule: {when: 'card.rank == "6" and run == 2', kind: say, phrase: on the root}
        expect: {turn: Ben, top: 7s, hands: {Ann: 4}}

Expect keys: turn, top, suit (in force), sevens, hands (sizes), cards (contents), owed
(phrases owed by each named player), calls (the words of each penalty so far, "taker: words"),
winner, maos (scores), out, point_of_order, clockwise, stack (size).
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, parse_cards
from engine.events import Event
from engine.games.mao.events import Passed, PenaltyCall, Played, ReEntered, Said, TookSevens
from engine.games.mao.game import new_game
from engine.games.mao.table import stack_deck
from engine.journal import Journal


def _cards(text: object) -> list[Card]:
    return parse_cards(str(text or ""), jokers=True)


def start(data: dict[str, Any]) -> Journal:
    names = list(data["players"])
    deck = stack_deck(hands=[_cards(data["hands"][name]) for name in names],
                      first=_cards(data["first"])[0], then=_cards(data.get("stack")))
    return Journal(new_game(names, seed=int(data.get("seed", 1)), deck=deck,
                            target=int(data.get("target", 3)),
                            options=tuple(data.get("options", ()))))


def event_for(step: dict[str, Any], journal: Journal) -> Event | None:
    seat = journal.game.seat_of
    said = tuple(str(words) for words in step.get("say", ()))
    if "play" in step:
        who, card = str(step["play"]).split()
        return Played(player=seat(who), card=_cards(card)[0], said=said)
    if "pass" in step:
        return Passed(player=seat(str(step["pass"])), said=said)
    if "take" in step:
        return TookSevens(player=seat(str(step["take"])), said=said)
    if "said" in step:
        who, words = str(step["said"]).split(maxsplit=1)
        return Said(player=seat(who), words=words)
    if "penalty" in step:
        caller, _, offender, reason, *phrase = str(step["penalty"]).split()
        return PenaltyCall(caller=seat(caller), offender=seat(offender), reason=reason,
                           phrase=" ".join(phrase))
    if "re_enter" in step:
        who, *words = str(step["re_enter"]).split()
        form = dict(step.get("rule", {}))  # a rule's machine form: when, kind, phrase ...
        return ReEntered(player=seat(who), rule=" ".join(words), **form)
    return None


def observe(journal: Journal, keys: dict[str, Any]) -> dict[str, Any]:
    game = journal.game
    table = game.table  # type: ignore[attr-defined]
    names = game.names

    def by_name(values: list[Any]) -> dict[str, Any]:
        return dict(zip(names, values, strict=True))

    suit = table.suit_in_force
    seen: dict[str, Any] = {
        "turn": names[table.turn],
        "top": table.pile[-1].code,
        "suit": None if suit is None else suit.plural,
        "sevens": table.turns.sevens,
        "hands": by_name([len(hand) for hand in table.hands]),
        "cards": by_name([" ".join(card.code for card in hand) for hand in table.hands]),
        "owed": by_name([[owed.phrase for owed in game.owed_by(seat)]  # type: ignore[attr-defined]
                         for seat in range(len(names))]),
        "calls": [f"{names[penalty.taker]}: {penalty.words}"
                  for penalty in game.penalties],  # type: ignore[attr-defined]
        "winner": None if game.winner is None else names[game.winner],
        "maos": by_name(list(game.scores)),
        "out": sorted(names[seat] for seat in table.out),
        "point_of_order": game.in_point_of_order,  # type: ignore[attr-defined]
        "clockwise": table.turns.direction == 1,
        "stack": len(table.stack),
    }
    picked = {key: seen[key] for key in keys}
    for key in ("hands", "cards", "owed", "maos"):
        if key in keys:
            picked[key] = {name: picked[key][name] for name in keys[key]}
    return picked
