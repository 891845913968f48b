"""Reading a rulebook back with pypdf: its text page by page, its lines, and its fonts."""

from __future__ import annotations

import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Any, NamedTuple

from pypdf import PdfReader

BASE_14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
           "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman",
           "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"}


def flat(text: str) -> str:
    """Whitespace collapsed, so text wrapped over lines or cells can be searched for."""
    return " ".join(text.split())


def page_texts(path: Path) -> list[str]:
    """Each page's text, whitespace collapsed."""
    return [flat(page.extract_text()) for page in PdfReader(path).pages]


class Run(NamedTuple):
    """A piece of text drawn on a page: where it starts (points from the bottom left), its
    text, its type size and its font (without a subset prefix)."""

    x: float
    y: float
    text: str
    size: float
    font: str


def page_runs(page: Any) -> list[Run]:
    """Every piece of text drawn on the page, in the order it is drawn."""
    found: list[Run] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            name = font_name(font) if font is not None else ""
            found.append(Run(x, y, text, size * tm[3] * cm[3], name))

    page.extract_text(visitor_text=visit)
    return found


def page_lines(page: Any) -> list[str]:
    """The page's lines top to bottom: text runs on one baseline joined left to right."""
    runs: dict[float, list[tuple[float, str]]] = defaultdict(list)
    for run in page_runs(page):
        runs[round(run.y)].append((run.x, run.text))
    return [flat(" ".join(text for _, text in sorted(runs[y]))) for y in sorted(runs, reverse=True)]


def all_page_lines(path: Path) -> list[list[str]]:
    return [page_lines(page) for page in PdfReader(path).pages]


def _fonts_of(resources: Any, seen: set[int]) -> list[Any]:
    resources = resources.get_object()
    found = [font.get_object() for font in (resources.get("/Font") or {}).values()]
    for ref in (resources.get("/XObject") or {}).values():
        if ref.idnum in seen:
            continue
        seen.add(ref.idnum)
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
            found.extend(_fonts_of(xobject["/Resources"], seen))
    return found


def page_fonts(path: Path) -> list[list[Any]]:
    """For each page, the fonts of its /Resources /Font (and of forms it draws)."""
    reader = PdfReader(path)
    return [_fonts_of(page["/Resources"], set()) for page in reader.pages]


def every_font(path: Path) -> list[Any]:
    """Every /Type /Font object in the file, used or not."""
    reader = PdfReader(path)
    found = []
    size: Any = reader.trailer["/Size"]
    for number in range(1, int(size)):
        try:
            obj: Any = reader.get_object(number)
        except Exception:  # free entries in the cross-reference table
            continue
        if hasattr(obj, "get") and obj.get("/Type") == "/Font":
            found.append(obj)
    return found


def font_name(font: Any) -> str:
    """The font's name without a subset prefix ("AAAAAA+")."""
    return str(font["/BaseFont"])[1:].split("+")[-1]


def stream_lines(path: Path, page: int) -> list[str]:
    """Page `page`'s text (1-based) as pypdf reads it in content-stream order, line by line:
    the order a screen reader or a copy and paste gets, unlike `page_lines`, which sorts."""
    text = PdfReader(path).pages[page - 1].extract_text()
    return [flat(line) for line in text.splitlines() if line.strip()]


def pdftotext_lines(path: Path, page: int) -> list[str]:
    """Page `page`'s lines as poppler's pdftotext reads them (its reading-order analysis)."""
    done = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"],
                          check=True, capture_output=True, text=True)
    return [flat(line) for line in done.stdout.splitlines() if line.strip()]
