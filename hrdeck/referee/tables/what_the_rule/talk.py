"""What the Rule?!'s table talk at the referee: hints (agreed, announced, objected to, given)
and the counts the table corrects.

    hints             everyone, the master too, has said yes to hints
    hint              the master announces a hint (the referee announces its own after a
                      wrong guess); then, once nobody objects, `hint` gives the referee's
                      card to try, or `hint WORDS` records the master's words
    object WHO        WHO objects to the hint announced: it is not given
    count WHO N       the table counts WHO's hand: N cards
    count pile N      the table counts the draw pile: N cards
    pile empty        the draw pile has run out (`pile N`: it holds N)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.games.what_the_rule.events import (
    HandCounted,
    HintAnnounced,
    HintGiven,
    HintObjected,
    HintsAgreed,
    PileCounted,
)
from hrdeck.referee.commands import Spec, Token, is_number, is_player, resolve_player, typed_text
from hrdeck.referee.errors import CommandError
from hrdeck.referee.tables import Table, Verb
from hrdeck.referee.tables.what_the_rule.command_lines import _without_colon, learn_words
from hrdeck.referee.tables.what_the_rule.moves import wtr_game
from hrdeck.referee.views import Outcome


@dataclass(frozen=True, slots=True)
class AgreeHints:
    pass


@dataclass(frozen=True, slots=True)
class Hint:
    words: str = ""             # empty: announce a hint, or give the referee's


@dataclass(frozen=True, slots=True)
class Object:
    player: int


@dataclass(frozen=True, slots=True)
class Count:
    player: int | None          # None: the draw pile
    cards: int


PILE_WORDS = ("pile", "draw", "deck", "stock")
EMPTY_WORDS = ("empty", "out", "gone", "none", "done")


def parse_hints(tokens: list[Token], names: Sequence[str]) -> AgreeHints:
    if tokens:
        raise CommandError(f'"hints" takes nothing more: "{tokens[0].text}" is left over '
                           "(a hint itself is announced with hint).")
    return AgreeHints()


def parse_hint(tokens: list[Token], names: Sequence[str]) -> Hint:
    return Hint(words=typed_text(_without_colon(tokens), "The hint"))


def parse_object(tokens: list[Token], names: Sequence[str]) -> Object:
    words = [token.text.rstrip(":,") for token in tokens]
    if len(words) != 1 or not words[0]:
        raise CommandError("Who objects? Write object WHO, as in object ben.")
    return Object(player=resolve_player(words[0], names))


def _number(word: str, what: str) -> int:
    if word.lower() in EMPTY_WORDS:
        return 0
    if not is_number(word):
        raise CommandError(f'"{word}" is not a number of cards: write {what}.')
    return int(word)


def parse_count(tokens: list[Token], names: Sequence[str]) -> Count:
    words = [token.text for token in tokens]
    what = "count WHO N (count ben 7) or count pile N (count pile 12)"
    if len(words) == 3 and words[0].lower() in PILE_WORDS and words[1].lower() == "pile":
        words = ["pile", words[2]]  # count draw pile 12
    if len(words) != 2:
        raise CommandError(f"Whose count, and how many cards? Write {what}.")
    whose, number = words
    if whose.lower() in PILE_WORDS and not is_player(whose, names):
        return Count(player=None, cards=_number(number, what))
    return Count(player=resolve_player(whose, names), cards=_number(number, what))


def parse_pile(tokens: list[Token], names: Sequence[str]) -> Count:
    what = "pile empty (the draw pile has run out) or pile N (it holds N cards)"
    if len(tokens) != 1:
        raise CommandError(f"What of the draw pile? Write {what}.")
    return Count(player=None, cards=_number(tokens[0].text, what))


def agree_hints(session: Table, command: AgreeHints, outcome: Outcome) -> None:
    wtr_game(session)
    session.record(HintsAgreed(), outcome)


def hint(session: Table, command: Hint, outcome: Outcome) -> None:
    """Nothing announced: `hint` announces one; announced: `hint` gives the referee's, or
    `hint WORDS` the master's."""
    round_ = wtr_game(session).under_way
    master = "" if round_ is None else session.names[round_.master]
    if round_ is not None and round_.offer is not None:
        if round_.rule is None and not command.words:
            raise CommandError(f"What is {master}'s hint? Once nobody objects, write hint "
                               "WORDS (object WHO keeps it back).")
        session.record(HintGiven(words=command.words), outcome)
        return
    if round_ is not None and command.words:
        if round_.rule is not None:
            raise CommandError(f"The referee judges this round by {master}'s rule: its hints "
                               "are cards to try, not words. hint asks for one.")
        raise CommandError(f"{master} announces the hint first (hint), so that anyone may "
                           f"object (object WHO); if nobody does, {master} gives it (hint "
                           "WORDS).")
    session.record(HintAnnounced(), outcome)


def object_hint(session: Table, command: Object, outcome: Outcome) -> None:
    wtr_game(session)
    session.record(HintObjected(player=command.player), outcome)


def count(session: Table, command: Count, outcome: Outcome) -> None:
    wtr_game(session)
    if command.player is None:
        session.record(PileCounted(cards=command.cards), outcome)
    else:
        session.record(HandCounted(player=command.player, cards=command.cards), outcome)


TALK_VERBS = (
    Verb(Spec("hints", ("agree",), "hints",
              "once everyone at the table, the master too, has said yes: hints this round (a "
              "right guess is then worth 2 points, not 5); one no keeps them off"),
         parse_hints, AgreeHints, agree_hints),
    Verb(Spec("hint", (), "hint [WORDS]",
              "the master announces a hint (the referee announces its own after a wrong "
              "guess); once nobody objects, hint gives the referee's card to try, or hint "
              "WORDS records the master's words"), parse_hint, Hint, hint),
    Verb(Spec("object", ("objects", "against"), "object WHO",
              "WHO objects to the hint announced: it is not given", "players"),
         parse_object, Object, object_hint),
    Verb(Spec("count", ("counts",), "count WHO N | count pile N",
              "the table counts a hand or the draw pile otherwise than the referee: the count "
              "is set, and later draws count from it", "players"),
         parse_count, Count, count),
    Verb(Spec("pile", (), "pile empty | pile N",
              "the draw pile has run out (the round ends), or holds N cards"),
         parse_pile, Count, count),
)
learn_words(TALK_VERBS)
