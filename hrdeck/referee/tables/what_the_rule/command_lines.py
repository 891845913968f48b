"""What the Rule?!'s commands at the referee's table, and how a typed line becomes one.

A card is a design code (w2ft) or words (2 white filled triangles); in a round the master
judges, the verdict follows it (w2ft fits, w2ft no). A line that starts with no command is
a card played, or a verb with its colon on (`guess: RULE`, `parse_bare`). What each command
does is in `moves`; the verbs that tie the two together are in `verbs`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.errors import CardError, did_you_mean
from engine.games.what_the_rule.shapes import parse_design
from engine.language.parse import MAX_LENGTH
from hrdeck.referee.commands import (
    WORDS,
    Token,
    is_number,
    is_player,
    resolve_player,
    typed_text,
)
from hrdeck.referee.errors import CommandError
from hrdeck.referee.tables import Verb
from hrdeck.referee.tables.what_the_rule.reading import is_plain_word

ASK, RULE, CARD, DRAW, JUDGE = "ask", "rule", "card", "draw", "judge"
LEVELS = ("starter", "easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Lead:
    """The next round's master brings their rule: `how` is ASK (typed in private), RULE (in
    the rule language, `rule`), CARD (the number of a rule card, `rule`), DRAW (the referee
    draws a rule card, of `level` if given) or JUDGE (the master judges in person)."""

    master: int | None = None
    how: str = ASK
    rule: str = ""
    level: str = ""


@dataclass(frozen=True, slots=True)
class Play:
    player: int | None          # None: whoever's turn it is
    card: str                   # a design code
    fits: bool | None = None    # the master's verdict, in a round they judge


@dataclass(frozen=True, slots=True)
class Show:
    """A hand revealed: its cards as typed, or how many there are (`count`, 0: not said),
    and in a round the master judges, the card they place (`placed`) or that none fits
    (`none`)."""

    player: int | None
    cards: tuple[str, ...] = ()
    placed: str = ""
    none: bool = False
    count: int = 0


@dataclass(frozen=True, slots=True)
class Guess:
    player: int | None          # None: whoever may guess now
    rule: str
    right: bool | None = None   # the master's verdict, in a round they judge


@dataclass(frozen=True, slots=True)
class Pass:
    player: int | None


# -- reading a line ------------------------------------------------------------------------------

FITS = ("fits", "fit", "yes", "y", "ok", "in", "good", "right")
NOT = ("no", "n", "not", "out", "wrong", "bad", "below", "nope")
RIGHT = ("right", "yes", "y", "correct")
WRONG = ("wrong", "no", "n", "incorrect")
NONE = ("none", "nothing", "-", "no")
PLACE = ("place", "places", "placed", "fits")
JUDGE_WORDS = ("judge", "judges", "self", "me", "score", "human")
# words that start a rule, never a player's name
_RULE_WORDS = frozenset({"first", "position", "not", "card", "previous", "previous_2",
                         "previous_3", "is_even", "is_odd", "abs", "min", "max", "true",
                         "false"})
_CODE = re.compile(r"^[wb]\d", re.IGNORECASE)
_COUNT_WORDS = ("one", "two", "three", "four", "five", "six", "white", "black")


def _who(tokens: list[Token], names: Sequence[str]) -> tuple[int | None, list[Token]]:
    """A player named first ("ben", "ben:"), and the rest."""
    if not tokens or tokens[0].quoted:
        return None, tokens
    word = tokens[0].text
    bare = word.rstrip(":")
    if (bare and bare.replace("-", "").replace("_", "").isalnum() and not bare.isdigit()
            and bare.lower() not in _RULE_WORDS and not _CODE.match(bare)
            and is_player(bare, names) and not is_plain_word(bare, names)):
        rest = tokens[1:]
        if word.endswith(":") or (rest and not rest[0].quoted and rest[0].text == ":"):
            rest = rest[1:] if rest and rest[0].text == ":" else rest
        return resolve_player(bare, names), rest
    return None, tokens


def _without_colon(tokens: list[Token]) -> list[Token]:
    """The words after a leading colon (`guess: RULE`)."""
    if tokens and not tokens[0].quoted and tokens[0].text.startswith(":"):
        rest = tokens[0].text[1:]
        return ([Token(rest, False)] if rest else []) + tokens[1:]
    return tokens


def rule_text(tokens: Sequence[Token]) -> str:
    """A rule as it was typed: words apart by spaces, quoted words in double quotes (and
    brackets and commas against the words they close or follow)."""
    text = ""
    for token in tokens:
        word = f'"{token.text}"' if token.quoted else token.text
        glued = not text or text.endswith(("(", "[")) or (
            not token.quoted and word.startswith((")", "]", ",")))
        text += word if glued else " " + word
    if len(text) > MAX_LENGTH:
        raise CommandError(f"The rule is too long ({len(text):,} characters; at most "
                           f"{MAX_LENGTH}).")
    return text.strip()


def _verdict(words: list[str], yes: Sequence[str], no: Sequence[str]) -> tuple[bool | None,
                                                                              list[str]]:
    """A verdict said at the end of a line ("fits", "no", "does not fit"), and the rest."""
    lowered = [word.lower().strip(",.!") for word in words]
    for tail, verdict in ((["does", "not", "fit"], False), (["doesn't", "fit"], False),
                          (["not", "fit"], False), (["no", "fit"], False),
                          (["does", "fit"], True)):
        if lowered[-len(tail):] == tail:
            return verdict, words[:-len(tail)]
    if lowered and lowered[-1] in yes:
        return True, words[:-1]
    if lowered and lowered[-1] in no:
        return False, words[:-1]
    return None, words


def _design(text: str) -> str:
    try:
        return parse_design(text).code
    except CardError as error:
        raise CommandError(str(error)) from None


def _cards(words: Sequence[str]) -> tuple[str, ...]:
    """Cards typed apart by spaces (codes) or commas (codes or words)."""
    text = " ".join(words)
    parts = text.split(",") if "," in text else text.split()
    return tuple(_design(part) for part in parts if part.strip())


def parse_play(tokens: list[Token], names: Sequence[str]) -> Play:
    player, rest = _who(_without_colon(tokens), names)
    fits, words = _verdict([token.text for token in rest], FITS, NOT)
    if not words:
        raise CommandError("Which card? Write the card, as in w2ft or 2 white filled "
                           "triangles (and in a round the master judges: w2ft fits, or w2ft "
                           "no).")
    return Play(player=player, card=_design(" ".join(words)), fits=fits)


def _shown_count(words: list[str]) -> tuple[int, list[str]]:
    """The number of cards shown, said first ("10", "10 cards"), when the rest is only the
    master's verdict (none, place CARD); else 0 (the cards are typed)."""
    if not words or not is_number(words[0]):
        return 0, words
    rest = words[1:]
    if rest and rest[0].lower() in ("card", "cards"):
        rest = rest[1:]
    lowered = [word.lower() for word in rest]
    if not rest or lowered[0] in PLACE or (len(rest) == 1 and lowered[0] in NONE):
        return int(words[0]), rest
    return 0, words


