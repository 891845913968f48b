"""What the referee announces after an entry: sums, tricks (and why), points, the winner.

Each function compares the game after the entry with a `Before` taken just ahead of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import is_vague_hint
from engine.events import (
    OUT_OF_TURN,
    Called,
    Challenged,
    Drew,
    Enforced,
    Event,
    GameStarted,
    Played,
    RuleChosen,
    Ruling,
    TurnedUp,
    Voided,
)
from engine.games import Game
from engine.games.upnover.hidden_rules import HiddenRulesGame
from engine.games.upnover.trick_game import Phase
from engine.journal import describe
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
        text += f" (target {event.target}, {event.hand_size} cards each)" if (
            event.mode == "table") else f" (score keeping, target {event.target})"
    return text


def announce(game: Game, before: Before, event: Event) -> list[Line]:
    """Every line the table should hear after `event` was recorded."""
    names = game.names
    lines: list[Line] = []
    if isinstance(event, Played) and isinstance(game, HiddenRulesGame):
        lines += _after_play(game, event)
    elif isinstance(event, Drew) and isinstance(game, HiddenRulesGame):
        held = len(game.table.hands[event.player])
        lines.append(Line(SAY, f"{names[event.player]} now holds {held} cards."))
    elif isinstance(event, Enforced):
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
    if isinstance(event, Enforced) and isinstance(game, HiddenRulesGame):
        lines += _after_enforcement(game, event)
    if isinstance(event, Called) and isinstance(game, HiddenRulesGame):
        lines += _after_call(game, event)
    if game.rounds > before.rounds:
        lines += round_end_lines(game)
    if isinstance(event, TurnedUp) and isinstance(game, HiddenRulesGame) and game.table.trick:
        lines += _after_turn_up(game, event)
    if isinstance(event, Played) and isinstance(game, HiddenRulesGame) and (
            game.table.phase is Phase.TRICK_WON):
        lines += _coming_win(game)
    if isinstance(event, RuleChosen) and all(rule is not None for rule in game.rules):
        lines.append(Line(SAY, f"Everyone has a secret rule. {names[game.setup.dealer]} turns "
                               "up the first card: up CARD."))
    return lines


def point_lines(game: Game, before: Before) -> list[Line]:
    lines = []
    for change in game.points[before.points:]:
        name = game.names[change.player]
        if change.delta == 0:
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


def _after_play(game: HiddenRulesGame, event: Played) -> list[Line]:
    table, names = game.table, game.names
    player = names[event.player]
    if table.phase is Phase.TRICK_WON and table.taker is not None:
        taker = names[table.taker]
        if table.went_over:
            return [Line(SAY, f"Sum {table.total}: over 21! {taker}, on {player}'s right, "
                              "takes the trick.")]
        return [Line(SAY, f"Sum 21! {player} takes the trick.")]
    return [Line(SAY, f"Sum {table.total}. {names[table.turn]} to play.")]


def _after_turn_up(game: HiddenRulesGame, event: TurnedUp) -> list[Line]:
    table, names = game.table, game.names
    return [Line(SAY, f"Sum {table.total}. {names[table.turn]} to play.")]


def _after_enforcement(game: HiddenRulesGame, event: Enforced) -> list[Line]:
    table, names = game.table, game.names
    violator = names[event.violator]
    enforcement = game.enforcements[-1]
    lines = []
    card = enforcement.card_taken_back
    if event.take_back and card is not None:
        lines.append(Line(SAY, f"{violator} takes back the {card.name}: the sum is back to "
                               f"{table.total}."))
    elif table.plays:
        lines.append(Line(SAY, "The play stands (it is no longer the latest card); only the "
                               "point is lost."))
    if table.phase is Phase.PLAY:
        lines.append(Line(SAY, f"{names[table.turn]} to play."))
    return lines


def _after_call(game: HiddenRulesGame, event: Called) -> list[Line]:
    table, names = game.table, game.names
    offender = names[event.offender]
    if event.offence == OUT_OF_TURN:
        lines = [Line(SAY, f"The card {offender} played out of turn goes back to their hand; it "
                           "never counted.")]
    elif event.take_back:
        lines = [Line(SAY, f"{offender}'s slow card goes back to their hand: the sum is back to "
                           f"{table.total}.")]
    else:
        lines = [Line(SAY, f"{offender} loses the rest of the turn.")]
    if table.phase is Phase.PLAY:
        lines.append(Line(SAY, f"{names[table.turn]} to play."))
    return lines


def _coming_win(game: HiddenRulesGame) -> list[Line]:
    """A trick was just won: say who opens the next one, and whether that ends the game."""
    table, names = game.table, game.names
    lines = [Line(SAY, f"{names[table.turn]} gathers the trick by turning up the next card: "
                       "up CARD.")]
    best = max(game.scores)
    leaders = [seat for seat, score in enumerate(game.scores) if score == best]
    if best >= game.target and len(leaders) == 1:
        lines.append(Line(SAY, f"Unless a rule is enforced first, that ends the round and "
                               f"{names[leaders[0]]} wins."))
    return lines


def _points(score: int) -> str:
    return f"{score} point" if abs(score) == 1 else f"{score} points"


def void_lines(game: Game, before: Before, voided: Voided, undone: Event) -> list[Line]:
    lines = [Line(SAY, f"Entry {voided.entry} no longer counts: "
                       f"{entry_text(undone, game.names)}.")]
    return lines + score_changes(game, before)


