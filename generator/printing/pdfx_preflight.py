"""The PDF/X-1a preflight: what a print shop's checker refuses, found offline with pikepdf.

The file as a whole: its PDF version (1.3 for PDF/X-1a:2001, no object streams), no
encryption, a document /ID, exactly one OutputIntent of subtype GTS_PDFX with an embedded
CMYK profile, the Info keys PDF/X names (Title, dates, GTS_PDFXVersion and Conformance,
Trapped True or False). Every page: a TrimBox inside a BleedBox inside the MediaBox. Every
drawing (pages, and each form once however often it is drawn): no colour in RGB, no
transparency (soft masks, constant alpha under 1, blend modes other than Normal, transparency
groups), every font embedded, and no point carrying more ink than the limit (`k`/`K` colours,
CMYK colours set with `sc`/`scn`, and every CMYK image's pixels). The drawing's walk is in
pdfx_content.py.

Findings are sentences a designer can act on, each with the pages it was met on.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .pdfx_content import Findings, walk_drawing

PDF_VERSION = "1.3"  # PDF/X-1a:2001 is a PDF 1.3 file
PDFX_VERSION = "PDF/X-1:2001"  # the Info dictionary's GTS_PDFXVersion
PDFX_CONFORMANCE = "PDF/X-1a:2001"  # its GTS_PDFXConformance
BOX_SLACK = 0.01  # points: boxes written as decimals may differ by rounding


@dataclass(frozen=True, slots=True, kw_only=True)
class PdfxFinding:
    message: str  # a sentence
    pages: tuple[int, ...] = ()  # where it was met (none: the file as a whole)

    def sentence(self) -> str:
        return f"{_pages_words(self.pages)}: {self.message}" if self.pages else self.message


@dataclass(frozen=True, slots=True, kw_only=True)
class PdfxReport:
    path: Path
    pages: int
    version: str
    profile: str  # the output intent's condition, "" when there is none
    most_ink: float  # per cent, the most found on any point
    findings: tuple[PdfxFinding, ...] = field(default=())

    @property
    def passed(self) -> bool:
        return not self.findings

    def sentences(self) -> list[str]:
        return [finding.sentence() for finding in self.findings]

    def line(self) -> str:
        """The report in the words of the build's preflight line."""
        if not self.passed:
            return f"{PDFX_CONFORMANCE}: {len(self.findings)} problem(s)"
        return (f"{PDFX_CONFORMANCE}, CMYK through {self.profile}, most ink "
                f"{self.most_ink:.0f}%: passes")


def _pages_words(pages: tuple[int, ...]) -> str:
    """ "page 3", "pages 1, 4–6" (runs joined), at most a few runs then how many in all."""
    runs: list[tuple[int, int]] = []
    for page in pages:
        if runs and page == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], page)
        else:
            runs.append((page, page))
    words = [f"{a}" if a == b else f"{a}–{b}" for a, b in runs[:4]]
    more = f" and more ({len(pages)} pages in all)" if len(runs) > 4 else ""
    return ("page " if len(pages) == 1 else "pages ") + ", ".join(words) + more


# Reports by the file's content and the limit: a build reads back, for its report, the file
# it has just checked while writing it (often in this same process), at no cost.
_REMEMBERED: dict[tuple[str, float], PdfxReport] = {}


def preflight_pdfx(path: Path, *, ink_limit: float = 300.0) -> PdfxReport:
    """Check the file at `path` as PDF/X-1a:2001 with `ink_limit` per cent."""
    path = Path(path)
    data = path.read_bytes()
    key = (hashlib.sha256(data).hexdigest(), ink_limit)
    if key not in _REMEMBERED:
        if len(_REMEMBERED) > 16:
            _REMEMBERED.clear()
        _REMEMBERED[key] = _preflight(path, data, ink_limit)
    return replace(_REMEMBERED[key], path=path)


def _preflight(path: Path, data: bytes, ink_limit: float) -> PdfxReport:
    import pikepdf

    findings = Findings()
    try:
        pdf = pikepdf.open(path)
    except pikepdf.PasswordError:
        return PdfxReport(path=path, pages=0, version="", profile="", most_ink=0.0,
                          findings=(PdfxFinding(message="The file is encrypted; PDF/X "
                                                "allows no encryption."),))
    with pdf:
        _check_file(pdf, data, findings)
        profile = _check_output_intent(pdf, findings)
        _check_info(pdf, findings)
        for number, page in enumerate(pdf.pages, start=1):
            _check_boxes(page.obj, number, findings)
        most_ink = walk_drawing(pdf, findings, ink_limit=ink_limit)
        report = PdfxReport(path=path, pages=len(pdf.pages), version=str(pdf.pdf_version),
                            profile=profile, most_ink=most_ink,
                            findings=tuple(PdfxFinding(message=message, pages=pages)
                                           for message, pages in findings.sorted()))
    return report


