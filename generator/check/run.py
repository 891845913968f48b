"""Run the checker: prove every card of a deck can be enforced at a real table.

Static checks first (expressions, actions, every trigger × action pair), then thousands of
simulated games on the engine to see how often each trigger really fires.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from engine.errors import did_you_mean
from engine.games.registry import DEFAULT_GAME, GAMES, BaseGame, find_game
from generator.card_kinds import KINDS, serves
from generator.check.options import CheckOptions
from generator.check.printable import check_printable
from generator.check.report import CheckReport, figures
from generator.check.simulated import (
    Progress,
    Simulation,
    StandardSpeech,
    needs_pairs,
    report_simulation,
)
from generator.check.static import (
    CheckedTrigger,
    check_actions,
    check_pairs,
    check_rule_conflicts,
    check_triggers,
    standard_speech,
)
from generator.deck import LoadedDeck, load_deck
from generator.deck_model import CheckSettings
from generator.issues import Issue, Severity
from generator.layout.checks import check_layout
from generator.layout.deck_look import deck_text_fonts
from generator.table_size import RULE_CARDS_PER_PLAYER, least_rule_cards, player_range


def settings_for(deck: LoadedDeck, options: CheckOptions) -> CheckSettings:
    """The deck's check settings, as the command line overrides them, simulating only
    player counts the deck can be dealt to (by default, all of them)."""
    base = deck.info.check if deck.info is not None else CheckSettings()
    changes: dict[str, object] = {}
    if options.games is not None:
        changes["games"] = options.games
    changes["players"] = list(_player_counts(deck, base, options))
    if options.seed is not None:
        changes["seed"] = options.seed
    changes["policy"] = _policy(deck, base, _game_of(deck, options))
    return base.model_copy(update=changes)


def _policy(deck: LoadedDeck, base: CheckSettings, game: BaseGame) -> str:
    """The bots' policy: the deck's, if the game has it, else the game's own choice."""
    simulation = game.simulation
    default = simulation.check_policy if simulation is not None else "greedy"
    if base.policy is None or simulation is None or base.policy in simulation.policies:
        return base.policy or default
    known = list(simulation.policies)
    deck.add("bad-value", f'check.policy "{base.policy}" is not a way bots play '
             f"{game.title}; choose one of {', '.join(known)}.{did_you_mean(base.policy, known)}"
             f" The check plays {default}.", ("deck", "check", "policy"))
    return default


def _player_counts(deck: LoadedDeck, base: CheckSettings,
                   options: CheckOptions) -> tuple[int, ...]:
    game = _game_of(deck, options)
    possible = player_range(len(deck.triggers), len(deck.actions), game)
    if not possible:  # too few cards to deal (cards-too-few): simulate what was asked
        asked = options.players or tuple(base.players)
        return tuple(count for count in asked
                     if game.min_players <= count <= game.max_players)
    if options.players is not None:
        asked, where = options.players, "--players asks"
    elif "players" in base.model_fields_set:
        asked, where = tuple(base.players), "check.players asks"
    else:
        return possible
    beyond = [count for count in asked if count not in possible]
    if beyond and possible:
        # In the deck file it is a mistake; on the command line, a wish to skip.
        code = "players-skipped" if options.players is not None else "bad-value"
        deck.add(code, f"{where} for games of {', '.join(map(str, beyond))} players, but "
                 f"{len(deck.triggers)} triggers and {len(deck.actions)} actions deal "
                 f"{RULE_CARDS_PER_PLAYER} of each to {possible[0]}–{possible[-1]} players"
                 + ("; those games are not simulated." if code == "players-skipped" else "."),
                 ("deck", "check", "players"),
                 data={"least_players": possible[0], "most_players": possible[-1]})
    return tuple(count for count in asked if count in possible)


