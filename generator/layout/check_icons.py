"""Icons no one has (`icon-unknown`): `:name:` in a card's printed text or in a layout's
text, and an icon element's icon, must be one of the layout's `icons:` or hrdeck's own set.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.errors import did_you_mean
from generator.card_fields import card_places, printed_fields
from generator.deck import LoadedDeck
from generator.issues import make_issue
from generator.yamlmarks import Path as YamlPath

from .check_sides import DrawnSide
from .fields import condition_fields, fill_in, holds
from .findings import Finding, Findings
from .look import Look

# hrdeck's own icons, until generator.printing.icons.builtin_icons() gives them.
BUILTIN_ICONS = ("say", "name", "gesture", "draw", "skip", "reverse", "forbid", "spade",
                 "heart", "diamond", "club", "circle", "triangle", "square",
                 "circle-outline", "triangle-outline", "square-outline", "points", "penalty",
                 "challenge", "joker")
ICON_MARK = re.compile(r":([a-z][a-z0-9-]*):")


def known_icons(look: Look | None) -> list[str]:
    """Every icon a deck may name: its layout's, then hrdeck's own."""
    return sorted({*(look.icons if look is not None else ()), *BUILTIN_ICONS})


def icon_choices(name: str, known: Iterable[str], look: Look | None) -> str:
    """What a deck could have named instead of the icon `name`, the closest first."""
    own = sorted(look.icons) if look is not None else []
    mine = f"the layout's icons are {', '.join(own)}; " if own else ""
    return (f"{mine}hrdeck's own are {', '.join(BUILTIN_ICONS)}.{did_you_mean(name, known)} "
            "To draw your own, add it to the layout's icons: (a name and an SVG or PNG file "
            "beside the deck).")


def check_text_icons(deck: LoadedDeck, look: Look | None) -> None:
    """`:name:` in the deck's printed text (its cards, its name and description)."""
    known = known_icons(look)
    texts: list[tuple[YamlPath, str]] = [(at, text) for place, card in card_places(deck)
                                         for at, text in printed_fields(card, place)]
    if deck.info is not None:
        texts += [(("deck", "name"), deck.info.name),
                  (("deck", "description"), deck.info.description)]
    for at, text in texts:
        if ":" not in text:
            continue
        for found in ICON_MARK.finditer(text):
            if found[1] not in known:
                deck.add("icon-unknown", f'"{found[0]}" names no icon: '
                         f"{icon_choices(found[1], known, look)}", at, offset=found.start(),
                         data={"icon": found[1]})


def check_layout_icons(deck: LoadedDeck, look: Look) -> None:
    """`:name:` written in a template's text, and an icon element's icon when it names no
    field (checked once, at the element)."""
    known = known_icons(look)
    seen: set[tuple[object, ...]] = set()  # an inherited element is in several templates
    for template, elements in look.templates.items():
        for element in elements:
            spec = element.spec
            names = ICON_MARK.findall(spec.text or "")
            if spec.type == "icon" and spec.icon and "{" not in spec.icon:
                names.append(spec.icon.strip(":"))
            for name in dict.fromkeys(names):
                if name not in known and (element.origin, name) not in seen:
                    seen.add((element.origin, name))
                    deck.issues.append(make_issue(
                        "icon-unknown", f'The element "{element.name}" of the template '
                        f'"{template}": there is no icon "{name}": '
                        f"{icon_choices(name, known, look)}", *element.origin,
                        data={"icon": name}))


def check_side_icons(side: DrawnSide, look: Look, findings: Findings) -> None:
    """An icon element whose icon is a {field}: the icon each card names."""
    known = known_icons(look)
    for element in side.elements:
        spec = element.spec
        if spec.type != "icon" or not spec.icon or "{" not in spec.icon:
            continue
        if spec.when and not holds(spec.when, side.fields, condition_fields(side.fields)):
            continue
        name = fill_in(spec.icon, side.fields).strip().strip(":")
        if name and name not in known:
            findings.add(Finding("icon-unknown", element, side.template,
                                 f'there is no icon "{name}": '
                                 f"{icon_choices(name, known, look)}", data={"icon": name},
                                 group=name), side.who)


__all__ = ["BUILTIN_ICONS", "ICON_MARK", "check_layout_icons", "check_side_icons",
           "check_text_icons", "icon_choices", "known_icons"]
