"""The every-game commands about secret rules: a rule enforced, an illegal play called, an
enforcement challenged (the referee rules at once when it knows the rule did not fire), and
a dealt rule kept. Each checks the line against the game and records one entry through the
session (`Session.execute` dispatches here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from engine.cards import parse_card
from engine.events import TOO_SLOW, Called, Challenged, Enforced, RuleChosen, Ruling
from engine.referee import NOT_FIRED, Judgement
from hrdeck.referee import commands as c
from hrdeck.referee.errors import CommandError
from hrdeck.referee.tables.base import Table
from hrdeck.referee.views import SAY, Choice, Outcome, ShownRule


class RuleSession(Table, Protocol):
    """What these commands use of a session (`Session`): a game's verbs see as much
    (`Table`), and the referee's judgement of a challenge."""

    def judgement(self) -> Judgement | None: ...

    def shown_rule(self, number: int, judgement: Judgement) -> ShownRule | None: ...

    def next_step(self) -> str: ...


def enforce(session: RuleSession, command: c.Enforce, outcome: Outcome) -> None:
    """Clarification late-enforcement: a card comes back only if it is the one that broke
    the rule; when the violator has played several since, the enforcer says which."""
    session.verify_ready()
    game = session.game
    violator, card = command.violator, command.card
    holder = command.enforcer if command.holder is None else command.holder
    take_back = False
    if not command.no_card:  # a game that follows no cards never takes one back
        cards = session.referee.cards_since(violator, holder)
        if card is None and len(cards) > 1 and game.can_take_back(violator):
            outcome.choice = _which_card(session, command, cards)
            return
        take_back = game.can_take_back(violator, card)
    session.record(Enforced(enforcer=command.enforcer, violator=violator, holder=holder,
                            hint=command.hint, take_back=take_back, card=card), outcome)


def _which_card(session: RuleSession, command: c.Enforce, cards: Sequence[str]) -> Choice:
    name = session.names[command.violator]
    options = [(f"the {parse_card(code).name}", replace(command, card=parse_card(code)))
               for code in cards]
    options.append(("no card: something else broke it", replace(command, no_card=True)))
    example = f'enforce … on {name.lower()} for {cards[0]} "hint"'
    named = [f"the {parse_card(code).name}" for code in cards]
    return Choice(f"{name} has played {and_list(named, 'or')} since that rule could last "
                  f"be enforced on them. Which card broke it? Only that card comes back, and "
                  f"only if it is the latest. (In a script: {example}, or for none.)",
                  tuple(options))


def call(session: RuleSession, command: c.Call, outcome: Outcome) -> None:
    """Clarification illegal-plays: out of turn or too slow, called by anyone."""
    session.verify_ready()
    game = session.game
    take_back = command.offence == TOO_SLOW and game.can_take_back(command.offender)
    session.record(Called(caller=command.caller, offender=command.offender,
                          offence=command.offence, take_back=take_back), outcome)


def challenge(session: RuleSession, command: c.Challenge, outcome: Outcome) -> None:
    challenger = command.challenger
    if challenger is None:
        challenger = _only_challenger(session)
    session.record(Challenged(challenger=challenger, enforcement=command.enforcement),
                   outcome)
    judgement = session.judgement()
    pending = session.game.challenge_pending
    if judgement is None or pending is None:
        return
    outcome.view = session.shown_rule(pending.number, judgement)
    if judgement.verdict != NOT_FIRED or judgement.reads_speech:
        return
    outcome.add(SAY, f"The referee rules: {judgement.public}")
    session.record(Ruling(upheld=False, note=f"the referee: {judgement.public}"), outcome)


def _only_challenger(session: RuleSession) -> int:
    game = session.game
    open_ = {enforcement.violator for enforcement in game.challengeable()}
    if game.challenge_pending is None and len(open_) == 1:
        return open_.pop()
    if len(open_) > 1:
        who = " or ".join(session.names[seat] for seat in sorted(open_))
        raise CommandError(f"Who challenges, {who}? Write: challenge WHO.")
    if game.winner is not None or game.challenge_pending is not None:
        raise CommandError(session.next_step())
    raise CommandError("There is nothing to challenge: no rule has been enforced since the "
                       "last card was played.")


def keep(session: RuleSession, command: c.Keep, outcome: Outcome) -> None:
    game = session.game
    if session.deck is None or not game.dealt:
        raise CommandError("In score mode the referee does not deal or know the secret "
                           "rules: the table keeps its own cards.")
    dealt = game.dealt[command.player]
    trigger = _dealt_card(session, command.player, command.trigger, dealt.triggers, "trigger")
    action = _dealt_card(session, command.player, command.action, dealt.actions, "action")
    session.record(RuleChosen(player=command.player, trigger=trigger, action=action), outcome)


def _dealt_card(session: RuleSession, seat: int, word: str, cards: Sequence[str], kind: str) -> str:
    if word in cards:
        return word
    if word in ("1", "2"):
        return cards[int(word) - 1]
    raise CommandError(f'{session.names[seat]} was not dealt a {kind} "{word}": give the id of '
                       f"one of the two dealt to them, or 1 or 2 (pick shows them in "
                       "private).")


def and_list(words: Sequence[str], conjunction: str = "and") -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cat'."""
    return (words[0] if len(words) == 1
            else f"{', '.join(words[:-1])} {conjunction} {words[-1]}")
