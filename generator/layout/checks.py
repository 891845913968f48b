"""The layout checks `hrdeck check` runs: the layout file read and checked, then every card
side drawn from it, before anything is printed (generator.layout.check_look).

A deck with no layout prints in its game's design and has no sides to draw: only the
`:icons:` in its text are checked, and nothing of the print engine is loaded.
"""

from __future__ import annotations

from generator.deck import LoadedDeck

from .check_text_icons import check_text_icons


def check_layout(deck: LoadedDeck) -> None:
    if deck.info is None or deck.info.layout is None:
        check_text_icons(deck, None)
        return
    from .check_look import check_look

    check_look(deck)


__all__ = ["check_layout"]
