"""The buttons of a page in a game against the machine master (its cards are played by
tapping them: `extras`): show the hand when nothing in it fits, let a guess go, and ask the
machine for the next round's rule, by level. A guess is typed in plain words in the page's
guess box (or `guess …` in the command line)."""

from __future__ import annotations

from engine.games.what_the_rule.game import WhatTheRuleGame
from hrdeck.referee.session import Session
from hrdeck.referee.tables.what_the_rule.command_lines import LEVELS
from hrdeck.web.buttons import Button

REVEAL_CONFIRM = ("Show your whole hand to the table? If nothing in it fits, it goes under "
                  "the draw pile, you draw one card fewer and may guess; if a card fits, "
                  "the machine places it and you draw one.")


def buttons(session: Session, seat: int) -> list[Button]:
    game = session.game
    if not isinstance(game, WhatTheRuleGame) or game.over:
        return []
    round_ = game.under_way
    if round_ is None:
        first = _last_level(session)
        return [Button(f"New round: {level} rule", f"lead draw {level}")
                for level in (first, *(level for level in LEVELS if level != first))]
    if round_.guesser == seat:
        return [Button("No guess: pass", "pass")]
    if round_.turn == seat and not round_.waiting:
        return [Button("Nothing fits: show my hand", "show", REVEAL_CONFIRM)]
    return []


def _last_level(session: Session) -> str:
    """The level of the rule card the machine drew last (the one to offer first)."""
    game = session.game
    deck = session.deck
    if not isinstance(game, WhatTheRuleGame) or not game.results or deck is None:
        return "easy"
    rule = game.results[-1].rule
    found = next((card for card in deck.masters if " ".join(card.rule.split()) == rule), None)
    if found is None:
        return "easy"
    return found.level or ("starter" if found.starter else "easy")
