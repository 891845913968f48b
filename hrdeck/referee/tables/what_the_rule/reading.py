"""Rules and guesses typed at the What the Rule?! table, in plain words or in the rule
language: read with `engine.games.what_the_rule.words`, a phrase it refuses turned into one
clear message with the closest phrasings it knows (nothing is recorded)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.what_the_rule.words import PhraseError, Reading
from engine.games.what_the_rule.words import read_rule as read_rule_or_phrase
from engine.games.what_the_rule.words.lexicon import known_word
from engine.language.parse import ExpressionError
from hrdeck.referee.errors import CommandError


def read_rule(text: str) -> Reading:
    """A rule typed at the table, in the rule language or in plain words; a `CommandError`
    says why it cannot be read (and, for plain words, the closest phrasings known)."""
    try:
        return read_rule_or_phrase(text)
    except PhraseError as refusal:
        raise CommandError(str(refusal)) from None
    except ExpressionError as error:
        raise CommandError(f"The referee cannot read that rule: {error}") from None


def read_guess(text: str) -> tuple[str, str]:
    """A guess the referee judges: the rule to judge, and the words said when they were
    plain words (empty for the rule language, which the engine checks itself)."""
    try:
        reading = read_rule_or_phrase(text)
    except PhraseError as refusal:
        raise CommandError(str(refusal)) from None
    except ExpressionError:
        return text, ""   # the engine says what is wrong with it
    return (reading.rule, reading.phrase) if reading.words else (text, "")


def said_in_words(text: str) -> str:
    """The rule as typed when it was plain words (a rule already read), else empty."""
    reading = read_rule(text)
    return reading.phrase if reading.words else ""


def understood_in_private(text: str) -> str | None:
    """What the master alone sees of a rule they typed in plain words: how it was read."""
    reading = read_rule(text)
    if not reading.words:
        return None
    return f"Your rule, read as: {reading.words}\n\nThe referee judges by: {reading.rule}"


def is_plain_word(word: str, names: Sequence[str]) -> bool:
    """A word a rule in plain words begins with ("a", "no", "black"), not a player's name
    (unless it is the whole name)."""
    lowered = word.lower()
    return known_word(lowered) and all(name.lower() != lowered for name in names)
