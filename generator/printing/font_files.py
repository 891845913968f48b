"""A designer's own font files (TrueType or OpenType, kept in the deck's folder): what makes
one unusable, in words (`font_problem`), and registering it with reportlab (`register_font_file`)
so it is embedded in the PDF like DejaVu and measured like any of our fonts.

reportlab embeds TrueType outlines only: an OpenType file with CFF outlines is converted once
with fontTools (cubic curves to quadratic, within a thousandth of an em) into a cached .ttf.
A registered font's name comes from the file's content, so the same file always gets the same
name and registering it again costs nothing.
"""

from __future__ import annotations

import functools
import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped, unused-ignore]

from .fonts import FILE_FONTS, chain_fonts, font_path

MAX_FONT_BYTES = 20 * 1024 * 1024
FILE_PREFIX = "hrdeck-file-"
_TRUETYPE = (b"\x00\x01\x00\x00", b"true")
_CFF = b"OTTO"
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
    if head not in (*_TRUETYPE, _CFF):
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


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _converted_path(digest: str) -> Path:
    return Path(tempfile.gettempdir()) / "hrdeck-fonts" / f"{digest}.ttf"


def _cff_to_truetype(source: Path, target: Path) -> None:
    """Write `source` (OpenType, CFF outlines) as a TrueType file at `target`."""
    from fontTools.pens.cu2quPen import Cu2QuPen  # type: ignore[import-untyped, unused-ignore]
    from fontTools.pens.ttGlyphPen import TTGlyphPen  # type: ignore[import-untyped, unused-ignore]
    from fontTools.ttLib import TTFont as FontToolsFont  # type: ignore[import-untyped, unused-ignore]
    from fontTools.ttLib import newTable  # type: ignore[import-untyped, unused-ignore]

    font = FontToolsFont(str(source))
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion, maxp.maxZones = 0x00010000, 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping = 2.0, [], {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".{os.getpid()}.part")
    font.save(str(partial))
    partial.replace(target)


def truetype_file(path: Path, digest: str | None = None) -> Path:
    """`path` itself for a TrueType file; for OpenType with CFF outlines, its TrueType
    conversion (made once, kept in the temporary folder under the content's digest)."""
    with path.open("rb") as stream:
        if stream.read(4) != _CFF:
            return path
    converted = _converted_path(digest or _digest(path.read_bytes()))
    if not converted.is_file():
        _cff_to_truetype(path, converted)
    return converted


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
        return _register(_digest(path.read_bytes()), path.resolve())
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
