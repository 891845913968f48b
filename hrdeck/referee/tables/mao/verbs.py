"""Mao's verbs at the referee's table: each command, how its line is parsed, and what it
records. What a player said goes after a colon, phrases apart by semicolons (or each in
double quotes): `p 7s: seven of spades; have a nice day`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, parse_card
from engine.errors import CardError, did_you_mean
from engine.events import Event
from engine.games.mao import offences, speech
from engine.games.mao.events import Passed, PenaltyCall, Played, ReEntered, Said, TookSevens
from engine.games.mao.game import MaoGame
from engine.games.mao.real_cards import RealMaoTable
from engine.games.mao.settings import DICTATORIAL
from hrdeck.referee.commands import (
    Parser,
    Spec,
    Token,
    is_player,
    resolve_player,
    typed_text,
)
from hrdeck.referee.errors import CommandError
from hrdeck.referee.rule_deck import RuleDeck
from hrdeck.referee.tables import Table, Verb
from hrdeck.referee.tables.mao.hearing import Glance, heard
from hrdeck.referee.views import WARN, Outcome, PrivateAsk

# -- the verbs -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    player: int | None          # None: whoever's turn it is
    card: Card
    said: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass:
    """The player to act takes a card instead of playing."""

    player: int | None
    said: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Take:
    """The player a 7 (or a chain of 7s) is aimed at takes its cards."""

    player: int | None
    said: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Say:
    player: int
    words: tuple[str, ...]      # each said on its own, in this order


@dataclass(frozen=True, slots=True)
class Call:
    caller: int | None          # None: the Mao master, in a dictatorial game
    offender: int
    reason: str                 # a key of `offences.REASONS`
    phrase: str = ""            # what was not said, for a failure to say


@dataclass(frozen=True, slots=True)
class Back:
    player: int
    rule: str = ""
    asked: bool = False         # no rule on the line: its player types it in private


# -- reading a line ------------------------------------------------------------------------------

NO_RULE = ("no rule", "none", "no", "nothing", "-")


def _card(word: str) -> Card | None:
    try:
        return parse_card(word, jokers=True)
    except CardError:
        return None


def split_said(tokens: Sequence[Token]) -> tuple[list[Token], list[Token] | None]:
    """The words before the first colon, and those after it (None: no colon)."""
    for place, token in enumerate(tokens):
        if not token.quoted and ":" in token.text:
            left, _, right = token.text.partition(":")
            head = [*tokens[:place], *([Token(left, False)] if left else [])]
            return head, [*([Token(right, False)] if right else []), *tokens[place + 1:]]
    return list(tokens), None


def phrases(tokens: Sequence[Token], what: str = "What was said") -> tuple[str, ...]:
    """Phrases apart by semicolons, or each in double quotes: ("seven of spades", "mao")."""
    typed_text(tokens, what)  # refused when far too long
    said: list[str] = []
    words: list[str] = []

    def flush() -> None:
        if words:
            said.append(" ".join(words))
            words.clear()

    for token in tokens:
        if token.quoted:
            flush()
            said.append(token.text)
            continue
        for place, part in enumerate(token.text.split(";")):
            if place:
                flush()
            if part:
                words.append(part)
    flush()
    return tuple(phrase.strip() for phrase in said if phrase.strip())


def _who_first(tokens: list[Token], names: Sequence[str]) -> tuple[int | None, list[Token]]:
    """A player named first in full ("ben", any case), and the rest."""
    if tokens and not tokens[0].quoted and tokens[0].text.lower() in (
            name.lower() for name in names):
        return resolve_player(tokens[0].text, names), tokens[1:]
    return None, tokens


def parse_play(tokens: list[Token], names: Sequence[str]) -> Play:
    usage = "write p [WHO] CARD[: WHAT WAS SAID], as in p 7s: seven of spades; have a nice day"
    head, said = split_said(tokens)
    player = None
    if head and not head[0].quoted and _card(head[0].text) is None and (
            len(head) > 1 or said is not None):
        player, head = resolve_player(head[0].text, names), head[1:]
    if not head:
        raise CommandError(f"Which card? {usage[0].upper()}{usage[1:]}.")
    card = parse_card(head[0].text, jokers=True)  # or says why it is not a card
    rest = head[1:] + (said or [])
    return Play(player=player, card=card, said=phrases(rest))


def _taking(tokens: list[Token], names: Sequence[str], verb: str) -> tuple[int | None,
                                                                           tuple[str, ...]]:
    """`pass|take [WHO][: WORDS]`: without a colon, a player is named in full first."""
    head, said = split_said(tokens)
    if said is None:
        player, rest = _who_first(head, names)
        return player, phrases(rest)
    if len(head) > 1:
        raise CommandError(f'"{head[1].text}" is left over: write {verb} [WHO][: WHAT WAS '
                           "SAID].")
    return (resolve_player(head[0].text, names) if head else None), phrases(said)


def parse_pass(tokens: list[Token], names: Sequence[str]) -> Pass:
    player, said = _taking(tokens, names, "pass")
    return Pass(player=player, said=said)


def parse_take(tokens: list[Token], names: Sequence[str]) -> Take:
    player, said = _taking(tokens, names, "take")
    return Take(player=player, said=said)


def parse_say(tokens: list[Token], names: Sequence[str]) -> Say:
    head, said = split_said(tokens)
    if not head:
        raise CommandError("Who says it? Write say WHO WORDS, as in say ann last card.")
    player = resolve_player(head[0].text, names)
    words = phrases(head[1:] + (said or []))
    if not words:
        raise CommandError(f"What did {names[player]} say? Write say {names[player].lower()} "
                           "WORDS, as in say ann last card.")
    return Say(player=player, words=words)


def _one_player(tokens: list[Token], names: Sequence[str], verb: str) -> int:
    if len(tokens) != 1:
        raise CommandError(f"Write {verb} WHO, as in {verb} ann.")
    return resolve_player(tokens[0].text, names)


def parse_order(tokens: list[Token], names: Sequence[str]) -> Say:
    return Say(player=_one_player(tokens, names, "order"), words=(speech.POINT_OF_ORDER,))


def parse_end(tokens: list[Token], names: Sequence[str]) -> Say:
    return Say(player=_one_player(tokens, names, "end"), words=(speech.END_POINT_OF_ORDER,))


# Each penalty as a call may name it: its key, its words, and shorter ways of saying it.
REASON_WORDS: dict[str, tuple[str, ...]] = {
    offences.BAD_CARD: ("bad card", "wrong card", "invalid card", "bad"),
    offences.OUT_OF_TURN: ("playing out of turn", "played out of turn", "out of turn", "turn",
                           "oot"),
    offences.FAILURE_TO_SAY: ("continued failure to say", "failure to say", "failing to say",
                              "failed to say", "not saying", "did not say", "forgot to say",
                              "say"),
    offences.SAYING_MAO: ("saying mao out of place", "mao out of place", "saying mao",
                          "said mao", "mao"),
    offences.TOO_SLOW: ("failure to play in time", "too slow", "slow", "time", "late"),
    offences.POINT_OF_ORDER_IN_ONE: ("point of order during a point of order",
                                     "point of order", "p of o", "pofo", "order"),
    offences.TOUCHING_CARDS: ("touching cards during a point of order", "touching cards",
                              "touched cards", "touching", "touched"),
    offences.TALKING: ("talking", "talked", "talk"),
    offences.EXPLAINING: ("explaining the rules", "explained the rules", "explaining",
                          "explained"),
}
_ALIASES = sorted(((alias.split(), reason) for reason, aliases in REASON_WORDS.items()
                   for alias in aliases), key=lambda item: -len(item[0]))
CALLS = ("bad card, out of turn, failure to say PHRASE, saying Mao, too slow, point of order, "
         "touching cards, talking or explaining the rules")
_QUOTES = "'\"‘’“”"


def read_reason(tokens: Sequence[Token]) -> tuple[str, str]:
    """The reason a call names (by key or in words) and, for a failure to say, the phrase."""
    words: list[str] = []
    for token in tokens:
        words += [token.text] if token.quoted else [
            part for part in token.text.replace("_", "-").split("-") if part]
    if not words:
        raise CommandError(f"Call it for what? The calls are {CALLS}.")
    lowered = [word.lower().strip(_QUOTES + ",.!?") for word in words]
    matched, left_over = "", ""  # the longest reason typed in full, and what follows it
    for alias, reason in _ALIASES:
        if lowered[:len(alias)] != alias:
            continue
        rest = " ".join(words[len(alias):]).strip().strip(_QUOTES).strip()
        if not rest or reason == offences.FAILURE_TO_SAY:
            return reason, rest
        if not matched:
            matched, left_over = " ".join(alias), rest
    typed = " ".join(lowered[:3])
    hint = next((found for count in (3, 2, 1) if (found := did_you_mean(
        " ".join(lowered[:count]), [" ".join(alias) for alias, _ in _ALIASES]))), "")
    if matched and (not hint or hint == f' Did you mean "{matched}"?'):
        raise CommandError(f'"{left_over}" is left over: only a call of failure to say names '
                           "what was not said.")
    raise CommandError(f'"{typed}" is not a penalty call: the calls are {CALLS}.{hint}')


def parse_call(tokens: list[Token], names: Sequence[str]) -> Call:
    usage = ("write call WHO on WHOM REASON, as in call dan on cat bad card, or call ann on cat "
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
    return Call(caller=caller, offender=offender, reason=reason, phrase=phrase)


def _rule_words(text: str) -> str:
    return "" if text.strip().lower() in NO_RULE else text.strip()


def parse_back(tokens: list[Token], names: Sequence[str]) -> Back:
    head, said = split_said(tokens)
    if not head:
        raise CommandError("Who comes back? Write back WHO (the new rule is typed in private), "
                           "or back WHO no rule.")
    player = resolve_player(head[0].text, names)
    rest = head[1:] + (said or [])
    if not rest:
        return Back(player=player, asked=True)
    return Back(player=player, rule=_rule_words(typed_text(rest, "The rule")))


_VERB_WORDS: dict[str, Parser] = {}  # filled below: every word of a verb -> its parser


def parse_bare(tokens: list[Token], names: Sequence[str]) -> Play | Pass | Take | Say | Call | \
        Back | None:
    """A card (`7s: seven of spades`), a player and a card (`ben 7s`), or a verb with its
    colon on it (`take: penalty card`); None for anything else."""
    first = tokens[0]
    if not first.quoted and ":" in first.text:
        verb, _, right = first.text.partition(":")
        parser = _VERB_WORDS.get(verb.lower())
        if parser is not None:
            rest = [Token(":" + right, False), *tokens[1:]]
            parsed: Play | Pass | Take | Say | Call | Back = parser(rest, names)
            return parsed
    head, _ = split_said(tokens)
    if head and not head[0].quoted and _card(head[0].text) is not None:
        return parse_play(tokens, names)
    if (len(head) > 1 and is_player(head[0].text, names) and not head[1].quoted
            and _card(head[1].text) is not None):
        return parse_play(tokens, names)
    return None


# -- what they do --------------------------------------------------------------------------------

def mao_game(session: Table) -> MaoGame:
    game = session.game
    if not isinstance(game, MaoGame) or not isinstance(game.table, RealMaoTable):
        raise CommandError("This game is not played with real cards at this table.")
    return game


def record(session: Table, event: Event, outcome: Outcome, acting: int | None = None) -> None:
    """Record the entry, then say what it did (compared with the game just before)."""
    game = mao_game(session)
    slow = None if acting is None else session.slow_warning(acting)
    before = Glance.of(game)
    session.record(event, outcome)
    outcome.lines += heard(mao_game(session), before, event)
    if slow:
        outcome.add(WARN, slow)


def play(session: Table, command: Play, outcome: Outcome) -> None:
    game = mao_game(session)
    session.verify_ready()
    player = game.table.turn if command.player is None else command.player
    record(session, Played(player=player, card=command.card, said=command.said), outcome,
           player)


def pass_turn(session: Table, command: Pass, outcome: Outcome) -> None:
    game = mao_game(session)
    player = game.table.turn if command.player is None else command.player
    record(session, Passed(player=player, said=command.said), outcome, player)


def take(session: Table, command: Take, outcome: Outcome) -> None:
    game = mao_game(session)
    player = game.table.turn if command.player is None else command.player
    record(session, TookSevens(player=player, said=command.said), outcome, player)


def say(session: Table, command: Say, outcome: Outcome) -> None:
    mao_game(session)
    for words in command.words:
        record(session, Said(player=command.player, words=words), outcome)


def call(session: Table, command: Call, outcome: Outcome) -> None:
    game = mao_game(session)
    caller = command.caller
    if caller is None:
        master = game.settings.master
        if game.settings.calls != DICTATORIAL or master is None:
            raise CommandError("Who calls it? Write call WHO on WHOM REASON (call on WHOM "
                               "REASON is the Mao master's, in a dictatorial game).")
        caller = master
    record(session, PenaltyCall(caller=caller, offender=command.offender,
                                reason=command.reason, phrase=command.phrase), outcome)


def back(session: Table, command: Back, outcome: Outcome) -> None:
    """A winner comes back. The rule they bring is the number of the secret rule card they
    drew (the referee then knows its machine form and judges it) or words only they know,
    typed in private either way."""
    game = mao_game(session)
    player = command.player
    game.verify_re_enter(player)  # before anyone types a rule in private
    deck = session.deck
    if command.asked:
        name = session.names[player]
        drawn = "the number of the card you drew, or " if deck and deck.rules else ""
        outcome.private = PrivateAsk(
            player=name,
            question=f"{name}, your new rule: {drawn}words only you know (or no rule):",
            answer=lambda text: Back(player=player,
                                     rule=_rule_words(typed_text([Token(text, True)],
                                                                 "The rule"))),
            in_a_script=f"In a script, type the rule on the line: back {name.lower()}: RULE "
                        f"(or the rule card's number), or back {name.lower()} no rule.")
        return
    record(session, _entry(game, deck, player, command.rule), outcome)


def _entry(game: MaoGame, deck: RuleDeck | None, player: int, rule: str) -> ReEntered:
    """The entry for a winner coming back with `rule`: a rule card's number brings the
    card's machine form."""
    if not rule.isdigit() or deck is None or not deck.rules:
        return ReEntered(player=player, rule=rule)
    card = deck.secret_rule(int(rule))
    if card is None:
        numbers = [item.number for item in deck.rules if not item.standard]
        raise CommandError(f"There is no secret rule card {rule} in {deck.name}: the secret "
                           f"rules are numbered {min(numbers)} to {max(numbers)}.")
    holder = next((game.names[held.holder] for held in game.secret_rules
                   if held.name == card.id), None)
    if holder is not None:
        raise CommandError(f"Rule card {card.number} is already in play ({holder}'s): the "
                           "card drawn must be another.")
    return ReEntered(player=player, rule=card.id, when=card.when, subject=card.subject,
                     kind=card.kind, phrase=card.phrase, effect=card.effect,
                     amount=card.amount)


