"""What the Rule?!'s own journal entries (decoded only in its journals, see `engine.games`).

An entry holds a decision and nothing the engine can work out: a round led with its rule, a
card offered, a hand revealed, a guess, a guess let go, hints agreed, a hint announced,
objected to or given, a count the table corrects. Cards are written as design codes
("b3fc": black, 3, filled, circles; see `shapes`).

At a real table (modes "table" and "score", see `real_cards`) the cards are typed as they
are played or revealed; the engine keeps the hands by their counts, and the table may set a
count the engine has wrong (`HandCounted`, `PileCounted`).

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
    it, else optional); empty when the engine dealt the cards and knows the hand. `count`:
    how many cards the table saw laid open, when it says so (0: not said); it must be the
    hand's count (clarification reveal-count)."""

    player: int
    placed: str = ""
    cards: tuple[str, ...] = ()
    count: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Guessed(Entry):
    """The player who may guess says what they think the rule is: in the rule language
    when the engine judges (`said`: the guess as said in plain words, when it was, and
    `rule` what it was read as), in any words when the master does (`right`: the master's
    verdict).

    `judged`: the engine's verdict on a guess it judged against the round's rule, recorded
    so that replaying the journal never compares the two again: "right", "wrong" (with
    `differs`, the row and, last, the card on which they part, as design codes), or
    "too-complex" when the comparison could not decide within its budget and the master
    gave `right` instead (clarification too-complex). Empty in journals from before: the
    guess is then compared again."""

    player: int
    rule: str
    right: bool | None = None
    said: str = ""
    judged: str = ""
    differs: tuple[str, ...] = ()


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
class HintAnnounced(Entry):
    """The master says a hint is coming (clarification hint-objection): anyone may object
    before it is given. When the engine is the master, its hint is a card to try on the row
    as it stands, telling the round's latest wrong guess from the rule (clarification
    counterexample-hint); it also announces one on its own after a wrong guess once hints
    are agreed, with no entry."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HintObjected(Entry):
    """`player` objects to the hint announced: it is not given."""

    player: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HintGiven(Entry):
    """The hint announced is given, nobody having objected: in `words` when the master
    gives it; empty when the engine is the master (its card to try is worked out)."""

    words: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Hinted(Entry):
    """A hint in words announced and given, nobody objecting, in one entry: how a story told
    afterwards records one (the rulebook's worked example), and what journals held before
    the referee recorded announcements apart (it writes `HintAnnounced` and `HintGiven`)."""

    words: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCounted(Entry):
    """The table counts `player`'s hand: it holds `cards` cards, whatever the engine had
    counted; later draws count from there (clarification corrections)."""

    player: int
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PileCounted(Entry):
    """The table counts the draw pile: it holds `cards` cards (0: it has run out), whatever
    the engine had counted (clarification corrections)."""

    cards: int
