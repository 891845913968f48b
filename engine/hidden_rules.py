"""Hidden Rules: secret trigger + action rules, enforcement, challenges and scoring over Up 'N Over.

Scoring, every branch of the seed:
- taking a trick: +1;
- a rule enforced on you: -1, the card you just played comes back to your hand, your turn ends;
- you challenge an enforcement of the holder's own rule: shown and right, holder +1 and you -1;
  wrong, holder -1 and you +1;
- you challenge someone enforcing another player's rule: the holder shows it, enforcer +1, you -1,
  holder -1; the holder cannot show it, enforcer -1, you +1, holder +1;
- no score goes below the floor (-10).

A round is one trick: it ends when the taker gathers the trick (by turning up the next card).
At the end of a round, the single highest score at or above the target (3) wins; a tie for
the highest continues the game until a round ends with one leader.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.cards import Card
from engine.errors import (
    ConfigError,
    IllegalActionError,
    JournalError,
    UnknownPlayerError,
    did_you_mean,
)
from engine.events import (
    Challenged,
    Enforced,
    Event,
    GameStarted,
    Played,
    RuleChosen,
    Ruling,
    TurnedUp,
    played,
    turned_up,
)
from engine.physical import TableUpNOver
from engine.upnover import Phase, UpNOver, hand_size_for

_PLAY, _TRICK_WON = Phase.PLAY, Phase.TRICK_WON  # module names: enum lookups are slow

DEFAULT_TARGET = 3
DEFAULT_FLOOR = -10


@dataclass(frozen=True, slots=True)
class SecretRule:
    trigger: str
    action: str


@dataclass(slots=True)
class Enforcement:
    """One enforcement and what became of it."""

    number: int
    enforcer: int
    violator: int
    holder: int
    hint: str
    card_taken_back: Card | None
    challengeable: bool = True
    challenger: int | None = None
    upheld: bool | None = None


class PointChange(NamedTuple):
    """One change of one score, with why: the audit trail of every point."""

    player: int
    delta: int
    score: int
    reason: str


def new_game(players: list[str] | tuple[str, ...], *, seed: int, dealer: int = 0,
             fewer_cards_variant: bool = False, target: int = DEFAULT_TARGET,
             floor: int = DEFAULT_FLOOR) -> GameStarted:
    """The setup event for a game of Hidden Rules with the seed's settings."""
    hand_size = hand_size_for(len(players), fewer_per_extra_player=fewer_cards_variant)
    return GameStarted(players=tuple(players), seed=seed, dealer=dealer, hand_size=hand_size,
                       target=target, floor=floor)


