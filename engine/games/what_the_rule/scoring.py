"""The rounds of a game of What the Rule?! and their scores: the setup's checks, the checks
every entry shares, and how a round ends and scores (the seed's points, the master's halving)
and how the game ends. `game.WhatTheRuleGame` builds the moves on it; `hints` and
`corrections` the table's hints and its corrected counts.
"""

from __future__ import annotations

from engine.errors import ConfigError, IllegalActionError
from engine.events import GameStarted
from engine.games.what_the_rule.real_cards import REAL_MODES
from engine.games.what_the_rule.round import (
    EARLY_TURNS,
    FEW_CARDS,
    GUESS_BONUS,
    HINTED_BONUS,
    NOT_GUESSED,
    OUT_OF_CARDS,
    PILE_EMPTY,
    TEN_CARDS,
    TWO_TURNS,
    Round,
    RoundResult,
)
from engine.games.what_the_rule.settings import read_settings
from engine.games.what_the_rule.shapes import HAND
from engine.moves import MOVED_ON, Award, MoveReport
from engine.rules_layer import PointChange, RulesLayer


class ScoredRounds(RulesLayer):
    """The rounds, the round under way (or the last one), and the totals."""

    __slots__ = ("__weakref__", "over", "real", "results", "round", "settings", "turns_total",
                 "winners")

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        players = len(self.names)
        if setup.mode not in ("shuffled", *REAL_MODES):
            raise ConfigError(f'What the Rule?! is played with the engine dealing ("shuffled") '
                              'or at a real table ("table", or "score" when every master '
                              f'judges), not in "{setup.mode}" mode.')
        if setup.triggers or setup.actions:
            raise ConfigError("What the Rule?! is not played with hidden-rule cards: the "
                              "game master's rule is the secret.")
        if not 0 <= setup.dealer < players:
            raise ConfigError(f"The first master's seat is 0 to {players - 1}, not "
                              f"{setup.dealer}.")
        self.settings = read_settings(setup.options, players)
        self.real = setup.mode in REAL_MODES
        if self.settings.machine is not None and setup.mode != "shuffled":
            raise ConfigError("The machine master plays only where the engine deals the cards "
                              '("shuffled" mode): at a real table a person deals.')
        if self.real and self.settings.decks:
            raise ConfigError("At a real table the cards are shuffled and dealt by hand: a "
                              "stacked order (deck1 …) has no place there.")
        self.round: Round | None = None
        self.results: list[RoundResult] = []
        self.turns_total = 0
        self.over = False
        self.winners: tuple[int, ...] = ()

    # -- reading ----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.over

    def has_started(self) -> bool:
        return self.round is not None

    @property
    def under_way(self) -> Round | None:
        """The round being played, if one is."""
        round_ = self.round
        return round_ if round_ is not None and not round_.ended else None

    @property
    def next_master(self) -> int:
        """Who leads the next round: the first master chosen at setup, then the lead
        passes clockwise, to the left (clarification first-master); the machine master, where
        one sits, leads every round (clarification machine-seat)."""
        if self.settings.machine is not None:
            return self.settings.machine
        if self.round is None:
            return self.setup.dealer
        return (self.round.master + 1) % len(self.names)

    @property
    def plays(self) -> int:
        return self.turns_total

    # -- checks shared by every entry -----------------------------------------------------

    def _verify_can_act(self) -> None:
        if self.over:
            raise IllegalActionError(f"The game is over: {self.result_words()}.")

    def result_words(self) -> str:
        if not self.settings.points:
            return f"{len(self.results)} rounds played without points"
        names = [self.names[seat] for seat in self.winners]
        if len(names) == 1:
            return f"{names[0]} won"
        return f"{' and '.join(names)} share the win"

    def _verify_round(self) -> Round:
        self._verify_can_act()
        round_ = self.under_way
        if round_ is None:
            raise IllegalActionError(f"No round is under way: {self.names[self.next_master]} "
                                     "leads the next one.")
        return round_

    def _verify_between_turns(self, round_: Round) -> None:
        if round_.waiting:
            assert round_.guesser is not None
            name = self.names[round_.guesser]
            raise IllegalActionError(f"{name} played their last card: {name} guesses or "
                                     "passes before anything else happens.")

    def _verify_turn(self, player: int, doing: str) -> Round:
        round_ = self._verify_round()
        self._verify_seats(player)
        if player == round_.master:
            raise IllegalActionError(f"{self.names[player]} is the game master this round: "
                                     "the master holds no cards.")
        self._verify_between_turns(round_)
        if player != round_.turn:
            raise IllegalActionError(f"It is {self.names[round_.turn]}'s turn: only they "
                                     f"can {doing} now.")
        return round_

    def _verify_verdict(self, round_: Round, verdict: object, what: str) -> None:
        master = self.names[round_.master]
        if round_.rule is not None and verdict is not None:
            raise IllegalActionError(f"The referee judges this round by {master}'s rule: an "
                                     f"entry does not say {what}.")
        if round_.rule is None and verdict is None:
            raise IllegalActionError(f"{master} judges this round: say {what}.")

    def _close_window(self, round_: Round) -> None:
        """Anything else recorded after a card that fits (or a hand with none) ends the
        chance to guess (clarification guess-window)."""
        round_.guesser = None

    def _end_of_turn(self, round_: Round) -> MoveReport:
        """The round ends when a turn leaves a player without cards or the draw pile empty
        (clarification round-end). In play only the player of the turn can be left without
        cards; a count the table corrects can leave anyone so (clarification corrections)."""
        if any(not round_.hands[seat] for seat in round_.order):
            return self._close_round(round_, OUT_OF_CARDS)
        if not round_.pile:
            return self._close_round(round_, PILE_EMPTY)
        return MOVED_ON

    # -- the end of a round, and of the game ------------------------------------------------

    def _close_round(self, round_: Round, ended: str,
                     guesser: int | None = None) -> MoveReport:
        """Everyone but the master: 10 minus their cards in hand (never below zero:
        clarification negative-points), and the guesser 5 more (2 after hints agreed). The
        master: the best of those, halved and rounded down when the rule was guessed before
        every player had two turns or before ten cards were played, or not guessed
        (clarifications halving, cards-played). The round's points are the report's awards,
        counted by the rules layer (`count_points`), which then ends the round."""
        round_.ended = ended
        round_.guesser = None
        players = round_.order
        points = [0] * len(self.names)
        halved: tuple[str, ...] = ()
        awards: tuple[Award, ...] = ()
        if self.settings.points:
            bonus = HINTED_BONUS if round_.hints else GUESS_BONUS
            for seat in players:
                points[seat] = HAND - len(round_.hands[seat]) + (bonus if seat == guesser else 0)
            if guesser is None:
                halved = (NOT_GUESSED,)
            else:
                halved = tuple(why for why, holds in (
                    (EARLY_TURNS, any(round_.turns[seat] < TWO_TURNS for seat in players)),
                    (FEW_CARDS, round_.played < TEN_CARDS)) if holds)
            best = max(points[seat] for seat in players)
            points[round_.master] = best // 2 if halved else best
            awards = tuple(Award(seat, points[seat], self._why(round_, seat, guesser, halved))
                           for seat in (*players, round_.master))
        self.results.append(RoundResult(
            number=round_.number, master=round_.master, ended=ended, guesser=guesser,
            hints=round_.hints, turns=round_.turns_taken, played=round_.played,
            points=tuple(points), halved=halved,
            rule="" if round_.rule is None else round_.rule.source))
        return MoveReport(awards=awards, round_over=True)

    def after_round(self) -> None:
        """The game ends after its rounds (the setup's `target`)."""
        if self.rounds >= self.target:
            self._end_game()

    def _why(self, round_: Round, seat: int, guesser: int | None,
             halved: tuple[str, ...]) -> str:
        if seat == round_.master:
            return f"round {round_.number}: game master" + (", halved" if halved else "")
        left = len(round_.hands[seat])
        why = f"round {round_.number}: {left} card{'' if left == 1 else 's'} left"
        return why + (", guessed the rule" if seat == guesser else "")

    def count_points(self, award: Award) -> None:
        """A round's points, added without the Hidden Rules floor."""
        seat = award.seat
        self.scores[seat] += award.points
        self.points.append(PointChange(seat, award.points, self.scores[seat], award.reason))

    def _end_game(self) -> None:
        """Clarification game-end: the highest total wins; a tie shares the win (and leaves
        `winner`, the single winner, empty). A game without points has no winner. The machine
        master is no player (it never offers a card nor guesses), so it does not rank: the
        players with the highest total win (clarification machine-seat)."""
        self.over = True
        if not self.settings.points:
            return
        ranked = [seat for seat in range(len(self.scores)) if seat != self.settings.machine]
        best = max(self.scores[seat] for seat in ranked)
        self.winners = tuple(seat for seat in ranked if self.scores[seat] == best)
        if len(self.winners) == 1:
            self.winner = self.winners[0]
