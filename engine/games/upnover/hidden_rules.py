"""Hidden Rules over Up 'N Over: the trick game, with the rules layer on top.

A round is one trick: it ends when the taker gathers the trick, before the hands are drawn back
up and the next card turned up (clarification round). The table records the three steps as
one: the taker's turning up.
See `engine.rules_layer` for the scoring.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.cards import Card, Rank
from engine.errors import ConfigError, IllegalActionError, JournalError, allowed
from engine.events import OUT_OF_TURN, Event, GameStarted
from engine.games.base import Policy, Step
from engine.games.upnover.events import Drew, Played, TurnedUp, played, turned_up
from engine.games.upnover.real_cards import TableUpNOver
from engine.games.upnover.trick_game import Phase, UpNOver, hand_size_for
from engine.moves import MOVED_ON, STAYED, Award, MoveReport, TakenBack
from engine.rules_layer import DEFAULT_FLOOR, DEFAULT_TARGET, RulesLayer

_PLAY, _TRICK_WON = Phase.PLAY, Phase.TRICK_WON  # module names: enum lookups are slow
_ACE = Rank.ACE
_ROUND_OVER = MoveReport(round_over=True)  # the won trick gathered


@cache  # reports are immutable: one per seat, built once (a frozen dataclass is slow to build)
def _took_trick(taker: int) -> MoveReport:
    return MoveReport(awards=(Award(taker, 1, "took the trick"),))

__all__ = ["DEFAULT_FLOOR", "DEFAULT_TARGET", "HiddenRulesGame", "new_game"]


def new_game(players: list[str] | tuple[str, ...], *, seed: int, dealer: int = 0,
             fewer_cards_variant: bool = False, target: int = DEFAULT_TARGET,
             floor: int = DEFAULT_FLOOR, mode: str = "shuffled", triggers: tuple[str, ...] = (),
             actions: tuple[str, ...] = ()) -> GameStarted:
    """The setup event for a game of Hidden Rules with the seed's settings."""
    hand_size = hand_size_for(len(players), fewer_per_extra_player=fewer_cards_variant)
    return GameStarted(players=tuple(players), seed=seed, dealer=dealer, hand_size=hand_size,
                       target=target, floor=floor, mode=mode, triggers=triggers,
                       actions=actions)


@dataclass(frozen=True, slots=True, kw_only=True)
class UpNOverFigures:
    """A bots' game's counts: tricks taken, and the deck shuffled again when it ran out."""

    tricks: int
    reshuffles: int


