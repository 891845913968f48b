"""A rule named by its rule card's id in a deck (`hrdeck rule equiv --deck FILE heavy-black
…`): the deck's rule cards by id, and a side of a comparison turned into the rule it names.

>>> cards = {"only-black": Side(rule='card.colour == "black"', card_id="only-black", number=3)}
>>> resolve_side("only-black", cards, "first").rule
'card.colour == "black"'
>>> resolve_side("white cards only", cards, "first").rule  # plain words stay as typed
'white cards only'
>>> try:
...     resolve_side("only-blak", cards, "first")
... except HrdeckError as error:
...     print(error)
The deck has no rule card "only-blak" (the first rule). Did you mean "only-black"?
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from engine.errors import HrdeckError, did_you_mean

SECTION = "rule_cards"
CARD_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)+$")  # a card id with a hyphen: never a rule
SHOWN_IDS = 6


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a comparison: the rule to compare, and the card it came from, if any."""

    rule: str
    card_id: str = ""
    number: int = 0


def deck_rules(path: Path) -> dict[str, Side]:
    """The deck's rule cards by id; a deck that cannot be read, or holds none, is an error
    saying so (pydantic and yaml load only here)."""
    from generator.deck import load_deck

    loaded = load_deck(path)
    if loaded.unusable:
        raise HrdeckError(f"{path}: {loaded.issues[0].message}" if loaded.issues
                          else f"The deck {path} cannot be read.")
    cards = {card.id: Side(rule=" ".join(card.rule.split()), card_id=card.id,
                           number=card.number)
             for _, card in loaded.cards_of(SECTION)}
    if not cards:
        broken = [issue for issue in loaded.issues if issue.field.startswith(SECTION)]
        why = (f" ({len(broken)} of its rule cards have errors: `hrdeck check {path}` shows "
               "them)" if broken else "")
        raise HrdeckError(f"The deck {path} holds no rule cards ({SECTION}){why}, so there is "
                          "no id to compare.")
    return cards


def resolve_side(text: str, cards: dict[str, Side], which: str) -> Side:
    """The rule `text` names: a rule card's rule when it is one of `cards`' ids, else `text`
    itself (the rule language, or plain words). An id the deck does not hold is an error,
    with the closest id."""
    typed = text.strip()
    if typed in cards:
        return cards[typed]
    if CARD_ID.match(typed) or (re.fullmatch(r"[a-z0-9-]+", typed) and did_you_mean(typed, cards)):
        close = did_you_mean(typed, cards)
        known = "" if close else (
            " Its rule cards are: " + ", ".join(sorted(cards)[:SHOWN_IDS])
            + (f" and {len(cards) - SHOWN_IDS} more." if len(cards) > SHOWN_IDS else "."))
        raise HrdeckError(f'The deck has no rule card "{typed}" (the {which} rule).{close}{known}')
    return Side(rule=text)


def looks_like_card_id(text: str) -> bool:
    """Whether a rule as typed is rather a rule card's id (`heavy-black`)."""
    return bool(CARD_ID.match(text.strip()))
