"""The shop PDF written with inks, read back: CMYK everywhere (shapes, text, pictures and icons,
in pages and forms), no RGB, no soft transparency (no SMask, no ExtGState opacity), pictures
with a stencil mask, black text on black ink alone, the designer's CMYK kept, the ink limit
held in every pixel."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

from generator.deck import load_deck
from generator.layout.deck_look import given_cmyk
from generator.pipeline.faces import faces_for
from generator.printing import PrintError, write_shop_pdf
from generator.printing.inks import InkOptions, Inks, find_inks
from tests.layout.helpers import pirate_deck

from .cmykread import Colours, mentions, read_colours
from .conftest import deck

# An SVG icon drawn half transparent: a CMYK file must not keep that as transparency.
GLASS = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" '
         'r="10" fill="#6a1b9a" fill-opacity="0.5" stroke="#2b8a3e" stroke-opacity="0.4"/>'
         "</svg>")
LAYOUT = """\
extends: classic
icons:
  glass: glass.svg
colours:
  plum: "#5b2a86"
cmyk:
  plum: [60, 90, 0, 10]
templates:
  front:
    elements:
      backdrop: {type: rect, fill: plum, layer: 4,
                 box: {left: 5mm, width: 20mm, top: 5mm, height: 20mm}}
      stamp: {type: image, src: stamp.png, layer: 5,
              box: {left: 5mm, width: 20mm, top: 5mm, height: 20mm}}
      glassy: {type: icon, icon: glass, layer: 5,
               box: {right: 5mm, width: 15mm, top: 5mm, height: 15mm}}
      plum_band: {type: rect, fill: plum, box: {of: bleed, left: 0, right: 0, bottom: 0,
                                               height: 4mm}}
"""
STAMP_MM = (5.0, 5.0, 20.0)
ROOT = Path(__file__).resolve().parents[2]  # left and top from the trim, side


def _inks(**options: Any) -> Inks:
    try:
        return find_inks(InkOptions(**options))
    except PrintError as error:
        pytest.skip(f"no CMYK colour profile on this machine ({error})")


def _stamp(path: Path) -> None:
    """A blue ring on a transparent ground (its corners and its hole see through)."""
    picture = Image.new("RGBA", (240, 240), (0, 0, 0, 0))
    draw = ImageDraw.Draw(picture)
    draw.ellipse((20, 20, 220, 220), fill=(31, 111, 235, 255))
    draw.ellipse((80, 80, 160, 160), fill=(255, 255, 255, 0))
    picture.save(path)


@pytest.fixture(scope="module")
def pictured(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Inks]:
    """A deck whose fronts carry a transparent PNG, a half-transparent SVG icon and a colour
    the designer gives in CMYK, written as a CMYK shop PDF."""
    folder = tmp_path_factory.mktemp("pictured")
    _stamp(folder / "stamp.png")
    (folder / "glass.svg").write_text(GLASS, encoding="utf-8")
    loaded = load_deck(pirate_deck(folder, LAYOUT))
    inks = _inks(given=given_cmyk(loaded))
    fronts, backs = faces_for(loaded)
    summary = write_shop_pdf(folder / "cmyk.pdf", fronts, backs, inks=inks)
    return summary.paths[0], inks


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Inks]:
    """hrdeck's own card design (no layout), as a CMYK shop PDF."""
    inks = _inks()
    fronts, backs = deck(4)
    path = tmp_path_factory.mktemp("plain") / "cmyk.pdf"
    return write_shop_pdf(path, fronts, backs, inks=inks).paths[0], inks


def _no_rgb_and_no_transparency(path: Path, colours: Colours) -> None:
    assert not colours.of(b"rg") and not colours.of(b"RG")
    assert not colours.of(b"cs") and not colours.of(b"CS")  # no other colour space set
    assert not mentions(path, b"/DeviceRGB") and not mentions(path, b"/SMask")
    for state in colours.graphics_states:
        assert float(state.get("/ca", 1)) >= 1 and float(state.get("/CA", 1)) >= 1, state


@pytest.mark.parametrize("which", ["plain", "pictured"])
def test_nothing_in_the_file_is_rgb_or_transparent(which: str,
                                                   request: pytest.FixtureRequest) -> None:
    path, _ = request.getfixturevalue(which)
    colours = read_colours(path)
    assert colours.of(b"k")  # it painted, in CMYK
    _no_rgb_and_no_transparency(path, colours)


def test_black_text_is_black_ink_alone(plain: tuple[Path, Inks]) -> None:
    path, inks = plain
    text = read_colours(path).text_fills
    ink = (0.0, 0.0, 0.0, inks.colour("#1a1a1a")[3])
    assert ink in text and ink[3] > 0.9
    for cyan, magenta, yellow, _ in text:  # no grey text made of four inks
        assert not (cyan == magenta == yellow > 0)


