"""Mao's verbs at the referee's table: each command, how its line is parsed, and what it
records. Every move names its player first, by name or its start (`b` for Ben), because
the screen never says whose turn it is (clarification game-master). What a player said
follows the card, after a colon or not, phrases apart by semicolons (or each in double
quotes), short forms spelled out (`shorthand`): `p ben 7s: seven of spades; have a nice
day` is `b 7s * nd`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, parse_card
from engine.errors import CardError
from engine.events import Event
from engine.games.mao import speech
from engine.games.mao.events import Passed, PenaltyCall, Played, ReEntered, Said, TookSevens
from engine.games.mao.game import MaoGame
from engine.games.mao.real_cards import RealMaoTable
from engine.games.mao.settings import DICTATORIAL
from hrdeck.referee.commands import (
    Parser,
    Spec,
    Token,
    is_number,
    is_player,
    resolve_player,
    typed_text,
)
from hrdeck.referee.errors import CommandError
from hrdeck.referee.rule_deck import RuleDeck
from hrdeck.referee.tables import Table, Verb
from hrdeck.referee.tables.mao.calls import parse_call as read_call
from hrdeck.referee.tables.mao.hearing import Glance, heard
from hrdeck.referee.tables.mao.knowledge import knowledge
from hrdeck.referee.tables.mao.shorthand import CARD, expand, name_card
from hrdeck.referee.views import WARN, Outcome, PrivateAsk, PrivateRule

# -- the verbs -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    player: int
    card: Card
    said: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass:
    """A player takes a card instead of playing."""

    player: int
    said: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Take:
    """A player takes penalty cards and goes on with their move."""

    player: int
    cards: int = 1
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


@dataclass(frozen=True, slots=True)
class Master:
    """The game master asks, in private, what the referee knows."""

    player: int | None = None   # None: whoever the game master is


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
    """Phrases apart by semicolons, or each in double quotes, a short form each a phrase of
    its own: ("seven of spades", "have a nice day", "*" for the card's name)."""
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
            short = CARD if part.strip() == CARD else expand(part)
            if short is not None:
                flush()
                said.append(short)
            elif part:
                words.append(part)
    flush()
    return tuple(phrase.strip() for phrase in said if phrase.strip())


def _who(tokens: list[Token], names: Sequence[str], example: str) -> tuple[int, list[Token]]:
    """The player a move names first (by name or its start), and the rest."""
    if not tokens:
        raise CommandError(f"Who? Every move names its player first, as in {example}.")
    if tokens[0].quoted or (_card(tokens[0].text) is not None and not is_player(
            tokens[0].text, names)):
        raise CommandError(f"Who? Every move names its player first, as in {example}.")
    return resolve_player(tokens[0].text, names), tokens[1:]


def parse_play(tokens: list[Token], names: Sequence[str]) -> Play:
    example = "p ben 7s: seven of spades, or b 7s *"
    head, said = split_said(tokens)
    player, head = _who(head, names, example)
    if not head:
        raise CommandError(f"Which card? Write the card after the player, as in {example}.")
    card = parse_card(head[0].text, jokers=True)  # or says why it is not a card
    return Play(player=player, card=card, said=phrases(head[1:] + (said or [])))


def parse_pass(tokens: list[Token], names: Sequence[str]) -> Pass:
    head, said = split_said(tokens)
    player, rest = _who(head, names, "pass ben")
    return Pass(player=player, said=phrases(rest + (said or [])))


def parse_take(tokens: list[Token], names: Sequence[str]) -> Take:
    """`take WHO [N][: WORDS]`: N cards, one unless given."""
    head, said = split_said(tokens)
    player, rest = _who(head, names, "take cat 2: penalty card")
    cards = 1
    if rest and not rest[0].quoted and is_number(rest[0].text):
        cards, rest = int(rest[0].text), rest[1:]
        if not 1 <= cards <= 54 * 4:
            raise CommandError("Cards taken are counted from one up.")
    return Take(player=player, cards=cards, said=phrases(rest + (said or [])))


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


def parse_call(tokens: list[Token], names: Sequence[str]) -> Call:
    caller, offender, reason, phrase = read_call(tokens, names)
    return Call(caller=caller, offender=offender, reason=reason, phrase=phrase)


def parse_master(tokens: list[Token], names: Sequence[str]) -> Master:
    if len(tokens) > 1:
        raise CommandError("Write master, or master WHO (the game master).")
    return Master(player=resolve_player(tokens[0].text, names) if tokens else None)


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
# The moves that may also be typed after their player's name (ben pass), as a table says them.
_PLAYER_FIRST = {"pass": "pass", "passes": "pass", "draw": "pass", "draws": "pass",
                 "take": "take", "takes": "take", "say": "say", "says": "say", "said": "say"}


def parse_bare(tokens: list[Token], names: Sequence[str]) -> Play | Pass | Take | Say | Call | \
        Back | Master | None:
    """A player and a card (`ben 7s`, `b 7s * nd`), or a verb with its colon on it, read
    as that verb (`take: …`, which then asks who); None for anything else. A card alone
    names nobody: refused."""
    first = tokens[0]
    if not first.quoted and ":" in first.text:
        verb, _, right = first.text.partition(":")
        parser = _VERB_WORDS.get(verb.lower())
        if parser is not None:
            rest = [Token(":" + right, False), *tokens[1:]]
            parsed: Play | Pass | Take | Say | Call | Back | Master = parser(rest, names)
            return parsed
    if (len(tokens) > 1 and not tokens[0].quoted and not tokens[1].quoted
            and is_player(tokens[0].text, names)):
        verb, colon, right = tokens[1].text.partition(":")
        if verb.lower() in _PLAYER_FIRST:  # ben pass, ben take 2: pc, cat says last card
            rest = [Token(colon + right, False)] if colon else []
            parse = _VERB_WORDS[_PLAYER_FIRST[verb.lower()]]
            moved: Play | Pass | Take | Say | Call | Back | Master = parse(
                [tokens[0], *rest, *tokens[2:]], names)
            return moved
    head, _ = split_said(tokens)
    if head and not head[0].quoted and _card(head[0].text) is not None and not is_player(
            head[0].text, names):
        card = parse_card(head[0].text, jokers=True)
        raise CommandError(f"Who plays the {card.name}? Every move names its player first, "
                           f"as in ben {head[0].text} (or b {head[0].text}).")
    if len(head) > 1 and is_player(head[0].text, names) and not head[1].quoted:
        return parse_play(tokens, names)  # or says why its second word is no card
    return None


# -- what they do --------------------------------------------------------------------------------

def mao_game(session: Table) -> MaoGame:
    game = session.game
    if not isinstance(game, MaoGame) or not isinstance(game.table, RealMaoTable):
        raise CommandError("This game is not played with real cards at this table.")
    return game


def record(session: Table, event: Event, outcome: Outcome, acting: int | None = None) -> None:
    """Record the entry, then say what happened (compared with the game just before)."""
    game = mao_game(session)
    slow = None if acting is None else session.slow_warning(acting)
    before = Glance.of(game)
    session.record(event, outcome)
    outcome.lines += heard(mao_game(session), before, event)
    if slow:
        outcome.add(WARN, slow)


def play(session: Table, command: Play, outcome: Outcome) -> None:
    mao_game(session)
    session.verify_ready()
    said = name_card(command.said, command.card)
    record(session, Played(player=command.player, card=command.card, said=said), outcome,
           command.player)


def pass_turn(session: Table, command: Pass, outcome: Outcome) -> None:
    game = mao_game(session)
    said = name_card(command.said, game.table.pile[-1])
    record(session, Passed(player=command.player, said=said), outcome, command.player)


def take(session: Table, command: Take, outcome: Outcome) -> None:
    game = mao_game(session)
    said = name_card(command.said, game.table.pile[-1])
    record(session, TookSevens(player=command.player, said=said, cards=command.cards),
           outcome, command.player)


def say(session: Table, command: Say, outcome: Outcome) -> None:
    game = mao_game(session)
    for words in name_card(command.words, game.table.pile[-1]):
        record(session, Said(player=command.player, words=words), outcome)


def call(session: Table, command: Call, outcome: Outcome) -> None:
    game = mao_game(session)
    caller = command.caller
    if caller is None:
        master = game.settings.master
        if game.settings.calls != DICTATORIAL or master is None:
            raise CommandError("Who calls it? Write call WHO on WHOM WORDS (call on WHOM "
                               "WORDS is the Mao master's, in a dictatorial game).")
        caller = master
    phrase = name_card((command.phrase,), game.table.pile[-1])[0] if command.phrase else ""
    record(session, PenaltyCall(caller=caller, offender=command.offender,
                                reason=command.reason, phrase=phrase), outcome)


def master(session: Table, command: Master, outcome: Outcome) -> None:
    """What the referee knows, for the game master's eyes (clarification game-master)."""
    game = mao_game(session)
    seat = game.game_master
    if command.player is not None and command.player != seat:
        raise CommandError(f"Only the game master, {game.names[seat]}, asks the referee what "
                           "it knows: the dealer, or the Mao master in a dictatorial game.")
    outcome.view = PrivateRule(seat, game.names[seat], knowledge(game),
                               title="What the referee knows",
                               in_a_script="What the referee knows is for the game master's "
                                           "eyes alone: master works only at the keyboard.")


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
    Verb(Spec("play", ("p",), "play WHO CARD[: WORDS; WORDS]",
              "WHO puts CARD on the pile, with what they said as they did (p ben 7s: seven "
              "of spades; have a nice day); WHO CARD alone is the same (b 7s * nd)",
              "players"), parse_play, Play, play),
    Verb(Spec("pass", ("draw",), "pass WHO[: WORDS]",
              "WHO takes a card from the stack instead of playing (or: cat passes)",
              "players"),
         parse_pass, Pass, pass_turn),
    Verb(Spec("take", (), "take WHO [N][: WORDS]",
              "WHO takes N penalty cards from the stack, one unless N is given, and goes on "
              "(take cat 2: penalty card, or: cat takes 2: pc)", "players"), parse_take, Take,
         take),
    Verb(Spec("say", ("said",), "say WHO WORDS[; WORDS]",
              "words WHO said apart from a move (say ann last card, or: ann says lc)",
              "players"),
         parse_say, Say, say),
    Verb(Spec("order", ("pofo",), "order WHO", "WHO says \"point of order\"", "players"),
         parse_order, Say, say),
    Verb(Spec("end", (), "end WHO", "WHO says \"end of point of order\"", "players"),
         parse_end, Say, say),
    Verb(Spec("call", ("penalty",), "call WHO on WHOM WORDS",
              "WHO makes a penalty call on WHOM, in the words said at the table (call dan on "
              "cat bad card, call ann on cat failure to say nd); the referee judges it. call "
              "on WHOM … is the Mao master's", "players"), parse_call, Call, call),
    Verb(Spec("back", ("return",), "back WHO [no rule | : RULE]",
              "WHO comes back into the game after their Mao, with a new secret rule typed in "
              "private (in a script after a colon), or no rule", "players"),
         parse_back, Back, back),
    Verb(Spec("master", ("gm",), "master [WHO]",
              "the game master (the dealer, or the Mao master) sees in private what the "
              "referee knows", "players"), parse_master, Master, master),
)
_VERB_WORDS.update({word: verb.parse for verb in VERBS
                    for word in (verb.spec.name, *verb.spec.aliases)})
