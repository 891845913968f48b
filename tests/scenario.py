"""Runs scenario files: a stacked deck, scripted actions, and the state expected after each.

A scenario (tests/fixtures/scenarios/*.yaml) looks like:

    title: Exactly 21 takes the trick
    players: [Ann, Ben, Cat]
    hands: {Ann: 2c 3c 4c, Ben: 10h 2d 3d, Cat: 7s 2h 3h}
    deck: 4s                     # the cards after the deal, from the top
    steps:
      - turn_up: Ann             # or "Ann 11" to count a turned ace as 11
      - play: Ben 10h            # "Ben As 11" declares an ace
        expect: {total: 14, turn: Cat}
      - enforce: Ann on Ben      # own rule; "Cat on Ben rule Ann" enforces Ann's rule;
        hint: You did not say a name.   # "... for 7s" names the card that broke it
      - call: Cat on Ben slow    # an illegal play: slow, or turn (out of turn)
      - challenge: Ben
      - ruling: upheld           # or overturned
      - play: Cat 7s
        error: out of turn       # the step must fail with this text, changing nothing

Expect keys: total, turn, taker, phase, scores, hands (sizes), cards (hand contents),
tricks, winner, rounds, trick (its cards).
Every scenario also checks that its journal replays to the same state and survives JSON.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from engine.cards import parse_cards
from engine.errors import HrdeckError
from engine.events import (
    OUT_OF_TURN,
    TOO_SLOW,
    Called,
    Challenged,
    Enforced,
    Event,
    GameStarted,
    RuleChosen,
    Ruling,
)
from engine.games.upnover.events import Played, TurnedUp
from engine.games.upnover.trick_game import stack_deck
from engine.journal import Journal, replay

SCENARIOS = Path(__file__).parent / "fixtures" / "scenarios"


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path} is not a mapping"
    return data


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
    game = journal.game
    seat = game.seat_of
    if "turn_up" in step:
        who, *ace = str(step["turn_up"]).split()
        return TurnedUp(player=seat(who), ace_value=int(ace[0]) if ace else None)
    if "play" in step:
        who, card, *ace = str(step["play"]).split()
        return Played(player=seat(who), card=parse_cards(card)[0],
                      ace_value=int(ace[0]) if ace else None)
    if "enforce" in step:
        words = str(step["enforce"]).split()
        card = parse_cards(words.pop())[0] if "for" in words[-2:-1] else None
        words = words[:-1] if card is not None else words
        enforcer, violator = seat(words[0]), seat(words[2])
        holder = seat(words[4]) if len(words) > 4 else enforcer
        take_back = step.get("take_back")
        if take_back is None:
            take_back = game.can_take_back(violator, card)
        return Enforced(enforcer=enforcer, violator=violator, holder=holder,
                        hint=str(step.get("hint", "")), take_back=bool(take_back), card=card)
    if "call" in step:
        caller, _, offender, offence = str(step["call"]).split()
        return Called(caller=seat(caller), offender=seat(offender),
                      offence=OUT_OF_TURN if offence == "turn" else TOO_SLOW,
                      take_back=offence == "slow" and game.can_take_back(seat(offender)))
    if "challenge" in step:
        return Challenged(challenger=seat(str(step["challenge"])))
    if "ruling" in step:
        return Ruling(upheld=step["ruling"] == "upheld")
    if "choose" in step:
        who, trigger, action = str(step["choose"]).split()
        return RuleChosen(player=seat(who), trigger=trigger, action=action)
    if "undo" in step:
        return None
    raise AssertionError(f"unknown step {step}")


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


def run(path: Path) -> Journal:
    data = load(path)
    journal = start(data)
    for number, step in enumerate(data["steps"], start=1):
        where = f"{path.name} step {number} {step}"
        before = journal.game.snapshot()
        try:
            event = event_for(step, journal)
            if event is None:
                journal.undo()
            else:
                journal.record(event)
        except HrdeckError as error:
            assert "error" in step, f"{where}: unexpected error {error}"
            assert step["error"].lower() in str(error).lower(), f"{where}: got {error}"
            assert journal.game.snapshot() == before, f"{where}: a refused step changed the state"
            continue
        assert "error" not in step, f"{where}: expected an error, none came"
        expected = step.get("expect", {})
        assert observe(journal, expected) == expected, where
    assert replay(journal.entries).snapshot() == journal.game.snapshot(), path.name
    assert Journal.from_json(journal.to_json()).game.snapshot() == journal.game.snapshot()
    return journal
