"""Reading a CMYK PDF back with pypdf: every content stream (pages and forms, each once), its
colour operators, images and graphics states."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

from .pdfread import every_object

COLOUR_OPERATORS = {b"rg", b"RG", b"k", b"K", b"g", b"G", b"sc", b"SC", b"scn", b"SCN",
                    b"cs", b"CS"}


@dataclass
class Colours:
    """What a file's content streams paint with."""

    operators: dict[bytes, list[tuple[float, ...]]] = field(default_factory=dict)
    text_fills: list[tuple[float, ...]] = field(default_factory=list)  # k set inside BT..ET
    images: list[Any] = field(default_factory=list)  # image XObject dictionaries
    graphics_states: list[Any] = field(default_factory=list)

    def of(self, operator: bytes) -> list[tuple[float, ...]]:
        return self.operators.get(operator, [])


def _streams(reader: PdfReader) -> Iterator[tuple[Any, Any]]:
    """(content, resources) of every page and of every form XObject they reach, once each."""
    seen: set[int] = set()
    todo: list[tuple[Any, Any]] = [(page.get_contents(), page.get("/Resources"))
                                   for page in reader.pages]
    while todo:
        content, resources = todo.pop()
        yield content, resources
        resources = resources.get_object() if resources is not None else {}
        for xobject in (resources.get("/XObject") or {}).values():
            ident = xobject.idnum
            if ident in seen:
                continue
            seen.add(ident)
            found = xobject.get_object()
            if found.get("/Subtype") == "/Form":
                todo.append((found, found.get("/Resources")))


def read_colours(path: Any) -> Colours:
    reader = PdfReader(path)
    colours = Colours()
    for content, _ in _streams(reader):
        in_text = False
        for operands, operator in ContentStream(content, reader).operations:
            if operator == b"BT":
                in_text = True
            elif operator == b"ET":
                in_text = False
            elif operator in COLOUR_OPERATORS:
                values = tuple(float(value) for value in operands
                               if isinstance(value, int | float) or hasattr(value, "as_numeric"))
                colours.operators.setdefault(operator, []).append(values)
                if in_text and operator == b"k":
                    colours.text_fills.append(values)
    for found in every_object(reader):
        if not hasattr(found, "get"):
            continue
        if found.get("/Subtype") == "/Image":
            colours.images.append(found)
        if found.get("/Type") == "/ExtGState" or "/ca" in found or "/CA" in found:
            colours.graphics_states.append(found)
    return colours


def mentions(path: Any, word: bytes) -> bool:
    """Whether the PDF's objects (streams decoded) name `word` anywhere, e.g. b"/DeviceRGB"."""
    reader = PdfReader(path)
    for found in every_object(reader):
        if hasattr(found, "get_data"):
            if word in found.get_data():
                return True
            found = {key: value for key, value in found.items()}
        if word.decode() in repr(found):
            return True
    return False
