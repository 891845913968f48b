"""The hint the engine gives as game master: a card that, played next on the row as it
stands, the secret rule and a wrong guess judge differently (clarification
counterexample-hint).

`equivalence` decides whether two rules are the same over every row a round could reach,
and its counterexample may need a row nobody has played. A hint is about the table: the
row is the real one, so the place, the last three cards and `first` are fixed, and only
the 72 designs are tried, each once against both rules.

>>> from engine.games.what_the_rule.rules import Rule
>>> from engine.games.what_the_rule.shapes import parse_design
>>> rule = Rule.parse("first or card.colour != previous.colour")
>>> row = [parse_design("w1fc")]
>>> next_card(rule, Rule.parse('card.colour == "black"'), row) is None  # alike here
True
>>> found = next_card(rule, Rule.parse("card.count >= 2"), row)
>>> for part in hint_words(found, rule="Ann's rule", guess="Ben's guess").split(", "):
...     print(part)
a black card with 1 filled circle (b1fc)
played next to the w1fc at the end of the row
fits Ann's rule but not Ben's guess
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import DESIGNS, Design


@dataclass(frozen=True, slots=True)
class NextCard:
    """A card to play next on the row: the rule takes it and the guess does not
    (`rule_takes`), or the other way round."""

    card: Design
    last: Design | None     # the card at the end of the row (None: the row is empty)
    place: int              # the place the card would take in the row (1: the first)
    rule_takes: bool
    place_matters: bool     # one of the two rules reads `position`: the place is said


def next_card(rule: Rule, guess: Rule, row: Sequence[Design], *,
              laid: Collection[Design] = ()) -> NextCard | None:
    """A design that, offered after `row`, one of `rule` and `guess` accepts and the other
    refuses; None when every design is judged alike there. Preferred, in this order: a card
    the rule takes (it can then go into the row), a design not in `laid` (whose copies are
    all on the table already, so nobody can play it), and the deck's order."""
    best: tuple[tuple[bool, bool, int], NextCard] | None = None
    last = row[-1] if row else None
    place_matters = "position" in rule.parsed.fields | guess.parsed.fields
    for design in DESIGNS:
        takes = rule.accepts(row, design)
        if takes == guess.accepts(row, design):
            continue
        rank = (not takes, design in laid, design.index)
        if best is None or rank < best[0]:
            best = rank, NextCard(card=design, last=last, place=len(row) + 1, rule_takes=takes,
                                  place_matters=place_matters)
    return None if best is None else best[1]


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        number % 10, "th")
    return f"{number}{suffix}"


def where_next(last: Design | None, place: int, *, place_matters: bool = False) -> str:
    """Where a card played next goes, in table words: "played next to the w1fc at the end of
    the row" (", as its 5th card" when the place matters), or "played as the first card of
    the row"."""
    if last is None:
        return "played as the first card of the row"
    at = f", as its {ordinal(place)} card" if place_matters else ""
    return f"played next to the {last.code} at the end of the row{at}"


def hint_words(found: NextCard, *, rule: str, guess: str) -> str:
    """The hint as the table hears it; `rule` and `guess` name the two ("Ann's rule")."""
    card = f"{found.card.name} ({found.card.code})"
    where = where_next(found.last, found.place, place_matters=found.place_matters)
    fits, not_fits = (rule, guess) if found.rule_takes else (guess, rule)
    return f"{card}, {where}, fits {fits} but not {not_fits}"
