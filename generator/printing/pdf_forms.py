"""Ending a reportlab form so that it holds every resource its drawing names.

reportlab writes a form XObject's resources with its fonts and the forms it places, but not the
graphics states (an opacity), shadings (a gradient) or colour spaces drawn inside it: a viewer
then paints an SVG icon's gradient as a black box and ignores its opacity, and a shop's
preflight refuses the file. `end_form` gives the form the same resources a page would get.
It reads reportlab's own bookkeeping (kept on the canvas and the document), which has held
these names since reportlab 3.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase import pdfdoc  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]


def end_form(canvas: Canvas) -> None:
    """`canvas.endForm()`, and the form's graphics states, shadings and colour spaces in its
    resources. A form that uses none is left exactly as reportlab writes it."""
    name = canvas._formData[0]
    shadings = dict(canvas._shadingUsed)
    canvas.endForm()
    form: Any = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    if not (shadings or form.ExtGState or form._colorsUsed):
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if form.ExtGState:
        resources.ExtGState = form.ExtGState
    resources.setShading(shadings)
    resources.setColorSpace(form._colorsUsed)
    form.Resources = resources
