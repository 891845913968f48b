"""Tiny real font files made with fontTools' FontBuilder, for the font tests."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,!?'"
ADVANCE = 500  # every glyph's advance, in font units of 1000 to the em


def _box(pen: TTGlyphPen | T2CharStringPen) -> None:
    pen.moveTo((50, 0))
    pen.lineTo((50, 700))
    pen.curveTo((150, 750), (300, 750), (450, 700)) if isinstance(pen, T2CharStringPen) \
        else pen.lineTo((450, 700))
    pen.lineTo((450, 0))
    pen.closePath()


def make_font(path: Path, *, chars: str = LATIN, family: str = "Tiny Latin",
              style: str = "Regular", cff: bool = False, cff2: bool = False,
              fs_type: int = 0) -> Path:
    """Write a font covering `chars` (each a box ADVANCE units wide) and a space: TrueType
    outlines, or CFF ones with `cff` (CFF2, as variable fonts have, with `cff2`)."""
    names = [".notdef", "space"] + [f"uni{ord(char):04X}" for char in chars]
    cmap = {32: "space", **{ord(char): f"uni{ord(char):04X}" for char in chars}}
    builder = FontBuilder(1000, isTTF=not (cff or cff2))
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap(cmap)
    if cff or cff2:
        strings = {}
        for name in names:
            pen = T2CharStringPen(None if cff2 else ADVANCE, None, CFF2=cff2)
            if name not in (".notdef", "space"):
                _box(pen)
            strings[name] = pen.getCharString()
        if cff2:
            builder.setupCFF2(strings)
        else:
            builder.setupCFF(family.replace(" ", ""), {"FullName": family}, strings, {})
    else:
        glyphs = {}
        for name in names:
            pen = TTGlyphPen(None)
            if name not in (".notdef", "space"):
                _box(pen)
            glyphs[name] = pen.glyph()
        builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (ADVANCE, 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": style})
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200, fsType=fs_type)
    builder.setupPost()
    builder.save(str(path))
    return path
