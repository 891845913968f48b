"""What the referee says of hints and of the counts a table corrects (`talk` reads them).

The referee as master never names its card to try before it is given, only where it would
go ("a card to try, played next to the w1fc at the end of the row"), so that anyone may
object first.
"""

from __future__ import annotations

from engine.events import Event
from engine.games.what_the_rule.corrections import cards_word
from engine.games.what_the_rule.events import (
    HandCounted,
    HintAnnounced,
    Hinted,
    HintGiven,
    HintObjected,
    HintsAgreed,
    PileCounted,
)
from engine.games.what_the_rule.game import HINTED_BONUS, Round, WhatTheRuleGame
from engine.games.what_the_rule.next_card import where_next

TALK = (HintsAgreed, HintAnnounced, HintObjected, HintGiven, Hinted, HandCounted, PileCounted)
OBJECT = "anyone against the hint says so now (object WHO)"


def _row_end(round_: Round) -> str:
    """Where a card played next goes, in table words."""
    return where_next(round_.row[-1] if round_.row else None, len(round_.row) + 1)


def referee_hint(game: WhatTheRuleGame, round_: Round) -> list[str]:
    """After a wrong guess with hints on: the referee's hint announced, or why it has none
    on the row as it stands (nothing is spent then)."""
    if round_.offer is not None:
        return [f"hints are on, so the referee has a hint: a card to try, {_row_end(round_)}"]
    wrong = next(guess for guess in reversed(round_.guesses) if not guess.right)
    return [f"no card {_row_end(round_)} tells {game.names[wrong.player]}'s guess from "
            f"{game.names[round_.master]}'s rule yet, so the referee keeps its hint (hint asks "
            "again once the row has moved on)"]


def waiting_hint(game: WhatTheRuleGame, round_: Round) -> str:
    """What the table may do with a hint announced, before the next turn."""
    if round_.rule is not None:
        return f"{OBJECT}; otherwise hint gives it"
    master = game.names[round_.master]
    return f"{OBJECT}; otherwise {master} gives it (hint WORDS)"


def talk_heard(game: WhatTheRuleGame, round_: Round, event: Event) -> list[str]:
    """What the table hears of hints agreed, announced, objected to and given, and of a
    count corrected."""
    master = game.names[round_.master]
    engine = round_.rule is not None
    if isinstance(event, HintsAgreed):
        agreed = (f"everyone at the table agrees, {master} too, and so does the referee, which "
                  f"judges {master}'s rule" if engine
                  else f"everyone at the table agrees, {master} the master too")
        how = ("after a wrong guess the referee announces a hint, a card to try, and gives it "
               "with hint unless someone objects (object WHO)" if engine else
               f"{master} announces each hint (hint); anyone may object (object WHO); if "
               f"nobody does, {master} gives it (hint WORDS)")
        return [f"hints are on: {agreed}", f"a right guess is now worth {HINTED_BONUS} points, "
                "not 5", how]
    if isinstance(event, HintAnnounced):
        if engine:
            return [f"the referee has a hint: a card to try, {_row_end(round_)}"]
        return [f"{master} has a hint"]
    if isinstance(event, HintObjected):
        keeps = "the referee keeps its hint" if engine else f"{master} keeps the hint"
        return [f"{game.names[event.player]} objects: {keeps}"]
    if isinstance(event, HintGiven | Hinted):
        giver = "the referee" if engine else master
        return [f"{giver}'s hint: {round_.hints_given[-1]}"]
    if isinstance(event, HandCounted):
        return [f"the table counts {cards_word(event.cards)} in {game.names[event.player]}'s hand; "
                "the referee counts on from there",
                *([] if event.cards else _ending_soon(game, round_))]
    assert isinstance(event, PileCounted)
    if not event.cards:
        return ["the draw pile has run out, as the table says", *_ending_soon(game, round_)]
    return [f"the table counts {cards_word(event.cards)} in the draw pile; the referee counts on "
            "from there"]


def _ending_soon(game: WhatTheRuleGame, round_: Round) -> list[str]:
    """A correction that ends the round once the player who may guess has done so."""
    if round_.ended or round_.guesser is None:
        return []
    name = game.names[round_.guesser]
    return [f"the round ends once {name} has guessed or passed"]
