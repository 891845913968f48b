"""Tabletop Simulator export, read back as TTS reads it: the saved object's decks, every
CardID's cell of its face sheet, the hidden cell, the backs, against the shipped decks."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from PIL import Image

from engine.games import load_part
from generator.deck import load_deck
from generator.pipeline.faces import faces_for
from generator.printing import CardBack, CardFace, PrintError, find_size
from generator.printing.tts import write_tts
from generator.printing.tts_grid import MAX_SIDE, PER_SHEET, cell_pixels, sheet_grid
from generator.printing.tts_save import base_address

from .conftest import deck
from .tablesread import (
    cards_of,
    cell_image,
    drawn,
    every_entry,
    file_of,
    hidden_cell,
    saved,
    sheets_of,
)

DECKS = Path(__file__).resolve().parents[2] / "decks"


@dataclass(frozen=True)
class Built:
    folder: Path
    ident: str
    fronts: list[CardFace]
    backs: list[CardBack]


def _build(name: str, folder: Path) -> Built:
    loaded = load_deck(DECKS / name)
    assert loaded.info is not None
    load_part(loaded.info.base_game, "printing")
    fronts, backs = faces_for(loaded)
    write_tts(folder, fronts, backs, ident=loaded.deck_id, deck_name=loaded.info.name)
    return Built(folder, loaded.deck_id, list(fronts), list(backs))


@pytest.fixture(scope="module", params=["what-the-rule.yaml", "base.yaml"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(request.param, tmp_path_factory.mktemp("tts") / "deck-tts")


def test_a_poker_cell_is_the_largest_that_fits_ten_by_seven_in_4096() -> None:
    assert cell_pixels(find_size("poker")) == (409, 571)
    for size in ("poker", "bridge", "tarot", "mini"):
        card = find_size(size)
        ratio = card.height_mm / card.width_mm
        width, height = cell_pixels(card)
        assert height == round(width * ratio)  # the card's own proportions
        assert width * 10 <= MAX_SIDE and height * 7 <= MAX_SIDE
        assert (width + 1) * 10 > MAX_SIDE or round((width + 1) * ratio) * 7 > MAX_SIDE


def test_every_sheet_size_holds_its_cards_and_the_hidden_cell() -> None:
    for cards in range(1, PER_SHEET + 1):
        columns, rows = sheet_grid(cards)
        assert 2 <= columns <= 10 and 2 <= rows <= 7
        assert cards + 1 <= columns * rows
        assert columns * rows == 4 or columns * rows < cards + 1 + max(columns, rows)
    assert sheet_grid(PER_SHEET) == (10, 7)


def test_sheets_are_whole_cells_within_4096_pixels(built: Built) -> None:
    data = saved(built.folder, built.ident)
    cell = cell_pixels(find_size("poker"))
    entries = list(every_entry(data))
    used = 0
    for entry in {e["FaceURL"]: e for e in entries}.values():
        with Image.open(file_of(entry["FaceURL"], built.folder)) as sheet:
            assert sheet.size == (entry["NumWidth"] * cell[0], entry["NumHeight"] * cell[1])
            assert max(sheet.size) <= MAX_SIDE
    for state in data["ObjectStates"]:
        used += len({card["CardID"] for card in cards_of(state)})
    pictures = {drawn(face).tobytes() for face in built.fronts}
    assert used == len(pictures)  # a cell per distinct picture, no more


def test_every_card_id_points_at_a_cell_showing_that_card(built: Built) -> None:
    data = saved(built.folder, built.ident)
    by_ident = {face.ident: face for face in built.fronts}
    for state in data["ObjectStates"]:
        entries = sheets_of(state)
        for card in cards_of(state):
            face = by_ident[card["GMNotes"]]
            assert cell_image(card["CardID"], entries, built.folder).tobytes() == \
                drawn(face).tobytes(), card["GMNotes"]
            assert card["Nickname"].startswith(face.heading)
            assert card["Description"] == (face.text or card["Description"])


def test_the_cards_are_the_decks_in_order_one_tts_deck_per_back(built: Built) -> None:
    data = saved(built.folder, built.ident)
    states = data["ObjectStates"]
    groups = list(dict.fromkeys(built.backs))
    assert len(states) == len(groups)
    for state, back in zip(states, groups, strict=True):
        ids = [face.ident for face, b in zip(built.fronts, built.backs, strict=True)
               if b == back]
        assert [card["GMNotes"] for card in cards_of(state)] == ids
        if state["Name"] == "Deck":
            assert state["DeckIDs"] == [card["CardID"] for card in cards_of(state)]
    assert sum(len(cards_of(state)) for state in states) == len(built.fronts)


def test_every_card_of_a_deck_shows_one_back_also_in_the_hidden_cell(built: Built) -> None:
    data = saved(built.folder, built.ident)
    seen = set()
    for state, back in zip(data["ObjectStates"], dict.fromkeys(built.backs), strict=True):
        entries = sheets_of(state)
        (back_url,) = {entry["BackURL"] for entry in entries.values()}
        assert back_url not in seen
        seen.add(back_url)
        fresh = drawn(back).tobytes()
        with Image.open(file_of(back_url, built.folder)) as image:
            assert image.convert("RGB").tobytes() == fresh
        for entry in entries.values():
            assert hidden_cell(entry, built.folder).tobytes() == fresh


def test_copies_share_a_cell_and_different_cards_do_not(built: Built) -> None:
    """What the Rule?!'s two copies of each of its 72 shape designs share one cell beside
    its 44 rule cards; every card of the base deck differs, so each has its own."""
    data = saved(built.folder, built.ident)
    ids = {card["GMNotes"]: card["CardID"] for state in data["ObjectStates"]
           for card in cards_of(state)}
    assert len(ids) == len(built.fronts)
    if built.ident == "what-the-rule":
        assert ids["w1fc-1"] == ids["w1fc-2"]
        assert len(set(ids.values())) == 72 + 44
    else:
        assert len(set(ids.values())) == len(built.fronts)


def test_the_saved_object_has_what_tts_reads(built: Built) -> None:
    data = saved(built.folder, built.ident)
    assert data["SaveName"] == "" and isinstance(data["ObjectStates"], list)
    for place, state in enumerate(data["ObjectStates"]):
        assert state["Name"] == "Deck"
        assert {"GUID", "Transform", "Nickname", "DeckIDs", "CustomDeck",
                "ContainedObjects"} <= set(state)
        assert state["Transform"]["rotZ"] == 180  # face down
        assert state["Transform"]["posX"] == pytest.approx(place * 3.0)
        assert state["Nickname"].endswith(("triggers", "actions", "shapes", "rule cards"))
        for card in state["ContainedObjects"]:
            assert card["Name"] == "Card" and card["HideWhenFaceDown"] is True
            assert set(card["CustomDeck"]) == {str(card["CardID"] // 100)}
    for entry in every_entry(data):
        assert entry["BackIsHidden"] is False and entry["UniqueBack"] is False
        assert entry["Type"] == 0
        assert entry["FaceURL"].startswith("file:///")
        assert file_of(entry["FaceURL"], built.folder).parent == built.folder.resolve()
    guids = [obj["GUID"] for state in data["ObjectStates"] for obj in [state,
                                                                         *cards_of(state)]]
    assert len(set(guids)) == len(guids)


def test_the_readme_says_where_the_saved_object_goes(built: Built) -> None:
    text = (built.folder / "README.txt").read_text("utf-8")
    for place in (r"Documents\My Games\Tabletop Simulator\Saves\Saved Objects",
                  "~/Library/Tabletop Simulator/Saves/Saved Objects",
                  "~/.local/share/Tabletop Simulator/Saves/Saved Objects",
                  f"{built.ident}.json", "Cloud Manager", "--tts-url"):
        assert place in text


def test_a_deck_of_one_card_is_a_card(tmp_path: Path) -> None:
    fronts, backs = deck(5)  # triggers 1, 3 and 5, actions 2 and 4
    fronts[4] = replace(fronts[4], kind="lone", ident="lone")
    backs[4] = CardBack(kind="lone", label="LONE", deck_name="Test Deck", accent="#336699")
    write_tts(tmp_path / "t", fronts, backs, ident="t", deck_name="Test Deck")
    states = saved(tmp_path / "t", "t")["ObjectStates"]
    assert [state["Name"] for state in states] == ["Deck", "Deck", "Card"]
    lone = states[2]
    assert lone["GMNotes"] == "lone" and lone["Nickname"] == "TRIGGER 5"
    assert lone["Transform"]["rotZ"] == 180 and lone["Hands"] is True
    (entry,) = lone["CustomDeck"].values()
    assert (entry["NumWidth"], entry["NumHeight"]) == (2, 2)
    assert cell_image(lone["CardID"], lone["CustomDeck"], tmp_path / "t").tobytes() == \
        drawn(fronts[4]).tobytes()


def test_a_web_address_names_every_image_there(tmp_path: Path) -> None:
    fronts, backs = deck(4)
    write_tts(tmp_path / "t", fronts, backs, ident="t", base_url="https://example.com/mydeck")
    data = saved(tmp_path / "t", "t")
    for entry in every_entry(data):
        for url in (entry["FaceURL"], entry["BackURL"]):
            assert url.startswith("https://example.com/mydeck/")
            assert file_of(url, tmp_path / "t").is_file()
    assert "upload every .png" in (tmp_path / "t" / "README.txt").read_text("utf-8")
    for bad in ("example.com/mydeck", "ftp://example.com/", "https://", "file:///tmp/x"):
        with pytest.raises(PrintError, match="not a web address"):
            base_address(bad)


def test_two_cards_of_a_kind_with_different_backs_are_refused(tmp_path: Path) -> None:
    fronts, backs = deck(4)
    backs[2] = replace(backs[2], label="TRIGGER!")  # card 3, a trigger, would stand out
    with pytest.raises(PrintError, match='"trigger" cards would show 2 different backs'):
        write_tts(tmp_path / "t", fronts, backs, ident="t")
    assert not (tmp_path / "t").exists()


def test_a_folder_with_other_files_is_refused(tmp_path: Path) -> None:
    fronts, backs = deck(2)
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "notes.txt").write_text("mine")
    with pytest.raises(PrintError, match=r"notes\.txt"):
        write_tts(tmp_path / "t", fronts, backs, ident="t")
    (tmp_path / "t" / "notes.txt").unlink()
    (tmp_path / "t" / "other.json").write_text("{}")  # another deck's saved object
    with pytest.raises(PrintError, match=r"other\.json"):
        write_tts(tmp_path / "t", fronts, backs, ident="t")
    (tmp_path / "t" / "other.json").unlink()
    write_tts(tmp_path / "t", fronts, backs, ident="t")
    first = sorted(p.name for p in (tmp_path / "t").iterdir())
    write_tts(tmp_path / "t", fronts, backs, ident="t")  # its own files are replaced
    assert sorted(p.name for p in (tmp_path / "t").iterdir()) == first
    json.loads((tmp_path / "t" / "t.json").read_text("utf-8"))
