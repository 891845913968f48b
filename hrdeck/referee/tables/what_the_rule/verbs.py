"""What the Rule?!'s verbs at the referee's table: each command, how its line is parsed,
and what it records.

A card is a design code (w2ft) or words (2 white filled triangles); in a round the master
judges, the verdict follows it (w2ft fits, w2ft no). A rule the referee judges by, or a
guess it judges, is written in plain words ("just black ones", read by
`engine.games.what_the_rule.words`) or in the rule language (docs/games/what-the-rule.md).
Hints and the table's corrected counts are in `talk`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.errors import CardError, did_you_mean
from engine.events import Event
from engine.games.what_the_rule.corrections import cards_word
from engine.games.what_the_rule.events import Guessed, Passed, Played, Revealed, RoundLed
from engine.games.what_the_rule.game import WhatTheRuleGame, parse_rule
from engine.games.what_the_rule.shapes import parse_design
from engine.language.parse import MAX_LENGTH
from hrdeck.referee.commands import (
    WORDS,
    Spec,
    Token,
    is_number,
    is_player,
    resolve_player,
    typed_text,
)
from hrdeck.referee.errors import CommandError
from hrdeck.referee.rule_deck import MasterRule, RuleDeck
from hrdeck.referee.tables import Table, Verb
from hrdeck.referee.tables.what_the_rule.reading import (
    is_plain_word,
    read_guess,
    read_rule,
    said_in_words,
    understood_in_private,
)
from hrdeck.referee.views import WARN, Outcome, PrivateAsk

# -- the verbs -----------------------------------------------------------------------------------

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


# -- what they do --------------------------------------------------------------------------------


def wtr_game(session: Table) -> WhatTheRuleGame:
    game = session.game
    if not isinstance(game, WhatTheRuleGame) or not game.real:
        raise CommandError("This game is not played with real cards at this table.")
    return game


def rule_problem(text: str) -> str | None:
    """Why the referee cannot judge a round by `text` (None: it can): a rule it cannot read,
    or one that reads the row without saying what its first card does."""
    try:
        rule = parse_rule(read_rule(text).rule)
    except CommandError as error:
        return str(error)
    if not rule.says_what_comes_first:
        return ("the rule reads the row (previous …) but does not say what the first card of "
                "a row may be: begin it with first or … (any card may start a row) or not "
                "first and … (none may), or use position.")
    return None


def _drawable(game: WhatTheRuleGame, deck: RuleDeck | None, level: str) -> list[MasterRule]:
    """The deck's rule cards of `level` (any, when empty) not yet led with in this game."""
    used = {result.rule for result in game.results}
    return [card for card in (deck.masters if deck else ())
            if (not level or (card.starter if level == "starter" else card.level == level))
            and " ".join(card.rule.split()) not in used]


def _draw(game: WhatTheRuleGame, deck: RuleDeck | None, level: str) -> MasterRule | None:
    """The rule card the referee draws for the next round (the same one every time it is
    asked, so the private screen and the entry agree)."""
    cards = _drawable(game, deck, level)
    if not cards:
        return None
    number = len(game.results) + 1
    return random.Random(game.setup.seed * 1009 + number).choice(cards)


def _card(deck: RuleDeck | None, number: str) -> MasterRule:
    if deck is None or not deck.masters:
        raise CommandError("This session has no rule cards: type the rule itself, or judge.")
    card = deck.master_rule(int(number))
    if card is None:
        numbers = [item.number for item in deck.masters]
        raise CommandError(f"There is no rule card {number} in {deck.name}: the rule cards "
                           f"are numbered {min(numbers)} to {max(numbers)}.")
    return card


def _lead_problem(game: WhatTheRuleGame, deck: RuleDeck | None, command: Lead) -> str | None:
    """Why the master's rule cannot be taken (said in private at the keyboard)."""
    try:
        _rule_of(game, deck, command)
    except CommandError as error:
        return str(error)
    return None


