"""A designer's own font files (TrueType or OpenType, kept in the deck's folder): what makes
one unusable, in words (`font_problem`), and registering it with reportlab (`register_font_file`)
so it is embedded in the PDF like DejaVu and measured like any of our fonts.

reportlab embeds TrueType outlines only: an OpenType file with CFF outlines is converted once
(`cff_outlines.py`).
A registered font's name comes from the file's content, so the same file always gets the same
name and registering it again costs nothing.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped, unused-ignore]

from .cff_outlines import CFF_MAGIC, digest_of, truetype_file
from .fonts import FILE_FONTS, chain_fonts, font_path

MAX_FONT_BYTES = 20 * 1024 * 1024
FILE_PREFIX = "hrdeck-file-"
_TRUETYPE = (b"\x00\x01\x00\x00", b"true")
# OS/2 fsType bits: 0x0002 restricted licence embedding; 0x0200 bitmap embedding only.
_NO_EMBEDDING = 0x0002 | 0x0200


class FontFileError(ValueError):
    """A font file that cannot be used; the message is one sentence for the designer."""


def _kind_problem(head: bytes) -> str | None:
    if head == b"ttcf":
        return ("it is a font collection (.ttc); export the one face you want as a .ttf or "
                ".otf file")
    if head in (b"wOFF", b"wOF2"):
        return "it is a web font (WOFF); use the .ttf or .otf file of the same font"
    if head not in (*_TRUETYPE, CFF_MAGIC):
        return "it is not a TrueType or OpenType font file"
    return None


def _open(path: Path) -> Any:
    from fontTools.ttLib import TTFont as FontToolsFont  # type: ignore[import-untyped, unused-ignore]

    return FontToolsFont(str(path), lazy=True)


def _truncated(font: Any, size: int) -> bool:
    return any(entry.offset + entry.length > size for entry in font.reader.tables.values())


def font_problem(path: Path) -> str | None:
    """Why the file at `path` cannot be printed with, in words; None when it can."""
    try:
        size = path.stat().st_size
        with path.open("rb") as stream:
            head = stream.read(4)
    except OSError as error:
        return f"it cannot be read ({error.strerror or error})"
    if size > MAX_FONT_BYTES:
        return (f"it is {size / 1024 / 1024:.0f} MB, more than the {MAX_FONT_BYTES >> 20} MB "
                "a card font may have")
    kind = _kind_problem(head)
    if kind is not None:
        return kind
    try:
        font = _open(path)
        if _truncated(font, size):
            return "it is cut short (damaged or incompletely copied)"
        if "CFF2" in font:
            return ("its outlines are CFF2 (a variable OpenType font), which cannot be embedded; "
                    "use a static .ttf of the font")
        if font.getBestCmap() is None:
            return "it has no Unicode character map, so no text can be set in it"
        if "OS/2" in font and font["OS/2"].fsType & _NO_EMBEDDING:
            return "its licence forbids embedding it in a document (OS/2 fsType)"
        if head in _TRUETYPE:
            TTFont("hrdeck-probe", str(path))  # reportlab's own reading, as printing will do
    except FontFileError as error:
        return str(error)
    except Exception as error:  # any damage a parser finds is one sentence
        return f"it is damaged and cannot be read as a font ({type(error).__name__})"
    return None


@functools.cache
def _register(digest: str, path: Path) -> str:
    name = FILE_PREFIX + digest
    truetype = truetype_file(path, digest)
    pdfmetrics.registerFont(TTFont(name, str(truetype)))
    FILE_FONTS[name] = truetype
    return name


def register_font_file(path: Path) -> str:
    """Register the TrueType or OpenType file at `path` with reportlab (embedded) and return
    its name, the same for the same content. Raises FontFileError with `font_problem`'s
    sentence for a file that cannot be used."""
    problem = font_problem(path)
    if problem is not None:
        raise FontFileError(f"The font {path.name} cannot be used: {problem}.")
    try:
        return _register(digest_of(path.read_bytes()), path.resolve())
    except Exception as error:  # a conversion that fails is one sentence
        raise FontFileError(f"The font {path.name} cannot be used: its outlines could not be "
                            f"converted for embedding ({type(error).__name__}).") from error


_PLAIN_STYLES = frozenset({"regular", "book", "normal", "roman", ""})


@functools.cache
def _file_display_name(path: Path) -> str:
    font = _open(path)
    names = font["name"]
    family = names.getDebugName(16) or names.getDebugName(1) or path.stem
    style = names.getDebugName(17) or names.getDebugName(2) or ""
    return family if style.lower() in _PLAIN_STYLES else f"{family} {style}"


def font_display_name(name: str) -> str:
    """The family and style as the font names itself ("DejaVu Sans", "Pirate One"), for
    messages; a chain's fonts joined with " / "."""
    fonts = chain_fonts(name)
    if len(fonts) > 1:
        return " / ".join(map(font_display_name, fonts))
    try:
        return _file_display_name(font_path(name))
    except Exception:  # a name is only for messages
        return name
