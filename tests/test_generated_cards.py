"""A section written as a product of attribute values and copies instead of a list of cards:
the loader makes the cards, with ids and numbers of their own, and reports every mistake in
the product at its file, line and field. The mechanism is the deck format's, for any kind
with attributes; a kind registered here stands for any game's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import Field

from generator.card_kinds import CardKind, every_kind, json_schema, register_kind, unregister_kind
from generator.deck import LoadedDeck, load_deck
from generator.deck_model import Slug, Strict
from generator.pipeline.faces import faces_for
from generator.printing.faces import CardFace


class Tile(Strict):
    id: Slug
    number: int = Field(ge=1, le=999, strict=True)
    colour: Literal["red", "blue"]
    size: int = Field(ge=1, le=3, strict=True)
    allow: list[str] = Field(default_factory=list)


def tile_front(card: Tile, kind: CardKind, accent: str, folder: Path) -> CardFace:
    return CardFace(kind="tile", label="TILE", number=card.number, text=card.colour,
                    accent=accent, ident=card.id)


@pytest.fixture()
def tiles() -> Iterator[CardKind]:
    kind = CardKind(section="tiles", noun="tile", label="TILE", model=Tile, accent="#336699",
                    description="tiles", front=tile_front,
                    attributes={"colour": ("red", "blue"), "size": (1, 2, 3)})
    register_kind(kind)
    yield kind
    unregister_kind("tiles")


HEAD = "deck:\n  name: Tiles\n"


def load(tmp_path: Path, body: str) -> LoadedDeck:
    path = tmp_path / "tiles.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    return load_deck(path)


def issues(deck: LoadedDeck) -> list[tuple[str, str, int | None, int | None]]:
    return [(issue.code, issue.field, issue.line, issue.column) for issue in deck.issues]


def test_a_product_makes_every_combination_with_its_copies(tmp_path: Path,
                                                           tiles: CardKind) -> None:
    # The file's order of attributes and values does not matter: the kind's order numbers.
    deck = load(tmp_path, "tiles:\n  product:\n    size: [3, 1]\n    colour: [blue, red]\n"
                          "  copies: 2\n")
    assert deck.issues == []
    cards = [card for _, card in deck.cards_of("tiles")]
    assert [(card.id, card.number) for card in cards] == [
        ("red-1-1", 1), ("red-1-2", 2), ("red-3-1", 3), ("red-3-2", 4),
        ("blue-1-1", 5), ("blue-1-2", 6), ("blue-3-1", 7), ("blue-3-2", 8)]
    assert [(card.colour, card.size) for card in cards[::2]] == [
        ("red", 1), ("red", 3), ("blue", 1), ("blue", 3)]
    assert [index for index, _ in deck.cards_of("tiles")] == list(range(8))
    fronts, backs = faces_for(deck)
    assert [face.heading for face in fronts] == [f"TILE {n}" for n in range(1, 9)]
    assert {back.label for back in backs} == {"TILE"}


def test_copies_default_to_one_and_a_kind_may_name_its_designs(tmp_path: Path) -> None:
    kind = CardKind(section="tiles", noun="tile", label="TILE", model=Tile, accent="#336699",
                    description="tiles", attributes={"colour": ("red", "blue"), "size": (1, 2)},
                    design_id=lambda values: f"{values['colour'][0]}{values['size']}")
    register_kind(kind)
    try:
        deck = load(tmp_path, "tiles:\n  product: {colour: [red, blue], size: [2]}\n")
    finally:
        unregister_kind("tiles")
    assert deck.issues == []
    assert [(card.id, card.number) for _, card in deck.cards_of("tiles")] == [
        ("r2-1", 1), ("b2-1", 2)]


def test_listed_cards_still_work_for_a_kind_with_attributes(tmp_path: Path,
                                                            tiles: CardKind) -> None:
    deck = load(tmp_path, "tiles:\n  - {id: big-red, number: 7, colour: red, size: 3}\n")
    assert deck.issues == []
    assert [card.id for _, card in deck.cards_of("tiles")] == ["big-red"]


BAD_VALUES = """tiles:
  product:
    colour: [red, bleu]
    size: [1, "2", 3, 3]
  copies: 2
