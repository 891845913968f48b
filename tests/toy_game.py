"""A toy base game, "higher or lower", kept in the test suite alone: the proof that a game is
added by adding files. Numbers 1-10 are drawn from the seed; a player guesses whether the
next number is higher than the last; a right guess is a point and every guess ends a round.
Tests register it (`register(TOY)`, and `register_table(TOY_TABLE)` for the referee's
verbs) and forget it afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalActionError
from engine.events import Entry, Event, GameStarted
from engine.games import BaseGame, Game
from engine.games.base import Simulation
from engine.journal import Journal
from engine.language.schema import Schema
from engine.moves import Award, MoveReport
from engine.rules_layer import RulesLayer
from hrdeck.referee.commands import Spec, Token, resolve_player
from hrdeck.referee.errors import CommandError
from hrdeck.referee.tables import Table, TableGame, Verb
from hrdeck.referee.views import SAY, Line, Outcome

NAME = "higher-or-lower"


@dataclass(frozen=True, slots=True, kw_only=True)
class Guessed(Entry):
    """A player says whether the next number will be higher than the last."""

    player: int
    higher: bool


@dataclass(frozen=True, slots=True)
class ToyFigures:
    right: int


class HigherOrLower(RulesLayer):
    """The numbers, whose turn it is, and how many guesses were right."""

    __slots__ = ("_draw", "numbers", "right", "turn")

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        self._draw = random.Random(setup.seed)
        self.numbers = [self._draw.randint(1, 10)]
        self.turn = 0
        self.right = 0

    @property
    def last(self) -> int:
        return self.numbers[-1]

    @property
    def plays(self) -> int:
        return len(self.numbers) - 1

    def verify_guess(self, player: int) -> None:
        self._verify_move((player,), self._verify_turn, player)

    def _verify_turn(self, player: int) -> None:
        if player != self.turn:
            raise IllegalActionError(f"It is {self.names[self.turn]}'s turn.")

    def guess(self, player: int, higher: bool) -> Guessed:
        return self._move((player,), self._guess, player, higher)

    def _guess(self, player: int, higher: bool) -> tuple[Guessed, MoveReport]:
        """Every guess ends a round; a right one is a point."""
        self._verify_turn(player)
        before = self.last
        self.numbers.append(self._draw.randint(1, 10))
        awards: tuple[Award, ...] = ()
        if (self.last > before) == higher and self.last != before:
            self.right += 1
            awards = (Award(player, 1, "guessed right"),)
        self.turn = (self.turn + 1) % len(self.names)
        return Guessed(player=player, higher=higher), MoveReport(awards=awards, round_over=True)

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {**super().handlers(), Guessed: lambda e: self.guess(e.player, e.higher)}

    def snapshot(self) -> dict[str, object]:
        return {"numbers": list(self.numbers), "turn": self.turn, **super().snapshot()}

    # -- bots ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[Event]:
        if self.winner is not None or self.challenge_pending is not None:
            return []
        return [Guessed(player=self.turn, higher=True), Guessed(player=self.turn, higher=False)]

    def step(self, policy: Any, rng: random.Random,
             turn_limit: int) -> tuple[Event, int] | None:
        if self.plays >= turn_limit:
            return None
        seat = self.turn
        return self.guess(seat, policy(self.last, rng)), seat

    def figures(self) -> ToyFigures:
        return ToyFigures(right=self.right)


def describe(event: Any, names: Sequence[str]) -> str:
    return f"{names[event.player]} guesses {'higher' if event.higher else 'lower'}"


def new_setup(names: Sequence[str], *, seed: int, target: int = 3) -> GameStarted:
    return GameStarted(game=NAME, players=tuple(names), seed=seed, target=target)


POLICIES = {
    "sensible": lambda last, rng: last <= 5,        # higher from a low number
    "random": lambda last, rng: rng.random() < 0.5,
}

TOY = BaseGame(name=NAME, title="Higher or Lower",
               schema=Schema(game=NAME, fields={}, attributes={}),
               effects=frozenset(), min_players=2, max_players=4, start=HigherOrLower,
               events=(Guessed,), describe=describe,
               simulation=Simulation(setup=new_setup, policies=POLICIES,
                                     figures=(("right", "right guesses"),)))


# -- at the referee's table ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Guess:
    player: int | None   # None: whoever's turn it is
    higher: bool


def parse_guess(tokens: list[Token], names: Sequence[str]) -> Guess:
    words = [token.text.lower() for token in tokens]
    player = resolve_player(words.pop(0), names) if len(words) == 2 else None
    if words not in (["higher"], ["lower"]):
        raise CommandError("Guess what? Write: guess [WHO] higher|lower.")
    return Guess(player=player, higher=words[0] == "higher")


def guess(session: Table, command: Guess, outcome: Outcome) -> None:
    game = session.game
    assert isinstance(game, HigherOrLower)
    session.verify_ready()
    player = game.turn if command.player is None else command.player
    session.record(Guessed(player=player, higher=command.higher), outcome)


def _said_after(game: Game, event: Event) -> list[Line]:
    if not isinstance(game, HigherOrLower) or not isinstance(event, Guessed):
        return []
    return [Line(SAY, f"The number is {game.last}. {game.names[game.turn]} guesses next.")]


TOY_TABLE = TableGame(
    name=NAME,
    setup=lambda new, triggers, actions: GameStarted(
        game=NAME, players=new.players, seed=new.seed, target=new.target, mode="score"),
    verbs=(Verb(Spec("guess", ("g",), "guess [WHO] higher|lower",
                     "the player to guess says whether the next number is higher", "players"),
                parse_guess, Guess, guess),),
    setup_words=lambda setup: f" (first to {setup.target})",
    to_act=lambda game: (game.turn, "guess") if isinstance(game, HigherOrLower) else None,
    next_step=lambda game: f"The number is {game.last}: guess higher or lower." if isinstance(
        game, HigherOrLower) else "",
    on_entry=_said_after,
    columns=("right",),
    counts=lambda game: [(sum(1 for change in game.points if change.player == seat
                              and change.reason == "guessed right"),)
                         for seat in range(len(game.names))])


# -- in scenario files (tests/fixtures/scenarios/higher-or-lower/) ---------------------------------

def scenario_start(data: dict[str, Any]) -> Journal:
    return Journal(new_setup(list(data["players"]), seed=int(data.get("seed", 1))))


def scenario_event(step: dict[str, Any], journal: Journal) -> Event | None:
    """`guess: Ann higher` (or lower)."""
    if "guess" not in step:
        return None
    who, way = str(step["guess"]).split()
    return Guessed(player=journal.game.seat_of(who), higher=way == "higher")


def scenario_observe(journal: Journal, keys: dict[str, Any]) -> dict[str, Any]:
    game = journal.game
    assert isinstance(game, HigherOrLower)
    seen = {"turn": game.names[game.turn], "guesses": game.plays}
    return {key: seen[key] for key in keys}
