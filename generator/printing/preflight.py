"""Preflight: what a print shop checks before it prints, found by reading the files back.

For PDFs: page sizes and TrimBox/BleedBox in millimetres, every font with whether it is
embedded (and any base-14 font, which never should be), every image with its effective
resolution as drawn. For PNGs: pixels, the dpi they declare and the size that makes. For the
cards themselves: any text that reaches outside the safe zone, and text that did not fit.
Reading PDFs needs pypdf.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from .composed import Composed
from .drawing import Text, walk_text
from .face_designs import compose_card_back, compose_face
from .faces import CardBack, CardFace
from .reports import Overflow
from .sizes import DEFAULT_BLEED_MM, find_size
from .units import MM_PER_INCH, PT_PER_INCH, to_mm

BASE_14 = frozenset({
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
    "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold",
    "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"})
MIN_DPI = 300


@dataclass(frozen=True, slots=True, kw_only=True)
class FontCheck:
    name: str  # without the subset prefix ("AAAAAA+")
    subtype: str
    embedded: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ImageCheck:
    page: int
    pixels: tuple[int, int]
    drawn_mm: tuple[float, float]
    dpi: float


@dataclass(frozen=True, slots=True, kw_only=True)
class PdfCheck:
    path: Path
    pages: int
    page_sizes_mm: tuple[tuple[float, float, int], ...]  # (width, height, how many pages)
    trim_mm: tuple[float, float, float, float] | None  # first page's TrimBox as x, y, w, h
    bleed_mm: tuple[float, float, float, float] | None
    fonts: tuple[FontCheck, ...]
    images: tuple[ImageCheck, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PngCheck:
    path: Path
    pixels: tuple[int, int]
    dpi: float | None
    size_mm: tuple[float, float] | None


@dataclass(frozen=True, slots=True, kw_only=True)
class PreflightReport:
    files: tuple[PdfCheck | PngCheck, ...]
    outside_safe_zone: tuple[str, ...]
    overflow: tuple[Overflow, ...]
    problems: tuple[str, ...]
    folders: tuple[Path, ...] = ()  # folders of PNGs, each summed up in one line

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        """The report in short lines for the command line: one a file, one a folder of
        PNGs, then a line for each problem (all that fails, and only that)."""
        entries: list[str | Path] = []  # a file's line, or a folder summed up at the end
        folders: dict[Path, list[PngCheck]] = {}
        for check in self.files:
            if isinstance(check, PdfCheck):
                entries.append(_pdf_line(check))
            elif check.path.parent in self.folders:
                if check.path.parent not in folders:
                    entries.append(check.path.parent)
                folders.setdefault(check.path.parent, []).append(check)
            else:
                entries.append(f"{check.path.name}: {_png_words(check)}")
        out = [entry if isinstance(entry, str) else _folder_line(entry, folders[entry])
               for entry in entries]
        return out + [f"problem: {line}" for line in self.problems]


def _pages(n: int) -> str:
    return f"{n} page{'' if n == 1 else 's'}"


def _pdf_line(check: PdfCheck) -> str:
    """E.g. "x-dtc.pdf: 82 pages of 69.85 × 95.25 mm, TrimBox 63.50 × 88.90 mm at (3.17,
    3.17), BleedBox …; fonts embedded: DejaVuSans-Bold, DejaVuSans"."""
    if len(check.page_sizes_mm) == 1:
        (w, h, _), = check.page_sizes_mm
        sizes = f"{_pages(check.pages)} of {w:.2f} × {h:.2f} mm"
    else:
        sizes = f"{_pages(check.pages)} (" + ", ".join(
            f"{n} × {w:.2f} × {h:.2f} mm" for w, h, n in check.page_sizes_mm) + ")"
    parts = [sizes]
    for name, box in (("TrimBox", check.trim_mm), ("BleedBox", check.bleed_mm)):
        if box:
            x, y, w, h = box
            parts.append(f"{name} {w:.2f} × {h:.2f} mm at ({x:.2f}, {y:.2f})")
    line = ", ".join(parts)
    if not check.fonts:
        line += "; no fonts"
    elif all(font.embedded for font in check.fonts):
        line += "; fonts embedded: " + ", ".join(font.name for font in check.fonts)
    else:
        line += "; fonts: " + ", ".join(
            font.name + ("" if font.embedded else " (NOT embedded)") for font in check.fonts)
    if check.images:
        lowest = min(check.images, key=lambda i: i.dpi)
        line += (f"; images: {len(check.images)}, lowest {lowest.dpi:.0f} dpi "
                 f"(page {lowest.page})")
    return f"{check.path.name}: {line}"


