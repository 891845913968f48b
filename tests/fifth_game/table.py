"""The fifth game at the referee's table: its one verb (`guess`), what it announces after a
guess, and its column on the board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.events import Event, GameStarted
from engine.games.registry import Game
from hrdeck.referee.commands import Spec, Token, resolve_player
from hrdeck.referee.errors import CommandError
from hrdeck.referee.tables import Table, TableGame, Verb
from hrdeck.referee.views import SAY, Line, Outcome
from tests.fifth_game.game import NAME, RIGHT, Guessed, HigherOrLower


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
    if game.winner is not None:
        return [Line(SAY, f"The number is {game.last}.")]
    return [Line(SAY, f"The number is {game.last}. {game.names[game.turn]} guesses next.")]


def _right_guesses(game: Game) -> list[tuple[int, ...]]:
    return [(sum(1 for change in game.points if change.player == seat and change.reason == RIGHT),)
            for seat in range(len(game.names))]


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
    counts=_right_guesses)
