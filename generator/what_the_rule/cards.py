"""The cards of What the Rule?! in the deck format: shape cards and rule cards.

A shape card is one of 72 designs (shape × count × fill × colour, in the engine's words), and
a deck gives them as a product with `copies: 2` rather than listing 144 cards (see
`generator.deck`): `ATTRIBUTES` is what each may be, in the order cards are numbered, so card
numbers follow the engine's design order (`engine.games.what_the_rule.shapes`). A rule card
holds a rule in words and in the rule language, which loading parses (`check_rule_card`).

The engine is imported only to check a rule, when a deck holds rule cards: importing a game
registers it, and the registry loads the built-in games first.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from generator.deck_model import Card, Slug, Strict
from generator.printing.faces import CardFace

if TYPE_CHECKING:
    from engine.games.what_the_rule.rules import Rule
    from generator.card_kinds import CardKind
    from generator.deck import LoadedDeck
    from generator.yamlmarks import Path as YamlPath

GAME = "what-the-rule"
SHAPES = ("circle", "triangle", "square")
COUNTS = (1, 2, 3, 4, 5, 6)
FILLS = ("filled", "unfilled")
COLOURS = ("white", "black")
# What a shape card's attributes may be, slowest-changing first: cards are numbered in this
# order (white before black, then by count, filled before unfilled, circle, triangle, square),
# the engine's order of designs.
ATTRIBUTES: Mapping[str, tuple[str | int, ...]] = {
    "colour": COLOURS, "count": COUNTS, "fill": FILLS, "shape": SHAPES}
LEVELS = ("easy", "medium", "hard")


class ShapeCard(Strict):
    """One shape card: a number of identical shapes on a white or black card."""

    id: Slug
    number: int = Field(ge=1, le=999, strict=True, description="its place in the deck")
    shape: Literal["circle", "triangle", "square"]
    count: int = Field(ge=1, le=6, strict=True, description="how many shapes: 1 to 6")
    fill: Literal["filled", "unfilled"]
    colour: Literal["white", "black"] = Field(
        description="the card's colour; its shapes are the other")
    allow: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, description="warning codes to accept for this card")


class WhatTheRuleCard(Card):
    """A rule a game master may draw instead of making one up: in words, and in the rule
    language (`rule`) for the referee and the checker."""

    rule: str = Field(min_length=1, max_length=100_000,
                      description="the rule as an expression of the rule language, e.g. "
                                  "first or card.fill != previous.fill (at most 400 "
                                  "characters)")
    level: Literal["easy", "medium", "hard"] = Field(description="how hard it is to guess")
    starter: bool = Field(False, strict=True,
                          description="one of the rules for a group's first rounds")


def design_code(values: Mapping[str, Any]) -> str:
    """A design's short code, as the engine writes it: colour, count, fill, shape.

    >>> design_code({"shape": "circle", "count": 3, "fill": "filled", "colour": "black"})
    'b3fc'
    """
    return (f"{str(values['colour'])[0]}{values['count']}{str(values['fill'])[0]}"
            f"{str(values['shape'])[0]}")


def shape_front(card: ShapeCard, kind: CardKind, accent: str, folder: Path) -> CardFace:
    """The "shapes" design: the shapes alone, no words."""
    return CardFace(kind="shape", label=kind.label, number=card.number, text="", accent=accent,
                    ident=card.id, design="shapes",
                    details=(("shape", card.shape), ("count", str(card.count)),
                             ("fill", card.fill), ("colour", card.colour)))


LEVEL_TITLES = {"easy": "Easy rule", "medium": "Medium rule", "hard": "Hard rule"}


def rule_card_front(card: WhatTheRuleCard, kind: CardKind, accent: str,
                    folder: Path) -> CardFace:
    """The rule in words, titled by its level (and "first rounds" for a starter)."""
    title = LEVEL_TITLES[card.level] + (" · first rounds" if card.starter else "")
    return CardFace(kind="rule", label=kind.label, number=card.number, text=card.text,
                    accent=accent, title=title, art=folder / card.art if card.art else None,
                    ident=card.id)


def check_rule_card(deck: LoadedDeck, at: YamlPath, card: WhatTheRuleCard) -> None:
    """The rule parses, and a rule reading the row says what becomes of the first card."""
    from engine.games.what_the_rule.rules import Rule
    from engine.language.parse import ExpressionError

    where = (*at, "rule")
    try:
        rule = Rule.parse(card.rule)
    except ExpressionError as error:
        for problem in error.problems:
            deck.add(problem.code, f'rule card "{card.id}": {problem.message}', where,
                     offset=problem.column - 1)
        return
    if not rule.says_what_comes_first:
        read = ", ".join(name for name in ("previous", "previous_2", "previous_3")
                         if name in rule.parsed.fields)
        deck.add("first-card-unsaid", f'rule card "{card.id}" reads the row ({read}) but does '
                 "not say what becomes of the first card, when the row is still empty: begin "
                 'it "first or …" to accept any first card, or "not first and …" to refuse '
                 "them all (position works too).", where)


def check_rule_cards(deck: LoadedDeck, cards: list[tuple[int, WhatTheRuleCard]]) -> None:
    """Every rule card against the game: a row it starts can always go on (no dead end), it
    refuses something somewhere, and its level is the one measured (`difficulty`): a simple
    learner's median offers to pin it down among the bots' rules and the deck's own."""
    from engine.games.what_the_rule.equivalence import TooComplex, dead_end, same_rule
    from engine.games.what_the_rule.pool import POOL
    from engine.games.what_the_rule.rules import Rule
    from engine.language.parse import ExpressionError

    parsed: list[tuple[int, WhatTheRuleCard, Rule]] = []
    for index, card in cards:
        try:
            parsed.append((index, card, Rule.parse(card.rule)))
        except ExpressionError:
            continue  # reported with the card
    always = Rule.parse("True")
    explored, comparable = [], []
    for index, card, rule in parsed:
        where = ("rule_cards", index, "rule")
        try:
            stuck = dead_end(rule)
            accepts_all = stuck is None and same_rule(rule, always) is None
        except TooComplex as error:
            deck.add("rule-too-complex", f'rule card "{card.id}" is too complex for the referee '
                     f"to judge a guess against it: {error.reason}. Write it more simply.",
                     where)
            continue
        comparable.append(rule)
        if stuck is not None:
            after = ", ".join(design.code for design in stuck.row) or "nothing (the first card)"
            deck.add("rule-dead-end", f'rule card "{card.id}" can leave the table with no card '
                     f"to play: after {after}, no card of the 72 fits.", where)
        elif accepts_all:
            deck.add("rule-accepts-all", f'rule card "{card.id}" accepts every card everywhere: '
                     "there is nothing to find.", where)
        else:
            explored.append((index, card, rule))
    # Levels last, among the rules the comparison can explore.
    pool = [Rule.parse(source) for source in POOL] + comparable
    for index, card, rule in explored:
        _check_level(deck, index, card, rule, pool)


def _check_level(deck: LoadedDeck, index: int, card: WhatTheRuleCard, rule: Rule,
                 pool: list[Rule]) -> None:
    """The card's level against the one measured (`difficulty`)."""
    from engine.games.what_the_rule.difficulty import EASY_OFFERS, MEDIUM_OFFERS, measure

    measured = measure(rule, pool)
    if measured.level != card.level:
        deck.add("rule-level", f'rule card "{card.id}" is labelled {card.level}, but a simple '
                 f"learner needs {measured.offers:g} offers (median) to pin it down, with "
                 f"{measured.accepted:.0%} of offers accepted: that is {measured.level} "
                 f"(easy up to {EASY_OFFERS}, medium up to {MEDIUM_OFFERS}).",
                 ("rule_cards", index, "level"),
                 data={"offers": measured.offers, "accepted": round(measured.accepted, 4),
                       "measured": measured.level})


__all__ = ["ATTRIBUTES", "COLOURS", "COUNTS", "FILLS", "GAME", "LEVELS", "SHAPES", "ShapeCard",
           "WhatTheRuleCard", "check_rule_card", "check_rule_cards", "design_code",
           "rule_card_front", "shape_front"]
