"""The print engine: card faces in, print-ready PDFs and PNGs out.

    write_pnp(path, fronts, backs, paper="a4")        home printing, backs mirrored for duplex
    write_shop_pdf(path, fronts, backs, profile="dtc") one side per page with bleed boxes
    write_shop_pngs(folder, fronts, backs, profile="tgc" | "mpc")
    preflight(paths, fronts=..., backs=...)            what a print shop would check

Every file is written atomically (see `atomic_path`), every font is embedded DejaVu Sans, and
card text is plain text: it is never read as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.lazy import lazy_exports

if TYPE_CHECKING:
    from .atomic import atomic_directory as atomic_directory
    from .atomic import atomic_open as atomic_open
    from .atomic import atomic_path as atomic_path
    from .errors import PrintError as PrintError
    from .faces import CardBack as CardBack
    from .faces import CardFace as CardFace
    from .layout import SHEET_TEMPLATES as SHEET_TEMPLATES
    from .layout import SheetLayout as SheetLayout
    from .layout import SheetTemplate as SheetTemplate
    from .layout import sheet_layout as sheet_layout
    from .pngs import PNG_PROFILES as PNG_PROFILES
    from .pngs import write_shop_pngs as write_shop_pngs
    from .preflight import PreflightReport as PreflightReport
    from .preflight import preflight as preflight
    from .reports import MissingGlyphs as MissingGlyphs
    from .reports import Overflow as Overflow
    from .reports import PngSummary as PngSummary
    from .reports import SheetSummary as SheetSummary
    from .reports import ShopSummary as ShopSummary
    from .sheets import write_pnp as write_pnp
    from .shop import SHOP_PROFILES as SHOP_PROFILES
    from .shop import write_shop_pdf as write_shop_pdf
    from .sizes import CARD_SIZES as CARD_SIZES
    from .sizes import DEFAULT_BLEED_MM as DEFAULT_BLEED_MM
    from .sizes import PAPER_SIZES as PAPER_SIZES
    from .sizes import CardSize as CardSize
    from .sizes import find_size as find_size

# Each name is imported from its module on first use, so that a command needing only the
# card sizes (say) does not load reportlab.
_HOMES = {
    "atomic": ("atomic_directory", "atomic_open", "atomic_path"),
    "errors": ("PrintError",),
    "faces": ("CardBack", "CardFace"),
    "layout": ("SHEET_TEMPLATES", "SheetLayout", "SheetTemplate", "sheet_layout"),
    "preflight": ("PreflightReport", "preflight"),
    "reports": ("MissingGlyphs", "Overflow", "PngSummary", "SheetSummary", "ShopSummary"),
    "pngs": ("PNG_PROFILES", "write_shop_pngs"),
    "sheets": ("write_pnp",),
    "shop": ("SHOP_PROFILES", "write_shop_pdf"),
    "sizes": ("CARD_SIZES", "DEFAULT_BLEED_MM", "PAPER_SIZES", "CardSize", "find_size"),
}
__all__ = sorted(name for names in _HOMES.values() for name in names)
__getattr__ = lazy_exports(__name__, globals(), _HOMES)
