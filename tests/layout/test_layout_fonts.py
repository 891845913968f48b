"""A layout's fonts: a designer's own file, named families in their styles, and a fallback
chain that finds every character a card prints."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from generator.deck import load_deck
from generator.layout.deck_look import deck_look
from generator.layout.model import BUILTIN_FAMILIES
from generator.layout.typefaces import BUILTIN_FAMILIES as FACES
from generator.layout.typefaces import face_of, font_for
from generator.pipeline import build_deck
from generator.printing.fonts import BOLD, OBLIQUE, REGULAR, chain_fonts, split_runs
from tests.printing.tiny_fonts import make_font

from .helpers import pirate_deck

BASE = Path(__file__).resolve().parents[2] / "decks" / "base.yaml"

PIRATE = """\
fonts:
  Pirate: {regular: pirate.ttf}
templates:
  front:
    elements:
      label: {font: Pirate}
"""


def test_every_family_the_model_names_has_its_faces() -> None:
    assert set(BUILTIN_FAMILIES) == set(FACES)


def test_a_designers_font_sets_its_elements_and_dejavu_finds_what_it_lacks(
        tmp_path: Path) -> None:
    make_font(tmp_path / "pirate.ttf", family="Pirate One")
    deck = load_deck(pirate_deck(tmp_path, PIRATE))
    look = deck_look(deck)
    assert look is not None and not deck.issues, deck.issues
    chain = font_for(look, "Pirate", "regular", {})
    first, *rest = chain_fonts(chain)
    assert rest == [REGULAR]  # DejaVu Sans last, for what the designer's font lacks
    assert [font for font, _ in split_runs("OMEN ♠ 3", chain)] == [first, REGULAR, first]


def test_the_build_embeds_the_designers_font(tmp_path: Path) -> None:
    make_font(tmp_path / "pirate.ttf", family="Pirate One")
    base = BASE.read_text(encoding="utf-8")
    path = pirate_deck(tmp_path, PIRATE, base.replace(
        "  card_size: poker\n", "  card_size: poker\n  layout: layout.yaml\n", 1))
    report = build_deck(path, out=tmp_path / "out", targets=("dtc",))
    assert not report.failed, report.reason
    pdf = next((tmp_path / "out").rglob("*-dtc.pdf"))
    fonts = {str(font.get("/BaseFont")) for page in PdfReader(pdf).pages[:1]
             for font in page["/Resources"]["/XObject"].values()
             for font in _fonts_in(font.get_object())}
    assert any("Pirate-One" in font for font in fonts), fonts  # embedded, under its own name


def _fonts_in(xobject: object) -> list[object]:
    resources = xobject.get("/Resources") if hasattr(xobject, "get") else None  # type: ignore[union-attr]
    if not resources or "/Font" not in resources:
        return []
    return [font.get_object() for font in resources["/Font"].values()]


def test_built_in_families_come_in_their_styles(tmp_path: Path) -> None:
    look = deck_look(load_deck(pirate_deck(tmp_path, "labels: {triggers: OMEN}\n")))
    assert look is not None
    assert face_of(look, "DejaVu Sans", "bold") == BOLD
    assert face_of(look, "DejaVu Sans", "italic") == OBLIQUE
    assert face_of(look, "Bebas Neue", "italic") != REGULAR  # its regular stands in


def test_an_unknown_family_is_named_with_the_closest(tmp_path: Path) -> None:
    deck = load_deck(pirate_deck(tmp_path, """\
templates:
  front:
    elements:
      label: {font: Dejavu Serif}
"""))
    deck_look(deck)
    problems = [issue for issue in deck.issues if issue.code == "bad-value"]
    assert len(problems) == 1 and 'Did you mean "DejaVu Serif"?' in problems[0].message
    assert problems[0].line == 4


def test_glyph_missing_checks_the_words_font_chain(tmp_path: Path) -> None:
    """A character the designer's font lacks but DejaVu has prints; one no font of the chain
    has is an error naming the fonts tried."""
    from generator.check import CheckOptions, check_deck

    make_font(tmp_path / "pirate.ttf", family="Pirate One")
    base = BASE.read_text(encoding="utf-8").replace(
        "  card_size: poker\n", "  card_size: poker\n  layout: layout.yaml\n", 1).replace(
        "When you play a seven…", "When you play a seven ♠ \U0001D518…", 1)
    path = pirate_deck(tmp_path, """\
fonts:
  Pirate: {regular: pirate.ttf}
templates:
  front:
    elements:
      body: {font: Pirate}
""", base)
    _, deck = check_deck(path, CheckOptions(simulate=False))
    missing = [issue for issue in deck.issues if issue.code == "glyph-missing"]
    assert len(missing) == 1 and "U+1D518" in missing[0].message
    assert "♠" not in missing[0].message and "Pirate One" in missing[0].message
