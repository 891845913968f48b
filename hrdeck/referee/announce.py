"""What the referee announces after an entry: points (and why), rounds, the winner, and
what the base game says of its own entries (sums and tricks in Up 'N Over).

Each function compares the game after the entry with a `Before` taken just ahead of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import is_vague_hint
from engine.events import (
    Challenged,
    Enforced,
    Event,
    GameStarted,
    RuleChosen,
    Ruling,
    Voided,
)
from engine.games.registry import Game
from engine.journal import describe
from hrdeck.referee.tables import TableGame, find_table
from hrdeck.referee.views import POINTS, SAY, WARN, WIN, Line


@dataclass(frozen=True, slots=True)
class Before:
    points: int
    rounds: int
    scores: tuple[int, ...]
    pending: int | None      # the enforcement whose challenge waits for a ruling

    @classmethod
    def of(cls, game: Game) -> Before:
        pending = game.challenge_pending
        return cls(len(game.points), game.rounds, tuple(game.scores),
                   None if pending is None else pending.number)


def entry_text(event: Event, names: Sequence[str]) -> str:
    """The journal entry as a sentence: the engine's, with a game's settings added."""
    text = describe(event, names)
    if isinstance(event, GameStarted):
        text += find_table(event.game).setup_words(event)
    return text


def announce(game: Game, before: Before, event: Event, table: TableGame) -> list[Line]:
    """Every line the table should hear after `event` was recorded."""
    names = game.names
    lines: list[Line] = table.on_entry(game, event)
    if isinstance(event, Enforced):
        if not event.hint:
            lines.append(Line(WARN, f"No hint was recorded: {names[event.enforcer]} must tell "
                                    f"{names[event.violator]} how the rule was broken."))
        elif is_vague_hint(event.hint):
            lines.append(Line(WARN, "That hint is vague: the rules ask for one more specific "
                                    "than the violation."))
    elif isinstance(event, Challenged):
        enforcement = game.enforcements[(event.enforcement or 1) - 1]
        holder = names[enforcement.holder]
        viewer = (enforcement.enforcer if event.challenger == enforcement.holder
                  else event.challenger)
        lines.append(Line(SAY, f"{holder} must show the rule to {names[viewer]}."))
    elif isinstance(event, Ruling) and before.pending is not None:
        lines.append(Line(SAY, f"Enforcement {before.pending} is "
                               f"{'upheld' if event.upheld else 'overturned'}."))
    lines += point_lines(game, before)
    lines += table.after_points(game, event)
    if game.rounds > before.rounds:
        lines += round_end_lines(game)
    lines += table.after_round(game, event)
    if isinstance(event, RuleChosen) and all(rule is not None for rule in game.rules):
        lines.append(Line(SAY, f"Everyone has a secret rule. {table.ready(game)}".strip()))
    return lines


def point_lines(game: Game, before: Before) -> list[Line]:
    lines = []
    for change in game.points[before.points:]:
        name = game.names[change.player]
        if change.delta == 0 and change.score <= game.floor:
            lines.append(Line(POINTS, f"{name} stays at {change.score} ({change.reason}): no "
                                      f"score goes below {game.floor}."))
        else:
            lines.append(Line(POINTS, f"{name} {change.delta:+d} ({change.reason}): "
                                      f"{_points(change.score)}."))
    return lines


def score_changes(game: Game, before: Before) -> list[Line]:
    """After an undo: each score that moved, from what to what."""
    return [Line(POINTS, f"{name}: {old} → {new}")
            for name, old, new in zip(game.names, before.scores, game.scores, strict=True)
            if old != new]


def round_end_lines(game: Game) -> list[Line]:
    names = game.names
    lines = [Line(SAY, f"Round {game.rounds} is over.")]
    if game.winner is not None:
        lines.append(Line(WIN, f"{names[game.winner]} wins the game with "
                               f"{_points(game.scores[game.winner])}!"))
        return lines
    best = max(game.scores)
    leaders = [names[seat] for seat, score in enumerate(game.scores) if score == best]
    if best >= game.target and len(leaders) > 1:
        lines.append(Line(SAY, f"{' and '.join(leaders)} share the lead at {best}: play goes on "
                               "until a round ends with one leader."))
    return lines


def _points(score: int) -> str:
    return f"{score} point" if abs(score) == 1 else f"{score} points"


def void_lines(game: Game, before: Before, voided: Voided, undone: Event) -> list[Line]:
    lines = [Line(SAY, f"Entry {voided.entry} no longer counts: "
                       f"{entry_text(undone, game.names)}.")]
    return lines + score_changes(game, before)


