"""A build follows every file a deck's look reads: an edit of the layout file or of one of its
icons draws the cards again, as an edit of the deck file does (the preview's watch follows the
same files)."""

from __future__ import annotations

import shutil
from pathlib import Path

from pypdf import PdfReader

from generator.check.options import CheckOptions
from generator.deck import load_deck
from generator.layout.deck_files import print_inputs
from generator.pipeline import build_deck
from tests.test_deck_sheets_build import edit

ROOT = Path(__file__).resolve().parents[1]
FAST = CheckOptions(games=40, players=(3,))


def _pirates(tmp_path: Path) -> Path:
    folder = tmp_path / "pirates"
    shutil.copytree(ROOT / "decks" / "examples" / "pirates", folder)
    return folder / "pirates.yaml"


def _text(path: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(path).pages[:2])


def test_an_edited_layout_file_is_built_again(tmp_path: Path) -> None:
    deck = _pirates(tmp_path)
    out = tmp_path / "out"
    first = build_deck(deck, targets=("dtc",), out=out, check_options=FAST)
    assert not first.failed, first.reason
    [pdf] = [built.path for built in first.files if built.path.name.endswith("-dtc.pdf")]
    assert "OMEN" in _text(pdf)
    assert build_deck(deck, targets=("dtc",), out=out, check_options=FAST).up_to_date
    edit(deck.with_name("layout.yaml"), "triggers: OMEN", "triggers: PORTENT")
    again = build_deck(deck, targets=("dtc",), out=out, check_options=FAST)
    assert not again.up_to_date and not again.failed
    assert "PORTENT" in _text(pdf) and "OMEN" not in _text(pdf)


def test_an_edited_icon_or_font_is_built_again(tmp_path: Path) -> None:
    deck = _pirates(tmp_path)
    out = tmp_path / "out"
    assert not build_deck(deck, targets=("dtc",), out=out, check_options=FAST).failed
    edit(deck.parent / "icons" / "anchor.svg", "<svg", "<svg data-edited='yes'")
    assert not build_deck(deck, targets=("dtc",), out=out, check_options=FAST).up_to_date


def test_the_build_follows_the_layout_its_fonts_icons_art_and_sheet() -> None:
    deck = load_deck(ROOT / "decks" / "examples" / "pirates" / "pirates.yaml")
    names = {path.name for path in print_inputs(deck)}
    assert {"layout.yaml", "Blankenburg.ttf", "anchor.svg", "kraken.png",
            "omens.csv"} <= names
    assert "pirates.yaml" not in names
