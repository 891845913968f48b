"""An icon file read safely and made ready to draw: an SVG's markup checked and recoloured, as
a reportlab Drawing (vectors, for the PDF) or as pixels (resvg, for PNGs); a PNG by its alpha.

A deck from a stranger is data: an SVG is parsed without a DTD, entities or network, and one
that points at anything outside itself (files, URLs, entities, style imports) is refused
before svglib or resvg see it; they are only ever given the checked markup.
"""

from __future__ import annotations

import functools
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lxml import etree  # type: ignore[import-untyped, unused-ignore]
from PIL import Image

from .drawing import rgb

if TYPE_CHECKING:  # reportlab's graphics load only when an icon is drawn into a PDF
    from reportlab.graphics.shapes import Drawing  # type: ignore[import-untyped, unused-ignore]

MAX_BYTES = 2 * 1024 * 1024
MAX_SIDE = 10_000.0  # an SVG's width, height or viewBox side, in its own units
SVG_NS = "{http://www.w3.org/2000/svg}"
_LINK_ATTRIBUTES = ("href", "{http://www.w3.org/1999/xlink}href", "src")
_OUTSIDE = re.compile(r"@import|url\(\s*['\"]?(?!#)", re.IGNORECASE)
_COLOUR_KEYS = ("fill", "stroke", "stop-color", "color")
_STYLE_COLOUR = re.compile(r"(fill|stroke|stop-color|color)\s*:\s*([^;]+)")
_NO_COLOUR = {"none", "currentcolor", "inherit", "transparent", ""}
_LENGTH = re.compile(r"\s*([0-9.]+(?:e[-+]?\d+)?)\s*(px|pt|mm|cm|in)?\s*$", re.IGNORECASE)


class IconError(ValueError):
    """Why an icon file cannot be used, in a designer's words."""


@dataclass(frozen=True, slots=True)
class SvgArt:
    markup: str  # the checked SVG, serialised again (no DTD, no comments)
    width: float
    height: float
    colours: frozenset[str]  # the colours the art names itself (currentColor aside)


def _parser() -> etree.XMLParser:
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           dtd_validation=False, huge_tree=False, remove_comments=True)


def _size_of(root: etree._Element) -> tuple[float, float]:
    """The SVG's size in its own units: viewBox first, else width and height."""
    view = (root.get("viewBox") or "").replace(",", " ").split()
    if len(view) == 4:
        try:
            width, height = float(view[2]), float(view[3])
        except ValueError:
            raise IconError(f'its viewBox "{root.get("viewBox")}" is not four numbers') from None
    else:
        sizes = [_LENGTH.match(root.get(key) or "") for key in ("width", "height")]
        if not all(sizes):
            raise IconError("it has neither a viewBox nor a width and height in numbers")
        width, height = (float(size.group(1)) for size in sizes if size)
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise IconError(f"its size {width:g} × {height:g} is empty or too large "
                        f"(each side at most {MAX_SIDE:g})")
    return width, height


def _colours_of(root: etree._Element) -> frozenset[str]:
    found: set[str] = set()
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        values = [element.get(key) or "" for key in _COLOUR_KEYS]
        values += [value for _, value in _STYLE_COLOUR.findall(element.get("style") or "")]
        found.update(value.strip().lower() for value in values)
    return frozenset(found - _NO_COLOUR)


def _check_links(root: etree._Element) -> None:
    for element in root.iter():
        if not isinstance(element.tag, str):
            if isinstance(element, etree._Entity):
                raise IconError("it uses an XML entity")
            continue
        if element.tag in (f"{SVG_NS}text", f"{SVG_NS}script", f"{SVG_NS}foreignObject"):
            kind = element.tag.removeprefix(SVG_NS)
            raise IconError(f"it holds <{kind}> (draw an icon's letters as paths)"
                            if kind == "text" else f"it holds <{kind}>")
        for key in _LINK_ATTRIBUTES:
            target = element.get(key)
            if target is not None and not target.strip().startswith("#"):
                raise IconError(f'it links to "{target[:60]}" outside itself')
        style = " ".join(filter(None, [element.get("style"), element.text
                                       if element.tag == f"{SVG_NS}style" else None]))
        if _OUTSIDE.search(style) or any(_OUTSIDE.search(value)
                                         for value in element.attrib.values()):
            raise IconError("its style refers to something outside itself")


