"""What the Rule?!'s scenario steps: stacked deals, its moves, and what is observed.

A scenario (tests/fixtures/scenarios/what-the-rule/*.yaml) looks like:

    title: The seed's scoring example
    pins: [hints, halving]        # clarification keys it pins
    players: [Alan, Bob, Caro, Dina]
    master: Caro                  # leads the first round (the first player by default)
    rounds: 1                     # rounds in the game (one per player by default)
    options: [points=off]         # settings, as name=value
    deals:                        # stacked, by round: hands from the master's left, in
      1:                          # turn (ten cards each; the last may list fewer), then
        hands: {Dina: w1ft ..., Alan: ..., Bob: ...}   # the top of the draw pile
        pile: b2uc w3fs
    steps:
      - lead: Caro                # a round begins; with `rule` the engine judges it
        rule: 'card.shape != "circle"'
      - play: Dina w1ft           # "Dina w1ft yes|no" with the master's verdict
      - plays: [Dina w2ft, Alan b1fc, Bob b3ft]   # several in a row
      - reveal: Alan              # placed: w2fs (the master's choice) or nothing: none fits
      - guess: Bob                # rule: '...'; right: yes|no when the master judges
        rule: 'card.shape in ["triangle", "square"]'
      - pass: Bob                 # lets the guess go
      - hints: agreed             # everyone, the master too
      - announce: hint            # the master says a hint is coming
      - object: Bob               # and Bob keeps it back; or it is given:
      - hint: Look at the shapes. # (empty: the engine's own card to try)
      - turns: 19                 # each player in turn plays the first card of their hand
        fits: yes                 # (the master's verdict on each, when the master judges)
        expect: {turn: Dina, row: w1ft w2ft, below: {2: b1fc}, hands: {Dina: 9}}

Expect keys: round, master, turn, row (codes), below (codes under each place of the row,
1 for the first), hands (sizes), cards (contents), pile (size), may_guess, hints, played,
turns (each player's turns this round), ended, points (the latest round's), halved,
hints_given (the hints' words), announced (a hint waits to be given), scores, winner,
winners, over.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.events import Event
from engine.games.what_the_rule.events import (
    Guessed,
    HintAnnounced,
    HintGiven,
    HintObjected,
    HintsAgreed,
    Passed,
    Played,
    Revealed,
    RoundLed,
)
from engine.games.what_the_rule.game import WhatTheRuleGame, new_game
from engine.games.what_the_rule.settings import stacked
from engine.games.what_the_rule.shapes import HAND
from engine.journal import Journal

VERDICTS: dict[object, bool] = {"yes": True, "no": False, True: True, False: False}


def _verdict(value: object) -> bool | None:
    return None if value is None else VERDICTS[value]


def start(data: dict[str, Any]) -> Journal:
    names = list(data["players"])
    first = names.index(data.get("master", names[0]))
    options = list(data.get("options", ()))
    master = first
    for number, deal in sorted((data.get("deals") or {}).items()):
        master = (first + number - 1) % len(names)
        order = [names[(master + step) % len(names)] for step in range(1, len(names))]
        hands = deal.get("hands", {})
        codes: list[str] = []
        for place, name in enumerate(order):
            hand = str(hands.get(name, "")).split()
            dealt_after = any(hands.get(later) for later in order[place + 1:])
            assert len(hand) == HAND or not dealt_after, f"{name} needs ten stacked cards"
            codes += hand
        codes += str(deal.get("pile", "")).split()
        options.append(f"deck{number}={stacked(codes)}")
    return Journal(new_game(names, seed=int(data.get("seed", 1)), dealer=first,
                            target=int(data.get("rounds", 0)), options=tuple(options)))


def _game(journal: Journal) -> WhatTheRuleGame:
    game = journal.game
    assert isinstance(game, WhatTheRuleGame)
    return game


def _play(journal: Journal, words: str) -> Played:
    who, card, *verdict = words.split()
    return Played(player=_game(journal).seat_of(who), card=card,
                  fits=_verdict(verdict[0]) if verdict else None)


def _plays(journal: Journal, steps: list[str]) -> Iterator[Event]:
    for words in steps:
        yield _play(journal, str(words))


def _turns(journal: Journal, count: int, fits: bool | None) -> Iterator[Event]:
    game = _game(journal)
    for _ in range(count):
        round_ = game.round
        assert round_ is not None, "no round has begun"
        hand = round_.hands[round_.turn]  # after the round, a card the engine will refuse
        yield Played(player=round_.turn, card=hand[0].code if hand else "w1fc", fits=fits)


def event_for(step: dict[str, Any], journal: Journal) -> Event | Iterator[Event] | None:
    seat = _game(journal).seat_of
    if "lead" in step:
        return RoundLed(master=seat(str(step["lead"])), rule=str(step.get("rule", "")))
    if "play" in step:
        return _play(journal, str(step["play"]))
    if "plays" in step:
        return _plays(journal, list(step["plays"]))
    if "turns" in step:
        return _turns(journal, int(step["turns"]), _verdict(step.get("fits")))
    if "reveal" in step:
        placed = step.get("placed")
        return Revealed(player=seat(str(step["reveal"])),
                        placed="" if placed in (None, "none") else str(placed))
    if "guess" in step:
        return Guessed(player=seat(str(step["guess"])), rule=str(step["rule"]),
                       right=_verdict(step.get("right")))
    if "pass" in step:
        return Passed(player=seat(str(step["pass"])))
    if "hints" in step:
        return HintsAgreed()
    if "announce" in step:
        return HintAnnounced()
    if "object" in step:
        return HintObjected(player=seat(str(step["object"])))
    if "hint" in step:
        return HintGiven(words=str(step["hint"] or ""))
    return None


def observe(journal: Journal, keys: dict[str, Any]) -> dict[str, Any]:
    game = _game(journal)
    names = game.names
    round_ = game.round
    assert round_ is not None or not set(keys) - {"scores", "over", "winner", "winners"}

    def by_name(values: list[Any]) -> dict[str, Any]:
        return dict(zip(names, values, strict=True))

    def who(seat: int | None) -> str | None:
        return None if seat is None else names[seat]

    seen: dict[str, Any] = {
        "scores": by_name(list(game.scores)), "over": game.is_over,
        "winner": who(game.winner), "winners": [names[seat] for seat in game.winners],
    }
    if round_ is not None:
        below: dict[int, list[str]] = {}
        for spot, card in round_.below:
            below.setdefault(spot + 1, []).append(card.code)
        result = game.results[-1] if game.results else None
        seen |= {
            "round": round_.number, "master": names[round_.master],
            "turn": names[round_.turn], "row": " ".join(card.code for card in round_.row),
            "below": {spot: " ".join(codes) for spot, codes in below.items()},
            "hands": by_name([len(hand) for hand in round_.hands]),
            "cards": by_name([" ".join(card.code for card in hand) for hand in round_.hands]),
            "pile": len(round_.pile), "may_guess": who(round_.guesser),
            "hints": round_.hints, "played": round_.played,
            "hints_given": list(round_.hints_given), "announced": round_.offer is not None,
            "turns": by_name(list(round_.turns)), "ended": round_.ended or None,
            "points": None if result is None else by_name(list(result.points)),
            "halved": None if result is None else list(result.halved),
        }
    picked = {key: seen[key] for key in keys}
    for key in ("hands", "cards", "scores", "points", "turns"):
        if key in keys and picked[key] is not None:
            picked[key] = {name: picked[key][name] for name in keys[key]}
    return picked
