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
to hints), and the master the best of those, halved in three cases (`_close_round`).

At a real table (modes "table" and "score", see `real_cards`) nothing is shuffled: the
hands and the pile are cards nobody has typed, counted, and each card takes its place as it
is typed; everything else (turns, scoring, halving, rounds) is the same.

The master is the engine (the round's rule in the rule language: it judges cards, hands
and guesses) or a person (the entries carry their verdicts): see `events`. Scores are not
Hidden Rules points: no floor, no target; the game ends after its rounds (the setup's
`target`), and the highest total wins, ties sharing the win.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.errors import CardError, ConfigError, IllegalActionError, allowed
from engine.events import Event, GameStarted
from engine.games.what_the_rule.events import (
    Guessed,
    Hinted,
    HintsAgreed,
    Passed,
    Played,
    Revealed,
    RoundLed,
)
from engine.games.what_the_rule.pool import POOL
from engine.games.what_the_rule.real_cards import (
    REAL_MODES,
    UNSEEN,
    read_hand,
    take_in,
    verify_holds,
)
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.settings import read_settings
from engine.games.what_the_rule.shapes import DECK, HAND, Design, parse_design
from engine.games.what_the_rule.view import NAME
from engine.language.parse import ExpressionError
from engine.rules_layer import PointChange, RulesLayer

GUESS_BONUS, HINTED_BONUS = 5, 2
TWO_TURNS, TEN_CARDS = 2, 10
GUESSED, OUT_OF_CARDS, PILE_EMPTY = "guessed", "out-of-cards", "pile-empty"
# why a master's points are halved (clarification halving)
EARLY_TURNS, FEW_CARDS, NOT_GUESSED = "early-turns", "few-cards", "not-guessed"


def new_game(players: Sequence[str], *, seed: int, target: int = 0, dealer: int = 0,
             options: Sequence[str] = (), mode: str = "shuffled") -> GameStarted:
    """The setup entry of a game of What the Rule?!: `target` rounds (0: one for each
    player, so everyone leads once); `dealer` leads the first round; `options` its settings
    (see `settings`: points on or off, stacked decks)."""
    return GameStarted(game=NAME, players=tuple(players), seed=seed, hand_size=HAND,
                       target=target or len(players), dealer=dealer, options=tuple(options),
                       mode=mode)


