"""A fallback chain of fonts: measured as one font, drawn as runs of real fonts, checked whole."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.check.printable import check_printable
from generator.deck import load_deck
from generator.printing.design import Composed
from generator.printing.drawing import Fill, Item, Text
from generator.printing.font_files import register_font_file
from generator.printing.fonts import (
    BOLD,
    REGULAR,
    ascent,
    chain_fonts,
    descent,
    font_chain,
    missing_glyphs,
    placed_runs,
    split_runs,
    text_width,
)
from generator.printing.pdf import Painter, new_canvas, save
from generator.printing.png import render_png
from generator.printing.text import fit, measure_words, wrap
from generator.printing.units import Box, mm

from .pdfread import BASE_14, every_object
from .tiny_fonts import ADVANCE, make_font

ICON = "\ue000"


@pytest.fixture(scope="module")
def latin(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A font with Latin letters only, as a designer's display face often is."""
    return register_font_file(make_font(tmp_path_factory.mktemp("fonts") / "Latin.ttf",
                                        family="Pirate One"))


def test_a_chain_ends_with_dejavu_and_has_a_stable_name(latin: str) -> None:
    chain = font_chain([latin])
    assert chain_fonts(chain) == (latin, REGULAR)
    assert font_chain([latin]) == chain
    assert chain_fonts(font_chain([latin, BOLD])) == (latin, BOLD)  # a DejaVu face is there
    assert font_chain([REGULAR]) == REGULAR
    assert font_chain([latin], {ICON: 1.5}) not in (chain, latin)


def test_each_character_is_measured_in_the_first_font_that_has_it(latin: str) -> None:
    chain = font_chain([latin])
    unit = ADVANCE / 1000
    assert text_width("Ahoy", chain, 10) == pytest.approx(40 * unit)
    assert text_width("A♠→", chain, 10) == pytest.approx(
        10 * unit + text_width("♠→", REGULAR, 10))
    assert ascent(chain, 10) == ascent(latin, 10) != ascent(REGULAR, 10)
    assert descent(chain, 10) == descent(latin, 10)


def test_a_character_is_missing_only_when_no_font_of_the_chain_has_it(latin: str) -> None:
    chain = font_chain([latin])
    assert missing_glyphs("Ahoy ♠ → 𝔘", latin) == "♠→𝔘"
    assert missing_glyphs("Ahoy ♠ → 𝔘", chain) == "𝔘"
    assert missing_glyphs(f"A{ICON}", chain) == ICON
    assert missing_glyphs(f"A{ICON}", font_chain([latin], {ICON: 1.0})) == ""


def test_mixed_text_splits_into_runs_of_real_fonts(latin: str) -> None:
    chain = font_chain([latin])
    assert split_runs("Lead a ♠ → win", chain) == [
        (latin, "Lead a "), (REGULAR, "♠ → "), (latin, "win")]
    assert split_runs("  ♠ ok", chain) == [(REGULAR, "  ♠ "), (latin, "ok")]
    assert split_runs("plain", REGULAR) == [(REGULAR, "plain")]
    assert "".join(piece for _, piece in split_runs("Lead a ♠ → win", chain)) == "Lead a ♠ → win"


def test_icons_are_their_own_runs_and_measure_as_given(latin: str) -> None:
    chain = font_chain([latin], {ICON: 1.25})
    assert split_runs(f"Say{ICON} ahoy", chain) == [(latin, "Say"), ("", ICON), (latin, " ahoy")]
    assert text_width(ICON, chain, 8) == pytest.approx(10)
    placed = placed_runs(f"Say{ICON} ahoy", chain, 10)
    assert [x for x, _, _ in placed] == pytest.approx([0, 15, 27.5])


def test_wrapping_and_fitting_measure_with_the_chain(latin: str) -> None:
    chain = font_chain([latin])
    words = measure_words("Ahoy ♠♠", chain)
    assert words[0][0][1] == pytest.approx(2.0) and words[0][1][1] == pytest.approx(
        text_width("♠♠", REGULAR, 1))
    lines = wrap("Ahoy ahoy ahoy", font=chain, size=10, width=40)
    assert [line.text for line in lines] == ["Ahoy", "ahoy", "ahoy"]
    fitted = fit("Ahoy ♠", font=chain, width=100, height=20, largest=12, smallest=6)
    assert fitted.fits and fitted.size == 12


def test_measuring_with_a_chain_is_as_fast_as_with_one_font(latin: str) -> None:
    chain = font_chain([latin])
    text = "Lead a ♠ on a ♥ and say “ahoy” — the next player skips → " * 4

    def timed(font: str) -> float:
        text_width(text, font, 10)
        start = time.perf_counter()
        for _ in range(2000):
            text_width(text, font, 10)
        return time.perf_counter() - start

    assert timed(chain) < 2 * timed(REGULAR) + 0.01