def _rule_of(game: WhatTheRuleGame, deck: RuleDeck | None, command: Lead) -> str:
    """The rule the round is led with (empty: the master judges)."""
    if command.how in (ASK, JUDGE):
        return ""
    if game.setup.mode == "score":
        raise CommandError("In a game kept in score mode every master judges the cards: "
                           "write lead.")
    if command.how == CARD:
        return _card(deck, command.rule).rule
    if command.how == DRAW:
        if deck is None or not deck.masters:
            raise CommandError("This session has no rule cards to draw from: type the rule "
                               "itself, or judge.")
        card = _draw(game, deck, command.level)
        if card is None:
            kind = f"{command.level} " if command.level else ""
            raise CommandError(f"Every {kind}rule card of {deck.name} has been led with in "
                               "this game: draw another kind, or type a rule.")
        return card.rule
    problem = rule_problem(command.rule)
    if problem is not None:
        raise CommandError(problem[0].upper() + problem[1:])
    return read_rule(command.rule).rule


def _shown(game: WhatTheRuleGame, deck: RuleDeck | None, command: Lead) -> str | None:
    """What the master alone sees of the rule they are given: a rule card's words."""
    card = None
    if command.how == CARD and command.rule.isdigit() and deck is not None:
        card = deck.master_rule(int(command.rule))
    elif command.how == DRAW:
        card = _draw(game, deck, command.level)
    if card is None:
        return (understood_in_private(command.rule) if command.how == RULE
                and rule_problem(command.rule) is None else None)
    return (f"Rule card {card.number}{f' ({card.level})' if card.level else ''}: "
            f"{card.text}\n\nThe referee judges by: {card.rule}")


def lead(session: Table, command: Lead, outcome: Outcome) -> None:
    game = wtr_game(session)
    master = game.next_master if command.master is None else command.master
    game.verify_lead(master)  # before anyone types a rule in private
    name = session.names[master]
    if command.how == ASK and game.setup.mode != "score":
        deck = session.deck
        cards = "a rule card's number, draw, " if deck and deck.masters else ""
        outcome.private = PrivateAsk(
            player=name,
            question=f"{name}, your rule for round {len(game.results) + 1} ({cards}judge, or "
                     "the rule itself):",
            answer=lambda text: read_answer(text, master),
            in_a_script="In a script, the master's rule goes on the line: lead: RULE, lead N "
                        "(a rule card's number), lead draw, or lead judge.",
            check=lambda text: _lead_problem(wtr_game(session), session.deck,
                                             read_answer(text, master)),
            shown=lambda text: _shown(wtr_game(session), session.deck,
                                      read_answer(text, master)))
        return
    rule = _rule_of(game, session.deck, command)
    said = said_in_words(command.rule) if command.how == RULE else ""
    session.record(RoundLed(master=master, rule=rule, said=said), outcome)


def _record(session: Table, event: Event, outcome: Outcome, acting: int | None) -> None:
    slow = None if acting is None else session.slow_warning(acting)
    session.record(event, outcome)
    if slow:
        outcome.add(WARN, slow)


def play(session: Table, command: Play, outcome: Outcome) -> None:
    game = wtr_game(session)
    round_ = game.under_way
    player = command.player
    if player is None:
        if round_ is None:
            raise CommandError(_no_round(game))
        player = round_.turn
    _record(session, Played(player=player, card=command.card, fits=command.fits), outcome,
            player)


def _no_round(game: WhatTheRuleGame) -> str:
    if game.over:
        return f"The game is over: {game.result_words()}."
    return (f"No round is under way: {game.names[game.next_master]} leads the next one "
            "(lead).")


