"""The plain-words reader: a rule said as a player says it ("just black ones", "no two
whites in a row", "one more shape each time") read into the rule language, with what it
understood said back in words; or refused, with the closest phrasings it knows. It never
guesses: a phrase is read only when the whole of it fits the grammar, in one meaning.

`lexicon` turns the phrase into the grammar's words, `descriptions` and `sentences` are the
grammar, `meaning` what a rule means (and its rule-language form), `saying` the words said
back, `known` the phrasings offered when a phrase is refused.

>>> read_phrase("just black ones").rule
'card.colour == "black"'
>>> read_phrase("just black ones").words
'only black cards'
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass

from engine.errors import HrdeckError
from engine.games.what_the_rule.words.combinators import Phrase
from engine.games.what_the_rule.words.cycles import Cycle
from engine.games.what_the_rule.words.known import closest
from engine.games.what_the_rule.words.lexicon import SYNONYMS, known_token, tokens
from engine.games.what_the_rule.words.meaning import Cond, Has, Rule
from engine.games.what_the_rule.words.saying import say

NOT_READ = "I could not read that as a rule"
_MARKS = ("==", "!=", "<=", ">=", "card.", "previous", "position", "%", "(")
MAX_PHRASE = 300
_ASKING = frozenset({"is", "are", "does", "do", "what", "which", "how", "can", "could", "may",
                     "why", "who", "where", "when", "should", "must", "will", "has", "have"})


@dataclass(frozen=True, slots=True)
class Reading:
    """A phrase read: `rule` in the rule language, `words` what was understood."""

    phrase: str
    rule: str
    words: str


class PhraseError(HrdeckError):
    """A phrase the reader will not read: why, and the closest phrasings it knows."""

    def __init__(self, phrase: str, reason: str, nearest: tuple[str, ...]) -> None:
        self.phrase = phrase
        self.reason = reason
        self.closest = nearest
        tried = "; ".join(f'"{known}"' for known in nearest)
        super().__init__(f"{NOT_READ}: {reason}. The closest phrasings I know: {tried}.")


def looks_like_rule_language(text: str) -> bool:
    """Whether `text` is written in the rule language rather than in plain words."""
    return any(mark in text for mark in _MARKS) or text.strip() in ("first", "True")


@functools.lru_cache(maxsize=512)
def read_phrase(text: str) -> Reading:
    """The rule a plain-words phrase means (a `PhraseError` says why not)."""
    phrase = " ".join(text.split())
    if len(phrase) > MAX_PHRASE:
        raise PhraseError(phrase, f"it is too long ({len(phrase)} characters; at most "
                          f"{MAX_PHRASE})", closest(phrase[:MAX_PHRASE]))
    said = tokens(phrase)
    if not said or said == ["rule"]:
        raise PhraseError(phrase, "it says nothing", closest(phrase))
    readings = _readings(said)
    if not readings:
        raise PhraseError(phrase, _why_not(phrase, said), closest(phrase))
    judged = [(rule, _problem(rule)) for rule in readings]
    fine = [rule for rule, problem in judged if problem is None]
    if not fine:
        raise PhraseError(phrase, next(problem for _, problem in judged if problem),
                          closest(phrase))
    meanings = _meanings(fine)
    if len(meanings) > 1:
        ways = " / ".join(f'"{say(rule)}"' for rule in meanings)
        raise PhraseError(phrase, f"it could mean more than one rule ({ways}); say which",
                          closest(phrase))
    rule = meanings[0]
    return Reading(phrase=phrase, rule=rule.machine(), words=say(rule))


def _meanings(readings: list[Rule]) -> list[Rule]:
    """The readings that mean different rules (judged as `rule equiv` judges), each the
    first of its kind in the grammar's order; two readings too complex to compare count as
    different (the player is asked which they mean)."""
    from engine.games.what_the_rule.equivalence import TooComplex, same_rule
    from engine.games.what_the_rule.rules import Rule as MachineRule

    def alike(first: MachineRule, second: MachineRule) -> bool:
        try:
            return first.source == second.source or same_rule(first, second) is None
        except TooComplex:
            return False

    kept: list[tuple[Rule, MachineRule]] = []
    for rule in readings:
        machine = MachineRule.parse(rule.machine())
        if not any(alike(machine, seen) for _, seen in kept):
            kept.append((rule, machine))
    return [rule for rule, _ in kept]


def _readings(said: list[str]) -> list[Rule]:
    from engine.games.what_the_rule.words.sentences import RULE

    phrase = Phrase(said)
    return [Rule(tuple(value)) for value, end in RULE(phrase, 0) if end == len(said)]


def _why_not(phrase: str, said: list[str]) -> str:
    """Why the grammar found no reading: a word it does not know, or a shape it lacks."""
    raw = phrase.lower().split()
    unknown = [word for word in said if not known_token(word)]
    if phrase.rstrip().endswith("?") and raw and raw[0] in _ASKING:
        return "it is a question; a guess says what the rule is"
    if unknown:
        word = unknown[0]
        near = difflib.get_close_matches(word, [key for key in SYNONYMS if "_" not in key],
                                         n=1, cutoff=0.8)
        hint = f' (did you mean "{near[0]}"?)' if near else ""
        return f'it does not know the word "{word}"{hint}'
    numbers = [int(word) for word in said if word.isdigit()]
    if any(number > 6 for number in numbers) and not any(word in said for word in
                                                            ("add", "make", "together")):
        return "a card shows 1 to 6 shapes"
    return "its words do not fit any of the sentence shapes it knows"


def _conds(cond: Cond) -> list[Cond]:
    found = [cond]
    for part in cond.parts():
        found += _conds(part)
    return found


def _problem(rule: Rule) -> str | None:
    """Why a reading cannot be a rule: a count no card has, or no card ever fits."""
    for constraint in rule.constraints:
        for cond in _conds(constraint):
            descs = [cond.desc] if isinstance(cond, Has) else (
                list(cond.descs) if isinstance(cond, Cycle) else [])
            for desc in descs:
                if desc.out_of_range:
                    return ("a card shows 1 to 6 shapes, so none shows "
                            f"{desc.out_of_range[0]}")
                if desc.empty:
                    return "it describes cards that do not exist"
    from engine.games.what_the_rule.rules import Rule as MachineRule
    from engine.games.what_the_rule.shapes import DESIGNS
    from engine.language.parse import ExpressionError

    try:
        machine = MachineRule.parse(rule.machine())
    except ExpressionError as error:  # a reading too long for the rule language
        return f"it is too much for one rule ({error})"
    if not any(machine.accepts((), design) for design in DESIGNS):
        return "no card at all could start a row by that rule"
    return None


def read_rule(text: str) -> Reading:
    """A rule written in the rule language (kept as it is) or in plain words (read): the
    rule language's error, or the reader's refusal, says why it cannot be used."""
    from engine.games.what_the_rule.rules import Rule as MachineRule
    from engine.language.parse import ExpressionError

    try:
        machine = MachineRule.parse(text)
    except ExpressionError:
        if looks_like_rule_language(text):
            raise
        return read_phrase(text)
    return Reading(phrase=text, rule=machine.source, words="")
