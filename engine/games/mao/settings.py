"""A game of Mao's settings, kept in its setup entry as "name=value" words (`options`).

Where the Mao text lists variants, the first is the default (clarification variants):
- `calls`: "democratic" (anyone calls a penalty) or "dictatorial" (only the Mao master);
- `master`: the Mao master's seat in a dictatorial game (the dealer by default);
- `sevens`: what the player a 7 is aimed at says as they take its cards: "penalty card",
  or "thank you" ("thank you very much" for two 7s, one more "very" for each 7 after);
- `talking`: "allowed", or "penalised" (the optional rule: no talking but what the rules ask);
- `seconds`: how long a player may take to begin their turn (10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.errors import ConfigError, did_you_mean

DEMOCRATIC, DICTATORIAL = "democratic", "dictatorial"
PENALTY_CARD_ANSWER, THANK_YOU_ANSWER = "penalty card", "thank you"
_CHOICES: dict[str, tuple[str, ...]] = {
    "calls": (DEMOCRATIC, DICTATORIAL),
    "sevens": (PENALTY_CARD_ANSWER, THANK_YOU_ANSWER),
    "talking": ("allowed", "penalised"),
}
_NUMBERS = ("master", "seconds")


@dataclass(frozen=True, slots=True)
class MaoSettings:
    calls: str = DEMOCRATIC
    master: int | None = None
    sevens: str = PENALTY_CARD_ANSWER
    talking_penalised: bool = False
    seconds: int = 10


def settings_words(values: Mapping[str, object]) -> tuple[str, ...]:
    """Settings as a setup entry keeps them: ("calls=dictatorial", "master=2")."""
    return tuple(f"{name}={value}" for name, value in sorted(values.items()))


def read_settings(words: Sequence[str], players: int, dealer: int) -> MaoSettings:
    found: dict[str, str] = {}
    for word in words:
        name, equals, value = word.partition("=")
        name, value = name.strip(), value.strip()
        known = (*_CHOICES, *_NUMBERS)
        if not equals or name not in known:
            raise ConfigError(f'"{word}" is not a Mao setting; the settings are '
                              f"{', '.join(known)} (as name=value).{did_you_mean(name, known)}")
        choices = _CHOICES.get(name)
        if choices is not None and value not in choices:
            raise ConfigError(f'Mao\'s "{name}" is one of {" or ".join(choices)}, not '
                              f'"{value}".{did_you_mean(value, choices)}')
        if choices is None and not value.isdigit():
            raise ConfigError(f'Mao\'s "{name}" is a whole number, not "{value}".')
        found[name] = value
    master = int(found["master"]) if "master" in found else None
    if master is not None and not 0 <= master < players:
        raise ConfigError(f"The Mao master's seat is 0 to {players - 1}, not {master}.")
    calls = found.get("calls", DEMOCRATIC)
    if calls == DICTATORIAL and master is None:
        master = dealer
    if calls == DEMOCRATIC and master is not None:
        raise ConfigError("A Mao master calls the penalties only in a dictatorial game "
                          "(calls=dictatorial).")
    seconds = int(found.get("seconds", "10"))
    if seconds < 1:
        raise ConfigError("A player has at least one second to begin their turn.")
    return MaoSettings(calls=calls, master=master,
                       sevens=found.get("sevens", PENALTY_CARD_ANSWER),
                       talking_penalised=found.get("talking") == "penalised", seconds=seconds)