def parse_show(tokens: list[Token], names: Sequence[str]) -> Show:
    player, rest = _who(_without_colon(tokens), names)
    count, words = _shown_count([token.text for token in rest])
    lowered = [word.lower() for word in words]
    placed, none = "", False
    where = next((index for index, word in enumerate(lowered) if word in PLACE), None)
    if where is not None:
        if where + 1 >= len(words):
            raise CommandError("Which card does the master place? show WHO place CARD.")
        placed = _design(" ".join(words[where + 1:]))
        words = words[:where]
    elif lowered and lowered[-1] in NONE:
        none, words = True, words[:-1]
    return Show(player=player, cards=_cards(words), placed=placed, none=none, count=count)


def parse_guess(tokens: list[Token], names: Sequence[str]) -> Guess:
    player, rest = _who(_without_colon(tokens), names)
    rest = _without_colon(rest)
    if rest and not rest[0].quoted:
        word = rest[0].text.lower().rstrip(":,")
        if word in RIGHT or word in WRONG:
            text = typed_text(_without_colon(rest[1:]), "The guess") or "(said at the table)"
            return Guess(player=player, rule=text, right=word in RIGHT)
    if not rest:
        raise CommandError("What is the guess? Write guess RULE, in plain words (guess just "
                           'white ones) or in the rule language (guess card.colour == "white"), '
                           "or in a round the master judges, guess right WORDS or guess wrong "
                           "WORDS.")
    return Guess(player=player, rule=rule_text(rest))


