"""Icons no one has in a deck's printed text (`icon-unknown`): `:name:` in a card's text, or
the deck's name or description, must be one of the layout's `icons:` or hrdeck's own set.

Checked on every deck, with a layout or not; light to import, as most decks have no layout.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.errors import did_you_mean
from generator.card_fields import card_places, printed_fields
from generator.deck import LoadedDeck
from generator.printing.icon_names import INLINE, builtin_icons
from generator.yamlmarks import Path as YamlPath

if TYPE_CHECKING:
    from .look import Look

# hrdeck's own icons, until generator.printing.icons.builtin_icons() gives them.
BUILTIN_ICONS = tuple(builtin_icons())  # hrdeck's own
ICON_MARK = INLINE


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


__all__ = ["BUILTIN_ICONS", "ICON_MARK", "check_text_icons", "icon_choices", "known_icons"]
