"""The typefaces hrdeck prints with: DejaVu, vendored in templates/fonts/, always embedded,
plus a designer's own files (`font_files.py`) and fallback chains of fonts.

Fonts are found relative to the repository (or the deck's folder), never on the system, so
every machine prints the same glyphs. Widths are the sum of the glyphs' advance widths from the
TrueType metrics, which is exactly how reportlab sets TrueType text (it does not kern).

A *chain* (`font_chain`) is an ordered list of fonts under one name: it measures like a font
(each character takes the advance of the first font that has it) and `split_runs` cuts text
into pieces of real fonts for drawing, so the PDF and PNG writers never see a chain.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping, Sequence
from itertools import repeat
from pathlib import Path

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped, unused-ignore]

FONT_DIR = Path(__file__).resolve().parents[2] / "templates" / "fonts"

REGULAR = "hrdeck-DejaVuSans"
BOLD = "hrdeck-DejaVuSans-Bold"

FONT_FILES: dict[str, str] = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
}

# Faces for the looks (flavour text, display labels), registered on first use. The DejaVu ones
# are subsets (Latin, Greek, Cyrillic, punctuation, arrows, symbols; templates/fonts/README.md):
# a chain holding them still ends with DejaVu Sans, which has every other glyph.
SERIF = "hrdeck-DejaVuSerif"
SERIF_BOLD = "hrdeck-DejaVuSerif-Bold"
SERIF_ITALIC = "hrdeck-DejaVuSerif-Italic"
SERIF_BOLD_ITALIC = "hrdeck-DejaVuSerif-BoldItalic"
OBLIQUE = "hrdeck-DejaVuSans-Oblique"
BOLD_OBLIQUE = "hrdeck-DejaVuSans-BoldOblique"
CONDENSED_BOLD = "hrdeck-DejaVuSansCondensed-Bold"
DISPLAY = "hrdeck-BebasNeue"  # capitals display face (SIL OFL), OpenType CFF: converted once
DISPLAY_BOLD = "hrdeck-BebasNeue-Bold"
BLACKLETTER = "hrdeck-Blankenburg"  # blackletter titles (SIL OFL): Latin-1 only

LOOK_FONT_FILES: dict[str, str] = {
    SERIF: "DejaVuSerif.ttf",
    SERIF_BOLD: "DejaVuSerif-Bold.ttf",
    SERIF_ITALIC: "DejaVuSerif-Italic.ttf",
    SERIF_BOLD_ITALIC: "DejaVuSerif-BoldItalic.ttf",
    OBLIQUE: "DejaVuSans-Oblique.ttf",
    BOLD_OBLIQUE: "DejaVuSans-BoldOblique.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
    DISPLAY: "BebasNeue-Regular.otf",
    DISPLAY_BOLD: "BebasNeue-Bold.otf",
    BLACKLETTER: "Blankenburg.ttf",
}

# Fonts registered from a designer's files (name -> the TrueType file reportlab reads).
FILE_FONTS: dict[str, Path] = {}
# Chains by name: their fonts (DejaVu last) and the extra characters' advances at 1 pt.
_CHAINS: dict[str, tuple[tuple[str, ...], tuple[tuple[str, float], ...]]] = {}
CHAIN_PREFIX = "hrdeck-chain-"


def font_path(name: str) -> Path:
    """The TrueType file behind one of our font names or a registered designer's font."""
    if name in LOOK_FONT_FILES:
        register_look_font(name)
    found = FILE_FONTS.get(name)
    return found if found is not None else FONT_DIR / FONT_FILES[name]


@functools.cache
def register_look_font(name: str) -> str:
    """Register one of the looks' faces (LOOK_FONT_FILES) with reportlab, once."""
    from .cff_outlines import truetype_file  # converts an OpenType CFF file, cached

    path = truetype_file(FONT_DIR / LOOK_FONT_FILES[name])
    pdfmetrics.registerFont(TTFont(name, str(path)))
    FILE_FONTS[name] = path
    return name


@functools.cache
def register_fonts() -> tuple[str, ...]:
    """Register our TrueType fonts with reportlab (once) and return their names."""
    for name, filename in FONT_FILES.items():
        path = FONT_DIR / filename
        if not path.is_file():
            raise FileNotFoundError(f"The font {path} is missing; it ships in templates/fonts/.")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return tuple(FONT_FILES)


def is_dejavu(name: str) -> bool:
    """One of the full DejaVu faces hrdeck ships (they cover every character a game needs)."""
    return name in FONT_FILES


def font_chain(fonts: Sequence[str], extra_advances: Mapping[str, float] | None = None) -> str:
    """A name measuring like a font: `fonts` in order, then DejaVu Sans unless a DejaVu face is
    in the chain. `extra_advances` gives extra characters (inline icons) and their widths at
    1 pt; they count as covered. The same arguments give the same name."""
    members: list[str] = []
    extra: dict[str, float] = {}
    for font in fonts:  # a chain inside a chain counts as its fonts and extras
        found = _CHAINS.get(font)
        members.extend(found[0] if found is not None else (font,))
        extra.update(found[1] if found is not None else ())
    extra.update(extra_advances or {})
    chain = tuple(dict.fromkeys(members))
    if not any(map(is_dejavu, chain)):
        chain += (REGULAR,)
    extras = tuple(sorted(extra.items()))
    if len(chain) == 1 and not extras:
        return chain[0]
    key = repr((chain, extras)).encode()
    name = CHAIN_PREFIX + hashlib.sha256(key).hexdigest()[:16]
    _CHAINS.setdefault(name, (chain, extras))
    return name


