"""Hints in a round of What the Rule?!: the whole table agrees to them, then each hint is
announced, anyone may object, and it is given only when nobody does.

- Agreement (`HintsAgreed`, clarification hints): everyone at the table, the master too;
  when the engine judges the round it agrees as well. From then on a right guess earns 2
  points instead of 5.
- A master in person announces a hint (`HintAnnounced`) and gives it in words
  (`HintGiven`) unless someone objects first (`HintObjected`) (clarification
  hint-objection).
- The engine as master gives one kind of hint: a card that, played next on the row as it
  stands, its rule and the round's latest wrong guess judge differently (`next_card`,
  clarification counterexample-hint). It announces one on its own after a wrong guess, and
  on `HintAnnounced` later; when no card played next tells the two apart it says so and
  no hint is spent.
- A hint announced and neither given nor objected to lapses when the next card is played or
  hand shown: the row it was about has moved on.
"""

from __future__ import annotations

from engine.errors import IllegalActionError, allowed
from engine.games.what_the_rule.events import (
    HintAnnounced,
    Hinted,
    HintGiven,
    HintObjected,
    HintsAgreed,
)
from engine.games.what_the_rule.next_card import hint_words, next_card, where_next
from engine.games.what_the_rule.round import Offer, Round, parse_rule
from engine.games.what_the_rule.scoring import ScoredRounds
from engine.games.what_the_rule.shapes import COPIES


class Hints(ScoredRounds):
    """Hints agreed, announced, objected to and given."""

    __slots__ = ()

    # -- agreeing ----------------------------------------------------------------------------

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

    # -- the engine's hint ---------------------------------------------------------------------

    def engine_offer(self, round_: Round) -> Offer | None:
        """The engine's hint on the row as it stands: a card that tells the round's latest
        wrong guess from the rule, in the table's words; None when nobody has guessed wrong
        or no card played next tells the two apart (clarification counterexample-hint)."""
        rule = round_.rule
        wrong = next((guess for guess in reversed(round_.guesses) if not guess.right), None)
        if rule is None or wrong is None:
            return None
        table = [*round_.row, *(card for _, card in round_.below)]
        laid = {card for card in table if table.count(card) >= COPIES}
        found = next_card(rule, parse_rule(wrong.words), round_.row, laid=laid)
        if found is None:
            return None
        return Offer(card=found, words=hint_words(
            found, rule=f"{self.names[round_.master]}'s rule",
            guess=f"{self.names[wrong.player]}'s guess"))

    def offer_after_a_wrong_guess(self, round_: Round) -> None:
        """Once hints are agreed, the engine as master announces a hint after each wrong
        guess that leaves the round under way, when it has one."""
        if round_.hints and round_.rule is not None and not round_.ended:
            round_.offer = self.engine_offer(round_)

    def no_hint_why(self, round_: Round) -> str:
        """Why the engine has no hint for the row as it stands."""
        master = self.names[round_.master]
        wrong = next((guess for guess in reversed(round_.guesses) if not guess.right), None)
        if wrong is None:
            return (f"The referee's hints are cards that tell a wrong guess from {master}'s "
                    "rule, and nobody has guessed wrong in this round yet.")
        last = round_.row[-1] if round_.row else None
        where = where_next(last, len(round_.row) + 1)
        return (f"No card {where} tells {self.names[wrong.player]}'s guess from {master}'s "
                "rule yet: the referee has no hint to give on the row as it stands.")

    # -- announcing, objecting, giving --------------------------------------------------------

    def _verify_hints_on(self) -> Round:
        round_ = self._verify_round()
        self._verify_between_turns(round_)
        if not round_.hints:
            giver = ("The referee" if round_.rule is not None
                     else self.names[round_.master])
            raise IllegalActionError(f"{giver} gives hints only once everyone at the table "
                                     "has agreed to them.")
        return round_

    def verify_announce_hint(self) -> Offer:
        """Why no hint can be announced now; when one can, what is announced."""
        round_ = self._verify_hints_on()
        if round_.offer is not None:
            raise IllegalActionError("A hint is announced already: it is given unless "
                                     "someone objects.")
        if round_.rule is None:
            return Offer()
        offer = self.engine_offer(round_)
        if offer is None:
            raise IllegalActionError(self.no_hint_why(round_))
        return offer

    def can_announce_hint(self) -> bool:
        return allowed(self.verify_announce_hint)

    def announce_hint(self) -> HintAnnounced:
        offer = self.verify_announce_hint()
        round_ = self.round
        assert round_ is not None
        self._close_window(round_)
        round_.offer = offer
        return HintAnnounced()

    def _verify_offer(self) -> Round:
        round_ = self._verify_round()
        if round_.offer is None:
            raise IllegalActionError("No hint is announced: a hint is announced first, so "
                                     "that anyone may object before it is given.")
        return round_

    def verify_object_hint(self, player: int) -> None:
        round_ = self._verify_offer()
        self._verify_seats(player)
        if player == round_.master and round_.rule is None:
            raise IllegalActionError(f"{self.names[player]} announced the hint: to keep it, "
                                     "they simply do not give it.")

    def can_object_hint(self, player: int) -> bool:
        return allowed(self.verify_object_hint, player)

    def object_hint(self, player: int) -> HintObjected:
        """Clarification hint-objection: one objection and the hint is not given."""
        self.verify_object_hint(player)
        round_ = self.round
        assert round_ is not None
        round_.offer = None
        return HintObjected(player=player)

    def verify_give_hint(self, words: str = "") -> str:
        """Why the hint announced cannot be given; when it can, its words."""
        round_ = self._verify_offer()
        offer = round_.offer
        assert offer is not None
        if round_.rule is not None:
            if words.strip():
                raise IllegalActionError(
                    f"The referee judges this round by {self.names[round_.master]}'s rule and "
                    "gives its own hint, a card to try: it takes no hint in words.")
            return offer.words
        if not words.strip():
            raise IllegalActionError("Say the hint: the words are empty.")
        return words.strip()

    def can_give_hint(self, words: str = "") -> bool:
        return allowed(self.verify_give_hint, words)

    def give_hint(self, words: str = "") -> HintGiven:
        said = self.verify_give_hint(words)
        round_ = self.round
        assert round_ is not None
        round_.offer = None
        round_.hints_given.append(said)
        return HintGiven(words=words.strip())

    def _move_on(self, round_: Round) -> None:
        """A card played or a hand shown: the chance to guess is gone (clarification
        guess-window), and so is a hint announced and not given (it was about the row as it
        stood)."""
        self._close_window(round_)
        round_.lapsed = round_.offer is not None
        round_.offer = None

    # -- a hint announced and given in one entry (`Hinted`) -----------------------------------

    def verify_hint(self, words: str) -> None:
        round_ = self._verify_hints_on()
        if round_.offer is not None:
            raise IllegalActionError("A hint is announced: it is given or objected to first.")
        if not words.strip():
            raise IllegalActionError("Say the hint: the words are empty.")

    def can_hint(self, words: str) -> bool:
        return allowed(self.verify_hint, words)

    def hint(self, words: str) -> Hinted:
        """A hint announced aloud and given, nobody objecting, in one entry (a story told
        afterwards, and journals from before the referee recorded announcements apart)."""
        self.verify_hint(words)
        round_ = self.round
        assert round_ is not None
        self._close_window(round_)
        round_.hints_given.append(words.strip())
        return Hinted(words=words.strip())

