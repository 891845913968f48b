"""Reading a Tabletop Simulator folder back as TTS would: the saved object, its decks, and
the picture each CardID points at."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from PIL import Image

from generator.printing.faces import CardBack, CardFace
from generator.printing.png import render_png
from generator.printing.sizes import find_size
from generator.printing.tts_grid import cell_pixels
from generator.printing.virtual_tables import trim_composer, width_dpi


def saved(folder: Path, ident: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / f"{ident}.json").read_text("utf-8"))
    return data


def file_of(url: str, folder: Path) -> Path:
    """The file a FaceURL or BackURL names: a file:/// path, or a web address's last part
    looked up in `folder`."""
    parts = urlsplit(url)
    if parts.scheme == "file":
        return Path(unquote(parts.path))
    return folder / parts.path.rsplit("/", 1)[-1]


def cards_of(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards of a top-level object: a Deck's contents, or a lone Card."""
    return list(state["ContainedObjects"]) if state["Name"] == "Deck" else [state]


def sheets_of(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every CustomDeck entry of an object and its cards, by number."""
    entries = dict(state.get("CustomDeck", {}))
    for card in cards_of(state):
        entries.update(card["CustomDeck"])
    return entries


@functools.lru_cache(maxsize=8)
def _sheet(path: Path, modified: int) -> Image.Image:
    with Image.open(path) as sheet:
        return sheet.convert("RGB")


def sheet_image(url: str, folder: Path) -> Image.Image:
    """A sheet as read from its file (read once while the file stays the same)."""
    path = file_of(url, folder)
    return _sheet(path, path.stat().st_mtime_ns)


def cell_image(card_id: int, entries: dict[str, dict[str, Any]], folder: Path
               ) -> Image.Image:
    """The picture TTS shows for `card_id`: its cell of its sheet."""
    entry = entries[str(card_id // 100)]
    sheet = sheet_image(entry["FaceURL"], folder)
    width, height = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
    cell = card_id % 100
    assert cell < entry["NumWidth"] * entry["NumHeight"] - 1, "a card in the hidden cell"
    left, top = (cell % entry["NumWidth"]) * width, (cell // entry["NumWidth"]) * height
    return sheet.crop((left, top, left + width, top + height))


def hidden_cell(entry: dict[str, Any], folder: Path) -> Image.Image:
    """The last cell of a sheet: what TTS shows for a card held in a hand."""
    sheet = sheet_image(entry["FaceURL"], folder)
    width, height = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
    return sheet.crop((sheet.width - width, sheet.height - height, sheet.width, sheet.height))


def drawn(side: CardFace | CardBack, size: str = "poker") -> Image.Image:
    """A card side drawn afresh as a TTS cell."""
    card = find_size(size)
    cell = cell_pixels(card)
    composer = trim_composer(card)
    composed = composer.front(side) if isinstance(side, CardFace) else composer.back(side)
    return render_png(composed, size_px=cell, dpi=width_dpi(card, cell[0]))


def every_entry(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for state in data["ObjectStates"]:
        yield from sheets_of(state).values()
