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
from generator.check.simulated import needs_pairs, report_simulation, simulate_triggers
from generator.check.static import check_actions, check_pairs, check_triggers
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


def check_deck(path: Path, options: CheckOptions | None = None) -> tuple[CheckReport, LoadedDeck]:
    """Load and check a deck; the report holds every issue found."""
    options = options or CheckOptions()
    started = time.perf_counter()
    deck = load_deck(path)
    report = CheckReport(path=str(path), deck_id=deck.deck_id, issues=deck.issues, triggers=[],
                         unusable=deck.unusable)
    base_game = _base_game(deck)
    if deck.unusable or base_game not in GAMES:
        report.seconds = time.perf_counter() - started
        return report, deck
    game = find_game(base_game)
    settings = settings_for(deck, options)
    checked = check_triggers(deck, game)
    check_actions(deck, game)
    check_pairs(deck, checked)
    simulated = [trigger for trigger in checked if trigger.simulated]
    observations = {}
    # With broken deck details the settings are unknown: report the cards, do not simulate.
    if options.simulate and simulated and deck.info is not None:
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



def _base_game(deck: LoadedDeck) -> str:
    """The deck's base game, read even when the rest of its details are broken."""
    if deck.info is not None:
        return deck.info.base_game
    raw = deck.marked.value_at(("deck",))
    value = raw.get("base_game", "up-n-over") if isinstance(raw, dict) else "up-n-over"
    return value if isinstance(value, str) else ""
