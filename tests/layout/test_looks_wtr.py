"""What the Rule?!'s look: corner indices a fanned hand shows, the ink-saving variant for home
printers, and the rule cards' own look."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from generator.deck import load_deck
from generator.layout.deck_look import deck_look
from generator.pipeline.faces import faces_for
from generator.printing.drawing import Text, walk_text
from generator.printing.face_designs import compose_face
from generator.printing.faces import CardFace

from .looks import DECKS, POKER, composed_front, dark_share, render, shipped, texts

GLYPHS = {("circle", "filled"): "●", ("circle", "unfilled"): "○",
          ("triangle", "filled"): "▲", ("triangle", "unfilled"): "△",
          ("square", "filled"): "■", ("square", "unfilled"): "□"}
INK_SAVING_MOST = 0.25


def _shape_fronts() -> list[int]:
    return [index for index, face in enumerate(shipped("what-the-rule").fronts)
            if face.kind == "shape"]


def test_every_shape_card_shows_its_count_and_shape_in_two_opposite_corners() -> None:
    fronts = shipped("what-the-rule").fronts
    indices = _shape_fronts()
    assert len(indices) == 144
    for index in indices:
        face = fronts[index]
        details = dict(face.details)
        side = composed_front("what-the-rule", index)
        runs = [text for text, _ in walk_text(side.items) if isinstance(text, Text)]
        counts = [run for run in runs if run.text == details["count"]]
        shapes = [run for run in runs if run.text == GLYPHS[details["shape"], details["fill"]]]
        for pair in (counts, shapes):
            assert sorted(run.turns % 4 for run in pair) == [0, 2], face.ident  # one turned
            upright, turned = sorted(pair, key=lambda run: run.turns % 4)
            # Opposite corners: the turned one is the upright one about the card's centre.
            assert upright.box.centre_x < side.trim.centre_x < turned.box.centre_x
            assert upright.box.centre_y > side.trim.centre_y > turned.box.centre_y
            assert turned.box.centre_x == pytest.approx(2 * side.trim.centre_x
                                                        - upright.box.centre_x, abs=0.5)
        assert counts[0].size >= 14  # read across a fanned hand
        corner = next(drawn for drawn in texts(side) if drawn.name == "index_count")
        assert corner.ink is not None and side.safe.contains(corner.ink)
        shapes_drawn = next(drawn for drawn in side.placed if drawn.type == "shapes")
        assert shapes_drawn.ink is not None
        assert shapes_drawn.ink.intersection(corner.ink) is None  # the corner stays clear


def _black_and_white(deck_path: Path) -> tuple[list[CardFace], list[CardFace]]:
    deck = load_deck(deck_path)
    fronts, _ = faces_for(deck)
    designs = [face for face in fronts if face.kind == "shape" and face.ident.endswith("-1")]
    black = [face for face in designs if dict(face.details)["colour"] == "black"]
    white = [face for face in designs if dict(face.details)["colour"] == "white"]
    assert len(black) == len(white) == 36
    return black, white


@functools.cache
def _ink_saving_deck(folder: Path) -> Path:
    """The shipped deck, with a layout file beside it that picks the ink-saving variant."""
    text = (DECKS / "what-the-rule.yaml").read_text(encoding="utf-8")
    text = text.replace("  card_size: poker\n", "  card_size: poker\n  layout: layout.yaml\n", 1)
    (folder / "layout.yaml").write_text("extends: what-the-rule-ink-saving\n", encoding="utf-8")
    path = folder / "what-the-rule.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def ink_saving(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _ink_saving_deck(tmp_path_factory.mktemp("ink-saving"))


def test_a_deck_picks_the_ink_saving_variant_with_its_layout_file(ink_saving: Path) -> None:
    deck = load_deck(ink_saving)
    look = deck_look(deck)
    assert look is not None and not deck.issues
    assert [path.stem for path in look.files] == ["classic", "what-the-rule",
                                                  "what-the-rule-ink-saving", "layout"]


def test_ink_saving_black_cards_take_under_a_quarter_of_the_ink(ink_saving: Path) -> None:
    black, _ = _black_and_white(ink_saving)
    saving = {face.ident: dark_share(render(compose_face(face, POKER, 3))) for face in black}
    assert max(saving.values()) < INK_SAVING_MOST, max(saving.items(), key=lambda i: i[1])
    full_black, _ = _black_and_white(DECKS / "what-the-rule.yaml")
    for face in full_black[::5]:
        assert dark_share(render(compose_face(face, POKER, 3))) > INK_SAVING_MOST


def test_ink_saving_black_and_white_cards_are_told_apart_at_a_glance(ink_saving: Path) -> None:
    """A black card's frame darkens the band along its edges; a white card's stays white,
    whatever their shapes: the same design on both colours differs all round its edge."""
    black, white = _black_and_white(ink_saving)
    for dark, light in list(zip(black, white, strict=True))[::4]:
        assert dict(dark.details)["shape"] == dict(light.details)["shape"]
        images = [render(compose_face(face, POKER, 3), dpi=60).convert("L")
                  for face in (dark, light)]
        width, height = images[0].size
        for image, expected_dark in zip(images, (True, False), strict=True):
            ring = 4 * 60 / 25.4  # the frame lies about 4 mm inside the edge
            edge = [image.getpixel((round(ring), height // 2)),
                    image.getpixel((width - 1 - round(ring), height // 2)),
                    image.getpixel((width // 2, round(ring))),
                    image.getpixel((width // 2, height - 1 - round(ring)))]
            assert all((value < 128) == expected_dark for value in edge), (dark.ident, edge)


def test_rule_cards_have_a_look_of_their_own() -> None:
    fronts = shipped("what-the-rule").fronts
    levels = {"easy": "● ○ ○", "medium": "● ● ○", "hard": "● ● ●"}
    rules = [index for index, face in enumerate(fronts) if face.kind == "rule"]
    assert rules
    for index in rules:
        face = fronts[index]
        side = composed_front("what-the-rule", index)
        words = {drawn.name: drawn for drawn in texts(side)}
        level = dict(face.fields)["level"]
        assert f"level_{level}" in words
        shown = [text.text for text, _ in walk_text(side.items) if isinstance(text, Text)]
        assert levels[str(level)] in shown and face.heading in shown
        assert "body_titled" in words and not side.overflow