class HiddenRulesGame:
    """A game of Hidden Rules: the Up 'N Over table, scores, secret rules and enforcements."""

    __slots__ = (
        "challenge_pending", "enforcements", "floor", "names", "points", "rounds", "rules",
        "scores", "setup", "table", "target", "window_start", "winner",
    )

    def __init__(self, setup: GameStarted) -> None:
        names = tuple(name.strip() for name in setup.players)
        if any(not name for name in names):
            raise ConfigError("Every player needs a name.")
        if len({name.lower() for name in names}) != len(names):
            raise ConfigError(f"Player names must differ: {', '.join(names)}.")
        if setup.target < 1:
            raise ConfigError(f"The target score must be at least 1, not {setup.target}.")
        if setup.floor >= 0:
            raise ConfigError(f"The lowest score must be below zero, not {setup.floor}.")
        self.setup = setup
        self.names = names
        if setup.physical:
            if setup.deck:
                raise ConfigError("A game with real cards cannot also have a stacked deck.")
            self.table: UpNOver = TableUpNOver(players=len(names), seed=setup.seed,
                                               dealer=setup.dealer, hand_size=setup.hand_size,
                                               names=names)
        else:
            self.table = UpNOver(players=len(names), seed=setup.seed, dealer=setup.dealer,
                                 hand_size=setup.hand_size, names=names, deck=setup.deck)
        self.target = setup.target
        self.floor = setup.floor
        self.scores = [0] * len(names)
        self.rules: list[SecretRule | None] = [None] * len(names)
        self.enforcements: list[Enforcement] = []
        self.challenge_pending: Enforcement | None = None
        self.window_start = 0
        self.points: list[PointChange] = []
        self.rounds = 0
        self.winner: int | None = None

    # -- players -----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def seat_of(self, who: str | int) -> int:
        """The seat of a player given by name (any case) or seat number."""
        if isinstance(who, int):
            if 0 <= who < len(self.names):
                return who
            raise UnknownPlayerError(
                f"There is no seat {who}: the seats are 0 to {len(self.names) - 1}."
            )
        wanted = who.strip().lower()
        for seat, name in enumerate(self.names):
            if name.lower() == wanted:
                return seat
        raise UnknownPlayerError(
            f'There is no player called "{who.strip()}" at this table '
            f"({', '.join(self.names)}).{did_you_mean(wanted, self.names)}"
        )

    def _verify_seats(self, *seats: int) -> None:
        for seat in seats:
            self.seat_of(seat)

    def _verify_can_act(self) -> None:
        if self.winner is not None:
            raise IllegalActionError(f"The game is over: {self.names[self.winner]} won.")
        pending = self.challenge_pending
        if pending is not None:
            raise IllegalActionError(
                f"{self.names[pending.violator]}'s challenge of enforcement {pending.number} "
                "is waiting for a ruling: was the rule shown and enforced rightly?"
            )

    def _add_points(self, player: int, delta: int, reason: str) -> None:
        score = max(self.floor, self.scores[player] + delta)
        self.points.append(PointChange(player, score - self.scores[player], score, reason))
        self.scores[player] = score

    def _close_challenges(self) -> None:
        """Play moves on: enforcements made so far can no longer be challenged."""
        for enforcement in self.enforcements[self.window_start:]:
            enforcement.challengeable = False
        self.window_start = len(self.enforcements)

    # -- secret rules --------------------------------------------------------------------------

    def verify_choose_rule(self, player: int, trigger: str, action: str) -> None:
        self._verify_seats(player)
        if self.table.plays or self.table.phase is not Phase.TURN_UP or self.rounds:
            raise IllegalActionError("Secret rules are chosen before the first trick.")
        if self.rules[player] is not None:
            raise IllegalActionError(f"{self.names[player]} has already chosen a secret rule.")
        if not trigger.strip() or not action.strip():
            raise IllegalActionError("A secret rule needs both a trigger and an action.")

    def choose_rule(self, player: int, trigger: str, action: str) -> RuleChosen:
        self.verify_choose_rule(player, trigger, action)
        self.rules[player] = SecretRule(trigger, action)
        return RuleChosen(player=player, trigger=trigger, action=action)

    # -- the trick game --------------------------------------------------------------------------

    def verify_turn_up(self, player: int, ace_value: int | None = None,
                       card: Card | None = None) -> None:
        self._verify_can_act()
        self._verify_seats(player)
        self.table.verify_turn_up(player)
        if ace_value is not None and ace_value not in (1, 11):
            raise IllegalActionError(f"An ace counts 1 or 11, not {ace_value}.")
        self.table.verify_turned_card(card)

    def can_turn_up(self, player: int, ace_value: int | None = None,
                    card: Card | None = None) -> bool:
        try:
            self.verify_turn_up(player, ace_value, card)
        except (IllegalActionError, UnknownPlayerError):
            return False
        return True

    def turn_up(self, player: int, ace_value: int | None = None,
                card: Card | None = None) -> TurnedUp:
        """Close the round if a trick was won (the game may end there), then open a new trick.

        `card` is the card a real table turned up; a shuffled deck turns its own.
        """
        table = self.table
        if (self.winner is not None or self.challenge_pending is not None or player != table.turn
                or table.phase is _PLAY or ace_value not in (None, 1, 11) or card is not None
                or table.physical):
            self.verify_turn_up(player, ace_value, card)  # raises, saying what is wrong
        if self.window_start < len(self.enforcements):
            self._close_challenges()
        if table.phase is _TRICK_WON:
            table.gather()
            self.rounds += 1
            if max(self.scores) >= self.target:
                self.winner = self._round_winner()
                if self.winner is not None:  # the game ends before a card is turned
                    return TurnedUp(player=player, card=card, ace_value=ace_value)
        turned, _ = table.open_trick(player, ace_value, card)
        return turned_up(player, turned, ace_value)

    def _round_winner(self) -> int | None:
        best = max(self.scores)
        if best < self.target:
            return None
        leaders = [seat for seat, score in enumerate(self.scores) if score == best]
        return leaders[0] if len(leaders) == 1 else None

    def verify_play(self, player: int, card: Card, ace_value: int | None = None) -> None:
        self._verify_can_act()
        self._verify_seats(player)
        self.table.verify_play(player, card, ace_value)

    def can_play(self, player: int, card: Card, ace_value: int | None = None) -> bool:
        return self.winner is None and self.challenge_pending is None and (
            self.table.can_play(player, card, ace_value))

    def play(self, player: int, card: Card, ace_value: int | None = None) -> Played:
        if self.winner is not None or self.challenge_pending is not None:
            self._verify_can_act()
        if player.__class__ is not int or not 0 <= player < self.table.players:
            self.seat_of(player)
        taker = self.table.play(player, card, ace_value)  # verifies the play itself
        if self.window_start < len(self.enforcements):
            self._close_challenges()
        if taker is not None:
            self._add_points(taker, 1, "took the trick")
        return played(player, card, ace_value)

    # -- enforcing -----------------------------------------------------------------------------

    def verify_enforce(self, enforcer: int, violator: int, holder: int,
                       take_back: bool | None = None) -> None:
        self._verify_can_act()
        self._verify_seats(enforcer, violator, holder)
        if enforcer == violator:
            raise IllegalActionError(f"{self.names[enforcer]} cannot enforce a rule on themselves.")
        if take_back and not self.table.last_play_by(violator):
            raise IllegalActionError(
                f"{self.names[violator]}'s card cannot be taken back: the latest play on the "
                "table is not theirs. Enforce without taking a card back."
            )

    def can_enforce(self, enforcer: int, violator: int, holder: int,
                    take_back: bool | None = None) -> bool:
        try:
            self.verify_enforce(enforcer, violator, holder, take_back)
        except (IllegalActionError, UnknownPlayerError):
            return False
        return True

    def enforce(self, enforcer: int, violator: int, holder: int | None = None, hint: str = "",
                take_back: bool | None = None) -> Enforced:
        """`enforcer` enforces `holder`'s rule (their own by default) on `violator`.

        The violator loses a point. When their play is the latest on the table it comes back
        to their hand (`take_back` None decides that by itself) and their turn ends.
        Clarification: later, the penalty is the point alone; the play stands.
        """
        holder = enforcer if holder is None else holder
        self.verify_enforce(enforcer, violator, holder, take_back)
        if take_back is None:
            take_back = self.table.last_play_by(violator)
        self._add_points(violator, -1, f"broke {self.names[holder]}'s rule")
        returned: Card | None = None
        if take_back:
            taker = self.table.taker
            returned = self.table.take_back(violator)
            if taker is not None:
                self._add_points(taker, -1, "the trick was reopened")
        else:
            self.table.end_turn(violator)
        self.enforcements.append(Enforcement(
            number=len(self.enforcements) + 1, enforcer=enforcer, violator=violator,
            holder=holder, hint=hint, card_taken_back=returned))
        return Enforced(enforcer=enforcer, violator=violator, holder=holder, hint=hint,
                        take_back=take_back)

    # -- challenging ---------------------------------------------------------------------------

    def open_enforcement(self, challenger: int, number: int | None = None) -> Enforcement:
        """The enforcement `challenger` may challenge now, or `IllegalActionError` why not."""
        self._verify_can_act()
        self._verify_seats(challenger)
        name = self.names[challenger]
        if number is None:
            for enforcement in reversed(self.enforcements[self.window_start:]):
                if enforcement.challengeable and enforcement.violator == challenger:
                    return enforcement
            raise IllegalActionError(
                f"There is nothing for {name} to challenge: no rule has been enforced on "
                f"{name} since the last card was played."
            )
        if not 1 <= number <= len(self.enforcements):
            raise IllegalActionError(f"There is no enforcement number {number} to challenge.")
        enforcement = self.enforcements[number - 1]
        if enforcement.violator != challenger:
            raise IllegalActionError(
                f"Only {self.names[enforcement.violator]}, who was penalised by enforcement "
                f"{number}, may challenge it."
            )
        if not enforcement.challengeable:
            raise IllegalActionError(
                f"Enforcement {number} can no longer be challenged: play has moved on since."
            )
        return enforcement

    def verify_challenge(self, challenger: int, number: int | None = None) -> None:
        self.open_enforcement(challenger, number)

    def can_challenge(self, challenger: int, number: int | None = None) -> bool:
        try:
            self.open_enforcement(challenger, number)
        except (IllegalActionError, UnknownPlayerError):
            return False
        return True

    def challenge(self, challenger: int, number: int | None = None) -> Challenged:
        """The violator challenges: the holder must show the rule; a ruling follows."""
        enforcement = self.open_enforcement(challenger, number)
        enforcement.challengeable = False
        enforcement.challenger = challenger
        self.challenge_pending = enforcement
        return Challenged(challenger=challenger, enforcement=enforcement.number)

    def verify_rule(self) -> None:
        if self.challenge_pending is None:
            raise IllegalActionError("There is no challenge waiting for a ruling.")

    def rule(self, upheld: bool, note: str = "") -> Ruling:
        """Settle the pending challenge. `upheld`: the holder showed the rule and it was right."""
        self.verify_rule()
        enforcement = self.challenge_pending
        assert enforcement is not None and enforcement.challenger is not None
        enforcer, holder, challenger = (
            enforcement.enforcer, enforcement.holder, enforcement.challenger)
        sign = 1 if upheld else -1
        verdict = "upheld" if upheld else "overturned"
        self._add_points(enforcer, sign, f"enforcement {enforcement.number} {verdict}")
        self._add_points(challenger, -sign, f"challenge of enforcement {enforcement.number}")
        if holder != enforcer:
            self._add_points(holder, -sign, f"rule shown for enforcement {enforcement.number}"
                             if upheld else f"rule not shown for enforcement {enforcement.number}")
        enforcement.upheld = upheld
        self.challenge_pending = None
        return Ruling(upheld=upheld, note=note)

    # -- the journal fold ----------------------------------------------------------------------

    def apply(self, event: Event) -> Event:
        """Apply a journal entry; return the event as the game recorded it."""
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise JournalError(f"A {type(event).__name__} entry cannot be applied to a game.")
        recorded: Event = handler(self, event)
        if (isinstance(event, TurnedUp) and isinstance(recorded, TurnedUp)
                and event.card is not None and recorded.card is not None
                and recorded.card is not event.card):
            raise JournalError(
                f"The journal says {self.names[event.player]} turned up the {event.card.name}, "
                "but the shuffle from its seed puts another card there: the journal does not "
                "belong to this seed."
            )
        return recorded

    def snapshot(self) -> dict[str, object]:
        """A plain, comparable picture of the whole game."""
        return {
            "table": self.table.snapshot(),
            "scores": list(self.scores),
            "rules": [None if rule is None else (rule.trigger, rule.action) for rule in self.rules],
            "enforcements": [
                (e.enforcer, e.violator, e.holder, e.hint,
                 None if e.card_taken_back is None else e.card_taken_back.code,
                 e.challengeable, e.challenger, e.upheld)
                for e in self.enforcements
            ],
            "pending": None if self.challenge_pending is None else self.challenge_pending.number,
            "rounds": self.rounds,
            "winner": self.winner,
        }


_HANDLERS: dict[type[Any], Callable[[HiddenRulesGame, Any], Any]] = {
    RuleChosen: lambda game, e: game.choose_rule(e.player, e.trigger, e.action),
    TurnedUp: lambda game, e: game.turn_up(e.player, e.ace_value,
                                           e.card if game.table.physical else None),
    Played: lambda game, e: game.play(e.player, e.card, e.ace_value),
    Enforced: lambda game, e: game.enforce(e.enforcer, e.violator, e.holder, e.hint, e.take_back),
    Challenged: lambda game, e: game.challenge(e.challenger, e.enforcement),
    Ruling: lambda game, e: game.rule(e.upheld, e.note),
}
