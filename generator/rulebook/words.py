"""Words and numbers as the rulebook prints them.

Deck prose (card text, titles, hints, the deck's name and description) is cleaned of what
cannot be printed (`printable`, `one_line`) and typeset (`prose`, `prose_line`,
`quotation`) by `generator.typography`, the same function the cards are drawn with, so a
card's words in the book match the card. Our own prose follows the same typography: the
templates are written that way, and `typeset` brings prose from the engine (the
clarifications) into line. Machine forms (conditions, rules) are only cleaned, never typeset.
"""

from __future__ import annotations

from generator.printing.text import clean
from generator.typography import MINUS, typeset

__all__ = ["MINUS", "number", "number_range", "one_line", "printable", "prose", "prose_line",
           "quotation", "signed", "spelled", "typeset"]

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve")


def spelled(value: int) -> str:
    """A small number in words, as prose prints it; larger ones as digits.

    >>> spelled(0), spelled(3), spelled(12), spelled(54)
    ('no', 'three', 'twelve', '54')
    """
    return _NUMBER_WORDS[value] if 0 <= value < len(_NUMBER_WORDS) else str(value)


def printable(text: str) -> str:
    r"""Text that can be set in a PDF: control and invisible characters dropped, and the few
    code points XML cannot carry (lone surrogates, U+FFFE, U+FFFF) replaced.

    >>> printable("a\x00b\ud800c")
    'ab\ufffdc'
    """
    return "".join("\ufffd" if 0xD800 <= ord(char) <= 0xDFFF or char in "\ufffe\uffff"
                   else char for char in clean(text))


def one_line(text: str) -> str:
    """`printable`, with every run of whitespace made one space (names, titles)."""
    return " ".join(printable(text).split())


def prose(text: str) -> str:
    r"""Deck prose as printed: `printable`, then typeset (cards and book alike).

    >>> prose('Say "Arr, matey!" - it\'s the law.')
    'Say “Arr, matey!” — it’s the law.'
    """
    return typeset(printable(text))


def prose_line(text: str) -> str:
    """`prose` on one line (names, titles, hints)."""
    return typeset(one_line(text))


def quotation(text: str) -> str:
    """Deck prose on one line, to print inside the book's own quotes (a hint): its quotes
    nest one level in.

    >>> quotation('You said "seven" instead of "lucky".')
    'You said ‘seven’ instead of ‘lucky’.'
    """
    return typeset(one_line(text), inside_quotes=True)


def signed(value: int) -> str:
    """A number as printed in the rules: a true minus sign, a plus on gains.

    >>> signed(-4), signed(0), signed(1)
    ('−4', '0', '+1')
    """
    if value < 0:
        return f"{MINUS}{-value}"
    return f"+{value}" if value > 0 else "0"


def number(value: int) -> str:
    """A number with a true minus sign and no plus: card values, scores."""
    return signed(value).lstrip("+")


def number_range(numbers: list[int]) -> str:
    """Card numbers as a reader would say them: unbroken runs of three or more as "a to b".

    >>> number_range([3, 1, 2]), number_range([1, 2, 3, 4, 9, 13]), number_range([7, 8])
    ('1 to 3', '1 to 4, 9 and 13', '7 and 8')
    """
    ordered = sorted(set(numbers))
    runs: list[list[int]] = []
    for value in ordered:
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    parts: list[str] = []
    for run in runs:
        if len(run) >= 3:
            parts.append(f"{run[0]} to {run[-1]}")
        else:
            parts.extend(map(str, run))
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