@dataclass(frozen=True, slots=True)
class Guess:
    """A guess and the verdict on it; when the engine judged it wrong, `difference` is a row
    and a card on which the guess and the rule disagree (`first_accepts`: the guess is the
    one that accepts it)."""

    player: int
    words: str
    right: bool
    difference: Any = None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A round as it ended and what it scored (`points` by seat, 0 in a game without
    points; `halved` why the master's points were halved)."""

    number: int
    master: int
    ended: str                   # GUESSED, OUT_OF_CARDS or PILE_EMPTY
    guesser: int | None
    hints: bool
    turns: int                   # turns taken in the round
    played: int                  # cards laid on the table (clarification cards-played)
    points: tuple[int, ...]
    halved: tuple[str, ...]
    rule: str = ""               # the rule the engine judged by (empty: the master judged)


class Round:
    """One round's cards and turns."""

    __slots__ = ("below", "ended", "guesser", "guesses", "hands", "hints", "hints_given",
                 "master", "number", "order", "pile", "played", "row", "rule", "said", "seen",
                 "turn", "turns", "turns_taken")

    def __init__(self, number: int, master: int, rule: Rule | None, players: int,
                 cards: Sequence[Design]) -> None:
        self.number = number
        self.master = master
        self.rule = rule
        self.said = ""   # the rule as the master said it in plain words, if they did
        # the players in turn from the master's left, clockwise (clarification deal)
        self.order = tuple((master + step) % players for step in range(1, players))
        self.hands: list[list[Design]] = [[] for _ in range(players)]
        for place, seat in enumerate(self.order):
            self.hands[seat] = list(cards[place * HAND:(place + 1) * HAND])
        self.pile: deque[Design] = deque(cards[len(self.order) * HAND:])  # top first
        self.row: list[Design] = []
        self.below: list[tuple[int, Design]] = []  # (the row's length then, the card)
        self.turn = self.order[0]
        self.turns = [0] * players                 # turns each player has had
        self.turns_taken = 0
        self.played = 0
        self.guesser: int | None = None            # who may guess now
        self.hints = False
        self.hints_given: list[str] = []
        self.guesses: list[Guess] = []
        self.seen: list[tuple[int, Design, bool]] = []  # (row length, card, fits): judged
        self.ended = ""

    @property
    def waiting(self) -> bool:
        """The player who may guess played their last card: the round waits for them to
        guess or pass before anything else (clarification guess-window)."""
        return self.guesser is not None and not self.hands[self.guesser]

    @property
    def in_sight(self) -> list[Sequence[Design]]:
        """Every place a card can be known to lie: the row, below it, the hands, the pile."""
        return [self.row, [card for _, card in self.below], *self.hands, self.pile]

    def next_seat(self, seat: int) -> int:
        return self.order[(self.order.index(seat) + 1) % len(self.order)]

    def draw(self, seat: int, count: int) -> None:
        hand, pile = self.hands[seat], self.pile
        for _ in range(min(count, len(pile))):
            hand.append(pile.popleft())

    def snapshot(self) -> dict[str, object]:
        def codes(cards: Sequence[Design]) -> list[str]:
            return [card.code for card in cards]

        return {
            "number": self.number, "master": self.master,
            "rule": None if self.rule is None else self.rule.source,
            "hands": [codes(hand) for hand in self.hands], "pile": codes(self.pile),
            "row": codes(self.row), "below": [(spot, card.code) for spot, card in self.below],
            "turn": self.turn, "turns": list(self.turns), "played": self.played,
            "guesser": self.guesser, "hints": self.hints, "hints_given": list(self.hints_given),
            "guesses": [(guess.player, guess.words, guess.right,
                         None if guess.difference is None else
                         (codes(guess.difference.row), guess.difference.card.code))
                        for guess in self.guesses],
            "seen": [(length, card.code, fits) for length, card, fits in self.seen],
            "ended": self.ended,
        }


@lru_cache(maxsize=4096)
def parse_rule(source: str) -> Rule:
    """`Rule.parse`, remembered: the same rules come back round after round."""
    return Rule.parse(source)


@lru_cache(maxsize=16384)
def judge_guess(guess: str, rule: str) -> Any:
    """None when the guess is the rule (the same rule, however written: clarification
    machine-master), else a row and a card on which they differ (`equivalence.same_rule`,
    the guess first)."""
    from engine.games.what_the_rule.equivalence import same_rule

    return same_rule(parse_rule(guess), parse_rule(rule))


class WhatTheRuleGame(RulesLayer):
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
        passes clockwise, to the left (clarification first-master)."""
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
            raise IllegalActionError(f"The engine judges this round by {master}'s rule: an "
                                     f"entry does not say {what}.")
        if round_.rule is None and verdict is None:
            raise IllegalActionError(f"{master} judges this round: say {what}.")

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

    def _close_window(self, round_: Round) -> None:
        """Anything else recorded after a card that fits (or a hand with none) ends the
        chance to guess (clarification guess-window)."""
        round_.guesser = None

    def _end_of_turn(self, round_: Round, player: int) -> None:
        """The round ends when the player's turn leaves them without cards or the draw pile
        empty (clarification round-end)."""
        if not round_.hands[player]:
            self._close_round(round_, OUT_OF_CARDS)
        elif not round_.pile:
            self._close_round(round_, PILE_EMPTY)

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
                                     "engine a rule.")
        try:
            return parse_rule(rule)
        except ExpressionError as error:
            raise IllegalActionError(f"{self.names[master]}'s rule cannot be judged by the "
                                     f"engine: {error}") from None

    def can_lead(self, master: int, rule: str = "") -> bool:
        return allowed(self.verify_lead, master, rule)

    def lead(self, master: int, rule: str = "", said: str = "") -> RoundLed:
        """`said`: the rule in the master's own words, when `rule` was read from them."""
        parsed = self.verify_lead(master, rule)
        number = len(self.results) + 1
        cards = [UNSEEN] * len(DECK) if self.real else self._shuffled(number)
        self.round = Round(number, master, parsed, len(self.names), cards)
        self.round.said = said if parsed is not None else ""
        return RoundLed(master=master, rule=rule.strip(), said=self.round.said)

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
        design = self.verify_play(player, card, fits)
        round_ = self.round
        assert round_ is not None
        self._close_window(round_)
        rule = round_.rule
        verdict = rule.accepts(round_.row, design) if rule is not None else bool(fits)
        self._took_turn(round_, player)
        take_in(round_.hands[player], [design])
        round_.hands[player].remove(design)
        round_.played += 1
        round_.seen.append((len(round_.row), design, verdict))
        round_.turn = round_.next_seat(player)
        if verdict:
            round_.row.append(design)
            round_.guesser = player
        else:
            round_.below.append((len(round_.row), design))
            round_.draw(player, 1)
            self._end_of_turn(round_, player)
        return Played(player=player, card=design.code, fits=fits)

    def _took_turn(self, round_: Round, player: int) -> None:
        round_.turns[player] += 1
        round_.turns_taken += 1
        self.turns_total += 1

    # -- revealing a hand --------------------------------------------------------------------

    def verify_reveal(self, player: int, placed: str = "",
                      cards: Sequence[str] = ()) -> tuple[Design | None, list[Design] | None]:
        """Why `player` cannot reveal their hand; when they can, the card the master places
        (`placed`, a human master's choice) and the hand as typed (`cards`: at a real table,
        all of it when the engine judges it; the engine knows a dealt hand)."""
        round_ = self._verify_turn(player, "reveal their hand")
        name = self.names[player]
        hand = round_.hands[player]
        typed = self._revealed_hand(round_, player, cards)
        if round_.rule is not None:
            if placed.strip():
                raise IllegalActionError(
                    f"The engine judges this round by {self.names[round_.master]}'s rule: it "
                    "finds the cards that fit and places one itself.")
            if self.real and typed is None:
                raise IllegalActionError(
                    f"The engine judges {name}'s hand: type all {len(hand)} of its cards.")
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
            raise IllegalActionError(f"The engine dealt the cards: it knows {name}'s hand, "
                                     "so a reveal does not list it.")
        designs = read_hand(cards)
        hand = round_.hands[player]
        if len(designs) != len(hand):
            raise IllegalActionError(f"{name} holds {len(hand)} card"
                                     f"{'' if len(hand) == 1 else 's'}, not {len(designs)}: "
                                     "a revealed hand is typed whole.")
        verify_holds(hand, round_.in_sight, designs, name)
        return designs

    def can_reveal(self, player: int, placed: str = "", cards: Sequence[str] = ()) -> bool:
        return allowed(self.verify_reveal, player, placed, cards)

    def reveal(self, player: int, placed: str = "", cards: Sequence[str] = ()) -> Revealed:
        """Nothing in the hand fits: it goes under the draw pile, its player draws one card
        fewer than they held and may guess. Something fits: the master places one of those
        cards in the row (the engine: the one held longest, clarification reveal-choice;
        at a real table the first one typed) and the player draws one (clarification
        reveal)."""
        chosen, typed = self.verify_reveal(player, placed, cards)
        round_ = self.round
        assert round_ is not None
        self._close_window(round_)
        hand, rule, length = round_.hands[player], round_.rule, len(round_.row)
        if typed is not None:
            hand[:] = typed           # the whole hand, in the order typed
        if rule is not None:
            chosen = next((card for card in hand if rule.accepts(round_.row, card)), None)
        self._took_turn(round_, player)
        round_.turn = round_.next_seat(player)
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
            self._end_of_turn(round_, player)
        shown = chosen.code if chosen is not None and rule is None else ""
        return Revealed(player=player, placed=shown,
                        cards=() if typed is None else tuple(card.code for card in typed))

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
        self._verify_verdict(round_, right, "whether the guess is right")
        if round_.rule is None:
            return None
        try:
            return parse_rule(rule)
        except ExpressionError as error:
            raise IllegalActionError(f"{self.names[player]}'s guess must be a rule the engine "
                                     f"can judge: {error}") from None

    def can_guess(self, player: int, rule: str, right: bool | None = None) -> bool:
        return allowed(self.verify_guess, player, rule, right)

    def guess(self, player: int, rule: str, right: bool | None = None,
              said: str = "") -> Guessed:
        """A right guess ends the round; a wrong one ends the guesser's turn. `said`: the
        guess in the player's own words, when `rule` was read from them."""
        parsed = self.verify_guess(player, rule, right)
        round_ = self.round
        assert round_ is not None
        difference = None
        if parsed is not None:
            assert round_.rule is not None
            difference = judge_guess(parsed.source, round_.rule.source)
            is_right = difference is None
        else:
            is_right = bool(right)
        words = rule.strip()
        round_.guesses.append(Guess(player, words, is_right, difference))
        round_.guesser = None
        if is_right:
            self._close_round(round_, GUESSED, guesser=player)
        else:
            self._end_of_turn(round_, player)
        return Guessed(player=player, rule=words, right=right,
                       said=said if parsed is not None else "")

    def verify_pass(self, player: int) -> None:
        round_ = self._verify_round()
        self._verify_seats(player)
        if round_.guesser != player:
            raise IllegalActionError(f"{self.names[player]} has no guess to let go. "
                                     + self._why_no_guess(round_, player))

    def can_pass(self, player: int) -> bool:
        return allowed(self.verify_pass, player)

    def pass_guess(self, player: int) -> Passed:
        self.verify_pass(player)
        round_ = self.round
        assert round_ is not None
        round_.guesser = None
        self._end_of_turn(round_, player)
        return Passed(player=player)

    # -- hints ---------------------------------------------------------------------------------

    def verify_agree_hints(self) -> None:
        round_ = self._verify_round()
        self._verify_between_turns(round_)
        if round_.hints:
            raise IllegalActionError("The table has already agreed to hints in this round.")

    def can_agree_hints(self) -> bool:
        return allowed(self.verify_agree_hints)

    def agree_hints(self) -> HintsAgreed:
        """Clarification hints: from now on a right guess is worth 2 points, not 5."""
        self.verify_agree_hints()
        round_ = self.round
        assert round_ is not None
        self._close_window(round_)
        round_.hints = True
        return HintsAgreed()

    def verify_hint(self, words: str) -> None:
        round_ = self._verify_round()
        self._verify_between_turns(round_)
        if not round_.hints:
            raise IllegalActionError(f"{self.names[round_.master]} gives hints only once "
                                     "everyone at the table has agreed to them.")
        if not words.strip():
            raise IllegalActionError("Say the hint: the words are empty.")

    def can_hint(self, words: str) -> bool:
        return allowed(self.verify_hint, words)

    def hint(self, words: str) -> Hinted:
        self.verify_hint(words)
        round_ = self.round
        assert round_ is not None
        self._close_window(round_)
        round_.hints_given.append(words.strip())
        return Hinted(words=words.strip())

    # -- the end of a round, and of the game ------------------------------------------------

    def _close_round(self, round_: Round, ended: str, guesser: int | None = None) -> None:
        """Everyone but the master: 10 minus their cards in hand (never below zero:
        clarification negative-points), and the guesser 5 more (2 after hints agreed). The
        master: the best of those, halved and rounded down when the rule was guessed before
        every player had two turns or before ten cards were played, or not guessed
        (clarifications halving, cards-played)."""
        round_.ended = ended
        round_.guesser = None
        players = round_.order
        points = [0] * len(self.names)
        halved: tuple[str, ...] = ()
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
            for seat in (*players, round_.master):
                self._score(seat, points[seat], self._why(round_, seat, guesser, halved))
        self.results.append(RoundResult(
            number=round_.number, master=round_.master, ended=ended, guesser=guesser,
            hints=round_.hints, turns=round_.turns_taken, played=round_.played,
            points=tuple(points), halved=halved,
            rule="" if round_.rule is None else round_.rule.source))
        self.rounds += 1
        if self.rounds >= self.target:
            self._end_game()

    def _why(self, round_: Round, seat: int, guesser: int | None,
             halved: tuple[str, ...]) -> str:
        if seat == round_.master:
            return f"round {round_.number}: game master" + (", halved" if halved else "")
        left = len(round_.hands[seat])
        why = f"round {round_.number}: {left} card{'' if left == 1 else 's'} left"
        return why + (", guessed the rule" if seat == guesser else "")

    def _score(self, seat: int, delta: int, reason: str) -> None:
        """A round's points, added without the Hidden Rules floor."""
        self.scores[seat] += delta
        self.points.append(PointChange(seat, delta, self.scores[seat], reason))

    def _end_game(self) -> None:
        """Clarification game-end: the highest total wins; a tie shares the win (and leaves
        `winner`, the single winner, empty). A game without points has no winner."""
        self.over = True
        if not self.settings.points:
            return
        best = max(self.scores)
        self.winners = tuple(seat for seat, score in enumerate(self.scores) if score == best)
        if len(self.winners) == 1:
            self.winner = self.winners[0]

    # -- bots ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[Event]:
        """The entries that may come next: a round led with each rule bots think of; the
        guesses bots think of, and letting the guess go; each card in hand (with both
        verdicts when the master judges), revealing the hand (with each card the master
        could place), and agreeing to hints. Guesses and rules in other words, and hints
        given, are not listed. At a real table only the cards typed so far are known: a
        hand nobody has typed is not listed."""
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
        if not round_.hints:
            moves.append(HintsAgreed())
        return moves

    def step(self, policy: Any, rng: random.Random,
             turn_limit: int) -> tuple[Event, int] | None:
        """The move `policy` chooses (see `policies`); the seat is the player's for a card
        played or a hand revealed, else -1."""
        if self.over or self.turns_total >= turn_limit:
            return None
        event, seat = policy(self, rng)
        return self.apply(event), seat

    def figures(self) -> dict[str, int]:
        results = self.results
        players = len(self.names) - 1
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
            "shared_wins": int(len(self.winners) > 1),
        }

    # -- the journal fold ----------------------------------------------------------------------

    def handlers(self) -> dict[type[Any], Callable[[Any], Event]]:
        return {
            RoundLed: lambda e: self.lead(e.master, e.rule, e.said),
            Played: lambda e: self.play(e.player, e.card, e.fits),
            Revealed: lambda e: self.reveal(e.player, e.placed, e.cards),
            Guessed: lambda e: self.guess(e.player, e.rule, e.right, e.said),
            Passed: lambda e: self.pass_guess(e.player),
            HintsAgreed: lambda e: self.agree_hints(),
            Hinted: lambda e: self.hint(e.words),
        }

    def snapshot(self) -> dict[str, object]:
        return {
            "round": None if self.round is None else self.round.snapshot(),
            "results": [(r.number, r.master, r.ended, r.guesser, r.hints, r.turns, r.played,
                         r.points, r.halved, r.rule) for r in self.results],
            "turns_total": self.turns_total, "over": self.over, "winners": self.winners,
            **super().snapshot(),
        }
