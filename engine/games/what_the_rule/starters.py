"""The ten rule cards of What the Rule?! for the first rounds, in our words and in the rule
language (each scripted in tests/fixtures/scenarios/what-the-rule/starter-*.yaml).

Where a rule reads the row it says what the first card does: the first card of a row has no
card before it, so "alternate" and "follow" rules let any card start (`first or …`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StarterRule:
    words: str   # in our words (the deck's rule cards word them their own way)
    rule: str    # in the rule language


STARTER_RULES: tuple[StarterRule, ...] = (
    StarterRule("Filled and unfilled cards take turns.",
                "first or card.fill != previous.fill"),
    StarterRule("Even and odd counts take turns.",
                "first or card.count % 2 != previous.count % 2"),
    StarterRule("Shapes go round: after a circle a triangle, after a triangle a square, "
                "after a square a circle.",
                'first or (previous.shape == "circle" and card.shape == "triangle") or '
                '(previous.shape == "triangle" and card.shape == "square") or '
                '(previous.shape == "square" and card.shape == "circle")'),
    StarterRule("A black card shows one to three shapes; a white card shows four to six.",
                '(card.colour == "black" and card.count <= 3) or '
                '(card.colour == "white" and card.count >= 4)'),
    StarterRule("Colours come in pairs: two black, two white, two black and so on.",
                "first or (position % 2 == 0 and card.colour == previous.colour) or "
                "(position % 2 == 1 and card.colour != previous.colour)"),
    StarterRule("Anything but circles.",
                'card.shape != "circle"'),
    StarterRule("Each card's shape differs from the shape of the card before it.",
                "first or card.shape != previous.shape"),
    StarterRule("White cards are filled; black cards are unfilled.",
                '(card.colour == "white" and card.fill == "filled") or '
                '(card.colour == "black" and card.fill == "unfilled")'),
    StarterRule("No card with only one or two shapes.",
                "card.count >= 3"),
    StarterRule("Even counts on white cards, odd counts on black ones.",
                '(card.count % 2 == 0 and card.colour == "white") or '
                '(card.count % 2 == 1 and card.colour == "black")'),
)