def parse_pass(tokens: list[Token], names: Sequence[str]) -> Pass:
    player, rest = _who(tokens, names)
    if rest:
        raise CommandError(f'"{rest[0].text}" is left over: write pass, or pass WHO.')
    return Pass(player=player)


def parse_lead(tokens: list[Token], names: Sequence[str]) -> Lead:
    master, rest = _who(tokens, names)
    rest = _without_colon(rest)
    if not rest:
        return Lead(master=master)
    word = rest[0].text.lower()
    if len(rest) == 1 and not rest[0].quoted and is_number(word):
        return Lead(master=master, how=CARD, rule=word)
    if not rest[0].quoted and word in JUDGE_WORDS and len(rest) == 1:
        return Lead(master=master, how=JUDGE)
    if not rest[0].quoted and word == "draw" and len(rest) <= 2:
        level = rest[1].text.lower() if len(rest) == 2 else ""
        if level and level not in LEVELS:
            raise CommandError(f'"{rest[1].text}" is no kind of rule card: draw, or draw '
                               f"{', '.join(LEVELS[:-1])} or {LEVELS[-1]}.")
        return Lead(master=master, how=DRAW, level=level)
    return Lead(master=master, how=RULE, rule=rule_text(rest))


def read_answer(text: str, master: int) -> Lead:
    """The master's private answer: a rule card's number, draw [LEVEL], judge, or a rule."""
    words = text.split()
    lowered = [word.lower() for word in words]
    if len(words) == 1 and is_number(words[0]):
        return Lead(master=master, how=CARD, rule=words[0])
    if len(words) == 1 and lowered[0] in JUDGE_WORDS:
        return Lead(master=master, how=JUDGE)
    if lowered[:1] == ["draw"] and len(words) <= 2 and (len(words) == 1 or lowered[1] in LEVELS):
        return Lead(master=master, how=DRAW, level=lowered[1] if len(words) == 2 else "")
    return Lead(master=master, how=RULE, rule=" ".join(words))


_VERB_WORDS: dict[str, Callable[[list[Token], Sequence[str]], object]] = {}  # filled below


def parse_bare(tokens: list[Token], names: Sequence[str]) -> object | None:
    """A card (`w2ft`, `w2ft fits`, `2 white filled triangles`), a player and a card
    (`ben w2ft`), or a verb with its colon on it (`guess: RULE`); None for anything else."""
    first = tokens[0]
    if not first.quoted and ":" in first.text:
        verb, _, right = first.text.partition(":")
        parser = _VERB_WORDS.get(verb.lower())
        if parser is not None:
            return parser([Token(":" + right, False), *tokens[1:]], names)
    _, rest = _who(tokens, names)
    if not rest or rest[0].quoted:
        return None
    word = rest[0].text
    if _CODE.match(word) or any(char.isdigit() for char in word) or (
            word.lower() in _COUNT_WORDS):
        return parse_play(tokens, names)
    if len(word) <= 5 and not did_you_mean(word.lower(), [*_VERB_WORDS, *WORDS]):
        try:
            parse_design(word)
        except CardError as error:  # said as a design, not a playing card
            raise CommandError(f'"{word}" is neither a command nor a card. {error}') from None
    return None


def learn_words(verbs: Sequence[Verb]) -> None:
    """Let a bare line reach `verbs` with their colon on (`hint: WORDS`)."""
    _VERB_WORDS.update({word: verb.parse for verb in verbs
                        for word in (verb.spec.name, *verb.spec.aliases)})