def chain_fonts(name: str) -> tuple[str, ...]:
    """The real fonts of a chain in order (a plain font is a chain of one)."""
    found = _CHAINS.get(name)
    return found[0] if found is not None else (name,)


def _first_font(font: str) -> str:
    found = _CHAINS.get(font)
    return found[0][0] if found is not None else font


def _face(font: str) -> object:
    register_fonts()
    if font in LOOK_FONT_FILES:
        register_look_font(font)
    return pdfmetrics.getFont(font).face


@functools.cache
def _advances(font: str) -> tuple[dict[str, float], float]:
    """Each character's advance width at 1 pt, and the width of a missing glyph. For a chain
    the table is merged once: the first font that has a character gives its advance."""
    found = _CHAINS.get(font)
    if found is not None:
        fonts, extras = found
        merged: dict[str, float] = dict(extras)
        for member in fonts:
            for char, width in _advances(member)[0].items():
                merged.setdefault(char, width)
        return merged, _advances(fonts[0])[1]
    face = _face(font)
    widths = {chr(code): width / 1000 for code, width in face.charWidths.items()}  # type: ignore[attr-defined]
    return widths, face.defaultWidth / 1000  # type: ignore[attr-defined]


def text_width(text: str, font: str, size: float) -> float:
    """Width in points of `text` set in `font` (or a chain) at `size` points."""
    widths, default = _advances(font)
    return size * sum(map(widths.get, text, repeat(default)))


@functools.cache
def _covered(font: str) -> frozenset[int]:
    found = _CHAINS.get(font)
    if found is not None:
        fonts, extras = found
        return frozenset().union(*map(_covered, fonts), (ord(char) for char, _ in extras))
    return frozenset(_face(font).charToGlyph)  # type: ignore[attr-defined]


def missing_glyphs(text: str, font: str) -> str:
    """The characters of `text` that no font of `font` (a font or a chain) has a glyph for, in
    order, each once.

    >>> missing_glyphs("A ♠ ♥ 7", REGULAR)
    ''
    """
    covered = _covered(font)
    return "".join(char for char in dict.fromkeys(text)  # each character once, in order
                   if ord(char) not in covered and not char.isspace())


@functools.cache
def _owners(font: str) -> tuple[dict[str, str], frozenset[str]]:
    """For a chain: the real font that sets each character it covers, and its extras."""
    fonts, extras = _CHAINS[font]
    owners: dict[str, str] = {}
    for member in reversed(fonts):  # earlier fonts overwrite later ones
        owners.update(dict.fromkeys(map(chr, _covered(member)), member))
    return owners, frozenset(char for char, _ in extras)


def split_runs(text: str, font: str) -> list[tuple[str, str]]:
    """`text` cut into (real font, piece) runs: each piece in the first font of the chain that
    has its characters; spaces stay in the run they are in. Extra characters (icons) come out
    one a run with the font "". A plain font gives one run."""
    if font not in _CHAINS:
        return [(font, text)] if text else []
    owners, extras = _owners(font)
    first = _CHAINS[font][0][0]
    runs: list[tuple[str, str]] = []
    current: str | None = None
    piece: list[str] = []
    for char in text:
        if char in extras:
            if piece:
                runs.append((current or first, "".join(piece)))
            runs.append(("", char))
            current, piece = None, []
            continue
        if char.isspace() and piece:
            piece.append(char)
            continue
        owner = owners.get(char, current or first) if not char.isspace() else current
        if piece and owner != current and current is not None:
            runs.append((current, "".join(piece)))
            piece = []
        if owner is not None:
            current = owner
        piece.append(char)
    if piece:
        runs.append((current or first, "".join(piece)))
    return runs


def placed_runs(text: str, font: str, size: float) -> list[tuple[float, str, str]]:
    """`split_runs` with each run's offset along the baseline at `size`: (x, real font, piece),
    ready to become one `Text` item each (an icon's run, font "", is drawn by the caller)."""
    widths, default = _advances(font)
    placed: list[tuple[float, str, str]] = []
    x = 0.0
    for real, piece in split_runs(text, font):
        placed.append((x, real, piece))
        x += size * sum(map(widths.get, piece, repeat(default)))
    return placed


# Cached by size: a deck uses a few dozen sizes, and composing a card asks for them often.
@functools.lru_cache(maxsize=1024)
def ascent(font: str, size: float) -> float:
    """Height above the baseline of the font's tallest glyphs (a chain's first font), in points."""
    first = _first_font(font)
    _face(first)
    return float(pdfmetrics.getAscent(first, size))


@functools.lru_cache(maxsize=1024)
def descent(font: str, size: float) -> float:
    """Depth below the baseline (a positive number), in points."""
    first = _first_font(font)
    _face(first)
    return -float(pdfmetrics.getDescent(first, size))
