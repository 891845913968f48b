"""A game of What the Rule?! as the journal folds it: rounds, each led by a game master who
holds a secret rule, and the other players offering cards to find it.

A round begins with `RoundLed`: the 144 cards are shuffled (from the seed and the round's
number, or a stacked order) and each player but the master is dealt ten. From the master's
left, clockwise, a player either plays a card (it fits: into the row, and they may guess;
it does not: below the row, and they draw one) or reveals their hand (nothing fits: it goes
under the draw pile and they draw one card fewer, then may guess; something fits: the
master places one of those in the row and they draw one). The round ends on a right guess,
a player out of cards at the end of their turn, or an empty draw pile; then everyone but
the master scores 10 minus their cards in hand, the guesser 5 more (2 if the table agreed
to hints), and the master the best of those, halved in three cases (`scoring`).

At a real table (modes "table" and "score", see `real_cards`) nothing is shuffled: the
hands and the pile are cards nobody has typed, counted, and each card takes its place as it
is typed; the table may correct a count (`corrections`); everything else (turns, scoring,
halving, rounds) is the same.

The modules: `round` holds a round's cards and turns, `scoring` the checks every entry
shares and how rounds and the game end and score, `hints` hints agreed, announced, objected
to and given, `corrections` counts the table corrects, and this one the moves and the fold.

The master is the engine (the round's rule in the rule language: it judges cards, hands
and guesses) or a person (the entries carry their verdicts): see `events`. Scores are not
Hidden Rules points: no floor, no target; the game ends after its rounds (the setup's
`target`), and the highest total wins, ties sharing the win.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.errors import CardError, IllegalActionError, allowed
from engine.events import Event, GameStarted
from engine.games.base import Policy, Step
from engine.games.what_the_rule.corrections import Corrections
from engine.games.what_the_rule.events import (
    Guessed,
    HandCounted,
    HintAnnounced,
    Hinted,
    HintGiven,
    HintObjected,
    HintsAgreed,
    Passed,
    PileCounted,
    Played,
    Revealed,
    RoundLed,
)
from engine.games.what_the_rule.figures import WhatTheRuleFigures, figures_of
from engine.games.what_the_rule.hints import Hints
from engine.games.what_the_rule.judging import judge
from engine.games.what_the_rule.pool import POOL
from engine.games.what_the_rule.real_cards import UNSEEN, read_hand, take_in, verify_holds
from engine.games.what_the_rule.round import (
    EARLY_TURNS,
    FEW_CARDS,
    GUESS_BONUS,
    GUESSED,
    HINTED_BONUS,
    NOT_GUESSED,
    OUT_OF_CARDS,
    PILE_EMPTY,
    TEN_CARDS,
    TWO_TURNS,
    Guess,
    Round,
    RoundResult,
    judge_guess,
    parse_rule,
)
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import DECK, HAND, Design, parse_design
from engine.games.what_the_rule.view import NAME
from engine.language.parse import ExpressionError
from engine.moves import STAYED, MoveReport

__all__ = ["EARLY_TURNS", "FEW_CARDS", "GUESSED", "GUESS_BONUS", "HINTED_BONUS", "NOT_GUESSED",
           "OUT_OF_CARDS", "PILE_EMPTY", "TEN_CARDS", "TWO_TURNS", "Round", "RoundResult",
           "WhatTheRuleGame", "judge_guess", "new_game", "parse_rule"]


def new_game(players: Sequence[str], *, seed: int, target: int = 0, dealer: int = 0,
             options: Sequence[str] = (), mode: str = "shuffled") -> GameStarted:
    """The setup entry of a game of What the Rule?!: `target` rounds (0: one for each
    player, so everyone leads once); `dealer` leads the first round; `options` its settings
    (see `settings`: points on or off, stacked decks)."""
    return GameStarted(game=NAME, players=tuple(players), seed=seed, hand_size=HAND,
                       target=target or len(players), dealer=dealer, options=tuple(options),
                       mode=mode)


class WhatTheRuleGame(Hints, Corrections):
    """The moves of a round: leading it, a card played, a hand revealed, a guess or its
    chance let go; the bots' moves; and the journal's fold."""

    __slots__ = ()

    def _holding(self, round_: Round, player: int, card: str, who: str) -> Design:
        try:
            design = parse_design(card)
        except CardError as error:
            raise IllegalActionError(str(error)) from None
        if self.real:
            verify_holds(round_.hands[player], round_.in_sight, [design], who)
        elif design not in round_.hands[player]:
            raise IllegalActionError(f"{who} holds no {design.name[2:]} ({design.code}).")
        return design

    # -- leading a round ----------------------------------------------------------------------

    def verify_lead(self, master: int, rule: str = "") -> Rule | None:
        """Why `master` cannot lead the next round with `rule` (the engine's to judge; empty:
        they judge); when they can, the rule parsed."""
        self._verify_can_act()
        self._verify_seats(master)
        round_ = self.under_way
        if round_ is not None:
            raise IllegalActionError(f"Round {round_.number} is under way, led by "
                                     f"{self.names[round_.master]}.")
        expected = self.next_master
        if master != expected:
            why = ("was chosen to lead the first" if self.round is None
                   else "leads the next: the lead passes clockwise, to the left, after every")
            raise IllegalActionError(f"{self.names[expected]} {why} round, not "
                                     f"{self.names[master]}.")
        if not rule.strip():
            return None
        if self.setup.mode == "score":
            raise IllegalActionError(f"Every master judges the cards in a game kept in score "
                                     f"mode: {self.names[master]} leads without giving the "
                                     "referee a rule.")
        try:
            return parse_rule(rule)
        except ExpressionError as error:
            raise IllegalActionError(f"{self.names[master]}'s rule cannot be judged by the "
                                     f"referee: {error}") from None

    def can_lead(self, master: int, rule: str = "") -> bool:
        return allowed(self.verify_lead, master, rule)

    def lead(self, master: int, rule: str = "", said: str = "") -> RoundLed:
        """`said`: the rule in the master's own words, when `rule` was read from them."""
        return self._move((master,), self._lead, master, rule, said)

    def _lead(self, master: int, rule: str, said: str) -> tuple[RoundLed, MoveReport]:
        parsed = self.verify_lead(master, rule)
        if parsed is None and self.settings.machine is not None:
            raise IllegalActionError(f"{self.names[master]} is the machine master: it leads "
                                     "every round with a rule it judges itself.")
        number = len(self.results) + 1
        cards = [UNSEEN] * len(DECK) if self.real else self._shuffled(number)
        self.round = Round(number, master, parsed, len(self.names), cards)
        self.round.said = said if parsed is not None else ""
        return RoundLed(master=master, rule=rule.strip(), said=self.round.said), STAYED

    def _shuffled(self, number: int) -> list[Design]:
        """The 144 cards for round `number`, top first: shuffled from the seed, under the
        stacked order the setup gives for that round, if any (clarification deal)."""
        cards = list(DECK)
        random.Random(self.setup.seed * 1_000_003 + number).shuffle(cards)
        top = self.settings.decks.get(number, ())
        if not top:
            return cards
        left = Counter(top)
        rest = []
        for card in cards:
            if left[card]:
                left[card] -= 1
            else:
                rest.append(card)
        return [*top, *rest]

    # -- playing a card ---------------------------------------------------------------------

    def verify_play(self, player: int, card: str, fits: bool | None = None) -> Design:
        round_ = self._verify_turn(player, "play a card")
        design = self._holding(round_, player, card, self.names[player])
        self._verify_verdict(round_, fits, "whether the card fits")
        return design

    def can_play(self, player: int, card: str, fits: bool | None = None) -> bool:
        return allowed(self.verify_play, player, card, fits)

    def play(self, player: int, card: str, fits: bool | None = None) -> Played:
        """A card that fits goes into the row and its player may guess; one that does not
        goes below the row, at the next free place, and its player draws one."""
        return self._move((player,), self._play, player, card, fits)

    def _play(self, player: int, card: str, fits: bool | None) -> tuple[Played, MoveReport]:
        design = self.verify_play(player, card, fits)
        round_ = self.round
        assert round_ is not None
        self._move_on(round_)
        rule = round_.rule
        verdict = rule.accepts(round_.row, design) if rule is not None else bool(fits)
        self._took_turn(round_, player)
        take_in(round_.hands[player], [design])
        round_.hands[player].remove(design)
        round_.played += 1
        round_.seen.append((len(round_.row), design, verdict))
        round_.turn = round_.next_seat(player)
        report = STAYED  # the player may guess: the turn is not over
        if verdict:
            round_.row.append(design)
            round_.guesser = player
        else:
            round_.below.append((len(round_.row), design))
            round_.draw(player, 1)
            report = self._end_of_turn(round_)
        return Played(player=player, card=design.code, fits=fits), report

    def _took_turn(self, round_: Round, player: int) -> None:
        round_.turns[player] += 1
        round_.turns_taken += 1
        self.turns_total += 1

    # -- revealing a hand --------------------------------------------------------------------

    def verify_reveal(self, player: int, placed: str = "", cards: Sequence[str] = (),
                      count: int = 0) -> tuple[Design | None, list[Design] | None]:
        """Why `player` cannot reveal their hand; when they can, the card the master places
        (`placed`, a human master's choice) and the hand as typed (`cards`: at a real table,
        all of it when the engine judges it; the engine knows a dealt hand). `count`, when
        given, is the hand's count as the table saw it (clarification reveal-count)."""
        round_ = self._verify_turn(player, "reveal their hand")
        name = self.names[player]
        hand = round_.hands[player]
        if count and count != len(hand):
            raise IllegalActionError(
                f"{name} holds {len(hand)} card{'' if len(hand) == 1 else 's'} by the "
                f"referee's count, not {count}: if the table's count is right, correct the "
                "referee's first.")
        typed = self._revealed_hand(round_, player, cards)
        if round_.rule is not None:
            if placed.strip():
                raise IllegalActionError(
                    f"The referee judges this round by {self.names[round_.master]}'s rule: it "
                    "finds the cards that fit and places one itself.")
            if self.real and typed is None:
                raise IllegalActionError(
                    f"The referee judges {name}'s hand: type all {len(hand)} of its cards.")
            return None, typed
        if not placed.strip():
            return None, typed
        chosen = self._holding(round_, player, placed, name)
        if typed is not None and chosen not in typed:
            raise IllegalActionError(f"{chosen.name[0].upper()}{chosen.name[1:]} "
                                     f"({chosen.code}) is not among the cards {name} revealed.")
        return chosen, typed

    def _revealed_hand(self, round_: Round, player: int,
                       cards: Sequence[str]) -> list[Design] | None:
        """The hand as typed, checked (None when it is not typed)."""
        if not cards:
            return None
        name = self.names[player]
        if not self.real:
            raise IllegalActionError(f"The referee dealt the cards: it knows {name}'s hand, "
                                     "so a reveal does not list it.")
        designs = read_hand(cards)
        hand = round_.hands[player]
        if len(designs) != len(hand):
            raise IllegalActionError(f"{name} holds {len(hand)} card"
                                     f"{'' if len(hand) == 1 else 's'}, not {len(designs)}: "
                                     "a revealed hand is typed whole.")
        verify_holds(hand, round_.in_sight, designs, name)
        return designs

    def can_reveal(self, player: int, placed: str = "", cards: Sequence[str] = (),
                   count: int = 0) -> bool:
        return allowed(self.verify_reveal, player, placed, cards, count)

    def reveal(self, player: int, placed: str = "", cards: Sequence[str] = (),
               count: int = 0) -> Revealed:
        """Nothing in the hand fits: it goes under the draw pile, its player draws one card
        fewer than they held and may guess. Something fits: the master places one of those
        cards in the row (the engine: the one held longest, clarification reveal-choice;
        at a real table the first one typed) and the player draws one (clarification
        reveal)."""
        return self._move((player,), self._reveal, player, placed, cards, count)

    def _reveal(self, player: int, placed: str, cards: Sequence[str],
                count: int) -> tuple[Revealed, MoveReport]:
        chosen, typed = self.verify_reveal(player, placed, cards, count)
        round_ = self.round
        assert round_ is not None
        self._move_on(round_)
        hand, rule, length = round_.hands[player], round_.rule, len(round_.row)
        if typed is not None:
            hand[:] = typed           # the whole hand, in the order typed
        if rule is not None:
            chosen = next((card for card in hand if rule.accepts(round_.row, card)), None)
        self._took_turn(round_, player)
        round_.turn = round_.next_seat(player)
        report = STAYED
        if chosen is None:
            round_.seen += [(length, card, False) for card in hand if card is not UNSEEN]
            held = len(hand)
            round_.pile.extend(hand)
            hand.clear()
            round_.draw(player, held - 1)
            round_.guesser = player
        else:
            round_.seen.append((length, chosen, True))
            take_in(hand, [chosen])
            hand.remove(chosen)
            round_.row.append(chosen)
            round_.played += 1
            round_.draw(player, 1)
            report = self._end_of_turn(round_)
        shown = chosen.code if chosen is not None and rule is None else ""
        return Revealed(player=player, placed=shown,
                        cards=() if typed is None else tuple(card.code for card in typed),
                        count=count), report

    # -- guessing ----------------------------------------------------------------------------

    def _why_no_guess(self, round_: Round, player: int) -> str:
        name = self.names[player]
        if round_.guesser is not None:
            return f"Only {self.names[round_.guesser]} may guess now."
        return (f"{name} may not guess now: a guess comes straight after a card of theirs "
                "that fits, or a hand they revealed with no card that fits.")

    def verify_guess(self, player: int, rule: str, right: bool | None = None) -> Rule | None:
        """Why `player` cannot guess `rule`; when they can, the guess parsed (None when the
        master judges it)."""
        round_ = self._verify_round()
        self._verify_seats(player)
        if round_.guesser != player:
            raise IllegalActionError(self._why_no_guess(round_, player))
        if not rule.strip():
            raise IllegalActionError("Say the rule guessed: the guess is empty.")
        if round_.rule is None:
            self._verify_verdict(round_, right, "whether the guess is right")
            return None
        # In a round the engine judges, a verdict is the master's only where the engine
        # cannot decide (`judging`).
        try:
            return parse_rule(rule)
        except ExpressionError as error:
            raise IllegalActionError(f"{self.names[player]}'s guess must be a rule the referee "
                                     f"can judge: {error}") from None

    def can_guess(self, player: int, rule: str, right: bool | None = None) -> bool:
        return allowed(self.verify_guess, player, rule, right)

    def guess(self, player: int, rule: str, right: bool | None = None,
              said: str = "", judged: str = "", differs: tuple[str, ...] = ()) -> Guessed:
        """A right guess ends the round; a wrong one ends the guesser's turn, and once hints
        are agreed the engine as master announces a hint (`Hints.offer_after_a_wrong_guess`;
        without hints a wrong guess is only wrong). `said`: the guess in the player's own
        words, when `rule` was read from them; `judged`, `differs`: the engine's verdict as
        recorded (`judging`: the entry returned carries it)."""
        return self._move((player,), self._guess, player, rule, right, said, judged, differs)

    def _guess(self, player: int, rule: str, right: bool | None, said: str, judged: str,
               differs: tuple[str, ...]) -> tuple[Guessed, MoveReport]:
        parsed = self.verify_guess(player, rule, right)
        round_ = self.round
        assert round_ is not None
        difference = None
        if parsed is not None:
            assert round_.rule is not None
            verdict = judge(parsed, round_.rule, right=right, judged=judged, differs=differs,
                            guesser=self.names[player], master=self.names[round_.master])
            is_right, difference = verdict.right, verdict.difference
            judged, differs = verdict.judged, verdict.differs
        else:
            is_right = bool(right)
        words = rule.strip()
        round_.guesses.append(Guess(player, words, is_right, difference))
        round_.guesser = None
        if is_right:
            report = self._close_round(round_, GUESSED, guesser=player)
        else:
            report = self._end_of_turn(round_)
            self.offer_after_a_wrong_guess(round_)
        return Guessed(player=player, rule=words, right=right,
                       said=said if parsed is not None else "",
                       judged=judged if parsed is not None else "",
                       differs=differs if parsed is not None else ()), report

    def verify_pass(self, player: int) -> None:
        round_ = self._verify_round()
        self._verify_seats(player)
        if round_.guesser != player:
            raise IllegalActionError(f"{self.names[player]} has no guess to let go. "
                                     + self._why_no_guess(round_, player))

    def can_pass(self, player: int) -> bool:
        return allowed(self.verify_pass, player)

    def pass_guess(self, player: int) -> Passed:
        return self._move((player,), self._pass_guess, player)

    def _pass_guess(self, player: int) -> tuple[Passed, MoveReport]:
        self.verify_pass(player)
        round_ = self.round
        assert round_ is not None
        round_.guesser = None
        return Passed(player=player), self._end_of_turn(round_)

    # -- bots ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[Event]:
        """The entries that may come next: a round led with each rule bots think of; the
        guesses bots think of, and letting the guess go; each card in hand (with both
        verdicts when the master judges), revealing the hand (with each card the master
        could place), agreeing to hints, then announcing one, objecting to it and the
        engine's giving it. Guesses and rules in other words, a master's hint in words and
        the table's corrected counts are not listed. At a real table only the cards typed so
        far are known: a hand nobody has typed is not listed."""
        if self.over:
            return []
        round_ = self.under_way
        if round_ is None:
            if self.setup.mode == "score":
                return [RoundLed(master=self.next_master)]
            return [RoundLed(master=self.next_master, rule=rule) for rule in POOL]
        moves: list[Event] = []
        guesser = round_.guesser
        if guesser is not None:
            if round_.rule is not None:
                moves += [Guessed(player=guesser, rule=rule) for rule in POOL]
            moves.append(Passed(player=guesser))
            if round_.waiting:
                return moves
        seat = round_.turn
        hand = round_.hands[seat]
        held = [card.code for card in dict.fromkeys(hand) if card is not UNSEEN]
        if round_.rule is not None:
            moves += [Played(player=seat, card=code) for code in held]
            if UNSEEN not in hand:  # at a real table, a hand the engine knows whole
                moves.append(Revealed(player=seat, cards=tuple(
                    card.code for card in hand) if self.real else ()))
        else:
            moves += [Played(player=seat, card=code, fits=fits)
                      for code in held for fits in (True, False)]
            moves += [Revealed(player=seat, placed=code) for code in ("", *held)]
        return moves + self._hint_moves(round_)

    def _hint_moves(self, round_: Round) -> list[Event]:
        if not round_.hints:
            return [HintsAgreed()]
        if round_.offer is None:
            return [HintAnnounced()] if self.can_announce_hint() else []
        moves: list[Event] = [HintObjected(player=seat) for seat in range(len(self.names))
                              if self.can_object_hint(seat)]
        return moves + ([HintGiven()] if round_.rule is not None else [])

    def step(self, policy: Policy, rng: random.Random,
             turn_limit: int) -> Step | None:
        """The move `policy` chooses (see `policies`); the seat is the player's for a card
        played or a hand revealed, else None."""
        if self.over or self.turns_total >= turn_limit:
            return None
        event, seat = policy(self, rng)
        return self.apply(event), seat

    def figures(self) -> WhatTheRuleFigures:
        return figures_of(self.results, len(self.names), self.winners)

    # -- the journal fold ----------------------------------------------------------------------

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {
            RoundLed: lambda e: self.lead(e.master, e.rule, e.said),
            Played: lambda e: self.play(e.player, e.card, e.fits),
            Revealed: lambda e: self.reveal(e.player, e.placed, e.cards, e.count),
            Guessed: lambda e: self.guess(e.player, e.rule, e.right, e.said, e.judged,
                                          e.differs),
            Passed: lambda e: self.pass_guess(e.player),
            HintsAgreed: lambda e: self.agree_hints(),
            HintAnnounced: lambda e: self.announce_hint(),
            HintObjected: lambda e: self.object_hint(e.player),
            HintGiven: lambda e: self.give_hint(e.words),
            Hinted: lambda e: self.hint(e.words),
            HandCounted: lambda e: self.count_hand(e.player, e.cards),
            PileCounted: lambda e: self.count_pile(e.cards),
        }

    def snapshot(self) -> dict[str, object]:
        return {
            "round": None if self.round is None else self.round.snapshot(),
            "results": [(r.number, r.master, r.ended, r.guesser, r.hints, r.turns, r.played,
                         r.points, r.halved, r.rule) for r in self.results],
            "turns_total": self.turns_total, "over": self.over, "winners": self.winners,
            **super().snapshot(),
        }
