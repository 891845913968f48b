"""Two rules as the table writes them, in the rule language or in plain words, compared:
each read (`words`), then decided exactly (`equivalence`), the verdict put in the words a
referee says (`RuleComparison`: the row and card that tell them apart, named by design).
"""

from __future__ import annotations

from engine.errors import HrdeckError
from engine.games.base import RuleComparison
from engine.games.what_the_rule.equivalence import TooComplex, compare
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import Design
from engine.games.what_the_rule.words import PhraseError, read_rule
from engine.language.parse import ExpressionError


def compare_sources(first: str, second: str) -> RuleComparison:
    """Two rules as written, in the rule language or in plain words, compared (an
    `HrdeckError` says which cannot be read, and why)."""
    rules = []
    understood = []
    for which, source in (("The first rule", first), ("The second rule", second)):
        try:
            reading = read_rule(source)
        except (ExpressionError, PhraseError) as error:
            raise HrdeckError(f"{which} cannot be read: {error}") from None
        rules.append(Rule.parse(reading.rule))
        if reading.words:
            understood.append(f'{which}, "{reading.phrase}", is read as: {reading.words} '
                              f"({reading.rule})")
    verdict = compare(*rules)
    found = verdict.difference
    if verdict.too_complex:
        return RuleComparison(same=False, situations=verdict.situations,
                              understood=tuple(understood),
                              too_complex=str(TooComplex(verdict.too_complex)))
    if found is None:
        return RuleComparison(same=True, situations=verdict.situations,
                              understood=tuple(understood))
    return RuleComparison(same=False, situations=verdict.situations,
                          row=tuple(_words(design) for design in found.row),
                          card=_words(found.card), first_accepts=found.first_accepts,
                          understood=tuple(understood))


def _words(design: Design) -> str:
    return f"{design.code} ({design.name})"
