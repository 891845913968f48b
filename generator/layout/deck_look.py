"""A deck's look: its `layout:` file over its base game's look, loaded once per deck."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.games import declaration
from generator.deck import LoadedDeck

from .compose import LookDrawer
from .load import DEFAULT_LOOK, load_look
from .look import Look

_LOADED: dict[int, tuple[LoadedDeck, Look | None]] = {}


def game_look(game: str) -> str:
    """The built-in look a game's cards print in."""
    declared = declaration(game)
    return declared.look if declared is not None and declared.look else DEFAULT_LOOK


def layout_path(deck: LoadedDeck) -> Path | None:
    """The deck's layout file, or None when it names none."""
    if deck.info is None or deck.info.layout is None:
        return None
    return deck.path.parent / deck.info.layout


def deck_look(deck: LoadedDeck) -> Look | None:
    """The deck's look, its problems added to the deck's issues the first time it is asked
    for: its layout file over its game's look, or its game's look alone when it names no
    layout; None when neither is there (a game declaring no look prints in its face designs)
    or the layout cannot be read."""
    found = _LOADED.get(id(deck))
    if found is not None and found[0] is deck:
        return found[1]
    look = _load(deck)
    _LOADED[id(deck)] = (deck, look)
    return look


def _load(deck: LoadedDeck) -> Look | None:
    path = layout_path(deck)
    game = deck.info.base_game if deck.info is not None else ""
    if path is None:
        declared = declaration(game)
        if declared is None or not declared.look:
            return None
        look, issues = load_look(None, deck.path.parent.resolve(), declared.look)
        deck.issues.extend(issues)
        return look
    folder = deck.path.parent.resolve()
    if not path.resolve().is_relative_to(folder):
        deck.add("bad-value", f'The layout "{deck.info.layout if deck.info else path}" lies '
                 f"outside the deck's folder ({folder}); keep it beside the deck.",
                 ("deck", "layout"))
        return None
    if not path.is_file():
        deck.add("art-missing", f'There is no layout file "{path.name}" beside the deck '
                 f"(looked for {path}).", ("deck", "layout"))
        return None
    look, issues = load_look(path, folder, game_look(game))
    deck.issues.extend(issues)
    return look


def drawer_of(deck: LoadedDeck) -> Any:
    """What the print engine draws the deck's sides with (None: the game's design)."""
    look = deck_look(deck)
    return LookDrawer(look) if look is not None else None
