"""An icon as a PDF form XObject: an SVG as vectors (svglib), a PNG as an image with its alpha;
in its own units, from (0, 0) to `icon_size`. With inks, in CMYK: the SVG's colours converted,
the PNG a CMYK image with a stencil mask (cmyk_pdf.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.graphics import renderPDF  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.utils import ImageReader  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from .cmyk_pdf import cmyk_drawing, cmyk_image_name, draw_image_named
from .fonts import REGULAR, register_fonts
from .icon_art import png_image, read_svg, svg_drawing
from .pdf_forms import end_form

if TYPE_CHECKING:
    from .inks import Inks


def icon_size(path: Path) -> tuple[float, float]:
    """The icon's size in its own units: an SVG's viewBox (or width and height), a PNG's
    pixels."""
    if path.suffix.lower() == ".svg":
        art = read_svg(path)
        return art.width, art.height
    return png_image(path, None).size


def draw_icon_form(canvas: Canvas, name: str, path: Path, colour: str | None,
                   inks: Inks | None = None) -> None:
    """Define the form `name`: the icon at `path` in `colour` (None: its own colours); with
    `inks`, in CMYK."""
    width, height = icon_size(path)
    canvas.beginForm(name, 0, 0, width, height)
    if path.suffix.lower() == ".svg":
        drawing = svg_drawing(path, colour)
        if inks is not None:
            drawing = cmyk_drawing(drawing, inks.colour)
        register_fonts()
        drawing.initialFontName = REGULAR  # never a base-14 font (reportlab's default)
        # svglib maps the viewBox onto the drawing's width and height: back to the viewBox.
        canvas.scale(width / drawing.width, height / drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)
    elif inks is not None:
        image, mask = inks.image(png_image(path, colour))
        draw_image_named(canvas, cmyk_image_name(canvas, image, mask), 0, 0, width, height)
    else:
        canvas.drawImage(ImageReader(png_image(path, colour)), 0, 0, width, height,
                         mask="auto")
    end_form(canvas)
