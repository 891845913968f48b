"""The faces vendored for the looks: DejaVu Serif, Sans Oblique and Condensed Bold, Bebas Neue."""

from __future__ import annotations

import pytest

from generator.printing.font_files import font_display_name, font_problem
from generator.printing.fonts import (
    BLACKLETTER,
    DISPLAY,
    DISPLAY_BOLD,
    FONT_DIR,
    LOOK_FONT_FILES,
    REGULAR,
    SERIF_ITALIC,
    chain_fonts,
    font_chain,
    font_path,
    missing_glyphs,
    split_runs,
    text_width,
)

NAMES = {
    "hrdeck-DejaVuSerif": "DejaVu Serif",
    "hrdeck-DejaVuSerif-Bold": "DejaVu Serif Bold",
    "hrdeck-DejaVuSerif-Italic": "DejaVu Serif Italic",
    "hrdeck-DejaVuSerif-BoldItalic": "DejaVu Serif Bold Italic",
    "hrdeck-DejaVuSans-Oblique": "DejaVu Sans Oblique",
    "hrdeck-DejaVuSans-BoldOblique": "DejaVu Sans Bold Oblique",
    "hrdeck-DejaVuSansCondensed-Bold": "DejaVu Sans Condensed Bold",
    DISPLAY: "Bebas Neue",
    DISPLAY_BOLD: "Bebas Neue Bold",
    BLACKLETTER: "Blankenburg_UNZ1A",
}


@pytest.mark.parametrize("name", sorted(LOOK_FONT_FILES))
def test_each_look_face_is_usable_and_names_itself(name: str) -> None:
    assert font_problem(FONT_DIR / LOOK_FONT_FILES[name]) is None
    assert font_display_name(name) == NAMES[name]
    assert missing_glyphs("Omen: When a card is played, say “Ahoy!” — 0123", name) == ""
    assert text_width("Ahoy", name, 10) > 0
    assert font_path(name).read_bytes()[:4] == b"\x00\x01\x00\x00"  # TrueType for both writers


def test_flavour_text_in_serif_italic_falls_back_to_dejavu_sans_for_the_rest() -> None:
    chain = font_chain([SERIF_ITALIC])
    assert chain_fonts(chain) == (SERIF_ITALIC, REGULAR)
    assert missing_glyphs("The sea ♠ 🂡 ⚓", chain) == ""
    assert split_runs("Ahoy ♠ 🂡", chain) == [(SERIF_ITALIC, "Ahoy ♠ "), (REGULAR, "🂡")]


def test_the_vendored_look_faces_stay_small() -> None:
    added = sum((FONT_DIR / file).stat().st_size for file in LOOK_FONT_FILES.values())
    assert added < 2_000_000
    for licence in ("LICENSE-BebasNeue", "LICENSE-Blankenburg"):
        assert "SIL OPEN FONT LICENSE Version 1.1" in (FONT_DIR / licence).read_text()
