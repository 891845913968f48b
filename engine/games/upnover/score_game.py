"""Score keeping only: the table plays with its own cards, the referee keeps the points.

Only who took each trick is recorded, with enforcements, challenges and rulings. Nothing
can be taken back (the referee never saw the card) and there are no turns to end. Recording
a trick ends a round, so a winner may be declared there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import ConfigError, allowed
from engine.events import Event, GameStarted
from engine.games.upnover.events import TrickTaken
from engine.moves import Award, MoveReport
from engine.rules_layer import RulesLayer


class ScoreGame(RulesLayer):
    """Hidden Rules points for a table that deals and plays its own cards."""

    __slots__ = ("tricks",)

    def __init__(self, setup: GameStarted) -> None:
        if setup.mode != "score":
            raise ConfigError("A score-keeping game is set up in score mode.")
        super().__init__(setup)
        self.tricks = [0] * len(self.names)

    def verify_take_trick(self, player: int) -> None:
        self._verify_move((player,))

    def can_take_trick(self, player: int) -> bool:
        return allowed(self.verify_take_trick, player)

    def take_trick(self, player: int) -> TrickTaken:
        """`player` took a trick: a point, and the round is over."""
        return self._move((player,), self._take_trick, player)

    def _take_trick(self, player: int) -> tuple[TrickTaken, MoveReport]:
        self.tricks[player] += 1
        return TrickTaken(player=player), MoveReport(
            awards=(Award(player, 1, "took the trick"),), round_over=True)

    def snapshot(self) -> dict[str, object]:
        return {"tricks": list(self.tricks), **super().snapshot()}

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {**super().handlers(), TrickTaken: lambda e: self.take_trick(e.player)}