class HiddenRulesGame(RulesLayer):
    """A game of Hidden Rules: the Up 'N Over table, scores, secret rules and enforcements."""

    __slots__ = ("table",)

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        names = self.names
        if setup.mode == "table":
            if setup.deck:
                raise ConfigError("A game with real cards cannot also have a stacked deck.")
            self.table: UpNOver = TableUpNOver(players=len(names), seed=setup.seed,
                                               dealer=setup.dealer, hand_size=setup.hand_size,
                                               names=names)
        elif setup.mode == "shuffled":
            self.table = UpNOver(players=len(names), seed=setup.seed, dealer=setup.dealer,
                                 hand_size=setup.hand_size, names=names, deck=setup.deck)
        else:
            raise ConfigError(f'A game of Hidden Rules with cards cannot be played in '
                              f'"{setup.mode}" mode.')

    # -- what the rules layer asks of its base game ----------------------------------------

    def has_started(self) -> bool:
        return bool(self.table.plays or self.table.phase is not Phase.TURN_UP or self.rounds)

    def can_take_back(self, violator: int, card: Card | None = None) -> bool:
        table = self.table
        return table.last_play_by(violator) and (card is None or table.trick[-1][0] is card)

    def take_back(self, violator: int) -> TakenBack:
        taker = self.table.taker
        card = self.table.take_back(violator)
        if taker is None:
            return TakenBack(card)
        return TakenBack(card, (Award(taker, -1, "the trick was reopened"),))

    def end_turn(self, violator: int) -> None:
        self.table.end_turn(violator)

    def verify_broken_card(self, card: Card) -> None:
        trick = self.table.trick
        if trick and trick[0][0] is card:
            raise IllegalActionError(f"The {card.name} was turned up to open the trick: it is "
                                     "not a play, so it broke no rule.")
        if all(played is not card for played, _, _ in trick[1:]):
            raise IllegalActionError(f"The {card.name} is not among the cards played in the "
                                     "trick on the table.")

    def verify_offence(self, offender: int, offence: str) -> None:
        table, name = self.table, self.names[offender]
        to_play = table.phase is _PLAY and table.turn == offender
        if offence == OUT_OF_TURN:
            if to_play:
                raise IllegalActionError(f"It is {name}'s turn to play: a card from {name} now "
                                         "is not out of turn.")
        elif not to_play and not table.last_play_by(offender):
            raise IllegalActionError(
                f"{name} is not the one to play, and the latest card played is not theirs: "
                "only the player to act, or who has just played, can be too slow.")

    # -- turning up ----------------------------------------------------------------------------

    def verify_turn_up(self, player: int, ace_value: int | None = None,
                       card: Card | None = None) -> None:
        self._verify_move((player,), self._turn_up_rules, player, ace_value, card)

    def _turn_up_rules(self, player: int, ace_value: int | None, card: Card | None) -> None:
        table = self.table
        self._verify_rules_kept("the first card is turned up")
        table.verify_turn_up(player)
        if self.gathering_wins() is None:  # a game won as the trick is gathered turns no card
            table.verify_turned(ace_value, card)

    def gathering_wins(self) -> int | None:
        """The seat that wins as the won trick is gathered, ending the round, if any."""
        if self.table.phase is not _TRICK_WON:
            return None
        best = max(self.scores)
        leaders = [seat for seat, score in enumerate(self.scores) if score == best]
        return leaders[0] if best >= self.target and len(leaders) == 1 else None

    def can_turn_up(self, player: int, ace_value: int | None = None,
                    card: Card | None = None) -> bool:
        return allowed(self.verify_turn_up, player, ace_value, card)

    def turn_up(self, player: int, ace_value: int | None = None,
                card: Card | None = None) -> TurnedUp:
        """Close the round if a trick was won (the game may end there), then open a new trick.

        `card` is the card a real table turned up; a shuffled deck turns its own.
        """
        return self._move((player,), self._turn_up, player, ace_value, card)

    def _turn_up(self, player: int, ace_value: int | None,
                 card: Card | None) -> tuple[TurnedUp, MoveReport]:
        self._turn_up_rules(player, ace_value, card)
        table = self.table
        report = MOVED_ON
        if table.phase is _TRICK_WON:
            report = _ROUND_OVER
            if self.gathering_wins() is not None:  # the game ends before a card is turned
                table.gather()
                return TurnedUp(player=player), report
            table.gather()
        turned, _ = table.open_trick(player, ace_value, card)
        return turned_up(player, turned, ace_value if turned.rank is _ACE else None), report

    # -- playing ---------------------------------------------------------------------------------

    def verify_play(self, player: int, card: Card, ace_value: int | None = None) -> None:
        self._verify_move((player,), self.table.verify_play, player, card, ace_value)

    def can_play(self, player: int, card: Card, ace_value: int | None = None) -> bool:
        return allowed(self.verify_play, player, card, ace_value)

    def play(self, player: int, card: Card, ace_value: int | None = None,
             said: str = "") -> Played:
        """Play a card; `said` is what the player said with it, as a referee heard it."""
        return self._move((player,), self._play, player, card, ace_value, said)

    def _play(self, player: int, card: Card, ace_value: int | None,
              said: str) -> tuple[Played, MoveReport]:
        table = self.table
        table.verify_play(player, card, ace_value)
        taker = table.add_to_trick(player, card, ace_value)
        report = MOVED_ON if taker is None else _took_trick(taker)
        if said:
            return Played(player=player, card=card, ace_value=ace_value, said=said), report
        return played(player, card, ace_value), report

    # -- drawing ---------------------------------------------------------------------------------

    def verify_draw(self, player: int, count: int = 1) -> None:
        self._verify_move((player,), self.table.verify_draw, player, count)

    def can_draw(self, player: int, count: int = 1) -> bool:
        return allowed(self.verify_draw, player, count)

    def draw(self, player: int, count: int = 1) -> Drew:
        """A rule's action made `player` draw cards."""
        return self._move((player,), self._draw, player, count)

    def _draw(self, player: int, count: int) -> tuple[Drew, MoveReport]:
        self.table.verify_draw(player, count)
        self.table.draw(player, count)
        return Drew(player=player, count=count), STAYED

    # -- bots ----------------------------------------------------------------------------------

    @property
    def plays(self) -> int:
        return self.table.plays

    def legal_actions(self) -> list[Event]:
        """Each card of the hand of the player to play (an ace as 1 and as 11), or turning
        up the next card; nothing while the game is over or a challenge is open."""
        table = self.table
        if self.winner is not None or self.challenge_pending is not None:  # `_verify_can_act`
            return []
        seat = table.turn
        if table.phase is not _PLAY:
            return [TurnedUp(player=seat)] if self.can_turn_up(seat) else []
        return [Played(player=seat, card=card, ace_value=value)
                for card, value in table.legal_plays(seat)]

    def step(self, policy: Policy, rng: random.Random, turn_limit: int) -> Step | None:
        """A bot plays the card `policy` chooses from what its player sees (the table), or
        turns up the next card when the trick is over."""
        table = self.table
        seat = table.turn
        if table.phase is _PLAY:
            if table.plays >= turn_limit:
                return None
            card, ace_value = policy(table, rng)
            return self._move((seat,), self._play, seat, card, ace_value, ""), seat
        return self.turn_up(seat), None

    def figures(self) -> UpNOverFigures:
        return UpNOverFigures(tricks=sum(self.table.tricks_taken),
                              reshuffles=self.table.reshuffles)

    # -- the journal fold ----------------------------------------------------------------------

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {
            **super().handlers(),
            TurnedUp: self._replay_turn_up,
            Played: lambda e: self.play(e.player, e.card, e.ace_value, e.said),
            Drew: lambda e: self.draw(e.player, e.count),
        }

    def _replay_turn_up(self, event: TurnedUp) -> TurnedUp:
        recorded = self.turn_up(event.player, event.ace_value,
                                event.card if self.table.physical else None)
        if (event.card is not None and recorded.card is not None
                and recorded.card is not event.card):
            raise JournalError(
                f"The journal says {self.names[event.player]} turned up the {event.card.name}, "
                "but the shuffle from its seed puts another card there: the journal does not "
                "belong to this seed.")
        return recorded

    def snapshot(self) -> dict[str, object]:
        return {"table": self.table.snapshot(), **super().snapshot()}
