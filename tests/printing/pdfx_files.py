"""Small PDF/X files made for the preflight's tests: a clean one, and each fault it catches.

A file is drawn with reportlab (CMYK colours, hrdeck's embedded fonts, TrimBox and BleedBox),
made PDF/X by the same packaging the build uses, then, for the faults only a later tool would
bring, altered with pikepdf.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pikepdf
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from generator.printing.fonts import REGULAR
from generator.printing.pdf import new_canvas, save
from generator.printing.pdfx import make_pdfx

SWOP = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
PAGE = (198.0, 270.0)  # points: a poker card with bleed
TRIM = (9.0, 9.0, 189.0, 261.0)


def clean_drawing(canvas: Canvas) -> None:
    """What a clean CMYK card holds: a fill, black text, a form and a CMYK picture."""
    canvas.setFillColorCMYK(0.1, 0.6, 0.0, 0.05)
    canvas.rect(0, 0, *PAGE, fill=1, stroke=0)
    canvas.setFillColorCMYK(0, 0, 0, 1)
    canvas.setFont(REGULAR, 12)
    canvas.drawString(20, 230, "Say nice")
    if not canvas.hasForm("badge"):
        canvas.beginForm("badge")
        canvas.setStrokeColorCMYK(0.9, 0.5, 0.0, 0.2)
        canvas.circle(40, 40, 20, stroke=1, fill=0)
        canvas.endForm()
    canvas.doForm("badge")
    picture = Image.new("CMYK", (30, 20), (200, 40, 0, 10))
    canvas.drawImage(ImageReader(picture), 100, 100, width=60, height=40)


def make_file(path: Path, draw: Callable[[Canvas], None] = clean_drawing, *,
              pages: int = 2) -> Path:
    """A PDF/X file at `path` whose pages are each drawn by `draw`."""
    drawn = path.with_suffix(".drawn.pdf")
    canvas = new_canvas(drawn, PAGE, title="Test", subject="preflight")
    canvas.setTrimBox(TRIM)
    canvas.setBleedBox((0.0, 0.0, *PAGE))
    for _ in range(pages):
        draw(canvas)
        canvas.showPage()
    save(canvas)
    make_pdfx(drawn, path, profile=SWOP.read_bytes(), profile_name="Artifex CMYK SWOP Profile",
              title="Test")
    drawn.unlink()
    return path


def altered(path: Path, change: Callable[[pikepdf.Pdf], None], **save: object) -> Path:
    """The file at `path` changed by `change`, saved as PDF 1.3 unless `save` says else."""
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        change(pdf)
        options: dict[str, object] = {"force_version": "1.3",
                                      "object_stream_mode": pikepdf.ObjectStreamMode.disable}
        options.update(save)
        pdf.save(path, **options)  # type: ignore[arg-type]
    return path


def first_image(pdf: pikepdf.Pdf) -> pikepdf.Stream:
    """The first image XObject of the file."""
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
            return obj
    raise AssertionError("no image in the file")
