"""A Mao penalty call as typed: the words the table says, read as one of the engine's
reasons (`engine.games.mao.offences`).

The table's own words are accepted, the seed text's among them ("taking the name of the
great Chinese leader in vain", "failure to take a penalty card", "failure to call a spade
a spade", "saying P of O during a P of O", "failure to play within 10 seconds"), and
shorter ones a typist would use ("in vain", "bad", "oot"). A call that says "Mao" is the
caller saying it out of place, whatever else it says. Words the referee does not know are
refused with the nearest call it knows, and no list: the list of calls is the rulebook's.

>>> read_reason([Token("in vain", False)])
('saying-mao', '')
>>> read_reason([Token("forgetting", False), Token("to", False), Token("say", False),
...              Token("Mao", False)])
('mao-in-a-call', 'forgetting to say Mao')
>>> read_reason([Token("failure to call a spade a spade", False)])
('failure-to-say', 'call a spade a spade')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.errors import did_you_mean
from engine.games.mao import offences, speech
from hrdeck.referee.commands import Token, resolve_player
from hrdeck.referee.errors import CommandError
from hrdeck.referee.tables.mao.shorthand import expand

# Each penalty as a call may name it: its words, and shorter ways of saying it.
REASON_WORDS: dict[str, tuple[str, ...]] = {
    offences.BAD_CARD: ("bad card", "wrong card", "invalid card", "bad"),
    offences.OUT_OF_TURN: ("playing out of turn", "played out of turn", "out of turn", "turn",
                           "oot"),
    offences.FAILURE_TO_SAY: ("continued failure to say", "failure to say", "failing to say",
                              "failed to say", "not saying", "did not say", "forgot to say",
                              "forgetting to say", "say", "fts"),
    offences.FAILURE_TO_TAKE: ("failure to take a penalty card", "failure to take penalty "
                               "cards", "failure to take a penalty", "failure to take",
                               "not taking a penalty card", "penalty cards", "penalty card",
                               "ftt"),
    offences.SAYING_MAO: ("taking the name of the great chinese leader in vain",
                          "taking the name of the great leader in vain",
                          "taking the name in vain", "name in vain", "in vain"),
    offences.TOO_SLOW: ("failure to play in time", "failure to play within", "too slow",
                        "slow", "time", "late"),
    offences.POINT_OF_ORDER_IN_ONE: (
        "saying point of order during a point of order", "point of order during a point of "
        "order", "saying p of o during a p of o", "p of o during a p of o",
        "saying point of order", "saying p of o", "point of order", "p of o", "pofo",
        "order"),
    offences.TOUCHING_CARDS: ("touching cards during a point of order", "touching cards "
                              "during a p of o", "touching cards", "touched cards",
                              "touching", "touched"),
    offences.TALKING: ("talking", "talked", "talk"),
    offences.EXPLAINING: ("explaining the rules", "explained the rules", "explaining",
                          "explained"),
    offences.BAD_CALL: ("bad call",),
}
_SPADE = ("failure to call a spade a spade", "continued failure to call a spade a spade")
_ALIASES = sorted(((alias.split(), reason) for reason, aliases in REASON_WORDS.items()
                   for alias in aliases), key=lambda item: -len(item[0]))
_QUOTES = "'\"‘’“”"
_SECONDS = re.compile(r"(\d+|[a-z]+)( seconds?)?|\d+s")


def read_reason(tokens: Sequence[Token]) -> tuple[str, str]:
    """The reason a call names and, for a failure to say, the phrase (its short form
    spelled out); a call that says "Mao" is `MAO_IN_A_CALL` with its words."""
    words: list[str] = []
    for token in tokens:
        words += [token.text] if token.quoted else [
            part for part in token.text.replace("_", "-").split("-") if part]
    if not words:
        raise CommandError("Call it for what? Write the call as the table says it, as in "
                           "call dan on cat bad card.")
    typed = " ".join(words)
    if speech.says_mao(typed):
        return offences.MAO_IN_A_CALL, typed
    lowered = [word.lower().strip(_QUOTES + ",.!?") for word in " ".join(words).split()]
    if " ".join(lowered) in _SPADE:
        return offences.FAILURE_TO_SAY, speech.SPADE_A_SPADE
    matched, left_over = "", ""  # the longest call typed in full, and what follows it
    for alias, reason in _ALIASES:
        if lowered[:len(alias)] != alias:
            continue
        rest = " ".join(lowered[len(alias):]).strip()
        if reason == offences.FAILURE_TO_SAY:
            phrase = " ".join(words[len(alias):]).strip().strip(_QUOTES).strip()
            return reason, expand(phrase) or phrase
        if not rest or (reason == offences.TOO_SLOW and _SECONDS.fullmatch(rest)):
            return reason, ""
        if not matched:
            matched, left_over = " ".join(alias), rest
    shown = " ".join(lowered[:3])
    hint = next((found for count in (3, 2, 1) if (found := did_you_mean(
        " ".join(lowered[:count]), [" ".join(alias) for alias, _ in _ALIASES]))), "")
    if matched and (not hint or hint == f' Did you mean "{matched}"?'):
        raise CommandError(f'"{left_over}" is left over: only a call of failure to say names '
                           "what was not said.")
    raise CommandError(f'"{shown}" is not a call the referee knows.{hint}')


def parse_call(tokens: list[Token], names: Sequence[str]) -> tuple[int | None, int, str, str]:
    """`WHO on WHOM WORDS` (or `on WHOM WORDS`, the Mao master's): the caller (None for the
    master), the player called on, the reason and the phrase."""
    usage = ("write call WHO on WHOM WORDS, as in call dan on cat bad card, or call ann on cat "
             "failure to say three of spades")
    words = list(tokens)
    caller = None
    if words and not words[0].quoted and words[0].text.lower() == "on":
        words.pop(0)  # the Mao master calls
    else:
        if not words:
            raise CommandError(f"Who calls it, on whom? {usage[0].upper()}{usage[1:]}.")
        caller = resolve_player(words.pop(0).text, names)
        if words and not words[0].quoted and words[0].text.lower() == "on":
            words.pop(0)
    if not words:
        raise CommandError(f"On whom? {usage[0].upper()}{usage[1:]}.")
    offender = resolve_player(words.pop(0).text, names)
    reason, phrase = read_reason(words)
    return caller, offender, reason, phrase
