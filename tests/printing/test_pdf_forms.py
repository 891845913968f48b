"""An SVG icon with a gradient and an opacity prints as drawn: the form it is drawn in holds
the shading and the graphics state it names (reportlab leaves them out of forms), in RGB and,
the opacity folded into the colour, in CMYK; read back from real PDFs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from PIL import Image

from generator.printing.icon_pdf import draw_icon_form
from generator.printing.pdf import new_canvas, save
from generator.printing.pdfx_content import Findings, walk_drawing

SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>
</linearGradient></defs>
<rect x="0" y="0" width="100" height="100" fill="url(#g)"/>
<circle cx="50" cy="50" r="20" fill="#00ff00" fill-opacity="0.5"/>
</svg>"""
PLAIN = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">
<rect x="0" y="0" width="10" height="10" fill="#336699"/></svg>"""


def _page_with_icon(tmp_path: Path, svg: str, inks: Any = None) -> Path:
    icon, pdf = tmp_path / "icon.svg", tmp_path / "icon.pdf"
    icon.write_text(svg, encoding="utf-8")
    canvas = new_canvas(pdf, (100.0, 100.0), title="icon", subject="test")
    draw_icon_form(canvas, "icon", icon, None, inks)
    canvas.doForm("icon")
    canvas.showPage()
    save(canvas)
    return pdf


def _named(stream: Any, operator: str) -> set[str]:
    return {str(operands[0]) for operands, op in pikepdf.parse_content_stream(stream)
            if str(op) == operator}


def _form(pdf: pikepdf.Pdf) -> Any:
    (form,) = pdf.pages[0].Resources.XObject.values()
    return form


def test_the_icon_form_holds_the_gradient_and_the_opacity_it_names(tmp_path: Path) -> None:
    with pikepdf.open(_page_with_icon(tmp_path, SVG)) as pdf:
        form = _form(pdf)
        resources = form.Resources
        shadings, states = _named(form, "sh"), _named(form, "gs")
        assert shadings and states
        assert shadings <= set(resources.get("/Shading", {}).keys())
        assert states <= set(resources.get("/ExtGState", {}).keys())


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) absent")
def test_the_gradient_is_painted_red_to_blue_not_black(tmp_path: Path) -> None:
    pdf = _page_with_icon(tmp_path, SVG)
    subprocess.run(["pdftoppm", "-r", "72", "-png", "-singlefile", str(pdf),
                    str(tmp_path / "page")], check=True, capture_output=True)
    with Image.open(tmp_path / "page.png") as page:
        rgb = page.convert("RGB")
        left, right = rgb.getpixel((3, 50)), rgb.getpixel((96, 50))
        middle = rgb.getpixel((50, 50))
    assert left[0] > 200 and left[2] < 60, left  # red
    assert right[2] > 200 and right[0] < 60, right  # blue
    assert middle[1] > 100, middle  # the half-clear green circle over the gradient


def test_a_form_without_either_keeps_reportlab_s_own_resources(tmp_path: Path) -> None:
    with pikepdf.open(_page_with_icon(tmp_path, PLAIN)) as pdf:
        assert set(_form(pdf).Resources.keys()) == {"/Font", "/ProcSet"}


def test_in_cmyk_the_gradient_is_held_in_process_inks_and_the_file_passes(
        tmp_path: Path) -> None:
    from generator.printing.errors import PrintError
    from generator.printing.inks import InkOptions, find_inks

    try:
        inks = find_inks(InkOptions())
    except PrintError as error:
        pytest.skip(str(error))
    with pikepdf.open(_page_with_icon(tmp_path, SVG, inks)) as pdf:
        shadings = _form(pdf).Resources.Shading
        assert {str(shading.ColorSpace) for shading in shadings.values()} == {"/DeviceCMYK"}
        assert "/ExtGState" not in _form(pdf).Resources  # opacity folded into the colour
        findings = Findings()
        walk_drawing(pdf, findings, ink_limit=300)
        assert findings.sorted() == []
