"""A designer's own font file: registered and embedded, or refused in one sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.printing.font_files import (
    MAX_FONT_BYTES,
    FontFileError,
    font_display_name,
    font_problem,
    register_font_file,
)
from generator.printing.fonts import BOLD, FONT_DIR, REGULAR, font_path, missing_glyphs, text_width

from .tiny_fonts import ADVANCE, make_font


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("deck-fonts")


def test_a_truetype_file_is_registered_under_a_name_from_its_content(folder: Path) -> None:
    first = make_font(folder / "Pirate.ttf", family="Tiny Pirate")
    name = register_font_file(first)
    copy = folder / "copy-of-pirate.ttf"
    copy.write_bytes(first.read_bytes())
    assert register_font_file(copy) == name == register_font_file(first)
    other = register_font_file(make_font(folder / "Other.ttf", chars="XYZ"))
    assert other != name
    assert text_width("AB", name, 10) == pytest.approx(2 * ADVANCE / 100)
    assert font_path(name).read_bytes() == first.read_bytes()
    assert font_display_name(name) == "Tiny Pirate"


def test_an_opentype_cff_file_is_converted_to_truetype_outlines(folder: Path) -> None:
    source = make_font(folder / "Curly.otf", family="Tiny Curly", style="Italic", cff=True)
    assert source.read_bytes()[:4] == b"OTTO"
    name = register_font_file(source)
    assert font_path(name).read_bytes()[:4] == b"\x00\x01\x00\x00"  # TrueType for reportlab
    assert missing_glyphs("Ahoy", name) == ""
    assert text_width("Ahoy", name, 10) == pytest.approx(4 * ADVANCE / 100)
    assert font_display_name(name) == "Tiny Curly Italic"


def test_our_fonts_name_themselves() -> None:
    assert font_display_name(REGULAR) == "DejaVu Sans"
    assert font_display_name(BOLD) == "DejaVu Sans Bold"


@pytest.mark.parametrize(("make", "said"), [
    (lambda folder: _write(folder / "notes.ttf", b"Just some notes, not a font at all."),
     "not a TrueType or OpenType font"),
    (lambda folder: _truncated(make_font(folder / "whole.ttf"), folder / "cut.ttf"), "cut short"),
    (lambda folder: _write(folder / "family.ttc", b"ttcf" + bytes(60)), "collection"),
    (lambda folder: _write(folder / "web.woff", b"wOFF" + bytes(60)), "web font"),
    (lambda folder: make_font(folder / "locked.ttf", fs_type=0x0002), "forbids embedding"),
    (lambda folder: _no_cmap(make_font(folder / "mapless.ttf")), "no Unicode character map"),
    (lambda folder: _huge(folder / "huge.ttf"), "more than the 20 MB"),
    (lambda folder: make_font(folder / "variable.otf", cff2=True), "CFF2"),
    (lambda folder: folder / "absent.ttf", "cannot be read"),
])
def test_a_bad_file_gives_one_sentence(folder: Path, make: object, said: str) -> None:
    path = make(folder)  # type: ignore[operator]
    problem = font_problem(path)
    assert problem is not None and said in problem
    assert "\n" not in problem and "Traceback" not in problem
    with pytest.raises(FontFileError, match=said):
        register_font_file(path)


def test_the_shipped_fonts_have_no_problem() -> None:
    for path in sorted(FONT_DIR.glob("*.ttf")):
        assert font_problem(path) is None, path


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _truncated(whole: Path, cut: Path) -> Path:
    return _write(cut, whole.read_bytes()[: whole.stat().st_size // 2])


def _huge(path: Path) -> Path:
    with path.open("wb") as stream:
        stream.write(b"\x00\x01\x00\x00")
        stream.truncate(MAX_FONT_BYTES + 1)
    return path


def _no_cmap(path: Path) -> Path:
    from fontTools.ttLib import TTFont

    font = TTFont(str(path))
    del font["cmap"]
    font.save(str(path))
    return path
