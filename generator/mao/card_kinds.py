"""Mao's kind of card, registered when Mao's declaration has it loaded
(`engine.games.GameDeclaration.card_kinds`): the "rules" section, a whole rule on each card."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.card_kinds import CardKind, register_kind, text_front
from generator.mao.cards import RuleCard
from generator.printing.faces import CardFace


def rule_front(card: RuleCard, kind: CardKind, accent: str, folder: Path) -> CardFace:
    """A whole rule: titled standard or secret, then its words."""
    return replace(text_front(card, kind, accent, folder),
                   title="Standard rule" if card.standard else "Secret rule")


RULES = CardKind(
    section="rules", noun="rule", label="RULE", model=RuleCard, accent="#7a1f2b",
    description="whole rules on one card each (Mao): the standard ones, and the secret ones "
                "a winner draws", games=("mao",), front=rule_front,
    halves=lambda card: (card, card.then))
register_kind(RULES)

__all__ = ["RULES", "rule_front"]
