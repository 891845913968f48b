"""CMYK pictures and vector icons on a reportlab canvas, with no soft transparency.

PDF/X-1a allows no soft mask (SMask) and no ExtGState opacity, so:
- a picture goes in as a DeviceCMYK image with, where it had transparency, a stencil /Mask
  (a 1-bit image: each pixel shown or not). reportlab writes only soft masks and colour-key
  masks, so these two image objects are written here and registered as its drawImage
  registers its own (stored once per content, placed by name);
- an SVG's reportlab Drawing is copied with every colour in CMYK, any opacity folded into
  its colour (see `cmyk_drawing`).
"""

from __future__ import annotations

import copy
import hashlib
import zlib
from collections.abc import Callable
from typing import Any

from PIL import Image
from reportlab.lib.colors import CMYKColor, Color  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase import pdfdoc  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from .ink_convert import Cmyk


class _ImageStream(pdfdoc.PDFObject):  # type: ignore[misc]
    """An image XObject: 8-bit DeviceCMYK samples, or a 1-bit stencil (ImageMask) whose set
    bits are where the picture shows."""

    __RefOnly__ = 1

    def __init__(self, image: Image.Image, mask: object | None = None) -> None:
        self.size = image.size
        self.is_stencil = image.mode == "1"
        self.data = zlib.compress(image.tobytes())
        self.mask = mask  # a reference to the stencil, or None

    def format(self, document: Any) -> bytes:
        stream = pdfdoc.PDFStream(content=self.data, filters=())
        entries = stream.dictionary
        entries["Type"] = pdfdoc.PDFName("XObject")
        entries["Subtype"] = pdfdoc.PDFName("Image")
        entries["Width"], entries["Height"] = self.size
        if self.is_stencil:
            entries["ImageMask"] = b"true"
            entries["BitsPerComponent"] = 1
            # In a mask a 0 sample shows the image; Pillow's set bits are "shown": inverted.
            entries["Decode"] = pdfdoc.PDFArray([1, 0])
        else:
            entries["ColorSpace"] = pdfdoc.PDFName("DeviceCMYK")
            entries["BitsPerComponent"] = 8
            if self.mask is not None:
                entries["Mask"] = self.mask
        entries["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
        formatted: bytes = stream.format(document)
        return formatted


def _register(canvas: Canvas, name: str, thing: _ImageStream) -> str:
    """Register `thing` as the XObject `name` (once); its name in the page's resources."""
    document = canvas._doc  # reportlab's document, as its own drawImage reaches it
    registered: str = document.getXObjectName(name)
    if document.idToObject.get(registered) is None:
        document.Reference(thing, registered)
        document.addForm(name, thing)
    return registered


def cmyk_image_name(canvas: Canvas, picture: Image.Image, mask: Image.Image | None) -> str:
    """The name of the XObject holding `picture` (a CMYK image) and its stencil `mask`,
    written into the PDF the first time these pixels are seen."""
    digest = hashlib.sha256(picture.tobytes())
    if mask is not None:
        digest.update(mask.tobytes())
    name = f"cmyk{digest.hexdigest()[:24]}"
    stencil = None
    if mask is not None:
        stencil_name = _register(canvas, f"{name}m", _ImageStream(mask))
        stencil = pdfdoc.PDFObjectReference(stencil_name)
    _register(canvas, name, _ImageStream(picture, stencil))
    return name


def draw_image_named(canvas: Canvas, name: str, x: float, y: float, width: float,
                     height: float) -> None:
    """Place the image XObject `name` (from `cmyk_image_name`) in the box, stretched."""
    canvas._currentPageHasImages = 1
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(width, height)
    canvas._code.append(f"/{canvas._doc.getXObjectName(name)} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)  # so the page's (or form's) resources name it


def _on_white(colour: Color, opacity: float) -> Color:
    """`colour` seen at `opacity` over white paper, opaque."""
    keep = max(0.0, min(1.0, opacity))
    red, green, blue = (1 - keep * (1 - part) for part in colour.rgb())
    return Color(red, green, blue)


def _cmyk(colour: Any, opacity: float, convert: Callable[[str], Cmyk]) -> Any:
    """A reportlab colour as a CMYKColor with no alpha (so no ExtGState is written)."""
    if not isinstance(colour, Color) or isinstance(colour, CMYKColor):
        if isinstance(colour, CMYKColor):
            colour.alpha = None
        return colour
    alpha = colour.alpha if colour.alpha is not None else 1.0
    flat = _on_white(colour, opacity * alpha)
    cyan, magenta, yellow, black = convert(f"#{flat.hexval()[2:].lower()}")
    return CMYKColor(cyan, magenta, yellow, black, alpha=None)


def cmyk_drawing(drawing: Any, convert: Callable[[str], Cmyk]) -> Any:
    """A copy of an svglib Drawing with every colour in CMYK through `convert` (#rrggbb to
    CMYK).

    An SVG's opacity (fill-opacity, stroke-opacity, a colour's alpha) is not kept as
    transparency, which PDF/X-1a forbids: the colour is blended with white paper by it
    instead, so a half-transparent shape over white prints as it looked; over another colour
    it now hides what lies under it.
    """
    drawing = copy.deepcopy(drawing)
    _convert_node(drawing, convert)
    # reportlab starts every drawing in its own black (RGB): start it in CMYK black instead
    # (its renderer reads these; a Drawing's attribute checks do not list them).
    black = _cmyk(Color(0, 0, 0), 1.0, convert)
    drawing.__dict__.update(initialFillColor=black, initialStrokeColor=black)
    return drawing


def _convert_node(node: Any, convert: Callable[[str], Cmyk]) -> None:
    for key in ("fill", "stroke"):
        opacity_key = f"{key}Opacity"
        opacity = getattr(node, opacity_key, None)
        colour = getattr(node, f"{key}Color", None)
        if colour is not None:
            setattr(node, f"{key}Color",
                    _cmyk(colour, 1.0 if opacity is None else opacity, convert))
        if opacity is not None:
            setattr(node, opacity_key, None)
    stops = getattr(node, "_rl_colors", None)  # svglib's gradient shapes
    if stops is not None:
        node._rl_colors = [_cmyk(stop, 1.0, convert) for stop in stops]
    for child in getattr(node, "contents", ()) or ():
        _convert_node(child, convert)
    clip = getattr(node, "_clip_shape", None)
    if clip is not None:
        _convert_node(clip, convert)
