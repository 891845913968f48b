"""The PDF/X preflight's walk through what a PDF draws: colours, images, fonts, transparency.

Every page's content stream is read with pikepdf's parser, and every form it draws, each
form once however many pages draw it (what was found in a form is counted on each page that
draws it). Each image, font and graphics state is judged once too. What is found is a
sentence a designer can act on; `Findings` gathers the pages each sentence was met on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

INK_SLACK = 1.0  # per cent: 8-bit image levels and rounded decimals may pass the limit by this
ALLOWED_BLENDS = frozenset({"/Normal", "/Compatible"})
_RGB = "rgb"
_CMYK = "cmyk"
_GRAY = "gray"


class Findings:
    """Sentences with the pages each was met on, in the order first met."""

    def __init__(self) -> None:
        self._pages: dict[str, set[int]] = {}

    def add(self, message: str, page: int | None = None) -> None:
        pages = self._pages.setdefault(message, set())
        if page is not None:
            pages.add(page)

    def sorted(self) -> list[tuple[str, tuple[int, ...]]]:
        """File-wide sentences first, then by the first page each was met on."""
        found = [(message, tuple(sorted(pages))) for message, pages in self._pages.items()]
        return sorted(found, key=lambda item: item[1][0] if item[1] else 0)


@dataclass(slots=True)
class _Found:
    """What one stream (with what it draws) holds: sentences, and the most ink on a point."""

    messages: dict[str, None] = field(default_factory=dict)
    most_ink: float = 0.0

    def add(self, other: _Found) -> None:
        self.messages.update(other.messages)
        self.most_ink = max(self.most_ink, other.most_ink)


def walk_drawing(pdf: Any, findings: Findings, *, ink_limit: float) -> float:
    """Walk every page of `pdf`, adding to `findings`; the most ink met on any point."""
    walker = _Walker(ink_limit)
    most = 0.0
    for number, page in enumerate(pdf.pages, start=1):
        found = walker.stream(page.obj, page.resources)
        if _is_transparency_group(page.obj):
            found.messages[_GROUP] = None
        for message in found.messages:
            findings.add(message, number)
        most = max(most, found.most_ink)
    return most


_GROUP = ("A drawing is a transparency group; PDF/X-1a allows no transparency, so flatten it "
          "(hrdeck's CMYK target never writes one).")


def _is_transparency_group(obj: Any) -> bool:
    group = obj.get("/Group")
    return group is not None and group.get("/S") == "/Transparency"


def _objgen(obj: Any) -> tuple[int, int] | None:
    objgen = getattr(obj, "objgen", (0, 0))
    return None if objgen == (0, 0) else (int(objgen[0]), int(objgen[1]))


class _Walker:
    def __init__(self, ink_limit: float) -> None:
        self.limit = ink_limit
        self.done: dict[tuple[int, int], _Found] = {}  # forms, images, fonts, states judged
        self.busy: set[tuple[int, int]] = set()  # forms being walked (a form drawing itself)

    def _once(self, obj: Any, judge: Callable[[Any], _Found]) -> _Found:
        key = _objgen(obj)
        if key is None:
            return judge(obj)  # a direct object: judged where it is met
        if key not in self.done:
            if key in self.busy:
                return _Found()
            self.busy.add(key)
            try:
                self.done[key] = judge(obj)
            finally:
                self.busy.discard(key)
        return self.done[key]

    def ink(self, values: list[float], found: _Found) -> None:
        """Note a CMYK colour (0..1 each)."""
        total = 100.0 * sum(values)
        found.most_ink = max(found.most_ink, total)
        if total > self.limit + INK_SLACK:
            found.messages[_too_much_ink(total, self.limit, "A colour")] = None

    def stream(self, stream: Any, resources: Any) -> _Found:
        """Walk one content stream (a page's or a form's) drawn with `resources`."""
        import pikepdf

        found = _Found()
        resources = resources if resources is not None else pikepdf.Dictionary()
        spaces = {"fill": _GRAY, "stroke": _GRAY}
        for instruction in pikepdf.parse_content_stream(stream):
            operands, op = instruction.operands, str(instruction.operator)
            if op in ("rg", "RG"):
                found.messages[f"A colour is set in RGB (the {op} operator); every colour of a "
                               "PDF/X-1a file must be CMYK or grey: build the dtc-cmyk target "
                               "or convert the drawing to CMYK."] = None
            elif op in ("k", "K"):
                self.ink([float(value) for value in operands], found)
            elif op in ("cs", "CS"):
                which = "fill" if op == "cs" else "stroke"
                spaces[which] = self.space_kind(operands[0], resources, found)
            elif op in ("sc", "scn", "SC", "SCN"):
                which = "fill" if op.islower() else "stroke"
                numbers = [float(v) for v in operands if isinstance(v, int | float)
                           or hasattr(v, "as_int") or _is_number(v)]
                if spaces[which] == _CMYK and len(numbers) == 4:
                    self.ink(numbers, found)
            elif op == "gs":
                state = (resources.get("/ExtGState") or {}).get(str(operands[0]))
                if state is not None:
                    found.add(self._once(state, _judge_state))
            elif op == "Tf":
                font = (resources.get("/Font") or {}).get(str(operands[0]))
                if font is not None:
                    found.add(self._once(font, _judge_font))
            elif op == "Do":
                xobject = (resources.get("/XObject") or {}).get(str(operands[0]))
                if xobject is not None:
                    found.add(self._once(xobject, lambda x: self.xobject(x, resources)))
            elif op == "sh":
                shading = (resources.get("/Shading") or {}).get(str(operands[0]))
                if shading is None:
                    found.messages[f"A shading ({str(operands[0])[1:]}) is drawn that the "
                                   "drawing's resources do not hold, so its colours cannot "
                                   "be known; draw the gradient as flat colours."] = None
                else:
                    self.space_kind(shading.get("/ColorSpace"), resources, found)
            elif op == "INLINE IMAGE":
                self.inline_image(operands[0], resources, found)
        return found

    def xobject(self, xobject: Any, caller: Any) -> _Found:
        if xobject.get("/Subtype") == "/Image":
            return self.image(xobject)
        found = _Found()
        if xobject.get("/Subtype") == "/Form":
            own = xobject.get("/Resources")
            found = self.stream(xobject, own if own is not None else caller)
            if _is_transparency_group(xobject):
                found.messages[_GROUP] = None
        return found

    def space_kind(self, space: Any, resources: Any, found: _Found) -> str:
        """What a colour space is ("rgb", "cmyk", "gray", or another word), noting a finding
        for one PDF/X-1a does not allow."""
        kind = _space_kind(space, resources)
        if kind == _RGB:
            found.messages[f"A colour space is RGB ({_space_name(space, resources)}); every "
                           "colour of a PDF/X-1a file must be CMYK or grey."] = None
        elif kind in ("icc", "lab"):
            found.messages[f"A colour space is {_space_name(space, resources)}, which "
                           "PDF/X-1a does not allow; give the colour in DeviceCMYK."] = None
        return kind

    def image(self, image: Any) -> _Found:
        found = _Found()
        size = f"{int(image.get('/Width', 0))} × {int(image.get('/Height', 0))} px"
        if image.get("/ImageMask") is True or str(image.get("/ImageMask")) == "True":
            return found  # a stencil: paints the current colour, has no colours of its own
        if "/SMask" in image:
            found.messages[f"An image ({size}) has a soft mask (SMask), which is transparency "
                           "PDF/X-1a forbids: flatten it onto its background, or give it a "
                           "1-bit mask."] = None
        mask = image.get("/Mask")
        if mask is not None and not (hasattr(mask, "get") and mask.get("/ImageMask")):
            found.messages[f"An image ({size}) has a colour-key mask; give it a 1-bit stencil "
                           "mask instead."] = None
        kind = _space_kind(image.get("/ColorSpace"), None)
        if kind == _RGB:
            found.messages[f"An image ({size}) is in RGB; convert it to CMYK."] = None
        elif kind == _CMYK:
            total = _image_ink(image)
            found.most_ink = total
            if total > self.limit + INK_SLACK:
                found.messages[_too_much_ink(total, self.limit, f"An image ({size})")] = None
        elif kind != _GRAY:
            found.messages[f"An image ({size}) is in {_space_name(image.get('/ColorSpace'), None)}"
                           "; PDF/X-1a takes images in CMYK or grey."] = None
        return found

    def inline_image(self, inline: Any, resources: Any, found: _Found) -> None:
        details = getattr(inline, "obj", None)
        space = None
        if details is not None:
            space = details.get("/CS", details.get("/ColorSpace"))
        abbreviations = {"/RGB": "/DeviceRGB", "/CMYK": "/DeviceCMYK", "/G": "/DeviceGray"}
        if space is not None and str(space) in abbreviations:
            space = abbreviations[str(space)]
        if _space_kind(space, resources) == _RGB:
            found.messages["An image drawn inline is in RGB; convert it to CMYK."] = None


def _is_number(value: Any) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


def _too_much_ink(total: float, limit: float, what: str) -> str:
    return (f"{what} carries {total:.0f}% ink (C+M+Y+K) on a point, over the shop's "
            f"{limit:.0f}% limit: take cyan, magenta and yellow out in favour of black, or "
            "lower the limit the colours are converted with (--ink-limit).")


def _resolve(space: Any, resources: Any) -> Any:
    """A named colour space looked up in `resources`; others as they are."""
    if space is None:
        return None
    name = str(space)
    if resources is not None and name.startswith("/") and name not in (
            "/DeviceRGB", "/DeviceCMYK", "/DeviceGray", "/Pattern"):
        named = (resources.get("/ColorSpace") or {}).get(name)
        if named is not None:
            return named
    return space


def _space_kind(space: Any, resources: Any) -> str:
    space = _resolve(space, resources)
    if space is None:
        return _GRAY  # the starting colour space, and images with none (stencils)
    if not hasattr(space, "__len__") or isinstance(space, str) or str(space).startswith("/"):
        return {"/DeviceRGB": _RGB, "/DeviceCMYK": _CMYK, "/DeviceGray": _GRAY,
                "/CalRGB": _RGB, "/CalGray": _GRAY, "/Pattern": "pattern"}.get(str(space),
                                                                               "other")
    family = str(space[0])
    if family == "/ICCBased":
        components = int(space[1].get("/N", 0))
        return _RGB if components == 3 else "icc"
    if family == "/CalRGB":
        return _RGB
    if family == "/Lab":
        return "lab"
    if family == "/Indexed":
        return _RGB if _space_kind(space[1], resources) == _RGB else "indexed"
    return {"/Separation": "separation", "/DeviceN": "devicen", "/CalGray": _GRAY,
            "/Pattern": "pattern"}.get(family, "other")


def _space_name(space: Any, resources: Any) -> str:
    space = _resolve(space, resources)
    if space is None:
        return "none"
    if str(space).startswith("/"):
        return str(space)[1:]
    family = str(space[0])[1:]
    if family == "ICCBased":
        return f"ICCBased with {int(space[1].get('/N', 0))} components"
    return family


def _image_ink(image: Any) -> float:
    """The most ink any pixel of a CMYK image carries, per cent."""
    import numpy as np

    levels = np.asarray(_cmyk_levels(image), dtype=np.uint16)
    decode = image.get("/Decode")
    if decode is not None and len(decode) >= 2 and float(decode[0]) > float(decode[1]):
        levels = 255 - levels  # an inverted image (Adobe's CMYK JPEGs): ink is 255 - level
    if levels.size == 0:
        return 0.0
    return float(levels.sum(axis=-1).max()) * 100.0 / 255.0


def _cmyk_levels(image: Any) -> Any:
    """A CMYK image's samples, height × width × 4 bytes, its masks left aside (they say
    where it is drawn, not how much ink)."""
    import io

    import numpy as np
    import pikepdf
    from PIL import Image

    width, height = int(image.Width), int(image.Height)
    filters = image.get("/Filter")
    names = [str(filters)] if isinstance(filters, pikepdf.Name) else [
        str(name) for name in (filters or [])]
    if names and names[-1] == "/DCTDecode":  # a JPEG: Pillow reads its CMYK (and inversion)
        with Image.open(io.BytesIO(image.read_raw_bytes())) as picture:
            return np.asarray(picture.convert("CMYK"))
    if int(image.get("/BitsPerComponent", 8)) == 8:
        data = image.read_bytes()  # Flate and the like undone by qpdf
        return np.frombuffer(data, dtype=np.uint8)[:width * height * 4].reshape(
            height, width, 4)
    return np.asarray(pikepdf.PdfImage(image).as_pil_image().convert("CMYK"))


def _judge_state(state: Any) -> _Found:
    found = _Found()
    for key, name in (("/ca", "fills"), ("/CA", "strokes")):
        value = state.get(key)
        if value is not None and float(value) < 1.0:
            found.messages[f"Some {name} are see-through (/{key[1:]} {float(value):g}); "
                           "PDF/X-1a allows no transparency: mix the colour with white "
                           "instead."] = None
    blend = state.get("/BM")
    blends = [str(blend)] if blend is not None and str(blend).startswith("/") else [
        str(mode) for mode in (blend or [])]
    if blends and blends[0] not in ALLOWED_BLENDS:
        found.messages[f"A blend mode ({blends[0][1:]}) is used; PDF/X-1a allows only "
                       "Normal."] = None
    soft = state.get("/SMask")
    if soft is not None and str(soft) != "/None":
        found.messages["A soft mask is set in a graphics state; PDF/X-1a allows no "
                       "transparency."] = None
    return found


def _judge_font(font: Any) -> _Found:
    found = _Found()
    if font.get("/Subtype") == "/Type3":
        return found  # drawn with the file's own operators
    descriptor = font.get("/FontDescriptor")
    for descendant in font.get("/DescendantFonts") or []:
        descriptor = descendant.get("/FontDescriptor")
    embedded = descriptor is not None and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
    if not embedded:
        name = str(font.get("/BaseFont", "/(no name)"))[1:].split("+")[-1]
        found.messages[f"The font {name} is not embedded; PDF/X needs every font inside the "
                       "file (a printer substitutes its own for a missing one)."] = None
    return found
