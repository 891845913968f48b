"""`hrdeck preview`: one PNG per chosen card, at the card's size and its bleed, the deck checked
first; run in-process on the small pirate deck of the layout tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from generator.printing.drawing import luminance
from tests.in_process import hrdeck
from tests.layout.helpers import pirate_deck

LAYOUT = """\
labels:
  triggers: OMEN
templates:
  front:
    elements:
      corner:
        type: text
        text: "{number}"
        box: {of: safe, left: 0, width: 8mm, bottom: 0, height: 8mm}
        size: 12pt
        min_size: 7pt
        repeat: [0, 180]
"""


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    return pirate_deck(tmp_path, LAYOUT)


def card_and_bleed_pixels(dpi: int) -> tuple[int, int]:
    """A poker card (63 × 88 mm) and its 3 mm bleed on each side, in pixels at `dpi`."""
    return round((63 + 6) / 25.4 * dpi), round((88 + 6) / 25.4 * dpi)


def test_one_png_per_chosen_card_at_the_card_and_its_bleed(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "previews"
    done = hrdeck("preview", deck, "--card", "seven", "--card", "arr", "--out", out)
    assert done.returncode == 0, done.stderr
    assert sorted(path.name for path in out.iterdir()) == ["arr.png", "seven.png"]
    assert str(out / "seven.png") in done.stdout and str(out / "arr.png") in done.stdout
    with Image.open(out / "seven.png") as image:
        assert image.size == card_and_bleed_pixels(150) == (407, 555)
    hrdeck("preview", deck, "--card", "seven", "--out", out, "--dpi", "300")
    with Image.open(out / "seven.png") as image:
        assert image.size == card_and_bleed_pixels(300)


def test_the_bleed_is_lighter_than_the_card_so_the_cut_shows(deck: Path, tmp_path: Path) -> None:
    hrdeck("preview", deck, "--card", "seven", "--out", tmp_path)
    with Image.open(tmp_path / "seven.png") as image:
        bleed = 3 / 25.4 * 150  # pixels of bleed: the classic look's background fills it all
        outside = image.getpixel((round(bleed / 2), image.height // 2))
        inside = image.getpixel((round(bleed) + 3, image.height // 2))
    assert isinstance(outside, tuple) and isinstance(inside, tuple)
    def hex_of(pixel: tuple[int, ...]) -> str:
        return "#{:02x}{:02x}{:02x}".format(*pixel[:3])
    assert luminance(hex_of(outside)) > luminance(hex_of(inside)) + 0.1


def test_every_card_by_default_into_the_decks_preview_folder(deck: Path, tmp_path: Path) -> None:
    done = hrdeck("preview", deck, "--back", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "output" / "pirates" / "preview"
    assert sorted(path.name for path in folder.iterdir()) == sorted(
        ["seven.png", "jack.png", "queen.png", "arr.png", "clap.png", "knock.png",
         "trigger.back.png", "action.back.png"])  # no temporary file left beside them
    assert "8 of 8 side(s) drawn" in done.stdout


def test_an_unknown_card_id_is_one_line_with_the_closest(deck: Path, tmp_path: Path) -> None:
    done = hrdeck("preview", deck, "--card", "sevn", "--out", tmp_path / "out")
    assert done.returncode == 2
    assert 'has no card "sevn". Did you mean "seven"?' in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "out" / "seven.png").exists()


def test_a_deck_with_errors_stops_the_preview_as_check_reports_them(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, LAYOUT.replace("size: 12pt", "sise: 12pt"))
    done = hrdeck("preview", deck, "--out", tmp_path / "out")
    assert done.returncode == 1
    assert "unknown-key" in done.stdout and 'Did you mean "size"?' in done.stdout
    assert "layout.yaml:" in done.stdout  # the place, as check prints it
    assert not (tmp_path / "out").exists()


def test_an_out_folder_that_cannot_be_one_is_a_sentence(deck: Path, tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    done = hrdeck("preview", deck, "--card", "seven", "--out", tmp_path / "a-file")
    assert done.returncode == 2 and "Cannot write" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "not a folder"


def test_text_that_does_not_fit_is_said_for_the_cards_drawn(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, "templates:\n  front:\n    elements:\n"
                                 "      body: {size: 90pt, min_size: 80pt}\n")
    done = hrdeck("preview", deck, "--card", "knock", "--out", tmp_path / "out")
    assert done.returncode == 0, done.stderr  # drawn anyway: the preview shows it
    assert "text-overflow" in done.stdout  # the check says so for the whole deck
    said = [line for line in done.stdout.splitlines() if "does not fit:" in line]
    assert said and all("knock" in line and "seven" not in line for line in said)
    assert "the body does not fit even at 80 pt" in said[0]  # and for the cards drawn