@functools.lru_cache(maxsize=128)
def _read_svg(path: Path, stamp: tuple[int, int]) -> SvgArt:
    data = path.read_bytes()
    if b"<!ENTITY" in data or b"<!entity" in data:
        raise IconError("it declares XML entities (refused: a deck's files are not trusted)")
    if b"<!DOCTYPE" in data.upper():
        raise IconError("it has a DOCTYPE (refused: a deck's files are not trusted)")
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as error:
        raise IconError(f"it is not well-formed SVG ({error})") from None
    if root is None or root.tag != f"{SVG_NS}svg":
        raise IconError("it is not an SVG (its root element is not <svg> in the SVG namespace)")
    _check_links(root)
    width, height = _size_of(root)
    markup = etree.tostring(root, encoding="unicode")
    return SvgArt(markup, width, height, _colours_of(root))


def file_stamp(path: Path) -> tuple[int, int]:
    found = path.stat()
    return found.st_mtime_ns, found.st_size


def read_svg(path: Path) -> SvgArt:
    """The checked SVG at `path` (IconError: why it cannot be used)."""
    return _read_svg(path, file_stamp(path))


def recoloured(art: SvgArt, colour: str | None) -> str:
    """The SVG's markup drawn in `colour`: its currentColor and, when the art names one colour
    only, that colour too. None keeps the art's colours (currentColor as black)."""
    ink = colour or "#000000"
    markup = art.markup
    if colour is not None and len(art.colours) == 1:
        (own,) = art.colours
        markup = re.sub(rf"(?i)(?<=[\"':\s]){re.escape(own)}(?=[\"';\s])", ink, markup)
    # The root's `color` sets currentColor for the whole drawing.
    return re.sub(r"(?i)currentColor", ink, markup)


def svg_drawing(path: Path, colour: str | None) -> Drawing:
    """The SVG as a reportlab Drawing (vectors), in its own units; drawn again once the file
    changes (a watching build or preview)."""
    return _svg_drawing(path, colour, file_stamp(path))


@functools.lru_cache(maxsize=256)
def _svg_drawing(path: Path, colour: str | None, stamp: tuple[int, int]) -> Drawing:
    from svglib.svglib import svg2rlg

    markup = recoloured(read_svg(path), colour)
    drawing = svg2rlg(io.BytesIO(markup.encode("utf-8")), resolve_entities=False)
    if drawing is None:
        raise IconError("svglib could not read it")
    return drawing


def icon_pixels(path: Path, colour: str | None, size: tuple[int, int]) -> Image.Image:
    """The icon at `size` pixels (RGBA), rasterised once per file, colour and size, and
    again once the file changes."""
    return _icon_pixels(path, colour, size, file_stamp(path))


@functools.lru_cache(maxsize=512)
def _icon_pixels(path: Path, colour: str | None, size: tuple[int, int],
                 stamp: tuple[int, int]) -> Image.Image:
    if path.suffix.lower() == ".svg":
        import resvg_py

        markup = recoloured(read_svg(path), colour)
        png = resvg_py.svg_to_bytes(svg_string=markup, width=size[0], height=size[1],
                                    skip_system_fonts=True)
        image = Image.open(io.BytesIO(bytes(png))).convert("RGBA")
        return image if image.size == size else image.resize(size, Image.Resampling.LANCZOS)
    with Image.open(path) as source:
        image = source.convert("RGBA").resize(size, Image.Resampling.LANCZOS)
    return tinted(image, colour)


def tinted(image: Image.Image, colour: str | None) -> Image.Image:
    """A PNG icon in `colour` by its alpha as a mask (None: as it is)."""
    if colour is None:
        return image
    solid = Image.new("RGBA", image.size, (*rgb(colour), 255))
    solid.putalpha(image.getchannel("A"))
    return solid


def png_image(path: Path, colour: str | None) -> Image.Image:
    """A PNG icon at its own size, tinted (for the PDF, which scales it); read again once the
    file changes."""
    return _png_image(path, colour, file_stamp(path))


@functools.lru_cache(maxsize=64)
def _png_image(path: Path, colour: str | None, stamp: tuple[int, int]) -> Image.Image:
    with Image.open(path) as source:
        return tinted(source.convert("RGBA"), colour)