VERBS = (
    Verb(Spec("play", ("p",), "play [WHO] CARD[: WORDS; WORDS]",
              "a card put on the pile, in turn or not, fitting or not, with everything its "
              "player said as they played it (p 7s: seven of spades; have a nice day); a card "
              "alone (7s: …) is whoever's turn it is", "players"), parse_play, Play, play),
    Verb(Spec("pass", ("draw",), "pass [WHO][: WORDS]",
              "the player to act takes a card instead of playing", "players"),
         parse_pass, Pass, pass_turn),
    Verb(Spec("take", (), "take [WHO][: WORDS]",
              "the player a 7 (or a chain of 7s) is aimed at takes its cards, and plays on "
              "(take: what they said)", "players"), parse_take, Take, take),
    Verb(Spec("say", ("said",), "say WHO WORDS[; WORDS]",
              "words said on their own: last card, a suit after a jack, point of order, Mao "
              "(say ann last card, say cat hearts)", "players"), parse_say, Say, say),
    Verb(Spec("order", ("pofo",), "order WHO",
              "WHO calls a point of order: no card is played or taken until it ends",
              "players"), parse_order, Say, say),
    Verb(Spec("end", (), "end WHO", "WHO ends the point of order", "players"),
         parse_end, Say, say),
    Verb(Spec("call", ("penalty",), "call WHO on WHOM REASON [PHRASE]",
              f"a penalty call, judged by the referee: a bad call costs the caller the card. "
              f"Reasons: {CALLS} (call dan on cat bad card, call ann on cat failure to say "
              "three of spades); call on WHOM … is the Mao master's", "call"),
         parse_call, Call, call),
    Verb(Spec("back", ("return",), "back WHO [no rule | : RULE]",
              "WHO comes back after a Mao with five cards and a new secret rule, typed in "
              "private (in a script after a colon), or no rule", "players"),
         parse_back, Back, back),
)
_VERB_WORDS.update({word: verb.parse for verb in VERBS
                    for word in (verb.spec.name, *verb.spec.aliases)})