def test_a_colour_given_in_cmyk_is_painted_exactly(pictured: tuple[Path, Inks]) -> None:
    path, _ = pictured
    assert (0.6, 0.9, 0.0, 0.1) in read_colours(path).of(b"k")


def test_pictures_are_cmyk_with_a_stencil_mask_under_the_ink_limit(
        pictured: tuple[Path, Inks]) -> None:
    path, inks = pictured
    images = read_colours(path).images
    cmyk = [image for image in images if image.get("/ColorSpace") == "/DeviceCMYK"]
    stencils = [image for image in images if image.get("/ImageMask")]
    assert len(cmyk) + len(stencils) == len(images)  # nothing else: no RGB, no soft mask
    (stamp,) = [image for image in cmyk if "/Mask" in image]
    mask = stamp["/Mask"].get_object()
    assert bool(mask.get("/ImageMask")) and int(mask["/BitsPerComponent"]) == 1
    assert (int(mask["/Width"]), int(mask["/Height"])) == (240, 240)
    assert "/Decode" not in stamp  # samples are ink amounts as they are, not inverted
    for image in cmyk:
        width, height = int(image["/Width"]), int(image["/Height"])
        samples = np.frombuffer(image.get_data(), dtype=np.uint8)
        sums = samples.reshape(height * width, 4).astype(np.int64).sum(axis=1)
        assert sums.max() <= inks.ink_limit * 255 / 100


def _largest_ink(path: Path) -> float:
    """The most ink, in per cent, of any colour operator or image pixel in the file."""
    colours = read_colours(path)
    largest = max(sum(values) * 100 for values in colours.of(b"k") + colours.of(b"K"))
    for image in colours.images:
        if image.get("/ColorSpace") == "/DeviceCMYK":
            samples = np.frombuffer(image.get_data(), dtype=np.uint8).reshape(-1, 4)
            largest = max(largest, samples.astype(np.int64).sum(axis=1).max() * 100 / 255)
    return float(largest)


def test_the_pirate_deck_at_a_shop_s_240_percent(tmp_path: Path) -> None:
    loaded = load_deck(ROOT / "decks" / "examples" / "pirates" / "pirates.yaml")
    inks = _inks(ink_limit=240, given=given_cmyk(loaded))
    fronts, backs = faces_for(loaded)
    path = write_shop_pdf(tmp_path / "pirates.pdf", fronts, backs, inks=inks).paths[0]
    colours = read_colours(path)
    _no_rgb_and_no_transparency(path, colours)
    assert len([image for image in colours.images if image.get("/ColorSpace")]) == 4  # its art
    assert _largest_ink(path) <= 240
    assert (0.95, 0.6, 0.4, 0.25) in colours.of(b"k")  # its sea, as its layout gives it


def _pixel(page: Image.Image, right_mm: float, down_mm: float, dpi: int) -> np.ndarray:
    return np.asarray(page.convert("RGB"), dtype=np.int64)[round(down_mm / 25.4 * dpi),
                                                            round(right_mm / 25.4 * dpi)]


def test_the_stencil_shows_the_picture_and_lets_the_card_through_its_holes(
        pictured: tuple[Path, Inks], tmp_path: Path) -> None:
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    path, _ = pictured
    dpi = 150
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", "1", "-l", "1", str(path),
                    str(tmp_path / "page")], check=True, capture_output=True)
    (rendered,) = tmp_path.glob("page*.png")
    page = Image.open(rendered)
    bleed = 3.175
    x, y, side = STAMP_MM[0] + bleed, STAMP_MM[1] + bleed, STAMP_MM[2]
    # The stamp lies on a plum square: where it is transparent, the plum must show.
    plum = _pixel(page, 10.0, page.height / dpi * 25.4 - 1.0, dpi)  # the plum band
    corner = _pixel(page, x + 1.0, y + 1.0, dpi)
    hole = _pixel(page, x + side / 2, y + side / 2, dpi)
    ring = _pixel(page, x + side * 0.2, y + side / 2, dpi)
    assert np.abs(corner - plum).max() < 25 and np.abs(hole - plum).max() < 25, \
        (corner, hole, plum)
    assert ring[2] > ring[0] + 60 and np.abs(ring - plum).max() > 40, ring  # blue


def test_rgb_files_stay_rgb(tmp_path: Path) -> None:
    fronts, backs = deck(2)
    path = write_shop_pdf(tmp_path / "rgb.pdf", fronts, backs).paths[0]
    colours = read_colours(path)
    assert colours.of(b"rg") and not colours.of(b"k") and not colours.of(b"K")
    assert len(PdfReader(path).pages) == 4
