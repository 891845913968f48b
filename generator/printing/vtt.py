"""A folder for any virtual table: one PNG per card picture and a manifest saying which card
is which.

    <deck>-vtt/
        front-001-shape-1.png   each distinct front, drawn to its trim at 300 dpi
        back-shape.png          each distinct back, the same size
        manifest.json           the deck, then every card in deck order with its two files
        README.txt

Cards that look the same share a front file; the manifest lists every card, so a table that
imports it gets each copy. docs/virtual-tables.md describes the manifest field by field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .faces import CardBack, CardFace
from .png import reused_image_memory
from .pngs import back_names, png_names
from .sides import verify_sides
from .sizes import find_size
from .virtual_tables import (
    README,
    TableSummary,
    back_groups,
    distinct_pictures,
    draw_card,
    trim_composer,
    trim_pixels,
    verify_replaceable,
    write_folder,
)

VTT_DPI = 300
MANIFEST = "manifest.json"
MANIFEST_VERSION = 1
OURS = re.compile(r"(front-\d+(-[a-z0-9-]*)?|back-[a-z0-9-]+)\.png|manifest\.json|README\.txt")


def _readme(deck_name: str, cards: int, fronts: int, backs: int,
            pixels: tuple[int, int]) -> str:
    return "\n".join([
        f"{deck_name}: card pictures for a virtual table", "",
        f"{fronts} front picture(s) (front-…png) and {backs} back(s) (back-…png), each "
        f"{pixels[0]} × {pixels[1]} px: the card cut at its trim, at {VTT_DPI} dpi, with no "
        "bleed.",
        f"manifest.json lists the {cards} cards in deck order, each with its id, kind, "
        "heading, title and text and the names of its front and back files. Cards that look "
        "the same share a front file, so a card may appear there more than once.", "",
        "Most virtual tables (Tabletop Playground, Foundry VTT, Roll20, playingcards.io and "
        "others) import a card as a front picture and a back picture: give them the files "
        "the manifest names for each card, or let a script read the manifest.", ""])


def write_vtt(directory: Path, fronts: Sequence[CardFace], backs: Sequence[CardBack], *,
              ident: str, deck_name: str = "", size: str = "poker") -> TableSummary:
    """Write a PNG per distinct front and back, manifest.json and README.txt into
    `directory`, replacing what an earlier run left there (other files are refused)."""
    verify_sides(fronts, backs)
    card = find_size(size)
    directory = Path(directory)
    verify_replaceable(directory, OURS, "the card pictures")
    groups = back_groups(fronts, backs)  # refuses a kind with two backs
    composer = trim_composer(card)
    pixels = trim_pixels(card, VTT_DPI)
    pictures = distinct_pictures(fronts, range(len(fronts)), composer)
    front_files = png_names([fronts[index] for index in pictures.first])
    back_files = back_names([group.back for group in groups])
    files: dict[str, bytes] = {}
    with reused_image_memory():  # many images of one size, one after another
        for name, side in zip(front_files, pictures.sides, strict=True):
            files[name] = draw_card(side, pixels, VTT_DPI)
        for group in groups:
            files[back_files[group.back]] = draw_card(composer.back(group.back), pixels,
                                                      VTT_DPI)
    manifest: dict[str, Any] = {
        "manifest": MANIFEST_VERSION,
        "deck": {"id": ident, "name": deck_name or ident,
                 "card_size": {"name": card.name, "width_mm": card.width_mm,
                               "height_mm": card.height_mm},
                 "pixels": list(pixels), "dpi": VTT_DPI, "cards": len(fronts)},
        "cards": [{"index": index, "id": face.ident, "kind": face.kind,
                   "section": face.section, "heading": face.heading, "title": face.title,
                   "text": face.text, "details": dict(face.details),
                   "front": front_files[pictures.of_card[index - 1]],
                   "back": back_files[back]}
                  for index, (face, back) in enumerate(zip(fronts, backs, strict=True),
                                                       start=1)]}
    files[MANIFEST] = (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode()
    files[README] = _readme(deck_name or ident, len(fronts), len(front_files), len(groups),
                            pixels).encode("utf-8")
    total = write_folder(directory, files)
    return TableSummary(
        directory=directory, files=tuple(files), cards=len(fronts), images=len(front_files),
        backs=len(groups), decks=len(groups), sheets=0, pixels=pixels, dpi=VTT_DPI,
        file_bytes=total, overflow=tuple(composer.overflow),
        missing_glyphs=tuple(composer.missing))
