"""The print-shop PDF in CMYK as PDF/X-1a:2001, the file DriveThruCards asks for.

The cards are drawn as for the `dtc` shop PDF (one side a page, TrimBox and BleedBox), with
every colour and picture in CMYK through the build's inks, into a temporary file; pikepdf then
makes that file PDF/X: the CMYK profile embedded as the OutputIntent, the Info keys and XMP
metadata a preflight reads (trapping stated: /Trapped /False, as hrdeck traps nothing), a
document /ID, a PDF 1.3 header with no object streams and no encryption. The streams reportlab
wrote are copied byte for byte, never decoded and compressed again. The result must pass the
PDF/X preflight (pdfx_preflight.py) before it takes its name: a failed build leaves no file.

Why PDF/X-1a:2001 and not :2003: DriveThruCards names :2001 in its upload guide, and every
preflight that knows :2003 also accepts :2001; the :2001 file is a PDF 1.3 file, which
reportlab already writes, so nothing newer can slip in.
"""

from __future__ import annotations

import tempfile
import warnings
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .atomic import atomic_path
from .errors import PrintError
from .faces import CardBack, CardFace
from .pdfx_preflight import PDF_VERSION as PDF_VERSION  # the versions: defined with their check
from .pdfx_preflight import PDFX_CONFORMANCE as PDFX_CONFORMANCE
from .pdfx_preflight import PDFX_VERSION as PDFX_VERSION
from .pdfx_preflight import PdfxReport
from .reports import MissingGlyphs, Overflow

if TYPE_CHECKING:
    from .inks import Inks

PRODUCER = "hrdeck (reportlab, pikepdf)"


class PdfxError(PrintError):
    """A PDF/X file that would not pass its preflight: nothing is written."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PdfxSummary:
    path: Path
    pages: int
    cards: int
    card_size: str
    bleed_mm: float
    profile: str  # the output profile's own name
    ink_limit: float  # per cent
    most_ink: float  # the most ink found on any point, per cent
    file_bytes: int
    overflow: tuple[Overflow, ...]
    missing_glyphs: tuple[MissingGlyphs, ...]


def write_pdfx(path: Path, fronts: Sequence[CardFace], backs: Sequence[CardBack], *,
               inks: Inks, deck_name: str, size: str | None = None,
               bleed_mm: float | None = None) -> PdfxSummary:
    """Write the deck as one PDF/X-1a:2001 file for DriveThruCards, preflighted.

    A PdfxError lists the preflight's findings when the file would not pass; then, as on
    any failure, nothing is left at `path`.
    """
    from . import pdfx_preflight  # looked up when called: a test may stand in for it
    from .shop import write_shop_pdf

    path = Path(path)
    with atomic_path(path) as final, tempfile.TemporaryDirectory(
            dir=final.parent, prefix=".pdfx-") as scratch:
        drawn = Path(scratch) / "cmyk.pdf"
        shop = write_shop_pdf(drawn, fronts, backs, profile="dtc", size=size,
                              bleed_mm=bleed_mm, deck_name=deck_name, inks=inks)
        make_pdfx(drawn, final, profile=inks.profile_bytes, profile_name=inks.description,
                  title=deck_name or "Cards")
        report = pdfx_preflight.preflight_pdfx(final, ink_limit=inks.ink_limit)
        verify_passed(report, path)
    return PdfxSummary(path=path, pages=shop.pages, cards=shop.cards,
                       card_size=shop.card_size, bleed_mm=shop.bleed_mm,
                       profile=inks.description, ink_limit=inks.ink_limit,
                       most_ink=report.most_ink, file_bytes=path.stat().st_size,
                       overflow=shop.overflow, missing_glyphs=shop.missing_glyphs)


def verify_passed(report: PdfxReport, path: Path) -> None:
    """Raise a PdfxError with every finding when `report` did not pass."""
    if report.findings:
        raise PdfxError(f"{path.name} would not pass as {PDFX_CONFORMANCE}, so it was not "
                        "written:\n" + "\n".join(f"  {line}" for line in report.sentences()))


def make_pdfx(source: Path, target: Path, *, profile: bytes, profile_name: str,
              title: str) -> None:
    """Copy the CMYK PDF at `source` to `target` as PDF/X-1a:2001 with `profile` (a CMYK ICC
    profile) as its output intent. Streams are copied as they are."""
    import pikepdf

    with pikepdf.open(source) as pdf:
        pdf.Root.OutputIntents = pikepdf.Array([_output_intent(pdf, profile, profile_name)])
        info = pdf.docinfo
        info.Title = title
        info.Producer = PRODUCER
        info.GTS_PDFXVersion = PDFX_VERSION
        info.GTS_PDFXConformance = PDFX_CONFORMANCE
        info.Trapped = pikepdf.Name("/False")  # hrdeck traps nothing: the shop may
        for date in ("/CreationDate", "/ModDate"):
            if date not in info:  # reportlab's are fixed, so a rebuild is the same file
                info[date] = "D:20000101000000+00'00'"
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta, \
                warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # the GTS_ keys: set just below
            meta.load_from_docinfo(info)
            meta["pdf:Trapped"] = "False"
            meta["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION
            meta["pdfx:GTS_PDFXVersion"] = PDFX_VERSION
            meta["pdfx:GTS_PDFXConformance"] = PDFX_CONFORMANCE
        pdf.save(target, force_version=PDF_VERSION,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 stream_decode_level=pikepdf.StreamDecodeLevel.none,
                 compress_streams=False, deterministic_id=True, fix_metadata_version=False)


def _output_intent(pdf: object, profile: bytes, name: str) -> object:
    """The /OutputIntent dictionary: the press condition by name, its profile embedded."""
    import pikepdf

    assert isinstance(pdf, pikepdf.Pdf)
    stream = pikepdf.Stream(pdf, b"")
    stream.write(zlib.compress(profile), filter=pikepdf.Name.FlateDecode)  # the only stream
    stream.N = 4  # compressed here: the others are copied as reportlab wrote them
    return pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=name, OutputCondition=name, Info=name,
        DestOutputProfile=stream))
