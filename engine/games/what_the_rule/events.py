"""What the Rule?!'s own journal entries (decoded only in its journals, see `engine.games`).

An entry holds a decision and nothing the engine can work out: a round led with its rule, a
card offered, a hand revealed, a guess, a guess let go, hints agreed, a hint given. Cards are
written as design codes ("b3fc": black, 3, filled, circles; see `shapes`).

At a real table (modes "table" and "score", see `real_cards`) the cards are typed as they
are played or revealed; the engine keeps the hands by their counts.

A round has one of two kinds of game master:
- a machine master: `RoundLed.rule` is the secret rule in the rule language, and the engine
  judges every card, every revealed hand and every guess (the entries carry no verdicts);
- a human master: `RoundLed.rule` is empty, and the entries carry the master's verdicts: a
  card fits or not (`Played.fits`), the card placed from a revealed hand (`Revealed.placed`,
  empty when none fits), a guess right or wrong (`Guessed.right`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Entry


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundLed(Entry):
    """A round begins: `master` leads it; `rule` is the secret rule in the rule language
    for the engine to judge, or empty when the master judges; `said`, the rule as the
    master said it in plain words, when they did (`rule` is then what it was read as). The
    cards are shuffled and dealt as the round begins (from the seed, or the stacked order
    of the setup)."""

    master: int
    rule: str = ""
    said: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Entry):
    """The player to act offers a card from their hand; `fits` is a human master's verdict
    (left out when the engine judges)."""

    player: int
    card: str
    fits: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Revealed(Entry):
    """The player to act lays their hand open, saying none of it fits. `placed`: the card a
    human master places in the row because it does fit, or empty when none does (left
    empty when the engine judges: it finds the cards that fit and places one itself).
    `cards`: at a real table, the hand as typed (all of it; needed when the engine judges
    it, else optional); empty when the engine dealt the cards and knows the hand."""

    player: int
    placed: str = ""
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Guessed(Entry):
    """The player who may guess says what they think the rule is: in the rule language
    when the engine judges (`said`: the guess as said in plain words, when it was, and
    `rule` what it was read as), in any words when the master does (`right`: the master's
    verdict)."""

    player: int
    rule: str
    right: bool | None = None
    said: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Entry):
    """The player who may guess lets the chance go (needed only when the round waits for
    it: after they played their last card)."""

    player: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HintsAgreed(Entry):
    """Everyone at the table, the master too, agrees that the master may give hints in this
    round (the guess is then worth 2 points instead of 5)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Hinted(Entry):
    """The master gives a hint that nobody objected to, in words."""

    words: str
