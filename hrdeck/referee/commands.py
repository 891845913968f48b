"""The command language of the referee: one typed line becomes one command.

Short and forgiving, the same at the keyboard and in scripts:

>>> table = ("Ann", "Ben", "Cat")
>>> parse_command("enforce ann on ben rule cat you did not salute", table)
Enforce(enforcer=0, violator=1, holder=2, hint='you did not salute', card=None, no_card=False)
>>> parse_command('enforce cat on ben for ks "Name someone."', table).card
Card('Ks')
>>> parse_command("call ann on cat slow", table)
Call(caller=0, offender=2, offence='too-slow')

These are the commands of every game: secret rules, enforcements, challenges, the journal.
A base game adds its own verbs (`hrdeck.referee.tables`), and says what a line that is not
a command means (in Up 'N Over, a card played). Players are named by any unambiguous start
of their name, in any case (the words of a line are read in `tokens`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.cards import Card, parse_card
from engine.errors import CardError, did_you_mean
from engine.events import OUT_OF_TURN, TOO_SLOW
from hrdeck.printable import printable
from hrdeck.referee.errors import CommandError
from hrdeck.referee.tokens import MAX_WORDS as MAX_WORDS
from hrdeck.referee.tokens import Token as Token
from hrdeck.referee.tokens import card_and_value as card_and_value
from hrdeck.referee.tokens import is_number as is_number
from hrdeck.referee.tokens import is_player as is_player
from hrdeck.referee.tokens import looks_like_card as looks_like_card
from hrdeck.referee.tokens import resolve_player as resolve_player
from hrdeck.referee.tokens import tokenize as tokenize
from hrdeck.referee.tokens import typed_text as typed_text
from hrdeck.referee.tokens import unknown_word as unknown_word

# -- the commands --------------------------------------------------------------------------------


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


Command = Any  # one of the commands here, or one of a game's own (`TableGame.verbs`)

# -- what help and completion know --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spec:
    name: str
    aliases: tuple[str, ...]
    syntax: str
    summary: str
    completes: str = ""          # what later words complete to: players, rulings, ...


SPECS: tuple[Spec, ...] = (
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



def words_of(specs: Sequence[Spec]) -> dict[str, Spec]:
    """Each command's name and aliases -> its spec."""
    return {word: spec for spec in specs for word in (spec.name, *spec.aliases)}


WORDS = words_of(SPECS)
UPHELD_WORDS = ("upheld", "uphold", "up", "yes", "y", "right", "shown", "correct")
OVERTURNED_WORDS = ("overturned", "overturn", "over", "no", "n", "wrong", "not-shown",
                    "incorrect")
YES_WORDS = ("yes", "y", "confirm", "sure", "ok")

class Verbs(Protocol):
    """A game's own commands, as the parser needs them (`TableGame`)."""

    @property
    def verbs(self) -> Sequence[Any]: ...

    @property
    def bare(self) -> Callable[[list[Token], Sequence[str]], Command | None] | None:
        """What a line that starts with no command is (a card played), or None."""
        ...


def parse_command(line: str, names: Sequence[str], game: Verbs | None = None) -> Command:
    """Read one line; raise `CommandError` or `CardError` with a suggestion when it is wrong.
    `game` brings its own verbs; without it only the commands of every game are known.

    Control characters (terminal escapes among them) never get into the journal."""
    tokens = tokenize(printable(line).strip())
    if not tokens:
        raise CommandError("Type a command (help lists them).")
    head = tokens[0].text.lower()
    own = {word: verb for verb in (game.verbs if game else ())
           for word in (verb.spec.name, *verb.spec.aliases)}
    if not tokens[0].quoted:
        if head in own:
            parsed: Command = own[head].parse(tokens[1:], names)
            return parsed
        spec = WORDS.get(head)
        if spec is not None:
            try:
                return _PARSERS[spec.name](tokens[1:], names)
            except CommandError:  # a game's own line may begin with the same word
                command = _bare_or_none(game, tokens, names)
                if command is None:
                    raise
                return command
    bare = game.bare if game is not None else None
    command = bare(tokens, names) if bare is not None else None
    if command is None:
        raise unknown_word(tokens[0].text, [*own, *WORDS], card=bare is not None)
    return command


def _bare_or_none(game: Verbs | None, tokens: list[Token],
                  names: Sequence[str]) -> Command | None:
    """The game's reading of a line that is no command (Mao: `s 7c`, Sam playing), or None
    when it has none."""
    if game is None or game.bare is None:
        return None
    try:
        return game.bare(tokens, names)
    except (CommandError, CardError):
        return None


def read_bare(line: str, names: Sequence[str], game: Verbs) -> Command | None:
    """`line` as the game reads a line that is no command, or None."""
    return _bare_or_none(game, tokenize(printable(line).strip()), names)


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
    elif (words and not words[0].quoted and looks_like_card(words[0].text)
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
    "enforce": _parse_enforce, "call": _parse_call,
    "challenge": _parse_challenge, "rule": _parse_rule,
    "keep": _parse_keep, "pick": _parse_pick, "peek": _parse_peek, "history": _parse_history,
    "undo": _parse_undo, "reveal": _parse_reveal, "timer": _parse_timer, "help": _parse_help,
    "score": _no_words(Score(), "score"), "turn": _no_words(Turn(), "turn"),
    "quit": _no_words(Quit(), "quit"),
}
