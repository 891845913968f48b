"""What the Rule?!'s kinds of card, registered when its declaration has them loaded
(`engine.games.GameDeclaration.card_kinds`): the shape cards, listed or made as a product of
their attributes, and the rule cards a game master may draw (`generator.what_the_rule.cards`)."""

from __future__ import annotations

from generator.card_kinds import CardKind, register_kind
from generator.what_the_rule.cards import (
    ATTRIBUTES,
    GAME,
    ShapeCard,
    WhatTheRuleCard,
    check_rule_card,
    check_rule_cards,
    design_code,
    rule_card_front,
    shape_front,
)

SHAPE_CARDS = CardKind(
    section="shapes", noun="shape card", label="SHAPE", model=ShapeCard, accent="#2f4858",
    description="What the Rule?!'s shape cards: listed, or made as the product of shapes, "
                "counts, fills and colours, with copies of each",
    games=(GAME,), front=shape_front, attributes=ATTRIBUTES, design_id=design_code)
RULE_CARDS = CardKind(
    section="rule_cards", noun="rule card", label="RULE", model=WhatTheRuleCard,
    accent="#6a3d8f", description="What the Rule?!'s rule cards: a rule in words and in the "
                                  "rule language, for a game master to draw",
    games=(GAME,), front=rule_card_front, verify=check_rule_card, check=check_rule_cards)
register_kind(SHAPE_CARDS)
register_kind(RULE_CARDS)

__all__ = ["RULE_CARDS", "SHAPE_CARDS"]