def _png_words(check: PngCheck) -> str:
    """E.g. "825 × 1125 px, 300 dpi = 69.9 × 95.3 mm"."""
    dpi = f"{check.dpi:g} dpi" if check.dpi else "no dpi"
    size = " = {:.1f} × {:.1f} mm".format(*check.size_mm) if check.size_mm else ""
    return f"{check.pixels[0]} × {check.pixels[1]} px, {dpi}{size}"


def _folder_line(folder: Path, pngs: Sequence[PngCheck]) -> str:
    """A folder of PNGs in one line: how many, and each size they come in (most first)."""
    kinds = Counter(_png_words(check) for check in pngs)
    if len(kinds) == 1:
        return f"{folder.name}/: {len(pngs)} PNGs of {next(iter(kinds))}"
    return f"{folder.name}/: {len(pngs)} PNGs: " + "; ".join(
        f"{n} of {words}" for words, n in kinds.most_common())


Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Drawn = tuple[Matrix, Any]  # an image XObject and the matrix it is drawn under


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention: m × n)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def _box_mm(box: Any) -> tuple[float, float, float, float]:
    x1, y1, x2, y2 = (float(v) for v in box)
    return (to_mm(x1), to_mm(y1), to_mm(x2 - x1), to_mm(y2 - y1))


