"""The base game a deck file names, read before the deck is checked: the deck loader loads
that game's card kinds (`generator.card_kinds.load_kinds_of_file`) before it reads the deck's
sections, and `hrdeck build` knows the game's own print targets before it reads `--target`."""

from __future__ import annotations

from pathlib import Path

from engine.games import DEFAULT_NAME
from generator.deck_file import UnreadableDeck, read_deck_bytes
from generator.yamlmarks import YamlError, read_yaml


def base_game_in(data: object) -> str:
    """The base game a deck file's data names (the default game when it names none)."""
    raw = data.get("deck") if isinstance(data, dict) else None
    game = raw.get("base_game", DEFAULT_NAME) if isinstance(raw, dict) else DEFAULT_NAME
    return game if isinstance(game, str) else DEFAULT_NAME


def base_game_of(path: Path) -> str | None:
    """The base game the deck file at `path` names, read without checking the deck; None
    when the file cannot be read (loading the deck says why)."""
    try:
        return base_game_in(read_yaml(read_deck_bytes(path).decode("utf-8")).data)
    except (UnreadableDeck, UnicodeDecodeError, YamlError):
        return None

