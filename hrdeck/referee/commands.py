"""The command language of the referee: one typed line becomes one command.

Short and forgiving, the same at the keyboard and in scripts:

>>> table = ("Ann", "Ben", "Cat")
>>> parse_command('p 7h "Captain Nemo"', table)
Play(player=None, card=Card('7h'), ace_value=None, said='Captain Nemo')
>>> parse_command("enforce ann on ben rule cat you did not salute", table)
Enforce(enforcer=0, violator=1, holder=2, hint='you did not salute', card=None, no_card=False)
>>> parse_command('enforce cat on ben for ks "Name someone."', table).card
Card('Ks')
>>> parse_command("call ann on cat slow", table)
Call(caller=0, offender=2, offence='too-slow')
>>> parse_command("as 11", table).ace_value
11

Players are named by any unambiguous start of their name, in any case. A line that is
not a command is a card played by whoever's turn it is, or `<player> <card>`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cards import Card, Rank, parse_card
from engine.errors import CardError, did_you_mean
from engine.events import OUT_OF_TURN, TOO_SLOW
from hrdeck.printable import printable
from hrdeck.referee.errors import CommandError

# -- the commands --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    player: int | None          # None: whoever's turn it is
    card: Card
    ace_value: int | None = None
    said: str = ""


@dataclass(frozen=True, slots=True)
class TurnUp:
    player: int | None
    card: Card | None
    ace_value: int | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    player: int | None          # None: whoever played the latest card
    count: int = 1


@dataclass(frozen=True, slots=True)
class Enforce:
    enforcer: int
    violator: int
    holder: int | None          # None: the enforcer's own rule
    hint: str = ""
    card: Card | None = None    # the card that broke the rule, when the enforcer names it
    no_card: bool = False       # `for none`: no card broke it (so none comes back)


@dataclass(frozen=True, slots=True)
class Call:
    """An illegal play called: out of turn, or more than five seconds to play."""

    caller: int
    offender: int
    offence: str                # OUT_OF_TURN or TOO_SLOW


@dataclass(frozen=True, slots=True)
class Challenge:
    challenger: int | None      # None: the one player who may challenge now
    enforcement: int | None = None


@dataclass(frozen=True, slots=True)
class Rule:
    upheld: bool
    note: str = ""


@dataclass(frozen=True, slots=True)
class Trick:
    player: int


@dataclass(frozen=True, slots=True)
class Keep:
    player: int
    trigger: str
    action: str


@dataclass(frozen=True, slots=True)
class Pick:
    player: int | None = None


@dataclass(frozen=True, slots=True)
class Peek:
    player: int


@dataclass(frozen=True, slots=True)
class Score:
    pass


@dataclass(frozen=True, slots=True)
class History:
    last: int | None = None     # None: everything


@dataclass(frozen=True, slots=True)
class Turn:
    pass


@dataclass(frozen=True, slots=True)
class Undo:
    entry: int | None = None
    confirmed: bool = False


@dataclass(frozen=True, slots=True)
class Reveal:
    confirmed: bool = False


@dataclass(frozen=True, slots=True)
class Timer:
    seconds: float | None       # None: off


@dataclass(frozen=True, slots=True)
class Help:
    topic: str | None = None


@dataclass(frozen=True, slots=True)
class Quit:
    pass


Command = (Play | TurnUp | Draw | Enforce | Call | Challenge | Rule | Trick | Keep | Pick | Peek
           | Score | History | Turn | Undo | Reveal | Timer | Help | Quit)

# -- what help and completion know --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spec:
    name: str
    aliases: tuple[str, ...]
    syntax: str
    summary: str
    completes: str = ""          # what later words complete to: players, rulings, ...


SPECS: tuple[Spec, ...] = (
    Spec("play", ("p",), 'play [player] CARD [1|11] ["what they said"]',
         "a card played (7h, 10s, Qd, As 11); `7h` alone is whoever's turn it is", "players"),
    Spec("up", ("u",), "up [player] CARD [1|11]",
         "the card turned up to open a trick (an ace counts 1 unless 11 is said)", "players"),
    Spec("draw", ("d",), "draw [WHO] [N]",
         "WHO (by default whoever played the latest card) draws N cards (1) as a rule says",
         "players"),
    Spec("enforce", ("e",), 'enforce WHO on WHOM [rule HOLDER] [for CARD|none] ["hint"]',
         "WHO enforces a rule (their own, or HOLDER's) on WHOM (anyone, themselves too), with "
         "a hint; for CARD names the card that broke it, when WHOM has played several",
         "enforce"),
    Spec("call", ("illegal",), "call WHO on WHOM slow|turn",
         "WHO calls an illegal play: WHOM took more than five seconds (slow) or played out of "
         "turn (turn); a point, no challenge", "call"),
    Spec("challenge", ("c", "ch"), "challenge [WHO] [number]",
         "the penalised player challenges the enforcement", "players"),
    Spec("rule", ("ruling",), 'rule upheld|overturned ["note"]',
         "the table's ruling on a challenge", "rulings"),
    Spec("trick", ("t", "took"), "trick WHO", "score mode: WHO took a trick", "players"),
    Spec("keep", (), "keep WHO TRIGGER ACTION",
         "WHO keeps a dealt trigger and action (ids, or 1/2 for the first/second)", "players"),
    Spec("pick", (), "pick [WHO]",
         "pass the laptop: each player (or WHO) picks a secret rule in private", "players"),
    Spec("peek", (), "peek WHO", "WHO looks at their own secret rule, in private", "players"),
    Spec("score", ("s", "scores", "board"), "score", "the scoreboard"),
    Spec("history", ("h", "log"), "history [N]", "the journal as sentences (the last N)"),
    Spec("turn", ("next", "whose"), "turn", "whose turn it is and what happens next"),
    Spec("undo", (), "undo [entry] [yes]",
         "cancel the latest entry (or entry N) with a new entry; asks first", "yes"),
    Spec("reveal", (), "reveal [yes]", "every secret rule, and an audit of the game", "yes"),
    Spec("timer", (), "timer on [seconds] | timer off",
         "warn when the player to act takes longer (the five-second rule)", "timer"),
    Spec("help", ("?",), "help [command]", "the commands, or one of them", "commands"),
    Spec("quit", ("q", "exit", "bye"), "quit", "leave; the game is saved, resume it any time"),
)

WORDS: dict[str, Spec] = {word: spec for spec in SPECS for word in (spec.name, *spec.aliases)}
UPHELD_WORDS = ("upheld", "uphold", "up", "yes", "y", "right", "shown", "correct")
OVERTURNED_WORDS = ("overturned", "overturn", "over", "no", "n", "wrong", "not-shown",
                    "incorrect")
YES_WORDS = ("yes", "y", "confirm", "sure", "ok")

# -- reading a line ------------------------------------------------------------------------------

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


def parse_command(line: str, names: Sequence[str]) -> Command:
    """Read one line; raise `CommandError` or `CardError` with a suggestion when it is wrong.

    Control characters (terminal escapes among them) never get into the journal."""
    tokens = tokenize(printable(line).strip())
    if not tokens:
        raise CommandError("Type a command (help lists them).")
    head = tokens[0].text.lower()
    spec = None if tokens[0].quoted else WORDS.get(head)
    if spec is None:
        return _parse_bare(tokens, names)
    rest = tokens[1:]
    parser = _PARSERS[spec.name]
    return parser(rest, names)


def _parse_bare(tokens: list[Token], names: Sequence[str]) -> Command:
    """A card (`7h`, `as 11`), or a player and a card (`ben 7h`)."""
    word = tokens[0].text
    if _looks_like_card(word) or (len(tokens) > 1 and is_player(word, names)
                                  and _looks_like_card(tokens[1].text)):
        return _parse_play(tokens, names)
    if is_player(word, names) and len(tokens) > 1:
        return _parse_play(tokens, names)
    hint = did_you_mean(word, list(WORDS))
    if not hint and len(word) <= 4:
        try:
            parse_card(word)
        except CardError as error:
            raise CommandError(f'"{word}" is neither a command nor a card. {error}') from None
    raise CommandError(f'"{word}" is not a command.{hint} Type help for the list.')


def _looks_like_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardError:
        return False
    return True


def _ace_value(tokens: list[Token]) -> tuple[int | None, list[Token]]:
    if tokens and not tokens[0].quoted and tokens[0].text in ("1", "11"):
        return int(tokens[0].text), tokens[1:]
    return None, tokens


def _card_and_value(tokens: list[Token], what: str) -> tuple[Card, int | None, list[Token]]:
    if not tokens:
        raise CommandError(f"Which card? For example: {what} 7h")
    card = parse_card(tokens[0].text)
    value, rest = _ace_value(tokens[1:])
    return card, value, rest


def _parse_play(tokens: list[Token], names: Sequence[str]) -> Play:
    player = None
    if (len(tokens) > 1 and not _looks_like_card(tokens[0].text)) or (
            len(tokens) > 1 and is_player(tokens[0].text, names)
            and _looks_like_card(tokens[1].text)):
        player = resolve_player(tokens[0].text, names)
        tokens = tokens[1:]
    card, value, rest = _card_and_value(tokens, "p")
    if card.rank is Rank.ACE and value is None:
        raise CommandError(f"Say what the {card.name} counts: p {card.code} 1 or "
                           f"p {card.code} 11.")
    said = ""
    if rest and not rest[0].quoted and rest[0].text.lower() == "say":
        said = typed_text(rest[1:], "What was said")
    elif len(rest) == 1 and rest[0].quoted:
        said = typed_text(rest, "What was said")
    elif rest:
        words = " ".join(token.text for token in rest)
        raise CommandError(f'What is "{words}"? Put what the player said in quotes: '
                           f'p {card.code} "{words}".')
    return Play(player=player, card=card, ace_value=value, said=said.strip())


def _parse_up(tokens: list[Token], names: Sequence[str]) -> TurnUp:
    player = None
    if tokens and not _looks_like_card(tokens[0].text) and is_player(tokens[0].text, names):
        player = resolve_player(tokens[0].text, names)
        tokens = tokens[1:]
    if not tokens:
        return TurnUp(player=player, card=None)
    card, value, rest = _card_and_value(tokens, "up")
    if rest:
        raise CommandError(f'"{rest[0].text}" is left over: write up {card.code}'
                           + (" 11." if card.rank is Rank.ACE else "."))
    return TurnUp(player=player, card=card, ace_value=value)


def _parse_draw(tokens: list[Token], names: Sequence[str]) -> Draw:
    player, count = None, None
    for token in tokens:
        if is_number(token.text) and count is None:
            count = int(token.text)
        elif player is None and not is_number(token.text):
            player = resolve_player(token.text, names)
        else:
            raise CommandError(f'"{token.text}" is left over: write draw [WHO] [N].')
    return Draw(player=player, count=1 if count is None else count)


def _parse_enforce(tokens: list[Token], names: Sequence[str]) -> Enforce:
    usage = 'Write: enforce WHO on WHOM [rule HOLDER] ["hint"], e.g. enforce ann on ben'
    words = list(tokens)
    if len(words) < 2:
        raise CommandError(f"Who enforces on whom? {usage}.")
    enforcer = resolve_player(words.pop(0).text, names)
    if words and words[0].text.lower() == "on" and not words[0].quoted:
        words.pop(0)
    if not words:
        raise CommandError(f"On whom? {usage}.")
    violator = resolve_player(words.pop(0).text, names)
    holder = None
    if words and not words[0].quoted and words[0].text.lower() in ("rule", "with", "using"):
        words.pop(0)
        if not words:
            raise CommandError(f"Whose rule? {usage}.")
        holder = resolve_player(words.pop(0).text.removesuffix("'s").removesuffix("’s"), names)
    elif (len(words) >= 2 and not words[0].quoted and words[1].text.lower() == "rule"
          and words[0].text.lower().endswith(("'s", "’s"))):
        holder = resolve_player(words[0].text[:-2], names)
        del words[:2]
    card, no_card = None, False
    if len(words) >= 2 and not words[0].quoted and words[0].text.lower() == "for":
        if words[1].text.lower() in ("none", "nothing", "-"):
            no_card = True
        else:
            card = parse_card(words[1].text)
        del words[:2]
    elif (words and not words[0].quoted and _looks_like_card(words[0].text)
          and all(token.quoted for token in words[1:])):
        card = parse_card(words.pop(0).text)  # enforce cat on ben ks "hint"
    hint = typed_text(words, "The hint")
    return Enforce(enforcer=enforcer, violator=violator, holder=holder, hint=hint, card=card,
                   no_card=no_card)


OFFENCE_WORDS = {
    TOO_SLOW: ("slow", "too-slow", "late", "time", "timer", "5s", "seconds"),
    OUT_OF_TURN: ("turn", "out-of-turn", "outofturn", "oot", "early"),
}


def _parse_call(tokens: list[Token], names: Sequence[str]) -> Call:
    usage = "Write: call WHO on WHOM slow (more than five seconds) or turn (out of turn)"
    words = [token.text for token in tokens]
    if words[1:2] and words[1].lower() == "on":
        del words[1]
    if len(words) != 3:
        raise CommandError(f"{usage}, e.g. call ann on ben slow.")
    caller, offender = resolve_player(words[0], names), resolve_player(words[1], names)
    wanted = words[2].lower()
    for offence, aliases in OFFENCE_WORDS.items():
        if wanted in aliases or wanted == offence:
            return Call(caller=caller, offender=offender, offence=offence)
    choices = [word for aliases in OFFENCE_WORDS.values() for word in aliases]
    raise CommandError(f'"{words[2]}" is not an illegal play. {usage}.'
                       f"{did_you_mean(wanted, choices)}")


def _parse_challenge(tokens: list[Token], names: Sequence[str]) -> Challenge:
    challenger, number = None, None
    for token in tokens:
        if is_number(token.text) and number is None:
            number = int(token.text)
        elif challenger is None:
            challenger = resolve_player(token.text, names)
        else:
            raise CommandError(f'"{token.text}" is left over: write challenge WHO [number].')
    return Challenge(challenger=challenger, enforcement=number)


def _parse_rule(tokens: list[Token], names: Sequence[str]) -> Rule:
    if not tokens:
        raise CommandError("Upheld or overturned? Write: rule upheld, or rule overturned.")
    word = tokens[0].text.lower()
    note = typed_text(tokens[1:], "The note")
    if word in UPHELD_WORDS:
        return Rule(upheld=True, note=note)
    if word in OVERTURNED_WORDS:
        return Rule(upheld=False, note=note)
    raise CommandError(f'"{tokens[0].text}" is not a ruling: write rule upheld (the rule was '
                       "shown and enforced rightly) or rule overturned."
                       + did_you_mean(word, ("upheld", "overturned")))


def _parse_trick(tokens: list[Token], names: Sequence[str]) -> Trick:
    if len(tokens) != 1:
        raise CommandError("Who took the trick? Write: trick WHO.")
    return Trick(player=resolve_player(tokens[0].text, names))


def _parse_keep(tokens: list[Token], names: Sequence[str]) -> Keep:
    if len(tokens) != 3:
        raise CommandError("Write: keep WHO TRIGGER ACTION (the card ids, or 1 or 2 for the "
                           "first or second card dealt).")
    return Keep(player=resolve_player(tokens[0].text, names), trigger=tokens[1].text,
                action=tokens[2].text)


def _parse_pick(tokens: list[Token], names: Sequence[str]) -> Pick:
    if len(tokens) > 1:
        raise CommandError("Write: pick, or pick WHO.")
    return Pick(player=resolve_player(tokens[0].text, names) if tokens else None)


def _parse_peek(tokens: list[Token], names: Sequence[str]) -> Peek:
    if len(tokens) != 1:
        raise CommandError("Whose rule? Write: peek WHO.")
    return Peek(player=resolve_player(tokens[0].text, names))


def _parse_history(tokens: list[Token], names: Sequence[str]) -> History:
    if not tokens or tokens[0].text.lower() == "all":
        return History()
    if len(tokens) == 1 and is_number(tokens[0].text):
        return History(last=int(tokens[0].text))
    raise CommandError("Write: history, or history N for the last N entries.")


def _parse_undo(tokens: list[Token], names: Sequence[str]) -> Undo:
    entry, confirmed = None, False
    for token in tokens:
        word = token.text.lower()
        if is_number(word) and entry is None:
            entry = int(word)
        elif word in YES_WORDS:
            confirmed = True
        else:
            raise CommandError(f'"{token.text}" is left over: write undo, undo 12, or in a '
                               "script undo yes / undo 12 yes.")
    return Undo(entry=entry, confirmed=confirmed)


def _parse_reveal(tokens: list[Token], names: Sequence[str]) -> Reveal:
    if (tokens and tokens[0].text.lower() not in YES_WORDS) or len(tokens) > 1:
        raise CommandError("Write: reveal (or reveal yes).")
    return Reveal(confirmed=bool(tokens))


def _parse_timer(tokens: list[Token], names: Sequence[str]) -> Timer:
    words = [token.text.lower() for token in tokens]
    if words[:1] == ["off"] and len(words) == 1:
        return Timer(seconds=None)
    if words[:1] == ["on"]:
        words = words[1:]
    if not words:
        return Timer(seconds=5.0)
    try:
        seconds = float(words[0].removesuffix("s"))
    except ValueError:
        seconds = 0.0
    if len(words) > 1 or not 0 < seconds <= 600:
        raise CommandError("Write: timer on 5 (seconds), or timer off.")
    return Timer(seconds=seconds)


def _parse_help(tokens: list[Token], names: Sequence[str]) -> Help:
    return Help(topic=tokens[0].text.lower() if tokens else None)


Parser = Callable[[list[Token], Sequence[str]], Command]


def _no_words(command: Command, name: str) -> Parser:
    def parse(tokens: list[Token], names: Sequence[str]) -> Command:
        if tokens:
            raise CommandError(f'"{name}" takes nothing more: "{tokens[0].text}" is left over.')
        return command
    return parse


_PARSERS: dict[str, Parser] = {
    "play": _parse_play, "up": _parse_up, "draw": _parse_draw, "enforce": _parse_enforce,
    "call": _parse_call,
    "challenge": _parse_challenge, "rule": _parse_rule, "trick": _parse_trick,
    "keep": _parse_keep, "pick": _parse_pick, "peek": _parse_peek, "history": _parse_history,
    "undo": _parse_undo, "reveal": _parse_reveal, "timer": _parse_timer, "help": _parse_help,
    "score": _no_words(Score(), "score"), "turn": _no_words(Turn(), "turn"),
    "quit": _no_words(Quit(), "quit"),
}
