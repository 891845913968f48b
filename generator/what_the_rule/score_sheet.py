"""What the Rule?!'s score sheet: ten players, a round each as game master, and how a round
is scored, printed by every build of a What the Rule?! deck (`hrdeck build`)."""

from __future__ import annotations

from pathlib import Path

from generator.deck import LoadedDeck
from generator.pipeline.targets import GameSheet, register_game_sheet
from generator.printing.score_sheet import ScoreSheet, write_score_sheet

from .cards import GAME

MOST_PLAYERS = 10  # the game is for 2 to 10
ROUNDS = MOST_PLAYERS  # each player leads one round
NOTES = (
    "Each round, every player but the game master scores 10 points, less 1 for each card "
    "still in their hand; whoever guesses the rule scores 5 more, or 2 more if the players "
    "agreed to hints.",
    "The game master scores as many points as the best player of the round, halved (rounded "
    "down) if the rule was guessed before each player had two turns or before 10 cards were "
    "played, or if nobody guessed it.",
    "The game ends when everyone has been game master once (or after the rounds agreed at "
    "the start). The highest total wins; players who tie share the win.",
)


def score_sheet(title: str) -> ScoreSheet:
    """The sheet for a deck called `title`."""
    return ScoreSheet(title=f"{title} — score sheet", players=MOST_PLAYERS, rounds=ROUNDS,
                      leader="Game master", notes=NOTES)


def _write(path: Path, deck: LoadedDeck, paper: str) -> int:
    name = deck.info.name if deck.info is not None else "What the Rule?!"
    return write_score_sheet(path, score_sheet(name), paper=paper, deck_name=name).pages


register_game_sheet(GameSheet(name="score-sheet", game=GAME, what="score sheet",
                              write=_write))