def check_table_size(deck: LoadedDeck, game: BaseGame) -> None:
    """A game deals two triggers and two actions to each of at least the game's fewest
    players."""
    least = least_rule_cards(game)
    for key, cards in (("triggers", deck.triggers), ("actions", deck.actions)):
        if cards and len(cards) < least:
            deck.add("cards-too-few", f"A game deals {RULE_CARDS_PER_PLAYER} {key} to each of "
                     f"at least {game.min_players} players, so a deck needs {least} "
                     f"{key}; this one has {len(cards)}.", (key,),
                     data={"cards": len(cards), "least": least})


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
        self._standard_speech: StandardSpeech = {}
        base_game = self.report.game = options.game or _base_game(deck)
        if deck.unusable or base_game not in GAMES:
            return
        game = find_game(base_game)
        self._settings = settings_for(deck, options)
        check_table_size(deck, game)
        self._checked = check_triggers(deck, game)
        self._simulated = [trigger for trigger in self._checked if trigger.simulated]
        # The games start now, in other processes when that pays, while the other checks
        # run here. With broken deck details the settings are unknown: do not simulate.
        if (options.simulate and self._simulated and deck.info is not None
                and self._settings.players):
            self._began = time.perf_counter()
            self._simulation = Simulation(self._simulated, game, self._settings,
                                          options.workers, pairs=needs_pairs(deck))
        check_printable(deck, deck_text_fonts(deck))
        check_layout(deck)
        check_actions(deck, game)
        check_pairs(deck, self._checked)
        check_rule_conflicts(deck, self._checked, game)
        self._standard_speech = standard_speech(deck, self._checked, game)
        for section, kind in KINDS.items():
            if kind.check is not None and serves(kind, game.name):
                kind.check(deck, deck.cards_of(section))

    @property
    def static_errors(self) -> int:
        """Errors found so far: the simulation can only add warnings."""
        return self.report.errors

    def finish(self, progress: Progress | None = None) -> tuple[CheckReport, LoadedDeck]:
        """Wait for the games (telling `progress` how many are done) and complete the report."""
        report, observations = self.report, {}
        if self._simulation is not None:
            observations = self._simulation.results(progress)
            self._simulation = None
            report.simulation_seconds = time.perf_counter() - self._began
            report_simulation(self.deck, self._simulated, observations, self._settings,
                              self._standard_speech)
            report.games = self._settings.games
            report.players = sorted(observations)
            report.plays = sum(obs.plays for obs in observations.values())
        report.issues[:] = allowed_dropped(self.deck, report.issues)
        report.triggers = figures(self._checked, self._simulated, observations)
        report.seconds = time.perf_counter() - self.started
        return report, self.deck

    def cancel(self) -> None:
        if self._simulation is not None:
            self._simulation.cancel()
            self._simulation = None


_CARD_FIELD = re.compile(r"^([a-z][a-z0-9_-]*)\[(\d+)\]")


def allowed_dropped(deck: LoadedDeck, issues: list[Issue]) -> list[Issue]:
    """The issues without the warnings a card's `allow` list accepts."""
    allow: dict[tuple[str, int], set[str]] = {}
    for key in KINDS:
        for index, card in deck.cards_of(key):
            allow[(key, index)] = set(card.allow)
    kept = []
    for issue in issues:
        found = _CARD_FIELD.match(issue.field)
        accepted = allow.get((found[1], int(found[2])), set()) if found else set()
        if not (issue.severity is Severity.WARNING and issue.code in accepted):
            kept.append(issue)
    return kept


def check_deck(path: Path, options: CheckOptions | None = None,
               progress: Progress | None = None) -> tuple[CheckReport, LoadedDeck]:
    """Load and check a deck; the report holds every issue found."""
    return Checking(path, options).finish(progress)


def _game_of(deck: LoadedDeck, options: CheckOptions) -> BaseGame:
    """The base game checked over: as asked, else the deck's; Up 'N Over when the deck names
    one hrdeck does not know (reported with the deck's details)."""
    return GAMES.get(options.game or _base_game(deck)) or find_game(DEFAULT_GAME)


def _base_game(deck: LoadedDeck) -> str:
    """The deck's base game, read even when the rest of its details are broken."""
    if deck.info is not None:
        return deck.info.base_game
    if deck.marked.data is None:  # not YAML at all
        return _base_game_in_text(deck.text)
    raw = deck.marked.value_at(("deck",))
    value = raw.get("base_game", DEFAULT_GAME) if isinstance(raw, dict) else DEFAULT_GAME
    return value if isinstance(value, str) else ""


_BASE_GAME_LINE = re.compile(r"^[ \t]+base_game[ \t]*:[ \t]*([\"']?)([\w' -]*?)\1[ \t]*(?:#.*)?$",
                             re.MULTILINE)


def _base_game_in_text(text: str) -> str:
    """The base game a deck file that is not valid YAML names on its `base_game:` line; the
    default game when it has none (a deck without one is played over it), "" when it names
    one twice.

    >>> _base_game_in_text("deck:\\n  name: Pirates\\n  base_game: mao  # the card game\\n")
    'mao'
    """
    named = {found[2].strip() for found in _BASE_GAME_LINE.finditer(text)}
    if not named:
        return DEFAULT_GAME if text.strip() else ""
    return named.pop() if len(named) == 1 else ""
