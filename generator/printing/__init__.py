"""The print engine: card faces in, print-ready PDFs and PNGs out.

    write_pnp(path, fronts, backs, paper="a4")        home printing, backs mirrored for duplex
    write_shop_pdf(path, fronts, backs, profile="dtc") one side per page with bleed boxes
    write_shop_pngs(folder, fronts, backs, profile="tgc" | "mpc")
    preflight(paths, fronts=..., backs=...)            what a print shop would check

Every file is written atomically (see `atomic_path`), every font is embedded DejaVu Sans, and
card text is plain text: it is never read as markup.
"""

from __future__ import annotations

from .atomic import atomic_directory, atomic_open, atomic_path
from .errors import PrintError
from .faces import CardBack, CardFace
from .layout import SHEET_TEMPLATES, SheetLayout, SheetTemplate, sheet_layout
from .preflight import PreflightReport, preflight
from .reports import MissingGlyphs, Overflow, PngSummary, SheetSummary, ShopSummary
from .sheets import write_pnp
from .shop import PNG_PROFILES, SHOP_PROFILES, write_shop_pdf, write_shop_pngs
from .sizes import CARD_SIZES, DEFAULT_BLEED_MM, PAPER_SIZES, CardSize, find_size

__all__ = [
    "CARD_SIZES", "DEFAULT_BLEED_MM", "PAPER_SIZES", "PNG_PROFILES", "SHEET_TEMPLATES",
    "SHOP_PROFILES", "CardBack", "CardFace", "CardSize", "MissingGlyphs", "Overflow",
    "PngSummary", "PreflightReport", "PrintError", "SheetLayout", "SheetSummary",
    "SheetTemplate", "ShopSummary", "atomic_directory", "atomic_open", "atomic_path",
    "find_size", "preflight", "sheet_layout", "write_pnp", "write_shop_pdf", "write_shop_pngs",
]
