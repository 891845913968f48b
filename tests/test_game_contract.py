"""The base-game contract: a game registered from this test file alone — "higher or lower",
one entry type of its own — is started, journaled, undone and described by the generic
journal, with the hidden-rules layer on top, and nothing outside this file names it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from engine.errors import IllegalActionError
from engine.events import Enforced, Event, GameStarted
from engine.games import GAMES, BaseGame, find_game, register, unregister
from engine.journal import Journal, describe
from engine.language.schema import Schema
from engine.rules_layer import RulesLayer


@dataclass(frozen=True, slots=True, kw_only=True)
class Guessed:
    """A player says whether the next number will be higher than the last."""

    player: int
    higher: bool


class HigherOrLower(RulesLayer):
    """Numbers 1-10 drawn from the seed; a right guess is a point and ends the round."""

    __slots__ = ("last", "numbers", "turn")

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        draw = random.Random(setup.seed)
        self.numbers = [draw.randint(1, 10) for _ in range(200)]
        self.last = 0
        self.turn = 0

    def guess(self, player: int, higher: bool) -> Guessed:
        self._verify_can_act()
        if player != self.turn:
            raise IllegalActionError(f"It is {self.names[self.turn]}'s turn.")
        before, self.last = self.numbers[self.last], self.last + 1
        after = self.numbers[self.last]
        self._close_challenges()
        if (after > before) == higher and after != before:
            self._add_points(player, 1, "guessed right")
        self.turn = (self.turn + 1) % len(self.names)
        self._end_round()
        return Guessed(player=player, higher=higher)

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {**super().handlers(), Guessed: lambda e: self.guess(e.player, e.higher)}


def _describe(event: Any, names: Sequence[str]) -> str:
    return f"{names[event.player]} guesses {'higher' if event.higher else 'lower'}"


TOY = BaseGame(name="higher-or-lower", title="Higher or Lower",
               schema=Schema(game="higher-or-lower", fields={}, attributes={}),
               effects=frozenset(), min_players=2, max_players=4, start=HigherOrLower,
               events=(Guessed,), describe=_describe)


@pytest.fixture
def toy() -> Iterator[BaseGame]:
    register(TOY)
    yield TOY
    unregister(TOY.name)


def test_a_game_registered_from_outside_is_found_by_name(toy: BaseGame) -> None:
    assert find_game("higher-or-lower") is toy and "higher-or-lower" in GAMES
    assert "up-n-over" in GAMES  # the built-in games are there too


def test_the_generic_journal_plays_undoes_and_describes_it(toy: BaseGame) -> None:
    setup = GameStarted(game="higher-or-lower", players=("Ann", "Ben"), seed=4, target=2)
    journal = Journal(setup)
    assert isinstance(journal.game, HigherOrLower)
    journal.record(Guessed(player=0, higher=True))
    journal.record(Guessed(player=1, higher=False))
    after_two = journal.game.snapshot()
    journal.record(Guessed(player=0, higher=True))
    journal.undo()
    assert journal.game.snapshot() == after_two
    with pytest.raises(IllegalActionError, match="Ann's turn"):
        journal.record(Guessed(player=1, higher=True))
    assert [describe(entry, journal.game.names) for entry in journal.entries[1:3]] == [
        "Ann guesses higher", "Ben guesses lower"]


def test_hidden_rules_sit_on_top_of_it(toy: BaseGame) -> None:
    journal = Journal(GameStarted(game="higher-or-lower", players=("Ann", "Ben"), seed=4,
                                  mode="score"))
    journal.record(Guessed(player=0, higher=True))
    before = list(journal.game.scores)
    journal.record(Enforced(enforcer=1, violator=0, holder=1, hint="You did not blink.",
                            take_back=False))
    assert journal.game.scores == [before[0] - 1, before[1]]  # the violator loses a point
    assert "Ben enforces their own rule on Ann" in describe(journal.entries[-1],
                                                            journal.game.names)


def test_an_unknown_game_in_a_journal_is_a_sentence() -> None:
    from engine.games import UnknownGameError

    with pytest.raises(UnknownGameError, match=r'no base game called "snap".*hrdeck knows'):
        Journal(GameStarted(game="snap", players=("Ann", "Ben"), seed=1))


def test_the_table_a_deck_can_seat_comes_from_its_game(toy: BaseGame) -> None:
    from generator.table_size import least_rule_cards, player_range

    assert player_range(20, 20, toy) == (2, 3, 4)  # higher or lower seats four at most
    assert player_range(20, 20, find_game("up-n-over")) == (2, 3, 4, 5)
    assert least_rule_cards(toy) == 4
