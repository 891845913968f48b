"""How hrdeck sets every text it prints: typographic quotes, apostrophes, dashes and minus.

Cards (every kind, and their backs), sheets, rulebooks and player aids all print prose through
`typeset`, so a card and the book that quotes it read the same. It is for printing only: what
a deck says (its `when`, `rule`, phrases, ids) and what players type at the referee are never
changed, and machine forms the book shows (conditions, rules) are not typeset at all.

The rules, which are ours (see `typeset` for examples):

- Quotes are paired and set by how deeply they nest, whatever the designer typed: the outer
  pair double (“ ”), the pair inside it single (‘ ’), the next double again. Text printed
  inside the book's own quotes (a hint) starts one level in (`inside_quotes`).
- A quote opens at the start, after a space, a bracket, a dash, a slash, "=" or an opening
  quote; otherwise it closes. A single quote between letters, or after a word with no single
  quote open, is an apostrophe (’). At the start of a word it is an apostrophe for the usual
  elisions (’tis, ’em, Up ’N Over) and years (’90s), and one that never closes is one too.
- Dashes: "--" (or "---") is an em dash, and so is a hyphen with a space on each side (the
  decks' own style is a spaced em dash: "a — b"); spacing is kept as written. A hyphen between
  two digits is an en dash (3–9); one before a number that follows no word is a minus (−4).
  "..." is an ellipsis (…). Every other hyphen stays (to-do, x-1).
- A code span (`…`) is left exactly as written, backticks included.

Why not SmartyPants (the `smartypants` package, maintained): it reads HTML rather than plain
text, sets ’tis and ’90s as opening quotes, knows no code spans, and neither nests quotes by
level nor sets number ranges or spaced hyphens; these rules are about our own texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

OPEN_DOUBLE, CLOSE_DOUBLE = "\u201c", "\u201d"
OPEN_SINGLE, CLOSE_SINGLE = "\u2018", "\u2019"
APOSTROPHE = "\u2019"
EM_DASH, EN_DASH, MINUS, ELLIPSIS = "\u2014", "\u2013", "\u2212", "\u2026"
QUOTES = frozenset("\"'\u201c\u201d\u2018\u2019")

# Words that begin with an apostrophe standing for missing letters.
ELISIONS = frozenset({"tis", "twas", "twere", "twill", "twould", "em", "n", "cause", "cos",
                      "til", "bout", "round", "nuff"})
_CODE = re.compile(r"(`[^`\n]+`)")
_DASH = re.compile(r"(?<!-)-{2,3}(?!-)|(?<=\S)(?<!-) -(?= \S)")
_NEGATIVE = re.compile(r"(?<![\w.\-\u2212])-(?=\d)")
_RANGE = re.compile(r"(?<=\d)-(?=\d)")
_ELLIPSIS = re.compile(r"(?<!\.)\.\.\.(?!\.)")
_OPENS_AFTER = frozenset("([{<=\u2014\u2013-/\u201c\u2018")
_WORD = re.compile(r"[^\W_]+")
_YEAR = re.compile(r"\d\d(s\b|(?!\w))")
_CODE_MARK = "\x00"  # stands for a code span while the rest is set (never printed itself)


def typeset(text: str, *, inside_quotes: bool = False) -> str:
    """`text` with typographic quotes, apostrophes, dashes and minus signs (see the module).

    >>> typeset('''The dealer's "first" card -- 'tis -4, 3-9 and "say 'arr' now".''')
    'The dealer’s “first” card — ’tis −4, 3–9 and “say ‘arr’ now”.'
    >>> typeset('You said "seven".', inside_quotes=True)
    'You said ‘seven’.'
    >>> typeset('Play it - `card.rank == "K"` - now')
    'Play it — `card.rank == "K"` — now'
    """
    if not text:
        return text
    pieces = _CODE.split(text.replace(_CODE_MARK, ""))
    prose = _dashes(_CODE_MARK.join(pieces[0::2]))
    quoted = _quotes(prose, 1 if inside_quotes else 0) if not QUOTES.isdisjoint(prose) \
        else prose
    if len(pieces) == 1:  # no code span: nothing to put back
        return quoted
    codes = iter(pieces[1::2])
    return "".join(next(codes) if char == _CODE_MARK else char for char in quoted)


def _dashes(text: str) -> str:
    text = _DASH.sub(lambda match: EM_DASH if match[0].startswith("-") else " " + EM_DASH, text)
    text = _NEGATIVE.sub(MINUS, text)
    text = _RANGE.sub(EN_DASH, text)
    return _ELLIPSIS.sub(ELLIPSIS, text)


@dataclass(slots=True)
class _Mark:
    """One quote character: where it is, whether it is single or double, and what it does."""

    at: int
    double: bool
    role: str  # "open", "close" or "apostrophe"
    paired: bool = False


def _quotes(text: str, depth: int) -> str:
    marks = _read_marks(text)
    out = list(text)
    for mark in marks:
        if mark.role == "apostrophe":
            out[mark.at] = APOSTROPHE
        elif mark.role == "open":
            out[mark.at] = OPEN_DOUBLE if depth % 2 == 0 else OPEN_SINGLE
            depth += 1
        elif mark.paired:
            depth -= 1
            out[mark.at] = CLOSE_DOUBLE if depth % 2 == 0 else CLOSE_SINGLE
        else:  # a closing quote with nothing open: kept as the designer typed it
            out[mark.at] = CLOSE_DOUBLE if mark.double else CLOSE_SINGLE
    return "".join(out)


def _read_marks(text: str) -> list[_Mark]:
    """Every quote character's role, with openers paired to their closers."""
    marks: list[_Mark] = []
    open_marks: list[_Mark] = []  # the openers not yet closed, innermost last
    for at, char in enumerate(text):
        if char not in QUOTES:
            continue
        before = text[at - 1] if at else ""
        after = text[at + 1] if at + 1 < len(text) else ""
        opening = not before or before.isspace() or before in _OPENS_AFTER
        if char in "\"\u201c\u201d":
            mark = _Mark(at, True, "open" if char == OPEN_DOUBLE or (
                char == '"' and opening and not (after.isspace() or not after)) else "close")
        elif char == OPEN_SINGLE or (char == "'" and opening and after and not after.isspace()):
            mark = _Mark(at, False, "apostrophe" if _is_elided(text, at + 1) else "open")
        elif _is_letter(before) and _is_letter(after):
            mark = _Mark(at, False, "apostrophe")
        else:
            mark = _Mark(at, False, "close")
        marks.append(mark)
        if mark.role == "open":
            open_marks.append(mark)
        elif mark.role == "close":
            _close(mark, open_marks)
    for mark in open_marks:  # a single quote that never closes was an apostrophe
        if not mark.double:
            mark.role = "apostrophe"
    return marks


def _close(mark: _Mark, open_marks: list[_Mark]) -> None:
    """Pair a closing quote with its opener; a single one with none is an apostrophe."""
    kinds = [opener.double for opener in open_marks]
    if mark.double in kinds and (mark.double or kinds[-1] is False):
        while open_marks:
            opener = open_marks.pop()
            if opener.double == mark.double:
                opener.paired = mark.paired = True
                return
            opener.role = "apostrophe"  # a single quote left open inside: never closed
    elif not mark.double:
        mark.role = "apostrophe"


def _is_letter(char: str) -> bool:
    return bool(char) and (char.isalnum() or char == _CODE_MARK)


def _is_elided(text: str, start: int) -> bool:
    """Whether the word at `start`, just after a single quote, is an elision or a year."""
    if _YEAR.match(text, start):
        return True
    word = _WORD.match(text, start)
    if word is None or word[0].lower() not in ELISIONS:
        return False
    closed = text[word.end():word.end() + 1] in ("'", CLOSE_SINGLE)
    return word[0].lower() == "n" or not closed
