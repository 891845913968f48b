"""Card pictures for any virtual table: the manifest read back against the deck, every file
it names present at the stated pixels and showing that card."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.games import load_part
from generator.deck import load_deck
from generator.pipeline.faces import faces_for
from generator.printing import CardFace, PrintError, find_size
from generator.printing.png import render_png
from generator.printing.virtual_tables import trim_composer
from generator.printing.vtt import write_vtt

from .conftest import deck

DECKS = Path(__file__).resolve().parents[2] / "decks"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory
          ) -> tuple[Path, list[CardFace], list[Any], dict[str, Any]]:
    loaded = load_deck(DECKS / "what-the-rule.yaml")
    assert loaded.info is not None
    load_part(loaded.info.base_game, "printing")
    fronts, backs = faces_for(loaded)
    folder = tmp_path_factory.mktemp("vtt") / "what-the-rule-vtt"
    write_vtt(folder, fronts, backs, ident=loaded.deck_id, deck_name=loaded.info.name)
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    return folder, list(fronts), list(backs), manifest


def test_the_manifest_lists_the_deck_in_order(
        built: tuple[Path, list[CardFace], list[Any], dict[str, Any]]) -> None:
    _, fronts, _, manifest = built
    assert manifest["manifest"] == 1
    assert manifest["deck"] == {
        "id": "what-the-rule", "name": "What the Rule?!",
        "card_size": {"name": "poker", "width_mm": 63.0, "height_mm": 88.0},
        "pixels": [744, 1039], "dpi": 300, "cards": len(fronts)}
    cards = manifest["cards"]
    assert [card["index"] for card in cards] == list(range(1, len(fronts) + 1))
    assert [card["id"] for card in cards] == [face.ident for face in fronts]
    for card, face in zip(cards, fronts, strict=True):
        assert (card["kind"], card["section"], card["heading"], card["title"],
                card["text"]) == (face.kind, face.section, face.heading, face.title, face.text)
        assert card["details"] == dict(face.details)


def test_every_file_exists_at_the_stated_pixels_and_shows_its_card(
        built: tuple[Path, list[CardFace], list[Any], dict[str, Any]]) -> None:
    folder, fronts, backs, manifest = built
    pixels = tuple(manifest["deck"]["pixels"])
    named = {card["front"] for card in manifest["cards"]} | {
        card["back"] for card in manifest["cards"]}
    assert named | {"manifest.json", "README.txt"} == {p.name for p in folder.iterdir()}
    for name in named:
        with Image.open(folder / name) as image:
            assert image.size == pixels
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    composer = trim_composer(find_size("poker"))
    for card, face, back in [*zip(manifest["cards"], fronts, backs, strict=True)][::37]:
        with Image.open(folder / card["front"]) as image:
            fresh = render_png(composer.front(face), size_px=pixels, dpi=300)
            assert image.convert("RGB").tobytes() == fresh.tobytes()
        with Image.open(folder / card["back"]) as image:
            fresh = render_png(composer.back(back), size_px=pixels, dpi=300)
            assert image.convert("RGB").tobytes() == fresh.tobytes()


def test_copies_share_a_front_and_a_kind_shares_one_back(
        built: tuple[Path, list[CardFace], list[Any], dict[str, Any]]) -> None:
    _, _, _, manifest = built
    by_id = {card["id"]: card for card in manifest["cards"]}
    assert by_id["w1fc-1"]["front"] == by_id["w1fc-2"]["front"]
    assert len({card["front"] for card in manifest["cards"]}) == 72 + 44
    backs: dict[str, set[str]] = {}
    for card in manifest["cards"]:
        backs.setdefault(card["kind"], set()).add(card["back"])
    assert backs == {"shape": {"back-shape.png"}, "rule": {"back-rule-card.png"}}


def test_a_kind_with_two_backs_is_refused(tmp_path: Path) -> None:
    fronts, backs = deck(3)
    backs[2] = replace(backs[2], label="OTHER")  # card 3, a trigger
    with pytest.raises(PrintError, match="different backs"):
        write_vtt(tmp_path / "v", fronts, backs, ident="v")
