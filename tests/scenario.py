"""Runs scenario files: a game's setup, scripted actions, and the state expected after each.

Scenarios live in tests/fixtures/scenarios/<game>/, one folder per base game; the game's
own steps, setup and observations come from the scenario module its declaration names
(`scenario`: its `start`, `event_for` and `observe`), gathered in `GAMES` below. Every game shares
the hidden-rules steps:

      - enforce: Ann on Ben      # own rule; "Cat on Ben rule Ann" enforces Ann's rule;
        hint: You did not say a name.   # "... for 7s" names the card that broke it
      - call: Cat on Ben slow    # an illegal play: slow, or turn (out of turn)
      - challenge: Ben
      - ruling: upheld           # or overturned
      - choose: Ann t1 a2        # keep a trigger and an action
      - undo: yes
      - play: Cat 7s
        error: out of turn       # the step must fail with this text, changing nothing

A game's step may also stand for several entries in a row (an iterable of them, each made
once the one before is recorded): a run of plays whose state is checked at its end.

Every scenario also checks that its journal replays to the same state and survives JSON.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
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
    RuleChosen,
    Ruling,
)
from engine.games import declared
from engine.journal import Journal, replay
from tests.fifth_game import DECLARATION as FIFTH_GAME
from tests.fifth_game.plugged import declared_fifth_game

SCENARIOS = Path(__file__).parent / "fixtures" / "scenarios"


@dataclass(frozen=True)
class ScenarioGame:
    """What a base game adds to the scenario runner."""

    start: Callable[[dict[str, Any]], Journal]
    event_for: Callable[[dict[str, Any], Journal], Event | Iterable[Event] | None]  # None:
    #                                                                      not its step
    observe: Callable[[Journal, dict[str, Any]], dict[str, Any]]
    # A test's game, declared while its scenarios run (and forgotten after).
    declared: Callable[[], AbstractContextManager[None]] = nullcontext


def _runner(module_name: str, declared: Callable[[], AbstractContextManager[None]] = nullcontext
            ) -> ScenarioGame:
    module = importlib.import_module(module_name)
    return ScenarioGame(module.start, module.event_for, module.observe, declared)


def _declared_runners() -> dict[str, ScenarioGame]:
    """The scenario runner of each declared game that has one."""
    return {name: _runner(game.scenario) for name, game in declared().items()
            if game.scenario is not None}


assert FIFTH_GAME.scenario is not None
GAMES: dict[str, ScenarioGame] = {
    **_declared_runners(),
    FIFTH_GAME.name: _runner(FIFTH_GAME.scenario, declared_fifth_game),  # the test tree's
}


def scenario_files() -> list[Path]:
    """Every scenario of every game, as (game folder)/(file)."""
    return sorted(SCENARIOS.glob("*/*.yaml"))


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path} is not a mapping"
    return data


def event_for(step: dict[str, Any], journal: Journal,
              game: ScenarioGame) -> Event | Iterable[Event] | None:
    """The entry a step records, or None for an undo."""
    own = game.event_for(step, journal)
    if own is not None:
        return own
    rules = journal.game
    seat = rules.seat_of
    if "enforce" in step:
        words = str(step["enforce"]).split()
        card = parse_cards(words.pop())[0] if "for" in words[-2:-1] else None
        words = words[:-1] if card is not None else words
        enforcer, violator = seat(words[0]), seat(words[2])
        holder = seat(words[4]) if len(words) > 4 else enforcer
        take_back = step.get("take_back")
        if take_back is None:
            take_back = rules.can_take_back(violator, card)
        return Enforced(enforcer=enforcer, violator=violator, holder=holder,
                        hint=str(step.get("hint", "")), take_back=bool(take_back), card=card)
    if "call" in step:
        caller, _, offender, offence = str(step["call"]).split()
        return Called(caller=seat(caller), offender=seat(offender),
                      offence=OUT_OF_TURN if offence == "turn" else TOO_SLOW,
                      take_back=offence == "slow" and rules.can_take_back(seat(offender)))
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


def run(path: Path) -> Journal:
    game = GAMES[path.parent.name]
    with game.declared():
        return _run(path, game)


def _run(path: Path, game: ScenarioGame) -> Journal:
    data = load(path)
    journal = game.start(data)
    for number, step in enumerate(data["steps"], start=1):
        where = f"{path.name} step {number} {step}"
        before = journal.game.snapshot()
        try:
            event = event_for(step, journal, game)
            if event is None:
                journal.undo()
            elif isinstance(event, Iterable):
                for each in event:
                    journal.record(each)
            else:
                journal.record(event)
        except HrdeckError as error:
            assert "error" in step, f"{where}: unexpected error {error}"
            assert step["error"].lower() in str(error).lower(), f"{where}: got {error}"
            assert journal.game.snapshot() == before, f"{where}: a refused step changed the state"
            continue
        assert "error" not in step, f"{where}: expected an error, none came"
        expected = step.get("expect", {})
        assert game.observe(journal, expected) == expected, where
    assert replay(journal.entries).snapshot() == journal.game.snapshot(), path.name
    assert Journal.from_json(journal.to_json()).game.snapshot() == journal.game.snapshot()
    return journal
