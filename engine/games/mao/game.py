"""A game of Mao as the journal folds it: the table, what was said, and every call judged.

Mao lets anything happen and penalises it only when someone calls it: a card that breaks
the rules, or one played out of turn, lies on the pile with its effects until a call sends
it back; a card taken instead of the cards of a 7 stands until the 7's cards are called
for. So `play` takes any card from the player's hand, and `pass` and `take_sevens` any
player at any moment but a point of order; what the referee knows about each move (valid
or not, in turn or not, the phrases and cards it owed) is kept in `open_calls` for judging
the calls (`judging`).

Penalties cost cards, not points (`penalise`). A score is the number of Maos a player has
won; the first player to `target` Maos ends the session (clarification session).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Subject
from engine.cards import Card, Rank, Suit
from engine.errors import IllegalActionError, allowed, did_you_mean
from engine.events import Event, GameStarted
from engine.games.base import Policy, Step
from engine.games.mao import judging, offences, policies, speech
from engine.games.mao.events import NAME, Passed, PenaltyCall, Played, ReEntered, Said, TookSevens
from engine.games.mao.offences import REASONS
from engine.games.mao.open_calls import CardDown, Debt
from engine.games.mao.rules import EFFECT, EFFECTS, MaoRule, TriggerTest
from engine.games.mao.settings import DICTATORIAL
from engine.games.mao.state import MaoState, fire
from engine.games.mao.table import HAND, as_played
from engine.games.mao.view import MAO_SCHEMA, ViewBuilder
from engine.moves import MOVED_ON, STAYED, Award, MoveReport

DEFAULT_MAOS = 3  # a session at the table ends with a player's third Mao


def new_game(players: Sequence[str], *, seed: int, target: int = DEFAULT_MAOS,
             deck: tuple[Card, ...] = (), dealer: int = 0,
             options: tuple[str, ...] = (), mode: str = "shuffled") -> GameStarted:
    """The setup entry of a game of Mao: `target` Maos end it; `options` are its settings
    (see `settings`); `deck` a stacked order of every pack, from the top, for scenarios; at
    a real table (`mode` "table") `deck` is the card turned up to start the pile."""
    return GameStarted(game=NAME, players=tuple(players), seed=seed, hand_size=HAND,
                       target=target, deck=deck, dealer=dealer, options=options, mode=mode)


def rule_from(entry: ReEntered) -> MaoRule | None:
    """The rule a returning winner brings (None when they bring none)."""
    if not entry.rule.strip():
        return None
    test: TriggerTest | None = None
    if entry.when.strip():
        from engine.language.compile import compile_trigger
        from engine.language.parse import ExpressionError, parse_trigger
        try:
            test = compile_trigger(parse_trigger(entry.when, MAO_SCHEMA), MAO_SCHEMA)
        except ExpressionError as error:
            raise IllegalActionError(f"The rule's trigger cannot be read: {error}") from None
    try:
        subject = Subject(entry.subject)
    except ValueError:
        raise IllegalActionError(f'A rule calls on "player" or "next_player", not '
                                 f'"{entry.subject}".') from None
    if subject is Subject.TAKER:
        raise IllegalActionError("Nobody takes a trick in Mao: a rule cannot call on the "
                                 "taker.")
    if entry.kind == EFFECT and entry.effect not in EFFECTS:
        raise IllegalActionError(f'Mao cannot carry out the effect "{entry.effect}"; it can: '
                                 f"{', '.join(sorted(EFFECTS))}.")
    if entry.amount < 1:
        raise IllegalActionError("A rule gives at least one card.")
    return MaoRule(holder=entry.player, name=entry.rule.strip(), test=test, subject=subject,
                   kind=entry.kind, phrase=entry.phrase, effect=entry.effect,
                   amount=entry.amount)


@dataclass(frozen=True, slots=True, kw_only=True)
class MaoFigures:
    """A bots' session's counts: Maos won, penalties rightly given, calls that were wrong,
    chains of 7s (and those past two 7s), and the stack turned over again."""

    maos: int
    penalties: int
    bad_calls: int
    chains: int
    long_chains: int
    reshuffles: int


def _verify_words(words: str) -> None:
    if not words.strip():
        raise IllegalActionError("Say something: the words are empty.")


class MaoGame(MaoState):
    """Every move at a Mao table, the calls judged, and the journal fold (the state each
    move reads and changes is `MaoState`)."""

    __slots__ = ("__weakref__", "_views")

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        self._views: ViewBuilder | None = None

    # -- playing a card ----------------------------------------------------------------------

    def verify_play(self, player: int, card: Card, said: Sequence[str] = ()) -> None:
        """Any card in the player's hand may go down, in turn or not, valid or not: only a
        call sends it back (clarifications bad-card, out-of-turn)."""
        self._verify_move((player,), self._play_rules, player, card)

    def _play_rules(self, player: int, card: Card) -> None:
        self._card_move_rules(player)
        self.table.verify_holds(player, card, self.names[player])

    def can_play(self, player: int, card: Card, said: Sequence[str] = ()) -> bool:
        return allowed(self.verify_play, player, card, said)

    def play(self, player: int, card: Card, said: Sequence[str] = ()) -> Played:
        return self._move((player,), self._play, player, card, said)

    def _play(self, player: int, card: Card, said: Sequence[str]) -> tuple[Played, MoveReport]:
        self._play_rules(player, card)
        table = self.table
        sevens = table.turns.sevens
        in_turn = player == table.turn
        faced = sevens if in_turn else 0
        fits = table.fits(card)
        move = self._begin_move(player, "play", in_turn)
        before = table.put_down(player, card)
        turn = self.open_calls.turns_begun[player]
        last = self.last = CardDown(player, card, before, move, fits, in_turn, fits,
                                    until=turn, faced=faced)
        table.keep = 2  # the card under a card that can be called back stays on the pile
        required = self.required(card, sevens)
        if faced and as_played(card).rank is not Rank.SEVEN:  # the chain's cards not taken
            required.append(self.seven_answer(faced))
            self._end_chain(faced)
            self.open_calls.debts.append(Debt(player, faced, move, turn))
        if self.secret_rules:
            last.valid = self._rules_fire(player, required, fits)
        self.open_calls.down.append(last)
        missing = [phrase for phrase in required
                   if not any(speech.same(words, phrase) for words in said)]
        for phrase in missing:
            self.owe(player, phrase, move)
        left = len(table.hands[player])
        if left == 1 and not any(speech.same(words, speech.LAST_CARD) for words in said):
            self.owe(player, speech.LAST_CARD, move, due=move + 1)
        for words in said:
            self._hear(player, words, with_card=True)
        said_mao = [speech.same(words, speech.MAO) for words in said]
        rightly = not left and last.valid and in_turn and not missing
        report = MOVED_ON
        if rightly and said_mao and said_mao[-1]:
            report = self._win(player)
        elif any(said_mao):
            self.open_calls.slip(player, offences.SAYING_MAO)
        elif rightly:
            self.maos_unclaimed.add(player)
        return Played(player=player, card=card, said=tuple(said)), report

    def _win(self, player: int) -> MoveReport:
        """`player` wins a Mao: they leave the game, and the round is over."""
        self.maos_unclaimed.discard(player)
        self.open_calls.forget(player)
        self.table.leave(player)
        return MoveReport(awards=(Award(player, 1, "won a Mao"),), round_over=True)

    # -- taking cards ----------------------------------------------------------------------

    def pass_turn(self, player: int, said: Sequence[str] = ()) -> Passed:
        """One card taken instead of playing. In turn, the turn is over, and a chain of 7s
        aimed at the player is left unanswered; out of turn, only the card is taken."""
        return self._move((player,), self._pass_turn, player, said)

    def _pass_turn(self, player: int, said: Sequence[str]) -> tuple[Passed, MoveReport]:
        self._card_move_rules(player)
        table = self.table
        in_turn = player == table.turn
        sevens = table.turns.sevens if in_turn else 0
        move = self._begin_move(player, "pass", in_turn)
        self.last, table.keep = None, 1
        self.take_cards(player, 1)
        if in_turn:
            table.pass_turn(player)
            if sevens:
                self._chain_missed(player, sevens, 0, said, move)
        else:
            self.open_calls.slip(player, offences.OUT_OF_TURN)
        return Passed(player=player, said=tuple(said)), self._moved_without_card(player, said)

    def verify_take_sevens(self, player: int, said: Sequence[str] = (), cards: int = 0) -> None:
        self._verify_move((player,), self._take_sevens_rules, player, cards)

    def _take_sevens_rules(self, player: int, cards: int) -> None:
        self._card_move_rules(player)
        if cards < 0:
            raise IllegalActionError("Cards taken are counted from one up.")

    def can_take_sevens(self, player: int, said: Sequence[str] = (), cards: int = 0) -> bool:
        return allowed(self.verify_take_sevens, player, said, cards)

    def take_sevens(self, player: int, said: Sequence[str] = (), cards: int = 0) -> TookSevens:
        """`cards` penalty cards taken (0: one for each 7 of the chain aimed at the player,
        or one); the player goes on with their move (clarification seven-chain). Facing a
        chain, the answer is owed, and the cards short of one for each 7."""
        return self._move((player,), self._take_sevens, player, said, cards)

    def _take_sevens(self, player: int, said: Sequence[str],
                     cards: int) -> tuple[TookSevens, MoveReport]:
        self._take_sevens_rules(player, cards)
        table = self.table
        in_turn = player == table.turn
        sevens = table.turns.sevens if in_turn else 0
        count = cards or sevens or 1
        move = self._begin_move(player, "sevens" if sevens else "take", in_turn)
        self.last, table.keep = None, 1
        self.take_cards(player, count)
        if sevens:
            table.clear_sevens()
            self._chain_missed(player, sevens, count, said, move)
        report = self._moved_without_card(player, said)
        return TookSevens(player=player, said=tuple(said), cards=cards), report

    def _chain_missed(self, player: int, sevens: int, taken: int, said: Sequence[str],
                      move: int) -> None:
        """A chain of `sevens` 7s aimed at `player` is over: the cards short of one for each
        7 are owed (failure to take a penalty card), and so is the answer, unless said."""
        self._end_chain(sevens)
        if taken < sevens:
            self.open_calls.debts.append(Debt(player, sevens - taken, move,
                                         self.open_calls.turn_of(player)))
        answer = self.seven_answer(sevens)
        if not any(speech.same(words, answer) for words in said):
            self.owe(player, answer, move)

    def _moved_without_card(self, player: int, said: Sequence[str]) -> MoveReport:
        """After cards taken: the rules in force are asked, then the words are heard."""
        if self.secret_rules:
            self._rules_fire(player, None, True)
        report = MOVED_ON
        for words in said:
            report = self._hear(player, words, with_card=False) or report
        return report

    def _rules_fire(self, player: int, required: list[str] | None, fits: bool) -> bool:
        if self._views is None:
            self._views = ViewBuilder(self)
        return fire(self, self._views.after_play(player), player, required, fits)

    # -- speech -----------------------------------------------------------------------------

    def verify_say(self, player: int, words: str) -> None:
        self._verify_move((player,), _verify_words, words)

    def can_say(self, player: int, words: str) -> bool:
        return allowed(self.verify_say, player, words)

    def say(self, player: int, words: str) -> Said:
        return self._move((player,), self._say, player, words)

    def _say(self, player: int, words: str) -> tuple[Said, MoveReport]:
        _verify_words(words)
        return Said(player=player, words=words), self._hear(player, words,
                                                             with_card=False) or STAYED

    def _hear(self, player: int, words: str, *, with_card: bool) -> MoveReport | None:
        """What saying `words` does: owed phrases are paid; a suit after a jack is named;
        "point of order" starts or breaks one; "Mao" wins or is said in vain (a player out
        of the game is bound by no rule, and the game master may name the game before the
        first move: clarification introduction); "new rule" answers a contest. Returns what
        a Mao won does (None when the words win nothing)."""
        if not with_card:
            if speech.same(words, speech.POINT_OF_ORDER):
                if self.order_called is None:
                    self.order_called = player
                else:
                    self.open_calls.slip(player, offences.POINT_OF_ORDER_IN_ONE)
                return None
            if speech.same(words, speech.END_POINT_OF_ORDER):
                self.order_called = None
                return None
            if speech.same(words, speech.MAO):
                if player in self.table.out or self.is_introducing(player):
                    return None
                if player in self.maos_unclaimed and not self.table.hands[player]:
                    return self._win(player)
                self.open_calls.slip(player, offences.SAYING_MAO)
                return None
            if speech.same(words, speech.NEW_RULE):
                judging.answer_new_rule(self, player)
        suit = speech.named_suit(words)
        turns = self.table.turns
        if (suit is not None and not turns.suit_named
                and as_played(self.table.pile[-1]).rank is Rank.JACK
                and self.table.played_by[-1] is not None):
            self.table.name_suit(suit)
        paid = [owed for owed in self.open_calls.owed
                if owed.player == player and speech.same(words, owed.phrase)]
        if paid:
            self.open_calls.owed.remove(paid[0])
        return None

    # -- penalties ----------------------------------------------------------------------------

    def verify_penalty_call(self, caller: int, offender: int, reason: str) -> None:
        """Clarification calls: anyone may call (only the Mao master in a dictatorial game);
        a player who is out after a Mao makes no call, and is called only for explaining the
        rules, which binds them outside the game too (a call that says "Mao" is its caller's
        own offence, whoever it names)."""
        self._verify_move((caller, offender), self._penalty_call_rules, caller, offender, reason)

    def _penalty_call_rules(self, caller: int, offender: int, reason: str) -> None:
        if reason not in REASONS:
            raise IllegalActionError(
                f'"{reason}" is not a penalty call; the calls are '
                f"{', '.join(REASONS)}.{did_you_mean(reason, REASONS)}")
        master = self.settings.master
        if self.settings.calls == DICTATORIAL and caller != master:
            assert master is not None
            raise IllegalActionError(f"Only the Mao master, {self.names[master]}, calls "
                                     "penalties in this game.")
        if caller in self.table.out:
            raise IllegalActionError(f"{self.names[caller]} is out after a Mao: they make no "
                                     "call until they come back.")
        if offender in self.table.out and reason not in (offences.EXPLAINING,
                                                         offences.MAO_IN_A_CALL):
            raise IllegalActionError(f"{self.names[offender]} is out after a Mao: until they "
                                     "come back, the only call on them is explaining the "
                                     "rules.")

    def can_call_penalty(self, caller: int, offender: int, reason: str,
                         phrase: str = "") -> bool:
        return allowed(self.verify_penalty_call, caller, offender, reason)

    def call_penalty(self, caller: int, offender: int, reason: str,
                     phrase: str = "") -> PenaltyCall:
        """The call is judged (see `judging`, clarifications bad-call, late-calls)."""
        return self._move((caller, offender), self._call_penalty, caller, offender, reason,
                          phrase)

    def _call_penalty(self, caller: int, offender: int, reason: str,
                      phrase: str) -> tuple[PenaltyCall, MoveReport]:
        self._penalty_call_rules(caller, offender, reason)
        self.penalties.append(judging.judge(self, caller, offender, reason, phrase))
        return PenaltyCall(caller=caller, offender=offender, reason=reason,
                           phrase=phrase), STAYED

    def penalise(self, player: int, reason: str) -> None:
        """A penalty in Mao is a card from the stack."""
        self.take_cards(player, 1)

    # -- coming back -----------------------------------------------------------------------

    def verify_re_enter(self, player: int) -> None:
        self._verify_move((player,), self._re_enter_rules, player)

    def _re_enter_rules(self, player: int) -> None:
        if player not in self.table.out:
            raise IllegalActionError(f"{self.names[player]} is in the game: only a player "
                                     "who won with a Mao comes back.")

    def can_re_enter(self, player: int) -> bool:
        return allowed(self.verify_re_enter, player)

    def re_enter(self, entry: ReEntered) -> ReEntered:
        """A winner comes back with five cards and the rule they bring (see `rules`)."""
        return self._move((entry.player,), self._re_enter, entry)

    def _re_enter(self, entry: ReEntered) -> tuple[ReEntered, MoveReport]:
        self._re_enter_rules(entry.player)
        rule = rule_from(entry)
        self.table.come_back(entry.player)
        if rule is not None:
            self.secret_rules.append(rule)
        return entry, STAYED

    # -- bots ----------------------------------------------------------------------------------

    @property
    def plays(self) -> int:
        return self.moves

    def legal_actions(self) -> list[Event]:
        """The rightful moves of the player to act (see `policies.legal_actions`)."""
        return policies.legal_actions(self)

    def rightful_words(self, seat: int, card: Card,
                       suit: Suit | None = None) -> tuple[str, ...]:
        """Everything a player says with `card` to play it without fault."""
        return policies.rightful_words(self, seat, card, suit)

    def step(self, policy: Policy, rng: random.Random,
             turn_limit: int) -> Step | None:
        """The next thing a bot does: answer a call it owes, call what it noticed, come back
        after a Mao, or, as the player to act, move (see `policies`)."""
        if self.moves >= turn_limit:
            return None
        event, seat = policy(self, rng)
        if type(event) is Played:  # the common move, carried out as `apply` would
            self.play(event.player, event.card, event.said)
            return event, seat
        return self.apply(event), seat

    def figures(self) -> MaoFigures:
        bad_calls = sum(penalty.bad_call for penalty in self.penalties)
        late = sum(penalty.late for penalty in self.penalties)
        return MaoFigures(maos=self.rounds, penalties=len(self.penalties) - bad_calls - late,
                          bad_calls=bad_calls, chains=self.chains[0],
                          long_chains=self.chains[1], reshuffles=self.table.reshuffles)

    # -- the journal fold ----------------------------------------------------------------------

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {
            Played: lambda e: self.play(e.player, e.card, e.said),
            Passed: lambda e: self.pass_turn(e.player, e.said),
            TookSevens: lambda e: self.take_sevens(e.player, e.said, e.cards),
            Said: lambda e: self.say(e.player, e.words),
            PenaltyCall: lambda e: self.call_penalty(e.caller, e.offender, e.reason, e.phrase),
            ReEntered: self.re_enter,
        }

    def snapshot(self) -> dict[str, object]:
        return {
            "table": self.table.snapshot(), "moves": self.moves, **self.open_calls.snapshot(),
            "unclaimed": sorted(self.maos_unclaimed), "point_of_order": self.order_called,
            "penalties": [(p.caller, p.offender, p.reason, p.words, p.taker, p.cards)
                          for p in self.penalties],
            "secret_rules": [(rule.holder, rule.name) for rule in self.secret_rules],
            **super().snapshot(),
        }
