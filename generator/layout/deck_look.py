"""A deck's look: its `layout:` file over its base game's look, loaded once per deck."""

from __future__ import annotations

from pathlib import Path

from engine.games import declaration
from generator.deck import LoadedDeck
from generator.printing.faces import CardLook

from .load import DEFAULT_LOOK, load_look
from .look import Cmyk, Look

_CACHE = "_look_loaded"  # where a deck keeps its look once loaded: (look,)


def game_look(game: str) -> str:
    """The built-in look a game's cards print in (a deck's layout extends it)."""
    return declared_look(game) or DEFAULT_LOOK


def declared_look(game: str) -> str | None:
    """The look the game's declaration names; None when it names none (its cards print
    with the face designs its printing part registers)."""
    declared = declaration(game)
    return declared.look if declared is not None else None


def layout_path(deck: LoadedDeck) -> Path | None:
    """The deck's layout file, or None when it names none."""
    if deck.info is None or deck.info.layout is None:
        return None
    return deck.path.parent / deck.info.layout


def deck_look(deck: LoadedDeck) -> Look | None:
    """The deck's look (its layout over its game's look, or the game's look alone), its
    problems added to the deck's issues the first time it is asked for; None when neither
    the deck nor its game has one (the game's face designs draw it) or its layout cannot be
    read."""
    found: tuple[Look | None] | None = getattr(deck, _CACHE, None)
    if found is not None:
        return found[0]
    look = _load(deck)
    setattr(deck, _CACHE, (look,))
    return look


def _load(deck: LoadedDeck) -> Look | None:
    path = layout_path(deck)
    game = deck.info.base_game if deck.info is not None else ""
    folder = deck.path.parent.resolve()
    if path is None:
        name = declared_look(game)
        if name is None:
            return None
        look, issues = load_look(None, folder, name)
        deck.issues.extend(issues)
        return look
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


def given_cmyk(deck: LoadedDeck) -> tuple[tuple[str, Cmyk], ...]:
    """The colours the deck's layout gives in process inks (`cmyk:`), as `InkOptions.given`
    takes them: (#rrggbb, (C, M, Y, K) from 0 to 1), in colour order; () for a deck without
    a layout, or whose layout cannot be read."""
    if layout_path(deck) is None:
        return ()
    look = deck_look(deck)
    return tuple(sorted(look.cmyk.items())) if look is not None else ()


def deck_text_fonts(deck: LoadedDeck) -> list[str] | None:
    """The fonts the deck's card words are printed in, for the glyph check (None: hrdeck's
    own, checked without loading the print engine)."""
    look = deck_look(deck)
    if look is None or (not look.fonts and not look.fallback):
        return None
    from .typefaces import text_fonts

    chain = text_fonts(look)
    return [chain] if chain is not None else None


def drawer_of(deck: LoadedDeck) -> CardLook | None:
    """What the print engine draws the deck's sides with (None: the game's design)."""
    look = deck_look(deck)
    if look is None:
        return None
    from .compose import LookDrawer  # the print engine, loaded only for a deck with a look

    return LookDrawer(look)
