"""A folder for Tabletop Simulator: face sheets, backs and the saved object that deals them.

    <deck>-tts/
        <deck>.json                    the saved object: a deck per back, side by side
        faces-triggers-1-<hash>.png    up to 69 fronts and, in the last cell, the back
        back-trigger-<hash>.png        the back of every card in that deck
        README.txt                     where the JSON goes, how to play online

Every picture is drawn straight at its cell's size. A file's name ends in a fingerprint of
its content, so a changed card gets a new address and TTS, which keeps a copy of every image
by its address, never shows an old one.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from .faces import CardBack, CardFace
from .png import png_bytes, render_png, reused_image_memory
from .pngs import back_names
from .sides import verify_sides
from .sizes import find_size
from .tts_grid import PER_SHEET, cell_pixels, sheet_grid, sheet_sizes
from .tts_readme import tts_readme
from .tts_save import FaceSheet, TableCard, TableDeck, base_address, saved_object
from .virtual_tables import (
    README,
    BackGroup,
    Pictures,
    TableSummary,
    back_groups,
    distinct_pictures,
    slug,
    trim_composer,
    verify_replaceable,
    width_dpi,
    write_folder,
)

IMAGES = r"(faces|back)-[a-z0-9-]+\.png"


def ours(ident: str) -> re.Pattern[str]:
    """The names this writer puts in a deck's folder, which a new run may replace."""
    return re.compile(f"{IMAGES}|{re.escape(ident)}\\.json|README\\.txt")


@dataclass(frozen=True, slots=True, kw_only=True)
class _Sheet:
    number: int  # its key in the saved object's CustomDeck
    pictures: tuple[int, ...]  # the group's picture indexes, cell by cell
    columns: int
    rows: int
    name: str = ""


def fingerprinted(stem: str, data: bytes) -> str:
    """ "faces-triggers-1" + content -> "faces-triggers-1-3fa9c2d1.png" """
    return f"{stem}-{hashlib.sha256(data).hexdigest()[:8]}.png"


def card_words(face: CardFace) -> tuple[str, str]:
    """A card's name and text as TTS shows them when hovered: "TRIGGER 13: Title" and the
    card's text (a card without text, such as a shape card, lists what it shows)."""
    name = f"{face.heading}: {face.title}" if face.title else face.heading
    text = face.text or ", ".join(f"{key} {value}" for key, value in face.details)
    if face.flavour:
        text = f"{text}\n\n{face.flavour}" if text else face.flavour
    return name, text


def _plan(groups: list[BackGroup], pictures: list[Pictures],
          cell: tuple[int, int]) -> list[list[_Sheet]]:
    """Each group's sheets, numbered 1, 2, ... across the whole saved object."""
    plans: list[list[_Sheet]] = []
    number = 0
    for found in pictures:
        sheets = []
        start = 0
        for count in sheet_sizes(len(found.sides)):
            number += 1
            columns, rows = sheet_grid(count, cell)
            sheets.append(_Sheet(number=number, pictures=tuple(range(start, start + count)),
                                 columns=columns, rows=rows))
            start += count
        plans.append(sheets)
    return plans


def write_tts(directory: Path, fronts: Sequence[CardFace], backs: Sequence[CardBack], *,
              ident: str, deck_name: str = "", size: str = "poker",
              base_url: str | None = None, image_folder: Path | None = None) -> TableSummary:
    """Write the Tabletop Simulator folder for the deck into `directory`, replacing what an
    earlier run left there (a folder holding other files is refused).

    The saved object names each image by `base_url` followed by its file name when given
    (where the designer will host them), otherwise by its file:/// address in
    `image_folder` (where the folder will be once in place; `directory` itself by default).
    """
    verify_sides(fronts, backs)
    card = find_size(size)
    directory = Path(directory)
    verify_replaceable(directory, ours(ident), "the Tabletop Simulator files")
    base = (base_address(base_url) if base_url is not None else
            (image_folder or directory).resolve().as_uri() + "/")
    cell = cell_pixels(card)
    dpi = width_dpi(card, cell[0])
    composer = trim_composer(card)
    groups = back_groups(fronts, backs)
    pictures = [distinct_pictures(fronts, group.cards, composer) for group in groups]
    plans = _plan(groups, pictures, cell)
    back_files = back_names([group.back for group in groups])
    files: dict[str, bytes] = {}
    decks: list[TableDeck] = []
    with reused_image_memory():  # many images of one size, one after another
        for group, found, sheets in zip(groups, pictures, plans, strict=True):
            back = render_png(composer.back(group.back), size_px=cell, dpi=dpi)
            back_data = png_bytes(back, dpi)
            back_name = fingerprinted(back_files[group.back].removesuffix(".png"), back_data)
            files[back_name] = back_data
            faces: list[FaceSheet] = []
            for page, sheet in enumerate(sheets, start=1):  # one sheet's cells in memory
                image = Image.new("RGB", (sheet.columns * cell[0], sheet.rows * cell[1]), "white")
                placed: list[Image.Image | None] = [
                    render_png(found.sides[picture], size_px=cell, dpi=dpi)
                    for picture in sheet.pictures]
                placed += [None] * (sheet.columns * sheet.rows - 1 - len(placed)) + [back]
                for at, drawn in enumerate(placed):  # the last cell: what TTS shows for a card
                    if drawn is not None:            # held in a hand
                        image.paste(drawn, ((at % sheet.columns) * cell[0],
                                            (at // sheet.columns) * cell[1]))
                data = png_bytes(image, dpi)
                name = fingerprinted(f"faces-{slug(group.name)}-{page}", data)
                files[name] = data
                faces.append(FaceSheet(number=sheet.number, url=base + name,
                                       columns=sheet.columns, rows=sheet.rows))
            deck_cards = []
            for index in group.cards:
                picture = found.of_card[index]
                number = sheets[picture // PER_SHEET].number
                nickname, description = card_words(fronts[index])
                deck_cards.append(TableCard(card_id=number * 100 + picture % PER_SHEET,
                                            nickname=nickname, description=description,
                                            gm_notes=fronts[index].ident))
            decks.append(TableDeck(nickname=f"{deck_name or ident}: {group.name}",
                                   back_url=base + back_name, sheets=tuple(faces),
                                   cards=tuple(deck_cards)))
    saved = json.dumps(saved_object(decks, ident), ensure_ascii=False, indent=2) + "\n"
    files[f"{ident}.json"] = saved.encode("utf-8")
    files[README] = tts_readme(ident=ident, deck_name=deck_name or ident, decks=decks,
                               cell=cell, hosted=base_url is not None).encode("utf-8")
    total = write_folder(directory, files)
    return TableSummary(
        directory=directory, files=tuple(files), cards=len(fronts),
        images=sum(len(found.sides) for found in pictures), backs=len(groups),
        decks=len(decks), sheets=sum(len(sheets) for sheets in plans), pixels=cell, dpi=dpi,
        file_bytes=total, overflow=tuple(composer.overflow),
        missing_glyphs=tuple(composer.missing))
