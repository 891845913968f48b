"""The engine's verdict on a guess in a round it judges, and how the journal keeps it.

The guess is compared with the round's rule once, when it is made (`equivalence`, within
its budget); the verdict goes into the `Guessed` entry (`judged`, `differs`), so replaying
the journal (resume, undo, export) takes it from there and never compares again. When the
comparison cannot decide (too complex, clarification too-complex), nothing is recorded: the
table is told, and the master gives the verdict (`guess right …` / `guess wrong …`), which
the entry then carries as a master's would. An entry from an older journal carries no
verdict: the guess is compared again, as it always was.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.errors import IllegalActionError
from engine.games.what_the_rule.equivalence import Difference, TooComplex
from engine.games.what_the_rule.round import judge_guess
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import parse_design

RIGHT, WRONG, TOO_COMPLEX = "right", "wrong", "too-complex"
JUDGED = (RIGHT, WRONG, TOO_COMPLEX)


@dataclass(frozen=True, slots=True)
class GuessVerdict:
    right: bool
    judged: str                         # RIGHT, WRONG or TOO_COMPLEX (see `Guessed`)
    difference: Difference | None = None
    differs: tuple[str, ...] = ()       # the difference's row and card, as codes

    @classmethod
    def of(cls, difference: Difference | None) -> GuessVerdict:
        if difference is None:
            return cls(right=True, judged=RIGHT)
        codes = (*(design.code for design in difference.row), difference.card.code)
        return cls(right=False, judged=WRONG, difference=difference, differs=codes)


def judge(guess: Rule, rule: Rule, *, right: bool | None, judged: str,
          differs: tuple[str, ...], guesser: str, master: str) -> GuessVerdict:
    """The verdict on `guess` against the round's `rule`: the one recorded (`judged`), or
    worked out now; `right`, the master's verdict, only where the comparison cannot
    decide. `guesser` and `master` name the two for the table."""
    if judged and judged not in JUDGED:
        raise IllegalActionError(f'A guess\'s recorded verdict is "right", "wrong" or '
                                 f'"{TOO_COMPLEX}", not "{judged}".')
    if judged == TOO_COMPLEX:
        if right is None:
            raise IllegalActionError(f"{master} judges this guess (the referee could not): "
                                     "the entry must say whether it is right.")
        return GuessVerdict(right=right, judged=TOO_COMPLEX)
    if judged:
        if right is not None:
            raise IllegalActionError(f"The referee judged this guess by {master}'s rule: the "
                                     "entry cannot also give a verdict of its own.")
        return _recorded(guess, judged, differs)
    found = _compared(guess.source, rule.source)
    if isinstance(found, TooComplex):
        if right is None:
            raise IllegalActionError(
                f"The referee cannot judge {guesser}'s guess by machine. {found} {master}, "
                "judge it as the game's master: type guess right or guess wrong, then the "
                "guess.")
        return GuessVerdict(right=right, judged=TOO_COMPLEX)
    if right is not None:
        raise IllegalActionError(f"The referee judges this round by {master}'s rule: an entry "
                                 "does not say whether the guess is right.")
    return GuessVerdict.of(found)


def _recorded(guess: Rule, judged: str, differs: tuple[str, ...]) -> GuessVerdict:
    """The verdict as the journal holds it (nothing compared)."""
    if judged == RIGHT:
        return GuessVerdict(right=True, judged=RIGHT)
    try:
        *row, card = (parse_design(code) for code in differs)
    except ValueError:   # no codes: a wrong guess recorded without its difference
        return GuessVerdict(right=False, judged=WRONG)
    accepts = guess.accepts(row, card)
    return GuessVerdict(right=False, judged=WRONG, differs=differs,
                        difference=Difference(row=tuple(row), card=card, first_accepts=accepts))


@lru_cache(maxsize=1024)
def _compared(guess: str, rule: str) -> Difference | TooComplex | None:
    """`judge_guess`, with a pair too complex to decide remembered as well."""
    try:
        return judge_guess(guess, rule)  # type: ignore[no-any-return]
    except TooComplex as error:
        return error