def _check_file(pdf: Any, data: bytes, findings: Findings) -> None:
    if pdf.pdf_version != PDF_VERSION:
        findings.add(f"The file is PDF {pdf.pdf_version}; {PDFX_CONFORMANCE} is a PDF "
                     f"{PDF_VERSION} file (save it as PDF {PDF_VERSION} / Acrobat 4).")
    if b"/ObjStm" in data or b"/Type /XRef" in data or b"/Type/XRef" in data:
        findings.add("The file packs its objects into object streams, a PDF 1.5 feature "
                     f"{PDFX_CONFORMANCE} does not allow; save it without compressing the "
                     "structure.")
    if pdf.is_encrypted:
        findings.add("The file is encrypted; PDF/X allows no encryption or passwords.")
    if "/ID" not in pdf.trailer:
        findings.add("The file has no document /ID, which PDF/X requires.")


def _check_output_intent(pdf: Any, findings: Findings) -> str:
    """The one GTS_PDFX output intent's condition; each fault found with it."""
    intents = [intent for intent in pdf.Root.get("/OutputIntents", [])
               if intent.get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        findings.add(f"The file has {len(intents) or 'no'} PDF/X output intent"
                     f"{'' if len(intents) == 1 else 's'}; it needs exactly one "
                     "(/S /GTS_PDFX) naming the press condition and embedding its CMYK "
                     "profile.")
        return ""
    intent = intents[0]
    condition = str(intent.get("/OutputConditionIdentifier", ""))
    if not condition:
        findings.add("The output intent has no OutputConditionIdentifier naming the press "
                     "condition.")
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        findings.add("The output intent embeds no profile (/DestOutputProfile); a press "
                     "condition not in the ICC registry needs its profile embedded.")
        return condition
    data = profile.read_bytes()
    if int(profile.get("/N", 0)) != 4 or data[16:20] != b"CMYK":
        findings.add("The output intent's profile is not a CMYK profile (/N 4); give a CMYK "
                     "press profile, such as your shop's.")
    return condition


def _check_info(pdf: Any, findings: Findings) -> None:
    info = pdf.trailer.get("/Info")
    info = info if info is not None else {}
    needed = {"/Title": None, "/CreationDate": None, "/ModDate": None,
              "/GTS_PDFXVersion": PDFX_VERSION, "/GTS_PDFXConformance": PDFX_CONFORMANCE}
    for key, value in needed.items():
        found = info.get(key)
        if found is None or not str(found):
            findings.add(f"The document information has no {key[1:]}, which PDF/X requires.")
        elif value is not None and str(found) != value:
            findings.add(f"The document information says {key[1:]} {str(found)!r}; "
                         f"{PDFX_CONFORMANCE} needs {value!r}.")
    if str(info.get("/Trapped", "")) not in ("/True", "/False"):
        findings.add("The document information does not state trapping (/Trapped /True or "
                     "/False); PDF/X requires it, and a shop traps according to it.")


def _box(page: Any, key: str) -> tuple[float, float, float, float] | None:
    box = page.get(key)
    if box is None:
        return None
    x1, y1, x2, y2 = (float(value) for value in box)
    return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (inner[0] >= outer[0] - BOX_SLACK and inner[1] >= outer[1] - BOX_SLACK
            and inner[2] <= outer[2] + BOX_SLACK and inner[3] <= outer[3] + BOX_SLACK)


def _check_boxes(page: Any, number: int, findings: Findings) -> None:
    media = _box(page, "/MediaBox") or _inherited_media(page)
    trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
    if trim is None:
        findings.add("The page has no TrimBox, so the shop cannot tell where to cut.", number)
    if bleed is None:
        findings.add("The page has no BleedBox, so the shop cannot tell how far the bleed "
                     "reaches.", number)
    if bleed is not None and media is not None and not _inside(bleed, media):
        findings.add("The BleedBox reaches outside the page (MediaBox).", number)
    if trim is not None and bleed is not None and not _inside(trim, bleed):
        findings.add("The TrimBox reaches outside the BleedBox.", number)


def _inherited_media(page: Any) -> tuple[float, float, float, float] | None:
    parent = page.get("/Parent")
    while parent is not None:
        if "/MediaBox" in parent:
            return _box(parent, "/MediaBox")
        parent = parent.get("/Parent")
    return None
