"""Every font in the rulebook is embedded TrueType DejaVu; no base-14 font, not even unused."""

from __future__ import annotations

from pathlib import Path

from .conftest import Built
from .pdftext import BASE_14, every_font, font_name, page_fonts

OUR_FONTS = {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono"}


def verify_fonts(path: Path) -> set[str]:
    per_page = page_fonts(path)
    assert all(per_page), "a page without any font"
    names = set()
    for font in [font for fonts in per_page for font in fonts] + every_font(path):
        name = font_name(font)
        assert name not in BASE_14, f"{path.name} names the base-14 font {name}"
        assert font["/Subtype"] == "/TrueType", f"{name} is {font['/Subtype']}"
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), f"{name} is not embedded"
        names.add(name)
    return names


def test_only_our_embedded_fonts(book: Built, appendix_book: Built) -> None:
    assert verify_fonts(book.path) <= OUR_FONTS
    assert verify_fonts(appendix_book.path) == OUR_FONTS  # code only in the appendix


def test_no_base_14_font_is_named_anywhere_in_the_file(book: Built) -> None:
    data = book.path.read_bytes()
    for name in BASE_14:
        assert f"/{name}".encode() not in data


def test_hostile_deck_uses_only_our_fonts(hostile_book: Built) -> None:
    assert verify_fonts(hostile_book.path) <= OUR_FONTS
