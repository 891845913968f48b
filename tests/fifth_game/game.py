"""The fifth game's engine: the numbers, whose turn it is, and its one move, a guess.

Its move is written against `RulesLayer` in one place (`guess`): verify the seat and the
turn, carry the guess out, then let the layer close the challenges, score and end the round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalActionError
from engine.events import Entry, Event, GameStarted
from engine.games.base import BaseGame, Clarification, Simulation
from engine.language.schema import Schema
from engine.moves import Award, MoveReport
from engine.rules_layer import RulesLayer

NAME = "higher-or-lower"
LOWEST, HIGHEST = 1, 10
RIGHT = "guessed right"  # the reason of a right guess's point


@dataclass(frozen=True, slots=True, kw_only=True)
class Guessed(Entry):
    """A player says whether the next number will be higher than the last."""

    player: int
    higher: bool



@dataclass(frozen=True, slots=True)
class FifthFigures:
    """What a simulated game of it counts."""

    right: int

class HigherOrLower(RulesLayer):
    """The numbers drawn so far, whose turn it is, and how many guesses were right."""

    __slots__ = ("_draw", "numbers", "right", "turn")

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        self._draw = random.Random(setup.seed)
        self.numbers = [self._draw.randint(LOWEST, HIGHEST)]
        self.turn = 0
        self.right = 0

    @property
    def last(self) -> int:
        return self.numbers[-1]

    @property
    def plays(self) -> int:
        return len(self.numbers) - 1

    # -- the move ------------------------------------------------------------------------------

    def verify_guess(self, player: int) -> None:
        self._verify_move((player,), self._verify_turn, player)

    def _verify_turn(self, player: int) -> None:
        if player != self.turn:
            raise IllegalActionError(f"It is {self.names[self.turn]}'s turn.")

    def guess(self, player: int, higher: bool) -> Guessed:
        return self._move((player,), self._guess, player, higher)

    def _guess(self, player: int, higher: bool) -> tuple[Guessed, MoveReport]:
        """The game's own rule alone: every guess ends a round, a right one is a point (the
        rules layer closes challenges, counts the point and ends the round)."""
        self._verify_turn(player)
        before = self.last
        self.numbers.append(self._draw.randint(LOWEST, HIGHEST))
        awards: tuple[Award, ...] = ()
        if self.last != before and (self.last > before) == higher:  # a tie is never right
            self.right += 1
            awards = (Award(player, 1, RIGHT),)
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

    def figures(self) -> FifthFigures:
        return FifthFigures(right=self.right)


def describe(event: Any, names: Sequence[str]) -> str:
    return f"{names[event.player]} guesses {'higher' if event.higher else 'lower'}"


def new_setup(names: Sequence[str], *, seed: int, target: int = 3) -> GameStarted:
    return GameStarted(game=NAME, players=tuple(names), seed=seed, target=target)


POLICIES = {
    "sensible": lambda last, rng: last <= (LOWEST + HIGHEST) // 2,  # higher from a low one
    "random": lambda last, rng: rng.random() < 0.5,
}

CLARIFICATIONS = (
    Clarification(key="same-number", topic="The same number again",
                  ruling="When the next number equals the last, neither guess was right: "
                         "nobody scores, and the turn passes on."),
)

TOY = BaseGame(name=NAME, title="Higher or Lower",
               schema=Schema(game=NAME, fields={}, attributes={}),
               effects=frozenset(), min_players=2, max_players=4, start=HigherOrLower,
               events=(Guessed,), describe=describe, clarifications=CLARIFICATIONS,
               simulation=Simulation(setup=new_setup, policies=POLICIES, check_policy="sensible",
                                     figures=(("right", "right guesses"),)))
