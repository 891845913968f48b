"""A game of What the Rule?!'s settings, kept in its setup entry as "name=value" words.

- `points`: "on" (the scored game) or "off" (the game without points). Two players always
  play without points (clarification two-players); a larger group may choose it.
- `machine`: the seat of the machine master (clarification machine-seat), in a game the
  engine deals: that seat leads every round with a rule the engine judges and holds no
  cards; its points are a master's, and it does not rank (it is no player).
- `deck1`, `deck2` …: a stacked order for round 1, 2 … (for scenarios and worked examples):
  design codes from the top of the shuffled cards; the round's other cards follow in the
  seeded order. The deal takes ten cards for each player from the master's left in turn,
  then the rest is the draw pile (clarification deal).

How many rounds are played is the setup's `target` (one round per player by default:
everyone leads once, clarification game-end).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.errors import CardError, ConfigError, did_you_mean
from engine.games.what_the_rule.shapes import COPIES, Design, parse_design

_CHOICES = {"points": ("on", "off")}


@dataclass(frozen=True, slots=True)
class WtrSettings:
    points: bool = True
    machine: int | None = None    # the machine master's seat (clarification machine-seat)
    decks: Mapping[int, tuple[Design, ...]] = field(default_factory=dict)  # by round, 1 up


def settings_words(values: Mapping[str, object]) -> tuple[str, ...]:
    """Settings as a setup entry keeps them: ("deck1=b3fc w6ut", "points=off")."""
    return tuple(f"{name}={value}" for name, value in sorted(values.items()))


def stacked(codes: Sequence[str]) -> str:
    """A stacked order as a setting's value: the codes, one space apart."""
    return " ".join(codes)


def read_settings(words: Sequence[str], players: int) -> WtrSettings:
    found: dict[str, str] = {}
    decks: dict[int, tuple[Design, ...]] = {}
    for word in words:
        name, equals, value = word.partition("=")
        name, value = name.strip(), value.strip()
        if equals and name.startswith("deck") and name[4:].isdigit() and int(name[4:]) >= 1:
            decks[int(name[4:])] = _stack(name, value)
            continue
        if equals and name == "machine":
            found[name] = value
            continue
        if not equals or name not in _CHOICES:
            known = (*_CHOICES, "machine", "deck1, deck2 …")
            raise ConfigError(f'"{word}" is not a setting of What the Rule?!; the settings '
                              f"are {', '.join(known)} (as name=value)."
                              f"{did_you_mean(name, list(_CHOICES))}")
        choices = _CHOICES[name]
        if value not in choices:
            raise ConfigError(f'What the Rule?!\'s "{name}" is {" or ".join(choices)}, not '
                              f'"{value}".{did_you_mean(value, choices)}')
        found[name] = value
    points = found.get("points", "on" if players > 2 else "off") == "on"
    if points and players == 2:
        raise ConfigError("Two players play What the Rule?! without points: the master's "
                          "points would always be the only player's (points=off).")
    return WtrSettings(points=points, machine=_machine(found.get("machine"), players),
                       decks=decks)


def _machine(value: str | None, players: int) -> int | None:
    """The machine master's seat, a number from 0 (None: every master is a player)."""
    if value is None:
        return None
    if not value.isdigit() or not 0 <= int(value) < players:
        raise ConfigError(f'The machine master\'s seat is 0 to {players - 1}, not "{value}".')
    return int(value)


def _stack(name: str, value: str) -> tuple[Design, ...]:
    try:
        designs = tuple(parse_design(code) for code in value.split())
    except CardError as error:
        raise ConfigError(f"{name}: {error}") from None
    too_many = sorted(design.code for design, count in Counter(designs).items()
                      if count > COPIES)
    if too_many:
        raise ConfigError(f"{name} stacks {', '.join(too_many)} more than {COPIES} times: "
                          f"the game has {COPIES} cards of each design.")
    return designs
