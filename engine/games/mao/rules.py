"""Secret rules in force in a game of Mao: what one is, and what it can do.

A winner's rule comes with its machine form in the journal entry (`ReEntered`), compiled
against Mao's trigger schema as the winner comes back (`game.rule_from`), so a replay needs
no deck file. After every move each rule's trigger is tested on the move (see `view`); a
rule that fires (`state.fire`):
- `say` with a phrase: the player it calls on owes the phrase (judged like the standard
  phrases: a call of failure to say it holds);
- `effect`: `skip` (the next player misses a turn), `reverse` (the order turns round),
  `draw` (the player it calls on takes `amount` cards), `wild` (the card fits whatever is
  on the pile) or `bad` (the card does not fit, whatever the standard rules say; `bad`
  wins over `wild`, clarification rule-order);
- anything else (a name, a gesture, something forbidden, words not fixed): only the table
  can judge it, so a call its holder makes about it is taken on the holder's word.
A rule typed in words alone is judged the same way: by its holder.

This module imports nothing of the game, so the state, the views and the moves can all
name a rule without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.actions import Subject

TriggerTest = Callable[[Any], bool]

SAY, EFFECT = "say", "effect"
EFFECTS = {"skip", "reverse", "draw", "wild", "bad"}   # the effects Mao's engine carries out
VALIDITY = frozenset({"wild", "bad"})                  # decided as the card goes down


@dataclass(frozen=True, slots=True)
class MaoRule:
    holder: int
    name: str
    test: TriggerTest | None   # None: judged by its holder
    subject: Subject
    kind: str
    phrase: str
    effect: str
    amount: int

    @property
    def judged_by_engine(self) -> bool:
        return self.test is not None and (
            (self.kind == SAY and bool(self.phrase)) or self.kind == EFFECT)
