"""The rules layer calls the game: a base game supplies only its own rules and reports what
its move did; the layer verifies before the move and closes challenges, counts points and
ends rounds after it, in one order no game can skip."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.errors import IllegalActionError, UnknownPlayerError
from engine.events import GameStarted
from engine.moves import STAYED, Award, MoveReport
from engine.rules_layer import RulesLayer

GAMES = Path(__file__).resolve().parents[2] / "engine" / "games"


class CoinToss(RulesLayer):
    """A toy game that supplies only its rules: a player calls a coin, a right call is a
    point, every call ends a round; a call of "edge" wins outright; a peek changes nothing.
    It never closes a challenge, scores or ends a round itself."""

    __slots__ = ("moves_run",)

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        self.moves_run = 0

    def call_coin(self, player: int, call: str) -> GameStarted:
        return self._move((player,), self._call_coin, player, call)

    def _call_coin(self, player: int, call: str) -> tuple[GameStarted, MoveReport]:
        if call not in ("heads", "tails", "edge"):
            raise IllegalActionError("Call heads, tails or edge.")
        self.moves_run += 1
        if call == "edge":
            return self.setup, MoveReport(winner=player)
        awards = (Award(player, 1, "called it"),) if call == "heads" else ()
        return self.setup, MoveReport(awards=awards, round_over=True)

    def peek(self, player: int) -> GameStarted:
        return self._move((player,), self._peek)

    def _peek(self) -> tuple[GameStarted, MoveReport]:
        self.moves_run += 1
        return self.setup, STAYED


def toss(target: int = 2) -> CoinToss:
    return CoinToss(GameStarted(players=("Ann", "Bob"), seed=1, target=target, mode="score"))


def test_a_game_supplying_only_its_rules_gets_challenges_closed_points_and_rounds() -> None:
    game = toss()
    game.enforce(0, 1, 0, hint="you touched the coin")
    game.peek(1)  # a move that stays: the enforcement can still be challenged
    assert game.can_challenge(1)
    game.call_coin(0, "heads")
    assert not game.can_challenge(1), "the layer closes challenges once play moves on"
    assert game.scores == [1, -1] and game.points[-1].reason == "called it"
    assert game.rounds == 1 and game.winner is None
    game.call_coin(0, "heads")
    assert game.rounds == 2 and game.winner == 0, "the layer's round end finds the winner"


def test_a_move_reporting_a_winner_ends_the_game_without_a_round() -> None:
    game = toss()
    game.call_coin(1, "edge")
    assert game.winner == 1 and game.rounds == 0 and game.is_over


def test_the_layer_checks_come_before_the_games_move() -> None:
    game = toss()
    with pytest.raises(UnknownPlayerError):
        game.call_coin(7, "heads")
    game.enforce(0, 1, 0, hint="h")
    game.challenge(1)
    with pytest.raises(IllegalActionError, match="waiting for a ruling"):
        game.call_coin(0, "heads")
    game.rule(upheld=True)
    game.call_coin(0, "edge")
    with pytest.raises(IllegalActionError, match="The game is over"):
        game.peek(1)
    assert game.moves_run == 1, "a refused move never reaches the game's rules"


def test_a_move_its_rules_refuse_settles_nothing() -> None:
    game = toss()
    game.enforce(0, 1, 0, hint="h")
    with pytest.raises(IllegalActionError, match="heads, tails or edge"):
        game.call_coin(0, "sideways")
    assert game.can_challenge(1) and game.rounds == 0 and game.scores == [0, -1]


def test_the_layers_bookkeeping_cannot_be_overridden() -> None:
    """`typing.final`: mypy --strict refuses a game that overrides the order of a move or
    the bookkeeping after it."""
    for name in ("_move", "_verify_move", "_settle", "_add_points", "_close_challenges",
                 "_end_round", "_verify_seats", "apply"):
        assert getattr(getattr(RulesLayer, name), "__final__", False), name


BOOKKEEPING = {"_close_challenges", "_add_points", "_end_round", "count_points", "after_round"}


def _bypasses(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in BOOKKEEPING):
            found.append(f"{path.relative_to(GAMES)}:{node.lineno} calls {node.func.attr}")
        if (isinstance(node, ast.FunctionDef) and node.name == "apply"
                and path.name != "base.py"):  # the contract's `Game.apply`, not a game's
            found.append(f"{path.relative_to(GAMES)}:{node.lineno} overrides apply")
    return found


def test_no_game_calls_the_layers_bookkeeping() -> None:
    """Every game reports what its moves did and lets the layer settle it."""
    found = [hit for path in sorted(GAMES.rglob("*.py")) for hit in _bypasses(path)]
    assert not found, found