def _side(latin: str) -> Composed:
    chain = font_chain([latin])
    trim = Box(0, 0, mm(63), mm(88))
    items: list[Item] = [Fill(trim, "#ffffff")]
    for x, font, piece in placed_runs("Ahoy ♠ → Ahoy", chain, 14):
        items.append(Text(mm(5) + x, mm(40), piece, font, 14, "#000000"))
    return Composed(items=tuple(items), trim=trim, bleed=trim, safe=trim)


def test_a_pdf_set_in_a_chain_embeds_both_fonts_and_no_base_14(latin: str,
                                                                 tmp_path: Path) -> None:
    side = _side(latin)
    path = tmp_path / "chain.pdf"
    canvas = new_canvas(path, (side.trim.w, side.trim.h), title="t", subject="s")
    Painter(canvas).draw(side.items)
    canvas.showPage()
    save(canvas)
    reader = PdfReader(path)
    fonts = [obj for obj in every_object(reader)
             if hasattr(obj, "get") and obj.get("/Type") == "/Font" and "/BaseFont" in obj]
    bases = {str(font["/BaseFont"]) for font in fonts}
    assert not {base.lstrip("/") for base in bases} & BASE_14
    assert any("DejaVuSans" in base for base in bases)
    assert any("hrdeck-file" in base or "Pirate" in base for base in bases), bases
    embedded = [obj for obj in every_object(reader) if hasattr(obj, "get")
                and obj.get("/Type") == "/FontDescriptor" and "/FontFile2" in obj]
    assert len(embedded) >= 2
    text = reader.pages[0].extract_text()
    assert "Ahoy" in text and "♠" in text


def test_a_png_draws_each_run_in_its_own_font(latin: str) -> None:
    side = _side(latin)
    image = render_png(side, size_px=(744, 1039), dpi=300)
    ink = Image.eval(image.convert("L"), lambda v: 255 if v < 128 else 0)
    assert ink.getbbox() is not None
    # The tiny font draws every letter as a full box: its run is solid ink, DejaVu's is not.
    row = round(1039 - pixel(40 + 1))
    first_letter = [ink.getpixel((x, row)) for x in range(round(pixel(5)) + 5,
                                                          round(pixel(5)) + 15)]
    assert all(first_letter)


def pixel(millimetres: float) -> float:
    return millimetres / 25.4 * 300


DECK = """deck:
  name: Pirate Test
  base_game: up-n-over
triggers:
  - id: t1
    number: 1
    text: When a ♠ is played, say Ahoy 𝔘.
    when: played and card.suit == "spades"
actions:
  - id: a1
    number: 1
    kind: name
    text: Say Ahoy, then name an animal.
    timing: before_sum
    category: animals
"""


def test_glyph_missing_names_every_font_of_the_chain(latin: str, tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(DECK, encoding="utf-8")
    deck = load_deck(path)
    assert not deck.issues, deck.issues
    check_printable(deck, [latin])
    messages = [issue.message for issue in deck.issues if issue.code == "glyph-missing"]
    assert len(messages) == 1, [issue.message for issue in deck.issues]
    assert messages[0].startswith("Neither Pirate One nor DejaVu Sans has a glyph for 𝔘")
    assert "♠" not in messages[0].split("for", 1)[1]
    plain = load_deck(path)
    check_printable(plain)
    said = [issue.message for issue in plain.issues if issue.code == "glyph-missing"]
    assert said and said[0].startswith("The card font (DejaVu Sans) has no glyph for 𝔘")


def test_glyph_missing_counts_the_icons_of_a_chain_as_printable(latin: str,
                                                                tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(DECK.replace("Say Ahoy,", f"Say {ICON} Ahoy,"), encoding="utf-8")
    without = load_deck(path)
    check_printable(without, [latin])
    assert [ICON in issue.message for issue in without.issues
            if issue.code == "glyph-missing"].count(True) == 1
    with_icons = load_deck(path)
    check_printable(with_icons, [font_chain([latin], {ICON: 1.0})])
    messages = [issue.message for issue in with_icons.issues if issue.code == "glyph-missing"]
    assert len(messages) == 1 and ICON not in messages[0]
    assert messages[0].startswith("Neither Pirate One nor DejaVu Sans")


def test_a_chain_of_a_chain_is_the_same_chain(latin: str) -> None:
    inner = font_chain([latin], {ICON: 1.0})
    assert font_chain([inner]) == inner
    assert chain_fonts(font_chain([inner, BOLD])) == (latin, REGULAR, BOLD)
