"""Every rule card of decks/what-the-rule.yaml means in its machine form what its words say.

A master who draws a card reads its words; when the referee judges, it reads the card's
`rule`. For each card, short rows that the words describe are played through the engine's
own judging (`Rule.accepts`, what a round calls): every card of a row must be taken in turn,
then the last card offered is taken or refused as the words say. The cases cover the edges
the words imply: the first card, going round after six, the last shape of a cycle, equal
counts, and the places where a pattern turns.

A case is written in card codes (colour w/b, count, fill f/u, shape c/t/s): "w1fc b2ut"
offers a black card with 2 unfilled triangles after a row holding a white card with 1 filled
circle; a single code offers the first card of the row.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.games.registry import find_game
from engine.games.what_the_rule.rules import Rule
from engine.games.what_the_rule.shapes import parse_design
from generator.deck import load_deck
from generator.what_the_rule.cards import WhatTheRuleCard

ROOT = Path(__file__).resolve().parents[2]
DECK = load_deck(ROOT / "decks" / "what-the-rule.yaml")
CARDS: dict[str, WhatTheRuleCard] = {card.id: card for _, card in DECK.cards_of("rule_cards")}

# card id: (rows whose last card the words take, rows whose last card the words refuse)
WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "fill-takes-turns": (("w1fc", "b3uc", "w1fc b2ut", "w1fc b2ut w3fs"),
                         ("w1fc w2ft", "w1uc b2ut", "w1fc b2ut w3us")),
    "odd-even-take-turns": (("w1fc", "w2fc", "w1fc b2ut w5fs", "w6fc b3fc"),
                            ("w1fc b3ut", "w2fc b4fc", "w1fc b2ut w4fs")),
    "shapes-go-round": (("w1fs", "w1ft", "w1fc b2ut", "w1ft b2us", "w1fs b2uc",
                         "w1fc w1ft w1fs w1fc"),
                        ("w1fc w2fs", "w1fc w2fc", "w1fs w2ft", "w1fc w1ft w1fs w1ft")),
    "colour-sets-the-count": (("b1fc", "b3us", "w4fc", "w6ut"),
                              ("b4fc", "b6fc", "w3fc", "w1fc")),
    "colours-in-pairs": (("w1fc", "b1fc", "w1fc w2fc", "w1fc w2fc b3fc",
                          "w1fc w2fc b3fc b4fc", "w1fc w2fc b3fc b4fc w5fc",
                          "b1fc b2fc w3fc"),
                         ("w1fc b2fc", "w1fc w2fc w3fc", "w1fc w2fc b3fc w4fc",
                          "w1fc w2fc b3fc b4fc b5fc")),
    "no-circles": (("w1ft", "b6us", "w1ft w2fs"), ("w1fc", "b6uc", "w1ft w2fc")),
    "a-new-shape": (("w1fc", "w1fc w1ft", "w1fc w2ft w3fc"), ("w1fc b2uc", "w1fc w2ft w3ut")),
    "white-filled-black-unfilled": (("w1fc", "b1uc", "w6fs", "b6ut"), ("w1uc", "b1fc")),
    "three-or-more": (("w3fc", "b6us"), ("w1fc", "b2ut")),
    "even-white-odd-black": (("w2fc", "w6fc", "b1fc", "b5fc"),
                             ("w1fc", "b2fc", "w3fc", "b6fc")),
    "only-black": (("b1fc", "b2fc b3ut"), ("w1fc", "b2fc w3ut")),
    "only-filled": (("w1fc", "b6fs"), ("w1uc", "b6us")),
    "only-squares": (("w1fs", "b6us"), ("w1fc", "w1ft")),
    "only-even-counts": (("w2fc", "w4fc", "w6fc"), ("w1fc", "w3fc", "w5fc")),
    "three-at-most": (("w1fc", "w3fc"), ("w4fc", "w6fc")),
    "colours-take-turns": (("b1fc", "w1fc", "w1fc b1fc", "w1fc b1fc w1fc"),
                           ("w1fc w2fc", "w1fc b1fc b2fc")),
    "one-colour-all-along": (("b1fc", "w1fc", "b1fc b2ut b6fs", "w1fc w5us"),
                             ("b1fc w1fc", "w1fc w2fc b3fc")),
    "triangles-or-singles": (("w3ft", "b6ut", "w1fc", "b1us"), ("w2fc", "b6us")),
    "count-up-and-round": (("w4fc", "w3fc", "w1fc b2ut", "w5fc b6ut b1fs", "w6fc b1fc",
                            "w1fc w2fc w3fc w4fc w5fc w6fc w1fc"),
                           ("w1fc b3fc", "w2fc b2fc", "w5fc b4fc", "w6fc w6fc", "w6fc w2fc")),
    "one-step-away": (("w3fc", "w3fc b4fc", "w3fc b2fc", "w6fc b5fc", "w1fc b2fc"),
                      ("w3fc b3fc", "w3fc b5fc", "w6fc b1fc", "w1fc b6fc")),
    "shape-or-colour-matches": (("w1fc", "w1fc b2fc", "w1fc w2ft", "w1fc w2fc"),
                                ("w1fc b2ft", "w1fc b1fs")),
    "count-or-fill-matches": (("w3fc", "w3fc b3ut", "w3fc b4fs", "w3fc w3fc"),
                              ("w3fc b4uc", "w3fc w2us")),
    "black-means-circles": (("b1fc", "b6uc", "w1ft", "w6us", "w2fc"), ("b1ft", "b1fs")),
    "triangles-are-filled": (("w1ft", "b3ft", "w1uc", "w1us", "b2fs"), ("w1ut", "b6ut")),
    "never-two-filled": (("w1fc", "w1fc w2uc", "w1uc w2fc", "w1uc w2uc"),
                         ("w1fc b2fs", "w1uc w2fc w3ft")),
    "never-two-black": (("b1fc", "b1fc w1fc", "w1fc b1fc", "w1fc w2fc"),
                        ("b1fc b2fc", "w1fc b1fc b2fc")),
    "two-three-five": (("w2fc", "w3fc", "w5fc"), ("w1fc", "w4fc", "w6fc")),
    "each-shape-its-counts": (("w1fc", "w2fc", "w3ft", "w4ft", "w5fs", "w6fs"),
                              ("w3fc", "w6fc", "w2ft", "w5ft", "w4fs", "w1fs")),
    "squares-in-even-numbers": (("w2fs", "w4fs", "w6fs", "w1fc", "w3ft"),
                                ("w1fs", "w3fs", "w5fs")),
    "more-or-just-one": (("w4fc", "w2fc w5fc", "w5fc w1fc", "w1fc w1fc", "w5fc w6fc"),
                         ("w3fc w3fc", "w5fc w2fc", "w6fc w2fc")),
    "odd-stays-odd": (("w2fc", "w1fc w3fc", "w2fc w6fc", "w1fc w1fc"),
                      ("w1fc w2fc", "w4fc w5fc")),
    "threes-and-sixes": (("w3fc", "w6fc"), ("w1fc", "w2fc", "w4fc", "w5fc")),
    "nothing-in-common": (("w1fc", "w1fc b2ut", "b6us w5fc"),
                          ("w1fc b2uc", "w1fc b1ut", "w1fc b2ft", "w1fc w2ut")),
    "seven-between-two": (("w3fc", "w1fc w6fc", "w3fc b4fc", "w3fc b4fc w3fc"),
                          ("w3fc w3fc", "w6fc w6fc", "w1fc w5fc")),
    "every-third-black": (("w1fc", "w1fc w2fc b3fc", "w1fc w2fc b3fc w4fc w5fc b6fc"),
                          ("b1fc", "w1fc b2fc", "w1fc w2fc w3fc", "w1fc w2fc b3fc b4fc")),
    "never-three-of-a-colour": (("w1fc", "w1fc w2fc", "w1fc w2fc b3fc",
                                 "w1fc b2fc b3fc w4fc"),
                                ("w1fc w2fc w3fc", "w1fc b2fc b3fc b4fc")),
    "not-the-last-two-shapes": (("w1fc", "w1fc w1ft", "w1fc w1ft w1fs",
                                 "w1fc w1ft w1fs w1fc"),
                                ("w1fc w1fc", "w1fc w1ft w1fc", "w1fc w1ft w1fs w1fs")),
    "count-of-two-back": (("w3fc", "w3fc w5fc", "w3fc w5fc b3ut", "w3fc w5fc b3ut w5fs"),
                          ("w3fc w5fc w5fc", "w3fc w5fc b3ut b3us")),
    "black-up-white-down": (("w3fc", "b3fc", "w3fc b4fc", "w3fc w2fc"),
                            ("w3fc b3fc", "w3fc b2fc", "w3fc w4fc", "w3fc w3fc")),
    "new-shape-new-colour": (("w1fc", "w1fc w2fc", "w1fc b2ft"),
                             ("w1fc b2fc", "w1fc w2ft")),
    "colour-or-fill-changes": (("w1fc", "w1fc b1fc", "w1fc w1uc"),
                               ("w1fc b1uc", "w1fc w2ft")),
    "triangle-leads": (("w1ft", "b3ut", "w1ft w2fc", "w1ft w2fc w3ft"),
                       ("w1fc", "w1fs", "w1ft w2ft")),
    "more-white-fewer-black": (("w3fc", "w3fc w5fc", "w3fc b1fc", "w3fc w3fc", "w3fc b3fc"),
                               ("w3fc b5fc", "w3fc w1fc")),
    "filled-must-climb": (("w6fc", "w2fc w3fc", "w6fc w1uc", "w2fc w2uc"),
                          ("w3fc w3fc", "w5fc b2fs")),
}


def judged(rule: Rule, case: str) -> bool:
    """Play the row of `case` card by card (each must be taken), then offer its last card."""
    *row, offered = [parse_design(code) for code in case.split()]
    for place, design in enumerate(row):
        assert rule.accepts(row[:place], design), f"{case}: the row's card {design.code} is refused"
    return rule.accepts(row, offered)


def test_every_rule_card_has_cases_from_its_words() -> None:
    assert set(WORDS) == set(CARDS)


BY_NUMBER = sorted(CARDS, key=lambda card_id: CARDS[card_id].number)


@pytest.mark.parametrize("card_id", BY_NUMBER)
def test_the_machine_form_judges_as_the_words_say(card_id: str) -> None:
    card = CARDS[card_id]
    rule = Rule.parse(card.rule)
    taken, refused = WORDS[card_id]
    assert any(len(case.split()) == 1 for case in taken + refused), "a first card is tried"
    wrong = [f"{case} should be taken" for case in taken if not judged(rule, case)]
    wrong += [f"{case} should be refused" for case in refused if judged(rule, case)]
    assert not wrong, f"card {card.number} “{card.text}” ({card.rule}): {wrong}"


def test_the_guide_counts_up_and_starts_over_as_rule_card_19_does() -> None:
    """docs/games/what-the-rule.md's "ascending ... starting over" is rule card 19."""
    guide = (ROOT / "docs" / "games" / "what-the-rule.md").read_text(encoding="utf-8")
    found = re.search(r"^\| ascending number from 1 to 6[^|]*\| `([^`]+)` \|$", guide, re.M)
    assert found, "the guide's example of counting up and starting over"
    comparison = find_game("what-the-rule").compare_rules
    assert comparison is not None
    assert comparison(found.group(1), CARDS["count-up-and-round"].rule).same
