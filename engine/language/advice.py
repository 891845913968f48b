"""What to write instead: the slips a trigger's author makes from other languages and from
habit, and the closest allowed value to a wrong one."""

from __future__ import annotations

import re

from engine.errors import did_you_mean

# (pattern, advice): the slips from other languages and from habit, found by their text.
_SLIPS = (
    (re.compile(r"==="), "Write == to compare, not ===."),
    (re.compile(r"!=="), "Write != for \"is not\", not !==."),
    (re.compile(r"=<"), "Write <= for \"at most\", not =<."),
    (re.compile(r"=>"), "Write >= for \"at least\", not =>."),
    (re.compile(r"<>"), "Write != for \"is not\", not <>."),
    (re.compile(r"&&"), "Write and, not &&."),
    (re.compile(r"\|\|"), "Write or, not ||."),
    (re.compile(r"!(?!=)"), "Write not, not !."),
    (re.compile(r"(?<![=!<>])=(?!=)"), "Write == to compare (total == 21); a single = is not "
                                       "allowed."),
)


def syntax_advice(text: str, column: int) -> tuple[int, str]:
    """The column of the first slip `_SLIPS` knows and what to write instead, if any.

    >>> syntax_advice("total = 21", 7)
    (7, ' Write == to compare (total == 21); a single = is not allowed.')
    """
    bare = re.sub(r"\"[^\"]*\"|'[^']*'", lambda quoted: "_" * len(quoted[0]), text)
    for pattern, advice in _SLIPS:
        found = pattern.search(bare)
        if found is not None:
            return found.start() + 1, " " + advice
    return column, ""


_RANK_WORDS = {"ace": "A", "one": "A", "two": "2", "three": "3", "four": "4", "five": "5",
               "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "jack": "J",
               "knave": "J", "queen": "Q", "king": "K"}


def suggestion(value: str, domain: tuple[object, ...]) -> str:
    """' Did you mean "K"?' for "King" (ranks are written short), else the closest value.

    >>> suggestion("King", ("J", "Q", "K")), suggestion("Hearts", ("hearts", "spades"))
    (' Did you mean "K"?', ' Did you mean "hearts"?')
    """
    word = value.strip().lower()
    short = _RANK_WORDS.get(word.rstrip("s"), _RANK_WORDS.get(word))
    if short is not None and short in domain:
        return f' Did you mean "{short}"?'
    return did_you_mean(value, [str(choice) for choice in domain])
