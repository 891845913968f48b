"""The saved object Tabletop Simulator loads: plain data, in the shape of TTS's own save files.

A saved object is a save file whose `ObjectStates` lists the objects it brings to the table.
Each deck is a `Deck` object: `CustomDeck` names its face sheets by number ("1", "2", ...),
each with the sheet's address, its back's address and how many cards it holds across and
down; `DeckIDs` lists the cards from the top, and `ContainedObjects` has a `Card` for each.
A card's `CardID` is its sheet's number times 100 plus its cell (counted from 0, row by row).
TTS makes a lone card a `Card`, not a deck of one, and so does this.

`BackIsHidden: false` makes TTS show the last cell of a sheet for a card held in someone's
hand; the sheets put the deck's back there. `HideWhenFaceDown` keeps a face-down card's name
and text out of its tooltip.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from .errors import PrintError

CARD_GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's own card tint
SPACING = 3.0  # between decks laid side by side, in TTS's table units (a card is ~2.2 wide)
RECTANGLE_ROUNDED = 0  # CustomDeck Type: the shape of the cards


@dataclass(frozen=True, slots=True, kw_only=True)
class FaceSheet:
    number: int  # its key in CustomDeck, unique in the saved object
    url: str
    columns: int
    rows: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TableCard:
    card_id: int  # sheet number × 100 + cell
    nickname: str
    description: str
    gm_notes: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TableDeck:
    nickname: str
    back_url: str
    sheets: tuple[FaceSheet, ...]
    cards: tuple[TableCard, ...]  # from the top of the deck down


def _guid(*parts: object) -> str:
    """Six hex digits, the same for the same object every build."""
    return hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:6]


def _transform(x: float = 0.0, y: float = 1.0) -> dict[str, float]:
    """Face down (turned over on the z axis), upright to the players at the table's south."""
    return {"posX": x, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _custom_deck(sheet: FaceSheet, back_url: str) -> dict[str, Any]:
    return {"FaceURL": sheet.url, "BackURL": back_url, "NumWidth": sheet.columns,
            "NumHeight": sheet.rows, "BackIsHidden": False, "UniqueBack": False,
            "Type": RECTANGLE_ROUNDED}


def _common(nickname: str, description: str, gm_notes: str, guid: str,
            transform: dict[str, float]) -> dict[str, Any]:
    return {"GUID": guid, "Transform": transform, "Nickname": nickname,
            "Description": description, "GMNotes": gm_notes, "ColorDiffuse": CARD_GREY,
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "HideWhenFaceDown": True, "SidewaysCard": False}


def card_state(card: TableCard, deck: TableDeck, guid: str,
               transform: dict[str, float]) -> dict[str, Any]:
    """One `Card`: in a deck's ContainedObjects, or on the table alone."""
    sheet = next(s for s in deck.sheets if s.number == card.card_id // 100)
    return {"Name": "Card", **_common(card.nickname, card.description, card.gm_notes, guid,
                                      transform),
            "Hands": True, "CardID": card.card_id,
            "CustomDeck": {str(sheet.number): _custom_deck(sheet, deck.back_url)}}


def deck_state(deck: TableDeck, place: int, ident: str) -> dict[str, Any]:
    """The `Deck` for `deck` (a `Card` when it holds one card), `place` decks from the left."""
    transform = _transform(x=place * SPACING)
    if len(deck.cards) == 1:
        return card_state(deck.cards[0], deck, _guid(ident, place, 0), transform)
    cards = [card_state(card, deck, _guid(ident, place, number), _transform())
             for number, card in enumerate(deck.cards, start=1)]
    return {"Name": "Deck", **_common(deck.nickname, "", "", _guid(ident, place), transform),
            "Hands": False, "DeckIDs": [card.card_id for card in deck.cards],
            "CustomDeck": {str(sheet.number): _custom_deck(sheet, deck.back_url)
                           for sheet in deck.sheets},
            "ContainedObjects": cards}


def saved_object(decks: list[TableDeck], ident: str) -> dict[str, Any]:
    """The whole saved object: TTS's save-file fields, empty, around the decks."""
    return {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "",
            "ObjectStates": [deck_state(deck, place, ident)
                             for place, deck in enumerate(decks)]}


def base_address(url: str) -> str:
    """The web address the images will be hosted at, checked and ending in "/", so that
    an image's address is this followed by its file name.

    >>> base_address("https://example.com/mydeck")
    'https://example.com/mydeck/'
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query \
            or parts.fragment:
        raise PrintError(f'"{url}" is not a web address for the card images; give the '
                         "folder they will be at, like https://example.com/mydeck/.")
    address = url.strip()
    return address if address.endswith("/") else address + "/"
