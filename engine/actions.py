"""Actions: what a secret rule makes a player do when its trigger fires.

Actions are structured records, not free text: the kind says what is asked (say a phrase,
name something, make a gesture, cause a game effect, refrain from something), the timing
says by when, and the hints are what an enforcer tells a violator, more specific than
"you broke a rule".
"""

from __future__ import annotations

import re
from enum import Enum


class ActionKind(Enum):
    SAY = "say"            # say a phrase
    NAME = "name"          # name something from a category
    GESTURE = "gesture"    # do something with your hands or body
    EFFECT = "effect"      # change the game: draw, skip, reverse ...
    FORBID = "forbid"      # refrain from something

    @property
    def speaks(self) -> bool:
        return self in (ActionKind.SAY, ActionKind.NAME)


class Timing(Enum):
    WITH_CARD = "with_card"                # while playing the card
    BEFORE_SUM = "before_sum"              # before announcing the new sum
    AFTER_SUM = "after_sum"                # straight after announcing the sum
    BEFORE_NEXT_CARD = "before_next_card"  # before the next card is played
    UNTIL_NEXT_TURN = "until_next_turn"    # from the trigger until your next turn

    @property
    def needs_the_player_who_played(self) -> bool:
        """Timed around playing and announcing: only the player who played can meet it."""
        return self in (Timing.WITH_CARD, Timing.BEFORE_SUM, Timing.AFTER_SUM)

    @property
    def needs_a_sum(self) -> bool:
        """Timed around announcing the sum: only a player who announces one can meet it."""
        return self in (Timing.BEFORE_SUM, Timing.AFTER_SUM)

    @property
    def words(self) -> str:
        return _TIMING_WORDS[self]

    def words_for(self, subject: Subject) -> str:
        """By when `subject` must act. The taker plays "as you play" with the card they turn
        up to start the next trick, and times the sum by the sum of exactly 21 they made
        themselves (clarification taker-timing)."""
        if subject is Subject.TAKER:
            return _TAKER_WORDS.get(self, self.words)
        return self.words


_TIMING_WORDS = {
    Timing.WITH_CARD: "as you play the card",
    Timing.BEFORE_SUM: "before you announce the sum",
    Timing.AFTER_SUM: "right after you announce the sum",
    Timing.BEFORE_NEXT_CARD: "before the next card is played",
    Timing.UNTIL_NEXT_TURN: "until your next turn",
}


_TAKER_WORDS = {
    Timing.WITH_CARD: "as you turn up the card that starts the next trick",
    Timing.BEFORE_SUM: "before you announce the sum of 21 that takes the trick",
    Timing.AFTER_SUM: "right after you announce the sum of 21 that takes the trick",
}


class Subject(Enum):
    """Whose action a trigger calls for."""

    PLAYER = "player"            # the player who played the card
    TAKER = "taker"              # the player who takes the trick (over 21: not the player)
    NEXT_PLAYER = "next_player"  # the player on the left, who plays next

    @property
    def words(self) -> str:
        return {Subject.PLAYER: "the player who played the card",
                Subject.TAKER: "the player who takes the trick",
                Subject.NEXT_PLAYER: "the next player"}[self]


EFFECTS: dict[str, str] = {
    "draw": "draw cards from the deck",
    "skip": "the next player misses a turn",
    "reverse": "play changes direction",
    "suit": "name the suit the next card must follow",
    "wild": "the card fits whatever lies on the pile",
    "bad": "the card does not fit, whatever else says it does",
}
# Effects that cannot both hold for one card: two rules firing on it with these contradict.
CONTRADICTING = (("wild", "bad"),)

# Words that say nothing about any rule in particular. A hint made only of them is vague in
# any deck; words outside the list (in any language or script) count as saying something.
_GENERIC_WORDS = frozenset((
    "you", "your", "i", "me", "my", "a", "an", "the", "rule", "rules", "broke", "break",
    "broken", "breaking", "wrong", "that", "this", "was", "is", "it", "not", "allowed",
    "penalty", "penalised", "violation", "violated", "no", "illegal", "bad", "mistake", "error",
    "again", "card", "play", "played", "sorry", "oops", "nope", "did", "didn't", "do", "don't",
    "can't", "cannot", "thing", "things", "something", "stuff", "whatever", "what", "should",
    "have", "done", "forgot", "missed", "failed", "to", "of",
))


def is_vague_hint(hint: str) -> bool:
    """A hint must say more than "you broke a rule": some word in it must be about something
    in particular. Words are found in any script, so a hint in Hebrew or Japanese is judged
    by the same rule as one in English, and a short precise hint ("You spoke.") passes.

    >>> is_vague_hint("You broke my rule!"), is_vague_hint("You did not do the thing.")
    (True, True)
    >>> is_vague_hint("You spoke."), is_vague_hint("Too late."), is_vague_hint("דיברת.")
    (False, False, False)
    """
    words = re.findall(r"\w+(?:'\w+)?", hint.casefold())
    return all(word in _GENERIC_WORDS for word in words)
