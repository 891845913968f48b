"""OpenType fonts with CFF (cubic) outlines made TrueType, which is all reportlab embeds.

fontTools turns each glyph's cubic curves into quadratic ones (within a thousandth of an em);
the result is written once to the temporary folder under the digest of the original's content,
so a font is converted once per machine.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

CFF_MAGIC = b"OTTO"  # the first four bytes of an OpenType file with CFF outlines


def digest_of(data: bytes) -> str:
    """A short name for a file's content: the same bytes, the same digest."""
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
        if stream.read(4) != CFF_MAGIC:
            return path
    converted = _converted_path(digest or digest_of(path.read_bytes()))
    if not converted.is_file():
        _cff_to_truetype(path, converted)
    return converted
