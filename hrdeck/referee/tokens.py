"""The words of a typed line: tokens (with "quoted" text kept whole), and the words that
name a player, a number, a card or the text a player said. Every game's command parser
(`commands`, a table's own verbs) reads its words with these.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, parse_card
from engine.errors import CardError, did_you_mean
from hrdeck.referee.errors import CommandError

_TOKEN = re.compile(r'"([^"]*)"?|“([^”]*)”?|(\S+)')


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    quoted: bool


def tokenize(line: str) -> list[Token]:
    """Words, with "double-quoted" (or “curly-quoted”) text kept as one; apostrophes are plain."""
    tokens = []
    for match in _TOKEN.finditer(line):
        quoted = match.group(3) is None
        text = match.group(1) if match.group(1) is not None else (
            match.group(2) if match.group(2) is not None else match.group(3))
        tokens.append(Token(text, quoted))
    return tokens


def resolve_player(word: str, names: Sequence[str]) -> int:
    """A seat from a name or an unambiguous start of one, any case."""
    wanted = word.strip().lower()
    for seat, name in enumerate(names):
        if name.lower() == wanted:
            return seat
    starts = [seat for seat, name in enumerate(names) if wanted and name.lower().startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise CommandError(f'"{word}" could be {" or ".join(names[s] for s in starts)}: type '
                           "more of the name.")
    raise CommandError(f'There is no player called "{word}" at this table '
                       f"({', '.join(names)}).{did_you_mean(wanted, names)}")


def is_number(word: str) -> bool:
    """A whole number typed in plain digits (not "¹" or "٣", which `str.isdigit` accepts)."""
    return word.isascii() and word.isdigit() and len(word) <= 9


def is_player(word: str, names: Sequence[str]) -> bool:
    try:
        resolve_player(word, names)
    except CommandError:
        return False
    return True


MAX_WORDS = 300  # characters of what a player said, a hint or a note: a sentence, not a file


def typed_text(tokens: Sequence[Token], what: str) -> str:
    """Tokens as the text they were typed as (a hint, what was said), refused if too long."""
    text = " ".join(token.text for token in tokens).strip()
    if len(text) > MAX_WORDS:
        raise CommandError(f"{what} is too long to record ({len(text):,} characters; at most "
                           f"{MAX_WORDS}): type the words that matter.")
    return text


def unknown_word(word: str, known: Sequence[str], *, card: bool = False) -> CommandError:
    """The error for a line that starts with no command (nor, with `card`, a card)."""
    hint = did_you_mean(word, list(known))
    if card and not hint and len(word) <= 4:
        try:
            parse_card(word)
        except CardError as error:
            return CommandError(f'"{word}" is neither a command nor a card. {error}')
    return CommandError(f'"{word}" is not a command.{hint} Type help for the list.')


def looks_like_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardError:
        return False
    return True


def _ace_value(tokens: list[Token]) -> tuple[int | None, list[Token]]:
    if tokens and not tokens[0].quoted and tokens[0].text in ("1", "11"):
        return int(tokens[0].text), tokens[1:]
    return None, tokens


def card_and_value(tokens: list[Token], what: str) -> tuple[Card, int | None, list[Token]]:
    if not tokens:
        raise CommandError(f"Which card? For example: {what} 7h")
    card = parse_card(tokens[0].text)
    value, rest = _ace_value(tokens[1:])
    return card, value, rest
