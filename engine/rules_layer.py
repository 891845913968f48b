"""The hidden-rules layer: secret rules, enforcement, challenges and scoring over a base game.

Scoring, every branch of the Hidden Rules text:
- taking a trick: +1;
- a rule enforced on you: -1; the card you just played comes back and your turn ends
  (where the base game has cards and turns); you may enforce a rule on yourself, and nobody
  can challenge that;
- an illegal play called on you (out of turn, too slow): -1, like a rule everybody knows;
  it cannot be challenged;
- you challenge an enforcement of the holder's own rule: shown and right, holder +1 and you
  -1; wrong, holder -1 and you +1;
- you challenge someone enforcing another player's rule: the holder shows it, enforcer +1,
  you -1, holder -1; the holder cannot show it, enforcer -1, you +1, holder +1;
- no score goes below the floor (-10).

A round is one trick. At the end of a round, the single highest score at or above the target
(3) wins; a tie for the highest plays on until a round ends with one leader.

A base game subclasses `RulesLayer` and never calls its bookkeeping: every move goes through
`_move` (the layer's checks, the game's move, then the move's `MoveReport` settled: see
`engine.moves`). The game says what a penalty costs (`penalise`), how points count and what
a round's end decides (`count_points`, `after_round`), and what taking a card back and
ending a turn mean in it (`take_back`, `end_turn`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, final

from engine.cards import Card
from engine.errors import (
    ConfigError,
    IllegalActionError,
    JournalError,
    UnknownPlayerError,
    allowed,
    did_you_mean,
)
from engine.events import (
    OFFENCES,
    TOO_SLOW,
    Called,
    Challenged,
    Enforced,
    Event,
    GameStarted,
    RuleChosen,
    Ruling,
)
from engine.moves import MOVED_ON, Award, MoveReport, Seat, TakenBack
from engine.secret_rules import (
    RULE_CARDS_EACH,
    DealtRules,
    Enforcement,
    PointChange,
    SecretRule,
    deal_rules,
)

DEFAULT_TARGET = 3
DEFAULT_FLOOR = -10
MODES = ("shuffled", "table", "score")

E = TypeVar("E", bound=Event)
P = ParamSpec("P")

__all__ = ["DEFAULT_FLOOR", "DEFAULT_TARGET", "MODES", "RULE_CARDS_EACH", "DealtRules",
           "Enforcement", "PointChange", "RulesLayer", "SecretRule", "deal_rules"]


class RulesLayer:
    """Scores, secret rules, enforcements and challenges; a base game supplies the rest."""

    __slots__ = (
        "calls", "challenge_pending", "dealt", "enforcements", "floor", "names", "points",
        "rounds",
        "rules", "scores", "setup", "target", "window_start", "winner",
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
        if setup.mode not in MODES:
            raise ConfigError(f'"{setup.mode}" is not a way to play; choose one of '
                              f"{', '.join(MODES)}.{did_you_mean(setup.mode, MODES)}")
        self.setup = setup
        self.names = names
        self.target = setup.target
        self.floor = setup.floor
        self.scores = [0] * len(names)
        self.dealt = deal_rules(setup)
        self.rules: list[SecretRule | None] = [None] * len(names)
        self.enforcements: list[Enforcement] = []
        self.calls: list[Called] = []
        self.challenge_pending: Enforcement | None = None
        self.window_start = 0
        self.points: list[PointChange] = []
        self.rounds = 0
        self.winner: Seat | None = None

    # -- what the base game supplies -------------------------------------------------------

    def has_started(self) -> bool:
        """Whether the first trick is under way (secret rules are kept before it)."""
        return self.rounds > 0

    def can_take_back(self, violator: Seat, card: Card | None = None) -> bool:
        """Whether the violator's latest play (`card`, when named) is the latest on the table."""
        return False

    def take_back(self, violator: Seat) -> TakenBack:
        """Return the latest play to the violator's hand, with the points it had won."""
        raise IllegalActionError("There is no card to take back.")

    def end_turn(self, violator: Seat) -> None:
        """A penalised player whose turn it is loses the rest of it."""

    def verify_broken_card(self, card: Card) -> None:
        """`card` must be a play in the open trick for an enforcement to name it."""
        raise IllegalActionError("This game does not follow the cards: enforce without naming "
                                 "one.")

    def verify_offence(self, offender: Seat, offence: str) -> None:
        """Whether `offence` can be called on `offender` now (the base game knows the turns)."""

    # -- players -----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def seat_of(self, who: str | Seat) -> Seat:
        """The seat of a player given by name (any case) or seat number."""
        if isinstance(who, int):
            if 0 <= who < len(self.names):
                return who
            raise UnknownPlayerError(
                f"There is no seat {who}: the seats are 0 to {len(self.names) - 1}.")
        wanted = who.strip().lower()
        for seat, name in enumerate(self.names):
            if name.lower() == wanted:
                return seat
        raise UnknownPlayerError(
            f'There is no player called "{who.strip()}" at this table '
            f"({', '.join(self.names)}).{did_you_mean(wanted, self.names)}")

    @final
    def _verify_seats(self, *seats: Seat) -> None:
        for seat in seats:
            self.seat_of(seat)

    def _verify_can_act(self) -> None:
        """Whether the game takes moves now: nobody has won and no challenge waits for a
        ruling. A game that ends otherwise overrides it (`HiddenRulesGame.legal_actions`
        tests the same two conditions inline: change them together)."""
        if self.winner is not None:
            raise IllegalActionError(f"The game is over: {self.names[self.winner]} won.")
        pending = self.challenge_pending
        if pending is not None:
            raise IllegalActionError(
                f"{self.names[pending.violator]}'s challenge of enforcement {pending.number} "
                "is waiting for a ruling: was the rule shown and enforced rightly?")

    def _verify_rules_kept(self, moment: str) -> None:
        """Every secret rule dealt has been kept before `moment` ("the first turn")."""
        if self.dealt and None in self.rules:
            missing = [name for name, rule in zip(self.names, self.rules, strict=True)
                       if rule is None]
            raise IllegalActionError(
                f"Every player keeps a secret rule before {moment}; "
                f"{' and '.join(missing)} {'has' if len(missing) == 1 else 'have'} not.")

    def penalise(self, player: Seat, reason: str) -> None:
        """What breaking a rule or playing illegally costs: a point here. A base game whose
        penalty is something else (a card from the stack, in Mao) overrides it."""
        self._add_points(player, -1, reason)

    def count_points(self, award: Award) -> None:
        """How a move's award counts: Hidden Rules points, never below the floor, each
        change announced. A game that keeps its scores otherwise overrides it."""
        self._add_points(award.seat, award.points, award.reason)

    def after_round(self) -> None:
        """What the end of a round decides: one leader at or above the target wins (a tie
        for the lead plays on). A game that ends otherwise overrides it."""
        best = max(self.scores)
        if best >= self.target:
            leaders = [seat for seat, score in enumerate(self.scores) if score == best]
            if len(leaders) == 1:
                self.winner = leaders[0]

    # -- every move of the base game -----------------------------------------------------------

    @final
    def _verify_move(self, seats: tuple[Seat | None, ...],
                     rules: Callable[P, object] | None = None, *args: P.args,
                     **kwargs: P.kwargs) -> None:
        """Why a move naming `seats` (None: nobody) cannot be made now: the layer's checks
        first (the game takes moves, every seat sits at the table), then the game's own
        `rules(*args, **kwargs)`."""
        self._verify_can_act()
        players = len(self.names)
        for seat in seats:
            if seat is not None and not 0 <= seat < players:
                self.seat_of(seat)
        if rules is not None:
            rules(*args, **kwargs)

    @final
    def _move(self, seats: tuple[Seat | None, ...], move: Callable[P, tuple[E, MoveReport]],
              *args: P.args, **kwargs: P.kwargs) -> E:
        """The order of every move of the base game: the layer's checks (`_verify_move`);
        the game's `move(*args, **kwargs)`, which checks its own rules, carries itself out
        and reports; then the report settled (`_settle`). Returns the entry as recorded."""
        self._verify_move(seats)
        entry, report = move(*args, **kwargs)
        if report is not MOVED_ON or self.window_start < len(self.enforcements):
            self._settle(report)
        return entry

    @final
    def _settle(self, report: MoveReport) -> None:
        if report.moved_on and self.window_start < len(self.enforcements):
            self._close_challenges()
        for award in report.awards:
            self.count_points(award)
        if report.winner is not None:
            self.winner = report.winner
        elif report.round_over:
            self._end_round()

    @final
    def _add_points(self, player: Seat, delta: int, reason: str) -> None:
        score = max(self.floor, self.scores[player] + delta)
        self.points.append(PointChange(player, score - self.scores[player], score, reason))
        self.scores[player] = score

    @final
    def _close_challenges(self) -> None:
        """Play moves on: enforcements made so far can no longer be challenged."""
        for enforcement in self.enforcements[self.window_start:]:
            enforcement.challengeable = False
        self.window_start = len(self.enforcements)

    @final
    def _end_round(self) -> None:
        """A round is over: count it, then decide what it decides (`after_round`)."""
        self.rounds += 1
        self.after_round()

    # -- secret rules --------------------------------------------------------------------------

    def verify_choose_rule(self, player: Seat, trigger: str, action: str) -> None:
        self._verify_seats(player)
        if self.has_started():
            raise IllegalActionError("Secret rules are chosen before the first move of the game.")
        if self.rules[player] is not None:
            raise IllegalActionError(f"{self.names[player]} has already chosen a secret rule.")
        if not trigger.strip() or not action.strip():
            raise IllegalActionError("A secret rule needs both a trigger and an action.")
        if self.dealt:
            dealt = self.dealt[player]
            for kind, card, cards in (("trigger", trigger, dealt.triggers),
                                      ("action", action, dealt.actions)):
                if card not in cards:
                    raise IllegalActionError(
                        f'{self.names[player]} was not dealt the {kind} "{card}"; they hold '
                        f"{' and '.join(cards)}.")

    def can_choose_rule(self, player: Seat, trigger: str, action: str) -> bool:
        return allowed(self.verify_choose_rule, player, trigger, action)

    def choose_rule(self, player: Seat, trigger: str, action: str) -> RuleChosen:
        self.verify_choose_rule(player, trigger, action)
        self.rules[player] = SecretRule(trigger, action)
        return RuleChosen(player=player, trigger=trigger, action=action)

    # -- enforcing -----------------------------------------------------------------------------

    def verify_enforce(self, enforcer: Seat, violator: Seat, holder: Seat,
                       take_back: bool | None = None, card: Card | None = None) -> None:
        """Clarification self-enforcement: a player may enforce a rule on themselves."""
        self._verify_can_act()
        self._verify_seats(enforcer, violator, holder)
        if card is not None:
            self.verify_broken_card(card)
        if take_back:
            self._verify_take_back(violator, card)

    def _verify_take_back(self, violator: Seat, card: Card | None) -> None:
        if self.can_take_back(violator, card):
            return
        if card is not None and self.can_take_back(violator):
            raise IllegalActionError(
                f"The {card.name} cannot come back: it is no longer the latest card played. "
                "Enforce without taking a card back.")
        raise IllegalActionError(
            f"{self.names[violator]}'s card cannot be taken back: the latest play on the "
            "table is not theirs. Enforce without taking a card back.")

    def can_enforce(self, enforcer: Seat, violator: Seat, holder: Seat,
                    take_back: bool | None = None, card: Card | None = None) -> bool:
        return allowed(self.verify_enforce, enforcer, violator, holder, take_back, card)

    def enforce(self, enforcer: Seat, violator: Seat, holder: Seat | None = None, hint: str = "",
                take_back: bool | None = None, card: Card | None = None) -> Enforced:
        """`enforcer` enforces `holder`'s rule (their own by default) on `violator`.

        The violator loses a point. When the card that broke the rule (`card`; the
        violator's latest play when none is named) is the latest on the table, it comes back
        to their hand (`take_back` None decides that by itself) and their turn ends.
        Clarification take-back: later, the penalty is the point alone; the play stands.
        An enforcement on oneself cannot be challenged.
        """
        holder = enforcer if holder is None else holder
        self.verify_enforce(enforcer, violator, holder, take_back, card)
        if take_back is None:
            take_back = self.can_take_back(violator, card)
        self.penalise(violator, f"broke {self.names[holder]}'s rule")
        returned = self._take_back(violator) if take_back else None
        if not take_back:
            self.end_turn(violator)
        self.enforcements.append(Enforcement(
            number=len(self.enforcements) + 1, enforcer=enforcer, violator=violator,
            holder=holder, hint=hint, card_taken_back=returned, card=card,
            challengeable=enforcer != violator))
        return Enforced(enforcer=enforcer, violator=violator, holder=holder, hint=hint,
                        take_back=take_back, card=card)

    @final
    def _take_back(self, violator: Seat) -> Card | None:
        taken = self.take_back(violator)
        for award in taken.undone:
            self.count_points(award)
        return taken.card

    # -- illegal plays -------------------------------------------------------------------------

    def verify_call(self, caller: Seat, offender: Seat, offence: str,
                    take_back: bool | None = None) -> None:
        """Clarification illegal-plays: anyone may call a play out of turn or too slow."""
        self._verify_can_act()
        self._verify_seats(caller, offender)
        if offence not in OFFENCES:
            raise IllegalActionError(
                f'"{offence}" is not an illegal play; the rules make two: '
                f"{' and '.join(OFFENCES)}.{did_you_mean(offence, OFFENCES)}")
        self.verify_offence(offender, offence)
        if take_back:
            if offence != TOO_SLOW:
                raise IllegalActionError("A card played out of turn never counted: there is "
                                         "nothing on the table to take back.")
            self._verify_take_back(offender, None)

    def can_call(self, caller: Seat, offender: Seat, offence: str,
                 take_back: bool | None = None) -> bool:
        return allowed(self.verify_call, caller, offender, offence, take_back)

    def call(self, caller: Seat, offender: Seat, offence: str,
             take_back: bool | None = None) -> Called:
        """`caller` calls an illegal play on `offender`: a point lost, no challenge.

        A slow card still the latest on the table comes back; otherwise an offender whose
        turn it is loses the rest of it.
        """
        self.verify_call(caller, offender, offence, take_back)
        if take_back is None:
            take_back = self.can_call(caller, offender, offence, take_back=True)
        self.penalise(offender, OFFENCES[offence])
        if take_back:
            self._take_back(offender)
        else:
            self.end_turn(offender)
        called = Called(caller=caller, offender=offender, offence=offence, take_back=take_back)
        self.calls.append(called)
        return called

    # -- challenging ---------------------------------------------------------------------------

    def verify_challenge(self, challenger: Seat, number: int | None = None) -> Enforcement:
        """Why `challenger` cannot challenge enforcement `number` (the latest on them when
        None); when they can, the enforcement they would challenge."""
        self._verify_can_act()
        self._verify_seats(challenger)
        name = self.names[challenger]
        if number is None:
            for enforcement in reversed(self.enforcements[self.window_start:]):
                if enforcement.challengeable and enforcement.violator == challenger:
                    return enforcement
            raise IllegalActionError(
                f"There is nothing for {name} to challenge: no rule has been enforced on "
                f"{name} since the last card was played.")
        if not 1 <= number <= len(self.enforcements):
            raise IllegalActionError(f"There is no enforcement number {number} to challenge.")
        enforcement = self.enforcements[number - 1]
        if enforcement.enforcer == enforcement.violator:
            raise IllegalActionError(
                f"In enforcement {number} {self.names[enforcement.enforcer]} enforced a rule "
                "on themselves: nobody can challenge that.")
        if enforcement.violator != challenger:
            raise IllegalActionError(
                f"Only {self.names[enforcement.violator]}, who was penalised by enforcement "
                f"{number}, may challenge it.")
        if not enforcement.challengeable:
            raise IllegalActionError(
                f"Enforcement {number} can no longer be challenged: play has moved on since.")
        return enforcement

    def challengeable(self) -> list[Enforcement]:
        """The enforcements that may still be challenged (each by its violator), latest last."""
        if not allowed(self._verify_can_act):
            return []
        return [e for e in self.enforcements[self.window_start:] if e.challengeable]

    def can_challenge(self, challenger: Seat, number: int | None = None) -> bool:
        return allowed(self.verify_challenge, challenger, number)

    def challenge(self, challenger: Seat, number: int | None = None) -> Challenged:
        """The violator challenges: the holder must show the rule; a ruling follows."""
        enforcement = self.verify_challenge(challenger, number)
        enforcement.challengeable = False
        enforcement.challenger = challenger
        self.challenge_pending = enforcement
        return Challenged(challenger=challenger, enforcement=enforcement.number)

    def verify_rule(self) -> None:
        if self.challenge_pending is None:
            raise IllegalActionError("There is no challenge waiting for a ruling.")

    def can_rule(self) -> bool:
        return allowed(self.verify_rule)

    def rule(self, upheld: bool, note: str = "") -> Ruling:
        """Settle the pending challenge. `upheld`: the holder showed the rule and it was right."""
        self.verify_rule()
        enforcement = self.challenge_pending
        assert enforcement is not None and enforcement.challenger is not None
        enforcer, holder, challenger = (
            enforcement.enforcer, enforcement.holder, enforcement.challenger)
        sign = 1 if upheld else -1
        number = enforcement.number
        self._add_points(enforcer, sign, f"enforcement {number} "
                         + ("upheld" if upheld else "overturned"))
        self._add_points(challenger, -sign, f"challenge of enforcement {number}")
        if holder != enforcer:
            self._add_points(holder, -sign, f"rule {'shown' if upheld else 'not shown'} for "
                             f"enforcement {number}")
        enforcement.upheld = upheld
        self.challenge_pending = None
        return Ruling(upheld=upheld, note=note)

    # -- the journal fold ----------------------------------------------------------------------

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {
            RuleChosen: lambda e: self.choose_rule(e.player, e.trigger, e.action),
            Enforced: lambda e: self.enforce(e.enforcer, e.violator, e.holder, e.hint,
                                             e.take_back, e.card),
            Called: lambda e: self.call(e.caller, e.offender, e.offence, e.take_back),
            Challenged: lambda e: self.challenge(e.challenger, e.enforcement),
            Ruling: lambda e: self.rule(e.upheld, e.note),
        }

    @final
    def apply(self, event: Event) -> Event:
        """Apply a journal entry; return the event as the game recorded it."""
        handler = self.handlers().get(type(event))
        if handler is None:
            raise JournalError(f"A {type(event).__name__} entry does not belong in a game "
                               f"played in {self.setup.mode} mode.")
        return handler(event)

    def snapshot(self) -> dict[str, object]:
        """A plain, comparable picture of the whole game."""
        return {
            "scores": list(self.scores),
            "rules": [None if rule is None else (rule.trigger, rule.action) for rule in self.rules],
            "enforcements": [
                (e.enforcer, e.violator, e.holder, e.hint,
                 None if e.card_taken_back is None else e.card_taken_back.code,
                 None if e.card is None else e.card.code,
                 e.challengeable, e.challenger, e.upheld)
                for e in self.enforcements
            ],
            "calls": [(call.caller, call.offender, call.offence) for call in self.calls],
            "pending": None if self.challenge_pending is None else self.challenge_pending.number,
            "rounds": self.rounds,
            "winner": self.winner,
        }
