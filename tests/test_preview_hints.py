"""`hrdeck preview --hints`: the proof sheet outlines and names every element's box."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops

from generator.deck import load_deck
from generator.preview.hints import HINTS, hinted_image, outlined_boxes
from generator.preview.render import Frame, side_image
from generator.preview.sides import compose_sides
from generator.printing.drawing import rgb
from tests.fifth_game.plugged import declared_fifth_game
from tests.in_process import hrdeck
from tests.layout.helpers import pirate_deck
from tests.test_preview import LAYOUT

FIFTH_DECK = Path(__file__).resolve().parent / "fifth_game" / "deck.yaml"

ELEMENT = rgb(HINTS["element"][0])


def test_the_proof_sheet_holds_the_chosen_cards_and_a_legend(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, LAYOUT)
    done = hrdeck("preview", deck, "--card", "seven,jack", "--hints", "--out", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert str(tmp_path / "out" / "proof.png") in done.stdout
    with Image.open(tmp_path / "out" / "proof.png") as sheet, \
            Image.open(tmp_path / "out" / "seven.png") as card:
        assert sheet.width > 2 * card.width  # side by side
        assert sheet.height > card.height + 4 * 10  # captions and the legend's four lines


def test_every_element_is_outlined_in_the_hint_colour(tmp_path: Path) -> None:
    deck = load_deck(pirate_deck(tmp_path, LAYOUT))
    (side,), _ = compose_sides(deck, ["seven"])
    names = [name for name, _ in outlined_boxes(side)]
    assert {"background", "panel", "label", "body", "flavour"} <= set(names)
    assert names.count("corner") == 2  # drawn again upside down: outlined in both corners
    plain, hinted = side_image(side.composed), hinted_image(side, 150)
    frame = Frame.of(side.composed, 150)
    panel = dict(outlined_boxes(side))["panel"]
    left, top, _, bottom = frame.box(panel)
    middle = (left, (top + bottom) // 2)  # the panel's left edge, halfway down
    assert plain.getpixel(middle) != ELEMENT and hinted.getpixel(middle) == ELEMENT


def test_each_box_is_named_in_its_top_left_corner(tmp_path: Path) -> None:
    deck = load_deck(pirate_deck(tmp_path, LAYOUT))
    (side,), _ = compose_sides(deck, ["seven"])
    frame = Frame.of(side.composed, 150)
    left, top, _, _ = frame.box(dict(outlined_boxes(side))["flavour"])
    plain, hinted = side_image(side.composed), hinted_image(side, 150)
    inside = (left + 4, top + 4, left + 30, top + 10)  # clear of the outline itself
    assert ImageChops.difference(plain, hinted).crop(inside).getbbox() is not None
    orange = [(x, y) for x in range(inside[0], inside[2]) for y in range(inside[1], inside[3])
              if _is_orange(hinted.getpixel((x, y)))]
    assert len(orange) > 20  # the letters of "flavour", in the hint colour


def _is_orange(pixel: object) -> bool:
    assert isinstance(pixel, tuple)
    red, _, blue = pixel[:3]
    return bool(red - blue > 90)


def test_a_deck_without_a_look_is_said_to_have_no_elements(tmp_path: Path) -> None:
    """A game that declares no look (the fifth game, drawn by its own face design) has no
    layout elements to outline: the proof sheet says so."""
    with declared_fifth_game():
        done = hrdeck("preview", FIFTH_DECK, "--hints", "--out", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert "outlines no elements" in done.stdout and (tmp_path / "out" / "proof.png").exists()
