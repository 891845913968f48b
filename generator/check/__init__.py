"""`hrdeck check`: prove every card of a deck can be enforced at a real table.

Static checks first (expressions, actions, every trigger × action pair), then thousands of
simulated games on the engine to see how often each trigger really fires.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from engine.games import GAMES, find_game
from generator.check.report import CheckReport, figures
from generator.check.simulated import needs_pairs, report_simulation, simulate_triggers
from generator.check.static import check_actions, check_pairs, check_triggers
from generator.deck import LoadedDeck, load_deck
from generator.deck_model import CheckSettings


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """Command-line overrides of the deck's own `check` settings."""

    games: int | None = None
    players: tuple[int, ...] | None = None
    seed: int | None = None
    workers: int | None = None
    simulate: bool = True


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


def check_deck(path: Path, options: CheckOptions | None = None) -> tuple[CheckReport, LoadedDeck]:
    """Load and check a deck; the report holds every issue found."""
    options = options or CheckOptions()
    started = time.perf_counter()
    deck = load_deck(path)
    report = CheckReport(path=str(path), deck_id=deck.deck_id, issues=deck.issues, triggers=[],
                         unusable=deck.unusable)
    if deck.unusable or deck.info is None or deck.info.base_game not in GAMES:
        report.seconds = time.perf_counter() - started
        return report, deck
    game = find_game(deck.info.base_game)
    settings = settings_for(deck, options)
    checked = check_triggers(deck, game)
    check_actions(deck, game)
    check_pairs(deck, checked)
    simulated = [trigger for trigger in checked if trigger.simulated]
    observations = {}
    if options.simulate and simulated:
        began = time.perf_counter()
        observations = simulate_triggers(simulated, game, settings, options.workers,
                                         pairs=needs_pairs(deck))
        report.simulation_seconds = time.perf_counter() - began
        report_simulation(deck, simulated, observations, settings)
        report.games = settings.games
        report.players = sorted(observations)
        report.plays = sum(obs.plays for obs in observations.values())
    report.triggers = figures(checked, simulated, observations)
    report.seconds = time.perf_counter() - started
    return report, deck