def _font_check(font: Any) -> FontCheck:
    """What the shop asks of one font dictionary: its name, its kind, whether it is embedded."""
    descriptor = font.get("/FontDescriptor")
    for descendant in font.get("/DescendantFonts") or []:
        descriptor = descendant.get_object().get("/FontDescriptor")
    embedded = font.get("/Subtype") == "/Type3" or (descriptor is not None and any(
        key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")))
    name = str(font.get("/BaseFont", "(no name)"))[1:].split("+")[-1]
    return FontCheck(name=name, subtype=str(font.get("/Subtype")), embedded=embedded)


def _reference(item: Any) -> tuple[int, int] | None:
    """The object number of an indirect reference (None for a direct object)."""
    number = getattr(item, "idnum", None)
    return None if number is None else (int(number), int(getattr(item, "generation", 0)))


class _Reading:
    """One PDF read back. A writer shares objects between pages (reportlab has one /Font
    dictionary for the whole file, and draws each card as a form used on many pages), so
    every shared object is looked at once: a font dictionary, a font, a form. Content
    streams are read only where an image can be drawn (an image XObject reachable from the
    page's resources, directly or through forms), to learn the matrix each is drawn under,
    and each form's stream is read once however often it is drawn."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader
        self.fonts: dict[FontCheck, None] = {}  # in the order first met
        self._seen: set[tuple[int, int]] = set()  # font dictionaries, fonts, forms
        self._forms_with_images: dict[tuple[int, int], bool] = {}
        self._form_images: dict[tuple[int, int], list[Drawn]] = {}
        self._reading: set[tuple[int, int] | None] = set()  # forms being read

    def _first_time(self, item: Any) -> bool:
        """Whether `item` is met for the first time (always so for a direct object)."""
        reference = _reference(item)
        if reference is None:
            return True
        if reference in self._seen:
            return False
        self._seen.add(reference)
        return True

    def note_fonts(self, resources: Any) -> None:
        """Note the fonts of `resources` and of every form it uses."""
        if resources is None:
            return
        resources = resources.get_object()
        fonts = resources.get("/Font")
        if fonts is not None and self._first_time(fonts):
            for font in fonts.get_object().values():
                if self._first_time(font):
                    self.fonts[_font_check(font.get_object())] = None
        for xobject in (resources.get("/XObject") or {}).values():
            if _reference(xobject) in self._seen:
                continue
            form = xobject.get_object()
            if form.get("/Subtype") == "/Form" and self._first_time(xobject):
                self.note_fonts(form.get("/Resources"))

    def may_draw_images(self, resources: Any) -> bool:
        """Whether a stream drawn with `resources` can reach an image, itself or in a form."""
        if resources is None:
            return False
        return any(self._reaches_image(xobject)
                   for xobject in (resources.get_object().get("/XObject") or {}).values())

    def _reaches_image(self, xobject: Any) -> bool:
        reference = _reference(xobject)
        if reference is not None and reference in self._forms_with_images:
            return self._forms_with_images[reference]
        target = xobject.get_object()
        if reference is not None:
            self._forms_with_images[reference] = False  # for now: a loop adds no image
        # a form without resources of its own uses its caller's, already being looked at
        found = target.get("/Subtype") == "/Image" or (
            target.get("/Subtype") == "/Form" and self.may_draw_images(target.get("/Resources")))
        if reference is not None:
            self._forms_with_images[reference] = found
        return found

    def images(self, stream: Any, resources: Any) -> list[Drawn]:
        """The images a content stream draws, each with its matrix in the stream's space,
        following cm, q/Q and Do into forms. The stream is read only if it can draw one."""
        from pypdf.generic import ContentStream

        if not self.may_draw_images(resources):
            return []
        xobjects = resources.get_object()["/XObject"]
        drawn: list[Drawn] = []
        ctm, stack = _IDENTITY, []
        for operands, operator in ContentStream(stream, self.reader).operations:
            if operator == b"q":
                stack.append(ctm)
            elif operator == b"Q" and stack:
                ctm = stack.pop()
            elif operator == b"cm":
                ctm = _times(_matrix(operands), ctm)
            elif operator == b"Do" and operands[0] in xobjects:
                xobject = xobjects.get(operands[0])
                target = xobject.get_object()
                if target.get("/Subtype") == "/Image":
                    drawn.append((ctm, target))
                elif target.get("/Subtype") == "/Form":
                    drawn += [(_times(inner, ctm), image)
                              for inner, image in self._form(xobject, resources)]
        return drawn

    def _form(self, xobject: Any, caller: Any) -> list[Drawn]:
        """The images a form draws, in the space it is drawn in (its /Matrix applied). Read
        once: a form with resources of its own draws the same whoever draws it."""
        reference = _reference(xobject)  # a stream is always an indirect object
        form = xobject.get_object()
        own = form.get("/Resources")
        kept = self._form_images if own is not None and reference is not None else {}
        if reference in kept:
            return kept[reference]
        if reference in self._reading:
            return []  # a form that draws itself
        self._reading.add(reference)
        try:
            matrix = _matrix(form.get("/Matrix", _IDENTITY))
            drawn = [(_times(inner, matrix), image)
                     for inner, image in self.images(form, own if own is not None else caller)]
        finally:
            self._reading.discard(reference)
        if reference is not None:
            kept[reference] = drawn
        return drawn


def _matrix(values: Any) -> Matrix:
    a, b, c, d, e, f = (float(value) for value in values)
    return (a, b, c, d, e, f)


def _image_check(page: int, matrix: Matrix, image: Any) -> ImageCheck:
    """How big an image prints, and at what resolution, drawn under `matrix`."""
    a, b, c, d = matrix[:4]
    width_in, height_in = math.hypot(a, b) / PT_PER_INCH, math.hypot(c, d) / PT_PER_INCH
    pixels = (int(image["/Width"]), int(image["/Height"]))
    dpi = min(pixels[0] / width_in, pixels[1] / height_in)
    return ImageCheck(page=page, pixels=pixels, dpi=round(dpi, 1),
                      drawn_mm=(width_in * MM_PER_INCH, height_in * MM_PER_INCH))


def check_pdf(path: Path) -> PdfCheck:
    """Read a PDF back: page sizes, boxes, fonts and images."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    reading = _Reading(reader)
    sizes: Counter[tuple[float, float]] = Counter()
    images: list[ImageCheck] = []
    for number, page in enumerate(reader.pages, start=1):
        box = page.mediabox
        sizes[(round(to_mm(float(box.width)), 2), round(to_mm(float(box.height)), 2))] += 1
        resources = page.get("/Resources")
        reading.note_fonts(resources)
        contents = page.get_contents() if reading.may_draw_images(resources) else None
        if contents is not None:
            images += [_image_check(number, matrix, image)
                       for matrix, image in reading.images(contents, resources)]
    first = reader.pages[0] if reader.pages else None
    trim = _box_mm(first.trimbox) if first is not None and "/TrimBox" in first else None
    bleed = _box_mm(first.bleedbox) if first is not None and "/BleedBox" in first else None
    return PdfCheck(path=path, pages=len(reader.pages),
                    page_sizes_mm=tuple((w, h, n) for (w, h), n in sizes.most_common()),
                    trim_mm=trim, bleed_mm=bleed, fonts=tuple(reading.fonts),
                    images=tuple(images))


def check_png(path: Path) -> PngCheck:
    with Image.open(path) as image:
        pixels = image.size
        declared = image.info.get("dpi")
    dpi = float(declared[0]) if declared else None
    size = (pixels[0] / dpi * MM_PER_INCH, pixels[1] / dpi * MM_PER_INCH) if dpi else None
    return PngCheck(path=path, pixels=pixels, dpi=round(dpi, 2) if dpi else None, size_mm=size)


def outside_safe_zone(side: Composed) -> list[Text]:
    """The texts of a composed side whose visible part reaches outside its safe zone."""
    found = []
    for text, clip in walk_text(side.items):
        visible = text.box if clip is None else text.box.intersection(clip)
        if visible is not None and not side.safe.contains(visible):
            found.append(text)
    return found


def _check_cards(fronts: Sequence[CardFace], backs: Sequence[CardBack], size: str
                 ) -> tuple[list[str], list[Overflow]]:
    card = find_size(size)
    sides = [(face.ident or face.heading, compose_face(face, card, DEFAULT_BLEED_MM))
             for face in dict.fromkeys(fronts)]
    sides += [(f"{back.kind} back", compose_card_back(back, card, DEFAULT_BLEED_MM))
              for back in dict.fromkeys(backs)]
    outside = [f'{name}: "{text.text[:30]}" reaches outside the safe zone '
               f"({card.safe_mm:g} mm inside the trim)."
               for name, side in sides for text in outside_safe_zone(side)]
    return outside, [problem for _, side in sides for problem in side.overflow]


def preflight(paths: Iterable[Path], *, fronts: Sequence[CardFace] = (),
              backs: Sequence[CardBack] = (), size: str = "poker",
              min_dpi: float = MIN_DPI) -> PreflightReport:
    """Check output files (PDFs, PNGs, or folders of PNGs) and, if given, the cards' text.

    Returns data; `PreflightReport.lines()` words it and `problems` lists what a shop would
    reject: unembedded or base-14 fonts, images under `min_dpi`, text outside the safe zone.
    """
    files: list[PdfCheck | PngCheck] = []
    folders: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            folders.append(path)
            files += [check_png(p) for p in sorted(path.glob("*.png"))]
        elif path.suffix.lower() == ".png":
            files.append(check_png(path))
        else:
            files.append(check_pdf(path))
    problems: list[str] = []
    for check in files:
        if isinstance(check, PngCheck):
            if check.dpi is None or check.dpi < min_dpi:
                problems.append(f"{check.path.name} declares {check.dpi or 'no'} dpi; shops "
                                f"want {min_dpi:g}.")
            continue
        for font in check.fonts:
            if font.name in BASE_14:
                problems.append(f"{check.path.name} uses the base-14 font {font.name}.")
            elif not font.embedded:
                problems.append(f"{check.path.name} does not embed the font {font.name}.")
        problems += [f"{check.path.name}, page {image.page}: an image prints at only "
                     f"{image.dpi:.0f} dpi." for image in check.images if image.dpi < min_dpi]
    outside, overflow = _check_cards(fronts, backs, size)
    problems += outside + [item.describe() for item in overflow]
    return PreflightReport(files=tuple(files), outside_safe_zone=tuple(outside),
                           overflow=tuple(overflow), problems=tuple(problems),
                           folders=tuple(folders))