def show(session: Table, command: Show, outcome: Outcome) -> None:
    game = wtr_game(session)
    round_ = game.under_way
    if round_ is None:
        raise CommandError(_no_round(game))
    player = round_.turn if command.player is None else command.player
    who, held = session.names[player].lower(), len(round_.hands[player])
    if round_.rule is None and not command.none and not command.placed:
        raise CommandError(f"{session.names[round_.master]} judges this round: show {who} "
                           f"{command.count or held} none (nothing fits), or show {who} "
                           f"{command.count or held} place CARD (the card they place).")
    if round_.rule is not None and (command.none or command.placed or command.count):
        raise CommandError(f"The referee judges this round by {session.names[round_.master]}'s "
                           "rule: type the hand's cards (show CARDS), and it says what fits.")
    if command.count and command.count != held and player == round_.turn:
        raise CommandError(f"{session.names[player]} holds {cards_word(held)} by the referee's "
                           f"count, not {command.count}. If the table counted right, correct "
                           f"it first (count {who} {command.count}), then show again.")
    _record(session, Revealed(player=player, placed=command.placed, cards=command.cards,
                              count=command.count), outcome, player)


def _guesser(session: Table, player: int | None, nobody: str) -> int:
    """The player named, or whoever may guess now (`nobody` says why no one may)."""
    game = wtr_game(session)
    round_ = game.under_way
    if round_ is None:
        raise CommandError(_no_round(game))
    if player is not None:
        return player
    if round_.guesser is None:
        raise CommandError(nobody)
    return round_.guesser


def guess(session: Table, command: Guess, outcome: Outcome) -> None:
    player = _guesser(session, command.player,
                      "Nobody may guess now: a guess comes straight after a card that fits, "
                      "or a hand revealed with none that fits.")
    round_ = wtr_game(session).under_way
    rule, said = command.rule, ""
    if round_ is not None and round_.rule is not None:
        rule, said = read_guess(command.rule)  # with right/wrong: the master judges it
    session.record(Guessed(player=player, rule=rule, right=command.right, said=said), outcome)


def pass_guess(session: Table, command: Pass, outcome: Outcome) -> None:
    player = _guesser(session, command.player, "Nobody has a guess to let go now.")
    session.record(Passed(player=player), outcome)


VERBS = (
    Verb(Spec("lead", ("master",), "lead [: RULE | N | draw [LEVEL] | judge]",
              "the next master begins a round: the rule typed in private, in plain words or "
              "the rule language (in a script on the line), a rule card's number, draw (the "
              "referee draws a rule card: starter, easy, medium or hard), or judge (the "
              "master judges the cards in person)",
              "players"), parse_lead, Lead, lead),
    Verb(Spec("play", ("p",), "play [WHO] CARD [fits|no]",
              "a card offered (w2ft, or 2 white filled triangles); in a round the master "
              "judges, their verdict after it; a card alone is whoever's turn it is",
              "players"), parse_play, Play, play),
    Verb(Spec("show", ("open", "hand"), "show [WHO] CARDS | [N] none | [N] place CARD",
              "the player to act reveals their hand, saying none of it fits: every card "
              "typed when the referee judges (show w1fc b2us …); in a round the master "
              "judges, the number of cards shown (it must be the referee's count) and the "
              "verdict: show 10 none (none fits) or show 10 place CARD (the card placed)",
              "players"), parse_show, Show, show),
    Verb(Spec("guess", ("g",), "guess [WHO] RULE | right|wrong [WORDS]",
              "the rule guessed, in plain words (guess just white ones) or the rule language "
              "(guess card.colour == \"white\"); the referee says how it read it; in a "
              "round the master judges, or for a guess too complex for the referee, the "
              "master's verdict and the words", "players"),
         parse_guess, Guess, guess),
    Verb(Spec("pass", ("skip",), "pass [WHO]",
              "the player who may guess lets the chance go", "players"),
         parse_pass, Pass, pass_guess),
)


def learn_words(verbs: Sequence[Verb]) -> None:
    """Let a bare line reach `verbs` with their colon on (`hint: WORDS`)."""
    _VERB_WORDS.update({word: verb.parse for verb in verbs
                        for word in (verb.spec.name, *verb.spec.aliases)})


learn_words(VERBS)
