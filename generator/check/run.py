"""Run the checker: prove every card of a deck can be enforced at a real table.

Static checks first (expressions, actions, every trigger × action pair), then thousands of
simulated games on the engine to see how often each trigger really fires.
"""

from __future__ import annotations

import time
from pathlib import Path

from engine.games import GAMES, find_game
from generator.check.options import CheckOptions
from generator.check.report import CheckReport, figures
from generator.check.simulated import Simulation, needs_pairs, report_simulation
from generator.check.static import CheckedTrigger, check_actions, check_pairs, check_triggers
from generator.deck import LoadedDeck, load_deck
from generator.deck_model import CheckSettings


def settings_for(deck: LoadedDeck, options: CheckOptions) -> CheckSettings:
    base = deck.info.check if deck.info is not None else CheckSettings()
    changes: dict[str, object] = {}
    if options.games is not None:
        changes["games"] = options.games
    if options.players is not None:
        changes["players"] = list(options.players)
    if options.seed is not None:
        changes["seed"] = options.seed
    return base.model_copy(update=changes)


class Checking:
    """A check under way: the static checks are done, the simulated games may still be
    playing in other processes. `finish()` waits for them and completes the report."""

    def __init__(self, path: Path, options: CheckOptions | None = None,
                 deck: LoadedDeck | None = None) -> None:
        """`deck`: the deck at `path`, when the caller has loaded it already."""
        options = options or CheckOptions()
        self.started = time.perf_counter()
        deck = self.deck = deck if deck is not None else load_deck(path)
        self.report = CheckReport(path=str(path), deck_id=deck.deck_id, issues=deck.issues,
                                  triggers=[], unusable=deck.unusable)
        self._simulation: Simulation | None = None
        self._checked: list[CheckedTrigger] = []
        self._simulated: list[CheckedTrigger] = []
        base_game = _base_game(deck)
        if deck.unusable or base_game not in GAMES:
            return
        game = find_game(base_game)
        self._settings = settings_for(deck, options)
        self._checked = check_triggers(deck, game)
        check_actions(deck, game)
        check_pairs(deck, self._checked)
        self._simulated = [trigger for trigger in self._checked if trigger.simulated]
        # With broken deck details the settings are unknown: report the cards, do not simulate.
        if options.simulate and self._simulated and deck.info is not None:
            self._began = time.perf_counter()
            self._simulation = Simulation(self._simulated, game, self._settings,
                                          options.workers, pairs=needs_pairs(deck))

    @property
    def static_errors(self) -> int:
        """Errors found so far: the simulation can only add warnings."""
        return self.report.errors

    def finish(self) -> tuple[CheckReport, LoadedDeck]:
        report, observations = self.report, {}
        if self._simulation is not None:
            observations = self._simulation.results()
            self._simulation = None
            report.simulation_seconds = time.perf_counter() - self._began
            report_simulation(self.deck, self._simulated, observations, self._settings)
            report.games = self._settings.games
            report.players = sorted(observations)
            report.plays = sum(obs.plays for obs in observations.values())
        report.triggers = figures(self._checked, self._simulated, observations)
        report.seconds = time.perf_counter() - self.started
        return report, self.deck

    def cancel(self) -> None:
        if self._simulation is not None:
            self._simulation.cancel()
            self._simulation = None


def check_deck(path: Path, options: CheckOptions | None = None) -> tuple[CheckReport, LoadedDeck]:
    """Load and check a deck; the report holds every issue found."""
    return Checking(path, options).finish()


def _base_game(deck: LoadedDeck) -> str:
    """The deck's base game, read even when the rest of its details are broken."""
    if deck.info is not None:
        return deck.info.base_game
    raw = deck.marked.value_at(("deck",))
    value = raw.get("base_game", "up-n-over") if isinstance(raw, dict) else "up-n-over"
    return value if isinstance(value, str) else ""
