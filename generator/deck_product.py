"""A deck section written as a product of attribute values and copies, instead of a list of
cards (docs/deck-format.md, "Cards made from their attributes")."""

from __future__ import annotations

import itertools
import math
from typing import Any

from engine.errors import did_you_mean
from generator.card_kinds import MOST_GENERATED, CardKind
from generator.deck_words import LoadingDeck, field_name, unknown_key_message
from generator.yamlmarks import Path as YamlPath

PRODUCT_KEYS = ("product", "copies")


def generated_cards(deck: LoadingDeck, kind: CardKind, raw: dict[str, Any]
                    ) -> list[dict[str, Any]]:
    """The cards a section written as a product makes, as plain data for the kind's model;
    none when the product has a mistake (each reported with its place).

        shapes:
          product: {shape: [circle, square], count: [1, 2], fill: [filled], colour: [white]}
          copies: 2

    Every combination of the values, `copies` times (default 1): numbered from 1 in the
    kind's order of attributes and of each one's values (not the file's), a combination's
    copies one after the other, each id the combination's (`kind.design_of`) and its copy:
    w1fc-1, w1fc-2, w1fs-1...
    """
    section = kind.section
    for key in raw:
        if key not in PRODUCT_KEYS:
            deck.add("unknown-key", unknown_key_message(str(key), PRODUCT_KEYS,
                                                         f'"{section}"'), (section, key),
                     key=True)
    copies = raw.get("copies", 1)
    fine = True
    if type(copies) is not int:
        deck.add("wrong-type", f"{section}.copies must be a whole number (how many of each "
                 f"{kind.noun}), not {copies!r}.", (section, "copies"))
        fine = False
    elif not 1 <= copies <= MOST_GENERATED:
        deck.add("bad-value", f"{section}.copies must be from 1 to {MOST_GENERATED}, not "
                 f"{copies}: it is how many of each {kind.noun} to make.", (section, "copies"))
        fine = False
    if "product" not in raw:
        deck.add("missing-field", f'"{section}" lists no cards and has no "product": the '
                 f"values to make {kind.noun}s of ({', '.join(kind.attributes)}).", (section,))
        return []
    product = raw["product"]
    at: YamlPath = (section, "product")
    if not isinstance(product, dict):
        deck.add("wrong-type", f"{section}.product must map each attribute to its values, e.g. "
                 f"{example_of(kind)}.", at)
        return []
    if not product:
        deck.add("bad-value", f"{section}.product is empty, so it makes no cards: give the "
                 f"values of each attribute, e.g. {example_of(kind)}.", at)
        return []
    for name in product:
        if name not in kind.attributes:
            deck.add("unknown-key", unknown_key_message(str(name), kind.attributes,
                                                         f"a {kind.noun}"), (*at, name),
                     key=True)
            fine = False
    chosen: list[list[Any]] = []
    for name, allowed in kind.attributes.items():
        given = _product_values(deck, kind, product, name, allowed)
        fine = fine and given is not None
        chosen.append(given or [])
    if not fine:
        return []
    made = math.prod(len(given) for given in chosen) * copies
    if made > MOST_GENERATED:
        deck.add("bad-value", f"{section} would make {made:,} cards; a section holds at most "
                 f"{MOST_GENERATED} (each card needs a number from 1 to {MOST_GENERATED}).", at)
        return []
    cards: list[dict[str, Any]] = []
    for combination in itertools.product(*chosen):
        values = dict(zip(kind.attributes, combination, strict=True))
        design = kind.design_of(values)
        for copy in range(1, copies + 1):
            cards.append({"id": f"{design}-{copy}", "number": len(cards) + 1, **values})
    return cards


def _product_values(deck: LoadingDeck, kind: CardKind, product: dict[str, Any], name: str,
                    allowed: tuple[str | int, ...]) -> list[Any] | None:
    """One attribute's values, in the kind's order, or None after reporting a mistake."""
    at: YamlPath = (kind.section, "product", name)
    shown = ", ".join(map(str, allowed))
    if name not in product:
        deck.add("missing-field", f'{kind.section}.product has no "{name}": give the {name}s '
                 f"to make {kind.noun}s of (of {shown}).", at[:-1])
        return None
    given = product[name]
    if not isinstance(given, list):
        deck.add("wrong-type", f"{field_name(at)} must be a list of {name}s, e.g. "
                 f"[{', '.join(map(str, allowed[:2]))}].", at)
        return None
    if not given:
        deck.add("bad-value", f"{field_name(at)} is empty, so the product makes no cards: give "
                 f"at least one {name} (of {shown}).", at)
        return None
    fine = True
    seen: list[Any] = []
    for index, value in enumerate(given):
        if not any(type(value) is type(choice) and value == choice for choice in allowed):
            texts = [str(choice) for choice in allowed]
            hint = (f" Write {value} without quotes." if str(value) in texts
                    else did_you_mean(str(value), texts))
            deck.add("bad-value", f'{field_name((*at, index))}: "{value}" is not a {name} of '
                     f"a {kind.noun}; the {name}s are {shown}.{hint}", (*at, index))
            fine = False
        elif value in seen:
            deck.add("bad-value", f'{field_name((*at, index))}: "{value}" is given twice; each '
                     f"{name} once (copies: says how many of each card).", (*at, index))
            fine = False
        else:
            seen.append(value)
    return [choice for choice in allowed if choice in seen] if fine else None


def example_of(kind: CardKind) -> str:
    return "{" + ", ".join(f"{name}: [{', '.join(map(str, values[:2]))}]"
                           for name, values in kind.attributes.items()) + "}"


__all__ = ["PRODUCT_KEYS", "example_of", "generated_cards"]
