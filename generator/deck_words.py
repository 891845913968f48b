"""What the parts of the deck loader share (`generator.deck`, the product form in
`generator.deck_product`, sheets in `generator.deck_sheets`): the names of places, the unknown
key's message, and the deck being loaded as those parts see it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine.errors import did_you_mean
from generator.issues import Issue
from generator.yamlmarks import Mark
from generator.yamlmarks import Path as YamlPath

if TYPE_CHECKING:
    from generator.spreadsheets import RowPlace


class LoadingDeck(Protocol):
    """A deck being loaded (`generator.deck.LoadedDeck`), as the loader's parts report on
    it."""

    path: Path
    issues: list[Issue]
    sheets: list[Path]
    rows: dict[YamlPath, RowPlace]

    def add(self, code: str, message: str, at: YamlPath, *, key: bool = False,
            offset: int | None = None, mark: Mark | None = None,
            data: dict[str, float | int | str] | None = None) -> None: ...


def field_name(path: YamlPath) -> str:
    """('triggers', 3, 'when') -> 'triggers[3].when'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def unknown_key_message(key: str, accepted: Any, what: str) -> str:
    choices = list(accepted)
    return (f'"{key}" is not a key of {what}.{did_you_mean(key, choices)} '
            f"Accepted keys: {', '.join(choices)}.")


__all__ = ["LoadingDeck", "field_name", "unknown_key_message"]
