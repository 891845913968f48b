"""A simulation's counts for What the Rule?!: rounds, turns, guesses, halvings, points."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.what_the_rule.round import OUT_OF_CARDS, PILE_EMPTY, RoundResult
from engine.moves import Seat


def figures_of(results: Sequence[RoundResult], seats: int,
               winners: tuple[Seat, ...]) -> dict[str, int]:
    """The counts a simulation report sums over games (see `Simulation.figures`)."""
    players = seats - 1
    guessed = [result for result in results if result.guesser is not None]
    return {
        "rounds": len(results),
        "turns": sum(result.turns for result in results),
        "guessed": len(guessed),
        "guess_turns": sum(result.turns for result in guessed),
        "halved": sum(bool(result.halved) for result in results),
        "out_of_cards": sum(result.ended == OUT_OF_CARDS for result in results),
        "pile_empty": sum(result.ended == PILE_EMPTY for result in results),
        "master_points": sum(result.points[result.master] for result in results),
        "player_points": sum(sum(result.points) - result.points[result.master]
                             for result in results),
        "player_rounds": players * len(results),
        "shared_wins": int(len(winners) > 1),
    }
