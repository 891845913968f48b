"""The icon checks `hrdeck check` runs on a deck with a look: every `:name:` in its cards'
text and every `icon` element's name must name an icon (the layout's or a built-in one), or the
card would print the name as written, or nothing."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from engine.errors import did_you_mean
from generator.deck import LoadedDeck
from generator.issues import make_issue
from generator.printing.icons import unknown_icons

from .fields import fill_in, front_fields
from .inline import known_icons
from .look import Look, Placed

CARD_TEXT_FIELDS = ("text", "flavour", "title")


def check_icons(deck: LoadedDeck, look: Look) -> None:
    """Add an `icon-unknown` issue for each name no icon has, with a suggestion."""
    known = known_icons(look)
    _check_card_text(deck, known)
    _check_elements(deck, look, known)


def _check_card_text(deck: LoadedDeck, known: Mapping[str, Path]) -> None:
    sections = ("triggers", "actions", *deck.others)
    for section in sections:
        for index, card in deck.cards_of(section):
            for name in CARD_TEXT_FIELDS:
                text = getattr(card, name, None)
                if not isinstance(text, str) or ":" not in text:
                    continue
                for icon, suggestion in unknown_icons(text, known):
                    offset = text.index(f":{icon}:")
                    deck.add("icon-unknown", f'There is no icon ":{icon}:": it would print as '
                             f"written.{suggestion} {_choices(known)}", (section, index, name),
                             offset=offset)


def _check_elements(deck: LoadedDeck, look: Look, known: Mapping[str, Path]) -> None:
    from generator.card_faces import faces_for  # the print engine: only for a deck with a look

    icon_elements = [(template, element) for template, elements in look.templates.items()
                     for element in elements if element.spec.type == "icon"
                     and element.spec.icon]
    if not icon_elements:
        return
    fronts, _ = faces_for(deck)
    cards = [front_fields(face, look.labels) for face in fronts]
    for template, element in icon_elements:
        source = element.spec.icon or ""
        names = {fill_in(source, fields).strip().strip(":") for fields in cards} \
            if "{" in source else {source.strip(":")}
        for name in sorted(names - set(known) - {""}):
            _element_problem(deck, template, element, f'names the icon "{name}", which does '
                             f"not exist: nothing is drawn there."
                             f"{did_you_mean(name, known)} {_choices(known)}")


def _element_problem(deck: LoadedDeck, template: str, element: Placed, message: str) -> None:
    deck.issues.append(make_issue("icon-unknown", f'The element "{element.name}" of the '
                                  f'template "{template}" {message}', *element.origin))


def _choices(known: Mapping[str, Path]) -> str:
    return f"The icons are {', '.join(sorted(known))}."
