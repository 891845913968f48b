"""`:name:` in a rulebook's text: the built-in icon drawn inline, in the text's colour."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import SimpleDocTemplate

from generator.printing.fonts import REGULAR, register_fonts
from generator.rulebook.book_icons import icons_known, with_icons
from generator.rulebook.hyphens import Para


def test_a_known_icon_becomes_an_image_in_the_texts_colour() -> None:
    markup = with_icons("Say :say: at 12:30, not :sya:.", 10.0, "#c8102e")
    assert markup.count("<img ") == 1 and "12:30" in markup and ":sya:" in markup
    src = markup.split('src="')[1].split('"')[0]
    with Image.open(src) as image:
        colours = {rgb[:3] for _, rgb in image.convert("RGBA").getcolors(1 << 20) or []
                   if rgb[3] == 255}
    assert colours == {(200, 16, 46)}
    assert with_icons("Note: nothing here", 10.0, "#000000") == "Note: nothing here"


def test_a_rulebook_paragraph_draws_the_icon(tmp_path: Path) -> None:
    register_fonts()
    style = ParagraphStyle("body", fontName=REGULAR, fontSize=10, leading=12)
    path = tmp_path / "book.pdf"
    SimpleDocTemplate(str(path)).build([Para("Play a :heart: and say :say: “arr”.", style)])
    page = PdfReader(path).pages[0]
    images = [name for name, ref in page["/Resources"]["/XObject"].items()
              if ref.get_object()["/Subtype"] == "/Image"]
    assert len(images) == 2
    assert ":say:" not in page.extract_text()


def test_a_decks_own_icon_is_drawn_in_its_book_in_its_own_colours(tmp_path: Path) -> None:
    flag = tmp_path / "flag.png"
    art = Image.new("RGBA", (20, 10), (0, 0, 255, 255))
    art.paste((0, 255, 0, 255), (10, 0, 20, 10))
    art.save(flag)
    assert ":flag:" in with_icons("Raise the :flag:", 10.0, "#000000")  # not known outside
    with icons_known({"flag": flag}):
        markup = with_icons("Raise the :flag:", 10.0, "#000000")
    src = markup.split('src="')[1].split('"')[0]
    with Image.open(src) as image:
        assert image.convert("RGB").getpixel((2, image.height // 2)) == (0, 0, 255)
