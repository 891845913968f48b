"""Words and numbers as the rulebook prints them.

Deck text is printed as its designer wrote it, only cleaned of what cannot be printed
(`printable`, `one_line`): a card's words in the book must match the card. Our own prose
follows the book's typography: curly quotes and apostrophes, and a true minus sign (U+2212)
on negative numbers. The templates are written that way; `typeset` brings prose that comes
from the engine (the clarifications) into line.
"""

from __future__ import annotations

import re

from generator.printing.text import clean

MINUS = "\u2212"
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve")
_NEGATIVE = re.compile(r"(?<![\w.\-\u2212])-(?=\d)")
_OPENS_AFTER = " \t\n([{\u2014\u2013/"


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


def typeset(text: str) -> str:
    """Our prose with curly quotes and apostrophes, and a true minus on negative numbers.

    >>> typeset('''No score goes below -10; the dealer's "first" card, 2-3 and 'a' word.''')
    'No score goes below −10; the dealer’s “first” card, 2-3 and ‘a’ word.'
    """
    text = _NEGATIVE.sub(MINUS, text)
    out: list[str] = []
    for index, char in enumerate(text):
        opening = index == 0 or text[index - 1] in _OPENS_AFTER
        if char == '"':
            out.append("\u201c" if opening else "\u201d")
        elif char == "'":
            out.append("\u2018" if opening else "\u2019")
        else:
            out.append(char)
    return "".join(out)


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