"""


def test_a_bad_value_is_named_with_its_place_and_a_suggestion(tmp_path: Path,
                                                              tiles: CardKind) -> None:
    deck = load(tmp_path, BAD_VALUES)
    assert sorted(issues(deck)) == [
        ("bad-value", "tiles.product.colour[1]", 5, 19),
        ("bad-value", "tiles.product.size[1]", 6, 15),
        ("bad-value", "tiles.product.size[3]", 6, 23)]
    found = {issue.field: issue for issue in deck.issues}
    assert found["tiles.product.colour[1]"].message == (
        'tiles.product.colour[1]: "bleu" is not a colour of a tile; the colours are red, '
        'blue. Did you mean "blue"?')
    assert found["tiles.product.colour[1]"].path == str(tmp_path / "tiles.yaml")
    assert found["tiles.product.colour[1]"].location.endswith("tiles.yaml:5:19")
    assert "Write 2 without quotes" in found["tiles.product.size[1]"].message
    assert '"3" is given twice' in found["tiles.product.size[3]"].message
    assert deck.cards_of("tiles") == []  # a product with a mistake makes no cards


def test_true_is_not_a_number(tmp_path: Path, tiles: CardKind) -> None:
    deck = load(tmp_path, "tiles:\n  product: {colour: [red], size: [true]}\n")
    assert issues(deck) == [("bad-value", "tiles.product.size[0]", 4, 35)]


@pytest.mark.parametrize(("body", "expected", "words"), [
    ("tiles:\n  product: {colour: [red], size: [1], colur: [red]}\n",
     [("unknown-key", "tiles.product.colur", 4, 39)], 'Did you mean "colour"?'),
    ("tiles:\n  product: {colour: [red]}\n",
     [("missing-field", "tiles.product", 4, 12)], 'has no "size"'),
    ("tiles:\n  product: {}\n", [("bad-value", "tiles.product", 4, 12)],
     "is empty, so it makes no cards"),
    ("tiles:\n  product: {colour: [], size: [1]}\n",
     [("bad-value", "tiles.product.colour", 4, 21)], "is empty, so the product makes no cards"),
    ("tiles:\n  product: {colour: red, size: [1]}\n",
     [("wrong-type", "tiles.product.colour", 4, 21)], "must be a list of colours"),
    ("tiles:\n  product: [red, blue]\n", [("wrong-type", "tiles.product", 4, 12)],
     "must map each attribute to its values"),
    ("tiles:\n  copies: 2\n", [("missing-field", "tiles", 4, 3)], 'has no "product"'),
    ("tiles:\n  product: {colour: [red], size: [1]}\n  copies: 0\n",
     [("bad-value", "tiles.copies", 5, 11)], "must be from 1 to 999, not 0"),
    ("tiles:\n  product: {colour: [red], size: [1]}\n  copies: -2\n",
     [("bad-value", "tiles.copies", 5, 11)], "not -2"),
    ("tiles:\n  product: {colour: [red], size: [1]}\n  copies: two\n",
     [("wrong-type", "tiles.copies", 5, 11)], "must be a whole number"),
    ("tiles:\n  product: {colour: [red], size: [1]}\n  copies: true\n",
     [("wrong-type", "tiles.copies", 5, 11)], "must be a whole number"),
    ("tiles:\n  product: {colour: [red, blue], size: [1, 2, 3]}\n  copies: 200\n",
     [("bad-value", "tiles.product", 4, 12)], "would make 1,200 cards"),
    ("tiles:\n  product: {colour: [red], size: [1]}\n  copys: 2\n",
     [("unknown-key", "tiles.copys", 5, 3)], 'Did you mean "copies"?'),
])
def test_a_product_with_a_mistake_says_where_and_what(
        tmp_path: Path, tiles: CardKind, body: str,
        expected: list[tuple[str, str, int, int]], words: str) -> None:
    deck = load(tmp_path, body)
    assert issues(deck) == expected
    assert words in deck.issues[0].message


def test_a_kind_without_attributes_has_no_products(tmp_path: Path) -> None:
    deck = load(tmp_path, "aids:\n  product: {colour: [red]}\n")
    assert [(issue.code, issue.message) for issue in deck.issues] == [
        ("wrong-type", '"aids" must be a list of cards or a spreadsheet to read them from '
                       "(from: a .csv or .xlsx file).")]


def test_made_ids_clash_with_listed_ones_like_any_ids(tmp_path: Path, tiles: CardKind) -> None:
    deck = load(tmp_path, "tiles:\n  product: {colour: [red], size: [1]}\n"
                          "aids:\n  - {id: red-1-1, number: 1, text: Hi.}\n")
    assert [issue.code for issue in deck.issues] == ["duplicate-id"]


# The JSON Schema describes the same form.

def test_the_schema_describes_a_product(tiles: CardKind) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema: dict[str, Any] = json_schema()
    jsonschema.validators.validator_for(schema).check_schema(schema)
    good = {"deck": {"name": "Tiles"},
            "tiles": {"product": {"colour": ["red"], "size": [1, 3]}, "copies": 2}}
    jsonschema.validate(good, schema)
    jsonschema.validate({"deck": {"name": "Tiles"}, "tiles": [
        {"id": "a", "number": 1, "colour": "red", "size": 2}]}, schema)
    for bad in ({"product": {"colour": ["bleu"], "size": [1]}},
                {"product": {"colour": ["red"], "size": ["1"]}},
                {"product": {"colour": ["red"], "size": [1, 1]}},
                {"product": {"colour": [], "size": [1]}},
                {"product": {"colour": ["red"]}},
                {"product": {"colour": ["red"], "size": [1], "shade": ["dark"]}},
                {"product": {"colour": ["red"], "size": [1]}, "copies": 0},
                {"product": {"colour": ["red"], "size": [1]}, "copys": 2},
                {"copies": 2}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({"deck": {"name": "Tiles"}, "tiles": bad}, schema)
    made = schema["$defs"]["TilesGenerated"]
    assert made["properties"]["copies"]["minimum"] == 1 and made["required"] == ["product"]
    assert schema["$defs"]["TilesProduct"]["properties"]["size"]["items"]["enum"] == [1, 2, 3]


def test_the_shipped_kinds_with_attributes_are_in_the_schema() -> None:
    schema: dict[str, Any] = json_schema()
    product = schema["$defs"]["ShapesProduct"]["properties"]
    assert {name: product[name]["items"]["enum"] for name in product} == {
        name: list(values) for name, values in every_kind()["shapes"].attributes.items()}
    aids = schema["properties"]["aids"]
    assert aids["then"]["type"] == "array"  # a list, or a sheet to read: no product form
    assert aids["else"] == {"$ref": "#/$defs/AidsFromSheet"}
