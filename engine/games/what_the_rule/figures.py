"""A simulation's counts for What the Rule?!: rounds, turns, guesses, halvings, points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.games.what_the_rule.round import OUT_OF_CARDS, PILE_EMPTY, RoundResult
from engine.moves import Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class WhatTheRuleFigures:
    """A bots' game's counts, summed over its rounds: turns (and those of rounds whose rule
    was guessed), rules guessed, masters' points halved, how rounds ended, the masters' and
    the players' points, rounds played by a player, and whether the win was shared (1 or 0)."""

    rounds: int
    turns: int
    guessed: int
    guess_turns: int
    halved: int
    out_of_cards: int
    pile_empty: int
    master_points: int
    player_points: int
    player_rounds: int
    shared_wins: int


def figures_of(results: Sequence[RoundResult], seats: int,
               winners: tuple[Seat, ...]) -> WhatTheRuleFigures:
    """The counts a simulation report sums over games (see `Simulation.figures`)."""
    players = seats - 1
    guessed = [result for result in results if result.guesser is not None]
    return WhatTheRuleFigures(
        rounds=len(results),
        turns=sum(result.turns for result in results),
        guessed=len(guessed),
        guess_turns=sum(result.turns for result in guessed),
        halved=sum(bool(result.halved) for result in results),
        out_of_cards=sum(result.ended == OUT_OF_CARDS for result in results),
        pile_empty=sum(result.ended == PILE_EMPTY for result in results),
        master_points=sum(result.points[result.master] for result in results),
        player_points=sum(sum(result.points) - result.points[result.master]
                          for result in results),
        player_rounds=players * len(results),
        shared_wins=int(len(winners) > 1),
    )
