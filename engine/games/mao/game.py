"""A game of Mao as the journal folds it: the table, what was said, and every call judged.

Mao lets anything happen and penalises it only when someone calls it: a card that breaks
the rules, or one played out of turn, lies on the pile with its effects until a call sends
it back. So `play` takes any card from the player's hand; what the referee knows about it
(valid or not, in turn or not, the phrases it owed) is kept for judging the calls.

Penalties cost cards, not points (`penalise`). A score is the number of Maos a player has
won; the first player to `target` Maos ends the session (clarification session).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Subject
from engine.cards import Card, Rank, Suit
from engine.errors import ConfigError, IllegalActionError, allowed, did_you_mean
from engine.events import Event, GameStarted
from engine.games.mao import offences, speech
from engine.games.mao.events import NAME, Passed, PenaltyCall, Played, ReEntered, Said, TookSevens
from engine.games.mao.offences import REASONS, Penalty
from engine.games.mao.real_cards import RealMaoTable
from engine.games.mao.rules import SAY, MaoRule, rule_from
from engine.games.mao.settings import DICTATORIAL, THANK_YOU_ANSWER, read_settings
from engine.games.mao.table import HAND, MaoTable, Turns, as_played
from engine.games.mao.view import ViewBuilder
from engine.rules_layer import RulesLayer

DEFAULT_MAOS = 3  # a session at the table ends with a player's third Mao


def new_game(players: Sequence[str], *, seed: int, target: int = DEFAULT_MAOS,
             deck: tuple[Card, ...] = (), dealer: int = 0,
             options: tuple[str, ...] = (), mode: str = "shuffled") -> GameStarted:
    """The setup entry of a game of Mao: `target` Maos end it; `options` are its settings
    (see `settings`); `deck` a stacked order of every pack, from the top, for scenarios; at
    a real table (`mode` "table") `deck` is the card turned up to start the pile."""
    return GameStarted(game=NAME, players=tuple(players), seed=seed, hand_size=HAND,
                       target=target, deck=deck, dealer=dealer, options=options, mode=mode)


@dataclass(slots=True)
class Owed:
    """A phrase a player has to say and has not: callable from move `due` (a phrase owed
    with a card at once; "last card" only once the next player has moved)."""

    player: int
    phrase: str
    move: int       # the move that made it owed
    due: int
    calls: int = 0  # penalties already given for it: the next is a "continued failure"


@dataclass(frozen=True, slots=True)
class LastCard:
    """The latest card played, for a call of bad card or playing out of turn: whether it
    fitted the standard rules (`fits`) and all rules in force (`valid`)."""

    player: int
    card: Card
    before: Turns
    move: int
    valid: bool
    in_turn: bool
    fits: bool
    gifts: list[tuple[int, list[Card]]] = field(default_factory=list)  # rules' draws


class MaoGame(RulesLayer):
    """The table, what is owed, the point of order, and the penalties given."""

    __slots__ = (
        "__weakref__",
        "_views",
        "chains",
        "last",
        "mao_in_vain",
        "maos_unclaimed",
        "mover",
        "moves",
        "order_called",
        "orders_in_order",
        "owed",
        "penalties",
        "secret_rules",
        "settings",
        "table",
    )

    def __init__(self, setup: GameStarted) -> None:
        super().__init__(setup)
        players = len(self.names)
        if not 0 <= setup.dealer < players:
            raise ConfigError(f"The dealer's seat is 0 to {players - 1}, not {setup.dealer}.")
        self.settings = read_settings(setup.options, players, setup.dealer)
        if setup.mode == "shuffled":
            self.table = MaoTable(players=players, seed=setup.seed, deck=setup.deck,
                                  dealer=setup.dealer)
        elif setup.mode == "table":
            if len(setup.deck) > 1:
                raise ConfigError("At a real table only the card turned up to start the pile "
                                  "is typed in before play.")
            self.table = RealMaoTable(players=players, dealer=setup.dealer,
                                      first=setup.deck[0] if setup.deck else None)
        else:
            raise ConfigError(f'Mao cannot be played in "{setup.mode}" mode: it is played '
                              'with a dealt deck ("shuffled") or at a real table ("table").')
        self.moves = 0                       # cards played, passes, 7s' cards taken
        self.mover: int | None = None        # who made the latest move
        self.owed: list[Owed] = []
        self.last: LastCard | None = None
        self.mao_in_vain = [0] * players     # Maos said out of place, not yet called
        self.maos_unclaimed: set[int] = set()  # played out rightly, Mao not yet said
        self.order_called: int | None = None   # who called the point of order under way
        self.orders_in_order = [0] * players   # "point of order" said during one, not called
        self.penalties: list[Penalty] = []
        self.secret_rules: list[MaoRule] = []  # brought back by winners, in order
        self._views: ViewBuilder | None = None
        self.chains = [0, 0]                 # 7 chains ended, and those past two 7s

    # -- reading ----------------------------------------------------------------------------

    def has_started(self) -> bool:
        return self.moves > 0

    @property
    def in_point_of_order(self) -> bool:
        return self.order_called is not None

    def required(self, card: Card, sevens: int) -> list[str]:
        """What playing `card` obliges its player to say, on a chain of `sevens` 7s."""
        played = as_played(card)
        phrases = []
        if played.suit is Suit.SPADES:
            phrases.append(speech.card_name(played))
        if played.rank is Rank.SEVEN:
            phrases.append(speech.nice_day(sevens))
        if played.rank is Rank.NINE and played.suit is Suit.DIAMONDS:
            phrases.append(speech.BADGER)
        return phrases

    def seven_answer(self, sevens: int) -> str:
        """What the player a chain of `sevens` 7s was aimed at says as they take the cards."""
        if self.settings.sevens == THANK_YOU_ANSWER:
            return speech.thanks(sevens - 1)
        return speech.PENALTY_CARD

    def owed_by(self, player: int) -> list[Owed]:
        """The phrases `player` owes now ("last card" only while they hold one card)."""
        return [owed for owed in self.owed if owed.player == player
                and (owed.phrase != speech.LAST_CARD or len(self.table.hands[player]) == 1)]

    def callable_owed(self, player: int) -> list[Owed]:
        """The phrases a call of failure to say can name now."""
        return [owed for owed in self.owed_by(player) if owed.due <= self.moves]

    # -- checks shared by every move -----------------------------------------------------------

    def _verify_move(self, player: int) -> None:
        """A card is played, taken or passed: the session is on, no point of order, and the
        player is in the game."""
        self._verify_can_act()
        self._verify_seats(player)
        if self.order_called is not None:
            raise IllegalActionError(
                f"{self.names[self.order_called]} called a point of order: no cards are "
                "played or taken until someone says \"end of point of order\".")
        if player in self.table.out:
            raise IllegalActionError(
                f"{self.names[player]} won with a Mao and is out of the game until they "
                "come back with five cards.")

    def _verify_own_turn(self, player: int, doing: str) -> None:
        turn = self.table.turn
        if player != turn:
            raise IllegalActionError(f"It is {self.names[turn]}'s turn: only they can "
                                     f"{doing} now.")

    # -- playing a card ----------------------------------------------------------------------

    def verify_play(self, player: int, card: Card, said: Sequence[str] = ()) -> None:
        """Any card in the player's hand may go down, in turn or not, valid or not: only a
        call sends it back (clarifications bad-card, out-of-turn)."""
        self._verify_move(player)
        self.table.verify_holds(player, card, self.names[player])

    def can_play(self, player: int, card: Card, said: Sequence[str] = ()) -> bool:
        return allowed(self.verify_play, player, card, said)

    def play(self, player: int, card: Card, said: Sequence[str] = ()) -> Played:
        self.verify_play(player, card, said)
        table = self.table
        sevens = table.turns.sevens
        in_turn = player == table.turn
        fits = table.fits(card)
        move = self.moves = self.moves + 1
        self.mover = player
        self._forget_uncalled()
        before = table.put_down(player, card)
        last = self.last = LastCard(player, card, before, move, fits, in_turn, fits)
        table.keep = 2  # the card under a card that can be called back stays on the pile
        required = self.required(card, sevens)
        valid = fits
        if self.secret_rules:
            valid = self._rules_fire(player, required, fits)
            self.last = LastCard(player, card, before, move, valid, in_turn, fits, last.gifts)
        missing = [phrase for phrase in required
                   if not any(speech.same(words, phrase) for words in said)]
        self.owed += [Owed(player, phrase, move, move) for phrase in missing]
        left = len(table.hands[player])
        if left == 1 and not any(speech.same(words, speech.LAST_CARD) for words in said):
            self.owed.append(Owed(player, speech.LAST_CARD, move, move + 1))
        for words in said:
            self._hear(player, words, with_card=True)
        said_mao = [speech.same(words, speech.MAO) for words in said]
        rightly = not left and valid and in_turn and not missing
        if rightly and said_mao and said_mao[-1]:
            self._win(player)
        elif any(said_mao):
            self.mao_in_vain[player] += 1
        elif rightly:
            self.maos_unclaimed.add(player)
        return Played(player=player, card=card, said=tuple(said))

    def _forget_uncalled(self) -> None:
        """Clarification phrases: a phrase nobody called goes unpunished once the next card
        is played; a phrase already called stays owed until it is said."""
        if self.owed:
            hands = self.table.hands
            self.owed = [owed for owed in self.owed
                         if (len(hands[owed.player]) == 1 if owed.phrase == speech.LAST_CARD
                             else owed.calls or owed.due > self.moves)]

    def _end_chain(self, sevens: int) -> None:
        self.chains[0] += 1
        if sevens > 2:
            self.chains[1] += 1

    def _win(self, player: int) -> None:
        self.maos_unclaimed.discard(player)
        self.owed = [owed for owed in self.owed if owed.player != player]
        self.table.leave(player)
        self.scores[player] += 1
        self._end_round()

    # -- taking cards ----------------------------------------------------------------------

    def verify_pass(self, player: int, said: Sequence[str] = ()) -> None:
        self._verify_move(player)
        self._verify_own_turn(player, "take a card and pass")
        sevens = self.table.turns.sevens
        if sevens:
            raise IllegalActionError(
                f"A 7 is aimed at {self.names[player]}: they play a 7 or take "
                f"{sevens} penalty card{'s' if sevens > 1 else ''} first.")

    def can_pass(self, player: int, said: Sequence[str] = ()) -> bool:
        return allowed(self.verify_pass, player, said)

    def pass_turn(self, player: int, said: Sequence[str] = ()) -> Passed:
        self.verify_pass(player, said)
        self.moves += 1
        self.mover = player
        self._forget_uncalled()
        self.last, self.table.keep = None, 1
        self._take(player, 1)
        self.table.pass_turn(player)
        self._moved_without_card(player, said)
        return Passed(player=player, said=tuple(said))

    def verify_take_sevens(self, player: int, said: Sequence[str] = ()) -> None:
        self._verify_move(player)
        self._verify_own_turn(player, "take the cards of a 7")
        if not self.table.turns.sevens:
            raise IllegalActionError("No 7 is aimed at anyone: there are no cards to take.")

    def can_take_sevens(self, player: int, said: Sequence[str] = ()) -> bool:
        return allowed(self.verify_take_sevens, player, said)

    def take_sevens(self, player: int, said: Sequence[str] = ()) -> TookSevens:
        """The chain's cards, one a 7; the player says the answer and goes on with their
        turn (clarification seven-chain)."""
        self.verify_take_sevens(player, said)
        table = self.table
        sevens = table.turns.sevens
        move = self.moves = self.moves + 1
        self.mover = player
        self._forget_uncalled()
        self.last, table.keep = None, 1
        self._take(player, sevens)
        table.clear_sevens()
        self._end_chain(sevens)
        answer = self.seven_answer(sevens)
        if not any(speech.same(words, answer) for words in said):
            self.owed.append(Owed(player, answer, move, move))
        self._moved_without_card(player, said)
        return TookSevens(player=player, said=tuple(said))

    def _moved_without_card(self, player: int, said: Sequence[str]) -> None:
        """After cards taken: the rules in force are asked, then the words are heard."""
        if self.secret_rules:
            self._rules_fire(player, None, True)
        for words in said:
            self._hear(player, words, with_card=False)

    def _rules_fire(self, player: int, required: list[str] | None, fits: bool) -> bool:
        """Ask every secret rule about the move `player` just made and carry out those that
        fire (see `rules`). A phrase for the player who played a card joins `required` (said
        with the card or owed); any other is owed at once. Returns whether the card fits."""
        if self._views is None:
            self._views = ViewBuilder(self)
        view = self._views.after_play(player)
        mover, following = view.player.seat, view.next_player.seat
        wild = bad = False
        for rule in self.secret_rules:
            if not rule.judged_by_engine or rule.test is None or not rule.test(view):
                continue
            seat = following if rule.subject is Subject.NEXT_PLAYER else mover
            if rule.kind == SAY:
                if required is not None and seat == player:
                    required.append(rule.phrase)
                else:
                    self.owed.append(Owed(seat, rule.phrase, self.moves, self.moves))
            elif rule.effect == "wild":
                wild = True
            elif rule.effect == "bad":
                bad = True
            elif rule.effect == "skip":
                self.table.skip_next()
            elif rule.effect == "reverse":
                self.table.turn_round(player)
            elif rule.effect == "draw":
                got = self._take(seat, rule.amount)
                if required is not None and self.last is not None and got:
                    self.last.gifts.append((seat, self.table.hands[seat][-got:]))
        return False if bad else (True if wild else fits)

    def _take(self, player: int, count: int) -> int:
        self.maos_unclaimed.discard(player)
        return self.table.draw(player, count)

    # -- speech -----------------------------------------------------------------------------

    def verify_say(self, player: int, words: str) -> None:
        self._verify_can_act()
        self._verify_seats(player)
        if not words.strip():
            raise IllegalActionError("Say something: the words are empty.")
        if (speech.same(words, speech.END_POINT_OF_ORDER)
                and self.order_called is None):
            raise IllegalActionError("There is no point of order to end.")

    def can_say(self, player: int, words: str) -> bool:
        return allowed(self.verify_say, player, words)

    def say(self, player: int, words: str) -> Said:
        self.verify_say(player, words)
        self._hear(player, words, with_card=False)
        return Said(player=player, words=words)

    def _hear(self, player: int, words: str, *, with_card: bool) -> None:
        """What saying `words` does: owed phrases are paid; a suit after a jack is named;
        "point of order" starts or breaks one; "Mao" wins or is said in vain (a player out
        of the game is bound by no rule)."""
        if not with_card:
            if speech.same(words, speech.POINT_OF_ORDER):
                if self.order_called is None:
                    self.order_called = player
                else:
                    self.orders_in_order[player] += 1
                return
            if speech.same(words, speech.END_POINT_OF_ORDER):
                self.order_called = None
                return
            if speech.same(words, speech.MAO):
                if player in self.table.out:
                    return
                if player in self.maos_unclaimed and not self.table.hands[player]:
                    self._win(player)
                else:
                    self.mao_in_vain[player] += 1
                return
        suit = speech.named_suit(words)
        turns = self.table.turns
        if (suit is not None and not turns.suit_named
                and as_played(self.table.pile[-1]).rank is Rank.JACK
                and self.table.played_by[-1] is not None):
            self.table.name_suit(suit)
        paid = [owed for owed in self.owed
                if owed.player == player and speech.same(words, owed.phrase)]
        if paid:
            self.owed.remove(paid[0])

    # -- penalties ----------------------------------------------------------------------------

    def verify_penalty_call(self, caller: int, offender: int, reason: str) -> None:
        """Clarification calls: anyone may call (only the Mao master in a dictatorial game);
        nobody calls on, or is called by, a player who is out after a Mao."""
        self._verify_can_act()
        self._verify_seats(caller, offender)
        if reason not in REASONS:
            raise IllegalActionError(
                f'"{reason}" is not a penalty call; the calls are '
                f"{', '.join(REASONS)}.{did_you_mean(reason, REASONS)}")
        master = self.settings.master
        if self.settings.calls == DICTATORIAL and caller != master:
            assert master is not None
            raise IllegalActionError(f"Only the Mao master, {self.names[master]}, calls "
                                     "penalties in this game.")
        for seat in (caller, offender):
            if seat in self.table.out:
                raise IllegalActionError(f"{self.names[seat]} won with a Mao and is out of "
                                         "the game: no penalty is called by or on them.")

    def can_call_penalty(self, caller: int, offender: int, reason: str,
                         phrase: str = "") -> bool:
        return allowed(self.verify_penalty_call, caller, offender, reason)

    def call_penalty(self, caller: int, offender: int, reason: str,
                     phrase: str = "") -> PenaltyCall:
        """The call is judged: if the offence happened, the offender takes the penalty (a
        bad card or one out of turn comes back to the hand first); if not, it is a bad call
        and the caller takes it (clarification bad-call)."""
        self.verify_penalty_call(caller, offender, reason)
        words = self._holds(caller, offender, reason, phrase)
        cards = offences.cost(reason)
        taker = offender if words is not None else caller
        if words is None:
            words = f"bad call ({REASONS[reason]}{f' {phrase!r}' if phrase else ''})"
        got = self._take(taker, cards)
        self.penalties.append(Penalty(caller, offender, reason, words, taker, got,
                                      bad_call=taker != offender))
        return PenaltyCall(caller=caller, offender=offender, reason=reason, phrase=phrase)

    def _holds(self, caller: int, offender: int, reason: str, phrase: str) -> str | None:
        """The call's words if the offence happened (its consequences carried out), else
        None: a bad call. Clarification new-rule: a caller holding a secret rule the referee
        cannot judge is taken at their word for a bad card or a failure to say."""
        last, table = self.last, self.table
        own_word = any(rule.holder == caller and not rule.judged_by_engine
                       for rule in self.secret_rules)
        if reason in (offences.BAD_CARD, offences.OUT_OF_TURN):
            if last is None or last.player != offender or last.move != self.moves:
                return None
            if (reason == offences.BAD_CARD and last.valid and not own_word) or (
                    reason == offences.OUT_OF_TURN and last.in_turn):
                return None
            table.take_back(offender, last.before)
            for seat, cards in last.gifts:  # cards a rule gave for it go back on the stack
                for card in cards:
                    table.hands[seat].remove(card)
                table.stack.extend(reversed(cards))
            table.keep = 1
            self.owed = [owed for owed in self.owed if owed.move != last.move]
            self.maos_unclaimed.discard(offender)
            self.last = None
            return REASONS[reason]
        if reason == offences.FAILURE_TO_SAY:
            owed = [item for item in self.callable_owed(offender)
                    if not phrase or speech.same(phrase, item.phrase)]
            if not owed:
                return f"failure to say '{phrase}'" if own_word and phrase else None
            owed[0].calls += 1
            words = f"failure to say '{owed[0].phrase}'"
            return ("continued " + words) if owed[0].calls > 1 else words
        if reason == offences.SAYING_MAO:
            return self._count_off(self.mao_in_vain, offender, reason)
        if reason == offences.POINT_OF_ORDER_IN_ONE:
            return self._count_off(self.orders_in_order, offender, reason)
        if reason == offences.TOO_SLOW:
            if self.order_called is not None or offender != table.turn:
                return None
            return f"failure to play within {self.settings.seconds} seconds"
        if reason == offences.TOUCHING_CARDS:
            return REASONS[reason] if self.order_called is not None else None
        if reason == offences.TALKING:
            return REASONS[reason] if self.settings.talking_penalised else None
        return REASONS[reason]  # explaining the rules: always an offence, on the word

    @staticmethod
    def _count_off(counts: list[int], offender: int, reason: str) -> str | None:
        if not counts[offender]:
            return None
        counts[offender] -= 1
        return REASONS[reason]

    def penalise(self, player: int, reason: str) -> None:
        """A penalty in Mao is a card from the stack."""
        self._take(player, 1)

    # -- coming back -----------------------------------------------------------------------

    def verify_re_enter(self, player: int) -> None:
        self._verify_can_act()
        self._verify_seats(player)
        if player not in self.table.out:
            raise IllegalActionError(f"{self.names[player]} is in the game: only a player "
                                     "who won with a Mao comes back.")

    def can_re_enter(self, player: int) -> bool:
        return allowed(self.verify_re_enter, player)

    def re_enter(self, entry: ReEntered) -> ReEntered:
        """A winner comes back with five cards and the rule they bring (see `rules`)."""
        self.verify_re_enter(entry.player)
        rule = rule_from(entry)
        self.table.come_back(entry.player)
        if rule is not None:
            self.secret_rules.append(rule)
        return entry

    # -- bots ----------------------------------------------------------------------------------

    @property
    def plays(self) -> int:
        return self.moves

    def legal_actions(self) -> list[Event]:
        """The rightful moves of the player to act, each with what it obliges them to say:
        each valid card (a jack once with each suit named), or taking a card; facing a 7,
        a 7 or taking the chain's cards."""
        if not allowed(self._verify_move, self.table.turn):
            return []
        seat = self.table.turn
        hand = self.table.hands[seat]
        moves: list[Event] = []
        for card in dict.fromkeys(hand):
            if not self.table.fits(card):
                continue
            if as_played(card).rank is Rank.JACK:
                moves += [Played(player=seat, card=card,
                                 said=self.rightful_words(seat, card, suit)) for suit in Suit]
            else:
                moves.append(Played(player=seat, card=card,
                                    said=self.rightful_words(seat, card)))
        sevens = self.table.turns.sevens
        if sevens:
            moves.append(TookSevens(player=seat, said=(self.seven_answer(sevens),)))
        else:
            moves.append(Passed(player=seat))
        return moves

    def rightful_words(self, seat: int, card: Card,
                       suit: Suit | None = None) -> tuple[str, ...]:
        """Everything a player says with `card` to play it without fault: its phrases, the
        suit a jack names, "last card" with one left, and "Mao" last with none left."""
        said = self.required(card, self.table.turns.sevens)
        if suit is not None:
            said.append(suit.plural)
        left = len(self.table.hands[seat]) - 1
        if left == 1:
            said.append(speech.LAST_CARD)
        elif left == 0:
            said.append(speech.MAO)
        return tuple(said)

    def step(self, policy: Any, rng: random.Random,
             turn_limit: int) -> tuple[Event, int] | None:
        """The next thing a bot does: answer a call it owes, call what it noticed, come back
        after a Mao, or, as the player to act, move (see `policies`)."""
        if self.moves >= turn_limit:
            return None
        event, seat = policy(self, rng)
        if type(event) is Played:  # the common move, carried out as `apply` would
            self.play(event.player, event.card, event.said)
            return event, seat
        return self.apply(event), seat

    def figures(self) -> dict[str, int]:
        bad_calls = sum(penalty.bad_call for penalty in self.penalties)
        return {"maos": self.rounds, "penalties": len(self.penalties) - bad_calls,
                "bad_calls": bad_calls, "chains": self.chains[0],
                "long_chains": self.chains[1], "reshuffles": self.table.reshuffles}

    # -- the journal fold ----------------------------------------------------------------------

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {
            Played: lambda e: self.play(e.player, e.card, e.said),
            Passed: lambda e: self.pass_turn(e.player, e.said),
            TookSevens: lambda e: self.take_sevens(e.player, e.said),
            Said: lambda e: self.say(e.player, e.words),
            PenaltyCall: lambda e: self.call_penalty(e.caller, e.offender, e.reason, e.phrase),
            ReEntered: self.re_enter,
        }

    def snapshot(self) -> dict[str, object]:
        return {
            "table": self.table.snapshot(), "moves": self.moves,
            "owed": [(o.player, o.phrase, o.move, o.due, o.calls) for o in self.owed],
            "mao_in_vain": list(self.mao_in_vain), "unclaimed": sorted(self.maos_unclaimed),
            "point_of_order": self.order_called, "orders": list(self.orders_in_order),
            "penalties": [(p.caller, p.offender, p.reason, p.words, p.taker, p.cards)
                          for p in self.penalties],
            "secret_rules": [(rule.holder, rule.name) for rule in self.secret_rules],
            **super().snapshot(),
        }
