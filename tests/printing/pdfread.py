"""Reading our PDFs back with pypdf: placements of card forms, crop-mark lines, fonts."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.printing.units import Box, to_mm

BASE_14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
           "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman",
           "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"}

Matrix = tuple[float, float, float, float, float, float]


@dataclass(frozen=True)
class Placed:
    form: str
    matrix: Matrix

    def box(self, width: float, height: float) -> Box:
        """Where the card's (0, 0, width, height) lands on the page."""
        a, b, c, d, e, f = self.matrix
        xs = [a * x + c * y + e for x, y in ((0, 0), (width, 0), (0, height), (width, height))]
        ys = [b * x + d * y + f for x, y in ((0, 0), (width, 0), (0, height), (width, height))]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    @property
    def degrees(self) -> int:
        a, b = self.matrix[:2]
        return round(math.degrees(math.atan2(b, a)))


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def operations(reader: PdfReader, page: Any) -> list[tuple[list[Any], bytes]]:
    return list(ContentStream(page.get_contents(), reader).operations)


def placements(reader: PdfReader, page: Any) -> list[Placed]:
    """Every form drawn directly on the page, with the matrix it was drawn under."""
    ctm: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack: list[Matrix] = []
    found = []
    for operands, operator in operations(reader, page):
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif operator == b"Do":
            found.append(Placed(str(operands[0]), ctm))
    return found


@dataclass(frozen=True)
class Line:
    """A straight line stroked on a page, in points, with its colour (0-1 RGB) and width."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: tuple[float, float, float]
    width: float

    @property
    def box(self) -> Box:
        return Box(min(self.x1, self.x2), min(self.y1, self.y2), abs(self.x2 - self.x1),
                   abs(self.y2 - self.y1))


def lines(reader: PdfReader, page: Any) -> list[Line]:
    """Straight lines stroked on the page itself, outside any form."""
    found = []
    start: tuple[float, float] | None = None
    colour, width = (0.0, 0.0, 0.0), 1.0
    stack: list[tuple[tuple[float, float, float], float]] = []
    for operands, operator in operations(reader, page):
        if operator == b"q":
            stack.append((colour, width))
        elif operator == b"Q":
            colour, width = stack.pop()
        elif operator == b"RG":
            colour = (float(operands[0]), float(operands[1]), float(operands[2]))
        elif operator == b"w":
            width = float(operands[0])
        elif operator == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif operator == b"l" and start is not None:
            found.append(Line(start[0], start[1], float(operands[0]), float(operands[1]),
                              colour, width))
            start = None
    return found


def segments(reader: PdfReader, page: Any) -> list[tuple[float, float, float, float]]:
    """Straight lines (x1, y1, x2, y2) stroked on the page itself, outside any form."""
    return [(line.x1, line.y1, line.x2, line.y2) for line in lines(reader, page)]


def every_object(reader: PdfReader) -> Iterator[Any]:
    size: Any = reader.trailer["/Size"]
    for number in range(1, int(size)):
        try:
            found = reader.get_object(number)
        except Exception:  # free entries in the xref table
            continue
        if found is not None:
            yield found


def font_dicts(reader: PdfReader) -> list[Any]:
    """Every font dictionary in the file, found by walking all its objects."""
    return [obj for obj in every_object(reader)
            if hasattr(obj, "get") and obj.get("/Type") == "/Font"]


def page_fonts(reader: PdfReader) -> list[Any]:
    """Fonts reachable from each page's /Resources /Font and from forms it uses."""
    found: list[Any] = []

    def walk(resources: Any, seen: set[int]) -> None:
        resources = resources.get_object()
        found.extend(font.get_object() for font in (resources.get("/Font") or {}).values())
        for ref in (resources.get("/XObject") or {}).values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
                walk(xobject["/Resources"], seen)

    seen: set[int] = set()
    for page in reader.pages:
        walk(page["/Resources"], seen)
    return found


def verify_fonts_embedded(path: Path) -> set[str]:
    """Assert every font is embedded TrueType and none is base-14; return their names."""
    reader = PdfReader(path)
    fonts = font_dicts(reader) + page_fonts(reader)
    assert fonts, "the PDF has no fonts at all"
    names = set()
    for font in fonts:
        name = str(font["/BaseFont"])[1:]
        bare = name.split("+")[-1]
        assert bare not in BASE_14, f"{path.name} names the base-14 font {name}"
        assert font["/Subtype"] == "/TrueType", f"{name} is {font['/Subtype']}"
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{name} is not embedded"
        names.add(bare)
    return names


def size_mm(page: Any) -> tuple[float, float]:
    return (to_mm(float(page.mediabox.width)), to_mm(float(page.mediabox.height)))


def box_mm(box: Any) -> tuple[float, float, float, float]:
    return tuple(to_mm(float(v)) for v in box)  # type: ignore[return-value]


@dataclass(frozen=True)
class Painted:
    """A path filled and/or stroked on a page: the points it was built from (the ends of
    curves included), the painting operator (f*, S, B*...), colours (0-1 RGB) and width."""

    points: tuple[tuple[float, float], ...]
    operator: str
    fill: tuple[float, float, float]
    stroke: tuple[float, float, float]
    width: float
    curves: int  # how many Bézier curves (c) it has


_PATH_OPERATORS = {b"rg", b"RG", b"w", b"m", b"l", b"c", b"re"}


def painted(reader: PdfReader, page: Any) -> list[Painted]:
    """Every path painted on the page itself (not inside forms), in order."""
    found = []
    fill, stroke, width = (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 1.0
    stack: list[tuple[tuple[float, float, float], tuple[float, float, float], float]] = []
    points: list[tuple[float, float]] = []
    curves = 0
    for operands, operator in operations(reader, page):
        values = [float(v) for v in operands] if operator in _PATH_OPERATORS else []
        if operator == b"q":
            stack.append((fill, stroke, width))
        elif operator == b"Q":
            fill, stroke, width = stack.pop()
        elif operator == b"rg":
            fill = (values[0], values[1], values[2])
        elif operator == b"RG":
            stroke = (values[0], values[1], values[2])
        elif operator == b"w":
            width = values[0]
        elif operator in (b"m", b"l"):
            points.append((values[0], values[1]))
        elif operator == b"c":
            points.append((values[4], values[5]))
            curves += 1
        elif operator == b"re":
            x, y, w, h = values
            points += [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        elif operator in (b"f", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*"):
            found.append(Painted(tuple(points), operator.decode(), fill, stroke, width, curves))
            points, curves = [], 0
        elif operator == b"n":
            points, curves = [], 0
    return found
