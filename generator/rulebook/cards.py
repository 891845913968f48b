"""The deck's cards as the rulebook lists and describes them.

Everything the book says about this deck's cards comes from here: each card's row in the
card lists, which triggers call on someone other than the player who played, which are
judged by the players at the table (no condition to test), and, for the designers'
appendix, the names the conditions use. A trigger's condition (`when`) may be absent:
such a trigger is judged at the table, and every reader of `when` here allows for it.
Conditions are only parsed with `ast` to find their names; nothing is ever evaluated.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Subject, Timing
from engine.language.schema import Schema
from generator.deck import LoadedDeck
from generator.deck_model import ActionCard, AidCard, TriggerCard

from .words import number_range, one_line, printable, prose, prose_line, quotation, typeset

KIND_WORDS = {"say": "say", "name": "name", "gesture": "gesture", "effect": "game effect",
              "forbid": "don't"}


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerRow:
    number: int
    text: str
    when: str | None        # None: no condition; the players judge it at the table
    calls_on: str | None    # None: the player who played the card, as most triggers


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionRow:
    number: int
    text: str
    kind: str
    timing: str
    hints: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AidRow:
    ident: str  # the card's id: the book draws the card itself with <card id=…>
    number: int
    title: str
    lines: tuple[str, ...]  # the card's text, line by line as the card breaks it


def aid_rows(deck: LoadedDeck) -> tuple[AidRow, ...]:
    """The deck's player-aid cards, by number, as the cards print them."""
    cards = sorted((card for _, card in deck.cards_of("aids") if isinstance(card, AidCard)),
                   key=lambda card: card.number)
    return tuple(AidRow(ident=card.id, number=card.number, title=prose_line(card.title or ""),
                        lines=tuple(line for line in map(prose_line, printable(card.text)
                                                         .split("\n")) if line))
                 for card in cards)


@dataclass(frozen=True, slots=True, kw_only=True)
class CardGroup:
    """Some triggers, for a sentence about them: "triggers 9 and 12 call on the next player"."""

    count: int
    numbers: str
    words: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class GlossaryRow:
    name: str
    meaning: str


def trigger_when(card: TriggerCard) -> str | None:
    """The trigger's condition on one line, or None when it has none (judged at the table)."""
    when = getattr(card, "when", None)
    if not isinstance(when, str) or not when.strip():
        return None
    return one_line(when)


def trigger_row(card: TriggerCard) -> TriggerRow:
    subject = Subject(getattr(card, "subject", None) or Subject.PLAYER.value)
    return TriggerRow(number=card.number, text=prose(card.text), when=trigger_when(card),
                      calls_on=None if subject is Subject.PLAYER else subject.words)


def action_row(card: ActionCard) -> ActionRow:
    kind = str(getattr(card, "kind", ""))
    return ActionRow(number=card.number, text=prose(card.text),
                     kind=KIND_WORDS.get(kind, kind), timing=Timing(card.timing).words,
                     hints=tuple(map(quotation, card.hints)))


def subject_groups(rows: Sequence[TriggerRow]) -> tuple[CardGroup, ...]:
    """The triggers that call on someone other than the player who played, by whom, in the
    order of `Subject` (the player who takes the trick, then the next player)."""
    groups = []
    for subject in Subject:
        numbers = [row.number for row in rows if row.calls_on == subject.words]
        if subject is not Subject.PLAYER and numbers:
            groups.append(CardGroup(count=len(numbers), numbers=number_range(numbers),
                                    words=subject.words))
    return tuple(groups)


def judged_at_table(rows: Sequence[TriggerRow]) -> CardGroup | None:
    """The triggers without a condition, which the players judge at the table."""
    numbers = [row.number for row in rows if row.when is None]
    return CardGroup(count=len(numbers), numbers=number_range(numbers)) if numbers else None


def names_in(when: str) -> set[str]:
    """The names a condition reads or calls (an unreadable one reads none).

    >>> sorted(names_in('card.rank == previous.rank and is_prime(total)'))
    ['card', 'is_prime', 'previous', 'total']
    """
    try:
        tree = ast.parse(when.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def glossary(rows: Sequence[TriggerRow], schema: Schema) -> tuple[GlossaryRow, ...]:
    """What each name this deck's conditions use means, in the trigger language's own words,
    in the order the language lists them."""
    used: set[str] = set()
    for row in rows:
        if row.when is not None:
            used |= names_in(row.when)
    meanings = {name: spec.doc for name, spec in schema.fields.items()}
    meanings.update((name, spec.doc) for name, spec in schema.helpers.items())
    return tuple(GlossaryRow(name=name, meaning=typeset(meaning))
                 for name, meaning in meanings.items() if name in used)
