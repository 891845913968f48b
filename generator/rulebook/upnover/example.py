"""The worked example's cards: this deck's own, when it has a pair that fits the story.

The story is an enforcement and a challenge over the rule "when the total becomes exactly
zero, name a character nobody has named yet". When the deck holds a trigger that reads
exactly `total == 0` (about the player who played) and a `name` action whose names must be
new and which is due by the announcement, the example quotes those cards and their numbers.
Otherwise it describes made-up cards and says so. Expressions are only parsed with `ast`
to compare their shape; nothing is ever evaluated.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.deck_model import NameAction, TriggerCard
from generator.rulebook.cards import trigger_when

ZERO_TOTAL = frozenset(ast.dump(ast.parse(source, mode="eval"))
                       for source in ("total == 0", "0 == total"))
DUE_BY_ANNOUNCEMENT = ("with_card", "before_sum")

FALLBACK_TRIGGER = "When you play a card that brings the total to exactly zero …"
FALLBACK_ACTION = ("… name a storybook character nobody has named yet this game, before you "
                   "announce the total")
FALLBACK_HINT = "You didn’t name a character."


@dataclass(frozen=True, slots=True, kw_only=True)
class WorkedExample:
    own_cards: bool  # True: the cards below are this deck's
    trigger_id: str | None = None  # the deck's cards, drawn in the book as printed
    action_id: str | None = None
    trigger_number: int | None
    trigger_text: str
    action_number: int | None
    action_text: str
    first_hint: str


def is_zero_total(when: str | None) -> bool:
    """Whether a trigger expression is exactly "the total is zero" (None: no expression).

    >>> is_zero_total("total==0"), is_zero_total("0 == total"), is_zero_total("total <= 0")
    (True, True, False)
    >>> is_zero_total(None)
    False
    """
    if when is None:
        return False
    try:
        return ast.dump(ast.parse(when.strip(), mode="eval")) in ZERO_TOTAL
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


def quoted(text: str) -> str:
    """Card text to quote mid-sentence: one line, without its closing full stop.

    >>> quoted("When a seven is played."), quoted("Wait …")
    ('When a seven is played', 'Wait …')
    """
    text = " ".join(text.split())
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def _fits(action: NameAction) -> bool:
    return action.unique and action.timing in DUE_BY_ANNOUNCEMENT


def worked_example(triggers: Sequence[TriggerCard], names: Sequence[NameAction],
                   quotation: Callable[[str], str]) -> WorkedExample:
    """The example's cards: the lowest-numbered fitting pair of this deck, or made-up ones."""
    trigger = next((card for card in triggers
                    if card.subject == "player" and is_zero_total(trigger_when(card))), None)
    fitting = [card for card in names if _fits(card)]
    fitting.sort(key=lambda card: ("character" not in card.category.lower(), card.number))
    if trigger is None or not fitting:
        return WorkedExample(own_cards=False, trigger_number=None, trigger_text=FALLBACK_TRIGGER,
                             action_number=None, action_text=FALLBACK_ACTION,
                             first_hint=FALLBACK_HINT)
    action = fitting[0]
    hint = quotation(action.hints[0]) if action.hints else FALLBACK_HINT
    return WorkedExample(own_cards=True, trigger_id=trigger.id, action_id=action.id,
                         trigger_number=trigger.number,
                         trigger_text=quoted(quotation(trigger.text)),
                         action_number=action.number, action_text=quoted(quotation(action.text)),
                         first_hint=" ".join(hint.split()))
