"""A challenge put to the table: the question the whole table sees, and the rule with the
referee's finding for one player's private screen."""

from __future__ import annotations

from typing import Protocol

from engine.games.registry import Game
from engine.referee import FIRED, NOT_FIRED, Judgement
from hrdeck.referee.rule_deck import RuleDeck
from hrdeck.referee.views import Question, ShownRule


class Session(Protocol):
    """What a ruling reads of a session."""

    @property
    def game(self) -> Game: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    deck: RuleDeck | None

    def judgement(self) -> Judgement | None: ...


def question(session: Session) -> Question | None:
    """The ruling on the pending challenge, put as a question.

    The seed shows the rule card to the challenger alone: where the referee knows the
    rule, it and the referee's finding go in `shown`, for a private screen; the question
    the table sees says nothing of the rule.
    """
    game, names = session.game, session.names
    pending = game.challenge_pending
    judgement = session.judgement()
    if pending is None or judgement is None:
        return None
    holder, violator = names[pending.holder], names[pending.violator]
    answer = "y: upheld, the enforcement was right; n: overturned."
    shown = shown_rule(session, pending.number, judgement)
    advice = False if judgement.verdict == NOT_FIRED else None
    if shown is not None:
        return Question(f"{violator} has been shown {holder}'s rule. Was the enforcement "
                        f"right? {answer}", advice=advice, shown=shown)
    enforced = ("the rule" if pending.enforcer == pending.holder
                else f"the rule {names[pending.enforcer]} enforced")
    return Question(f"Did {holder} show {violator} {enforced}, and was it enforced rightly? "
                    f"{answer}", advice=advice)

def shown_rule(session: Session, number: int, judgement: Judgement) -> ShownRule | None:
    """The challenged rule and the referee's finding, for one player's eyes: the
    challenger's, or the enforcer's when the holder challenges."""
    game, deck = session.game, session.deck
    enforcement = game.enforcements[number - 1]
    rule = game.rules[enforcement.holder]
    if rule is None or deck is None or enforcement.challenger is None:
        return None
    names = session.names
    if judgement.verdict == FIRED:
        finding = (f"{judgement.explanation} Did {names[enforcement.violator]} fail to do "
                   "it as the card says?")
    elif judgement.verdict == NOT_FIRED:
        finding = (f"{judgement.explanation} Unless something was said that was not typed "
                   "in, it is overturned.")
    else:
        finding = f"{judgement.explanation} Is this the rule that was enforced?"
    viewer = (enforcement.enforcer if enforcement.challenger == enforcement.holder
              else enforcement.challenger)
    return ShownRule(names[viewer], names[enforcement.holder],
                     deck.rule_text(rule.trigger, rule.action), finding)
