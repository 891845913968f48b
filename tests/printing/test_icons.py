"""Icons: the built-in set draws, PDFs store each icon once as vectors, PNGs recolour it, and a
stranger's SVG cannot reach outside itself."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.printing.design import Composed
from generator.printing.drawing import Icon, Text
from generator.printing.fonts import REGULAR
from generator.printing.icon_names import builtin_icons
from generator.printing.icons import (
    icon_aspect,
    icon_problem,
    inline_advance,
    inline_icon_box,
)
from generator.printing.pdf import Painter, new_canvas, save
from generator.printing.png import render_png
from generator.printing.units import Box
from tests.printing.pdfread import operations

RED = "#c8102e"
TWO_COLOURS = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
               '<rect width="10" height="10" fill="#0000ff"/>'
               '<rect x="10" width="10" height="10" fill="#00ff00"/></svg>')


def side(*items: Icon | Text, width: float = 100, height: float = 100) -> Composed:
    box = Box(0, 0, width, height)
    return Composed(items=tuple(items), trim=box, bleed=box, safe=box)


def pixel(image: Image.Image, x: float, y: float, height: float = 100) -> tuple[int, ...]:
    """The colour at card point (x, y) of a 100 pt side rendered at 72 dpi."""
    return tuple(image.getpixel((round(x), round(height - y))))  # type: ignore[arg-type]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_builtin_set_covers_what_the_games_need() -> None:
    wanted = {"say", "name", "gesture", "draw", "skip", "reverse", "forbid", "spade", "heart",
              "diamond", "club", "circle", "triangle", "square", "circle-outline",
              "triangle-outline", "square-outline", "points", "penalty", "challenge", "joker"}
    assert wanted <= set(builtin_icons())


@pytest.mark.parametrize("name", sorted(builtin_icons()))
def test_each_builtin_icon_loads_square_and_draws_in_its_colour(name: str) -> None:
    path = builtin_icons()[name]
    assert icon_problem(path) is None
    assert icon_aspect(path) == 1.0
    image = render_png(side(Icon(Box(10, 10, 80, 80), path, RED)), size_px=(100, 100), dpi=72)
    colours = {colour for _, colour in image.getcolors(100_000) or []}
    assert (200, 16, 46) in colours  # drawn, in the colour asked for
    assert all(r >= g for r, g, _ in colours)  # nothing but red, white and their blends


def test_a_pdf_stores_each_icon_once_as_vectors_and_reuses_it(tmp_path: Path) -> None:
    heart, spade = builtin_icons()["heart"], builtin_icons()["spade"]
    path = tmp_path / "icons.pdf"
    canvas = new_canvas(path, (300, 300), title="icons", subject="test")
    painter = Painter(canvas)
    started = time.perf_counter()
    for page in range(200):
        # Inside a card form, as cards are drawn, and straight on the page.
        painter.place(painter.form(("card", page % 2), lambda: side(
            Icon(Box(10, 10, 20, 20), heart, RED), Icon(Box(40, 10, 20, 20), spade))),
            (1, 0, 0, 1, 0, 0))
        painter.draw([Icon(Box(100, 100, 30, 30), heart, RED),
                      Icon(Box(150, 100, 30, 30), heart, "#000000", turns=1)])
        painter.new_page()
    save(canvas)
    assert time.perf_counter() - started < 5
    reader = PdfReader(path)
    assert "Helvetica" not in path.read_bytes().decode("latin-1")  # no base-14 font named
    icon_forms = [form for form in _forms(reader)
                  if [float(v) for v in form["/BBox"]] == [0, 0, 24, 24]]
    assert len(icon_forms) == 3  # red heart, black heart, spade: each stored once
    for form in icon_forms:
        assert "/XObject" not in form.get("/Resources", {})  # vectors, no image
        assert b"\nf" in form.get_data() or b" f\n" in form.get_data()  # filled paths
    uses = sum(operator == b"Do" for page in reader.pages
               for _, operator in operations(reader, page))
    assert uses == 200 * 3  # each page: its card and two icons drawn on it


def _forms(reader: PdfReader) -> list[Any]:
    """Every form XObject of the file, each once (by its object number)."""
    found: dict[int, Any] = {}
    todo = [page["/Resources"] for page in reader.pages]
    while todo:
        for ref in todo.pop().get("/XObject", {}).values():
            if ref.idnum not in found:
                found[ref.idnum] = form = ref.get_object()
                todo.append(form.get("/Resources", {}))
    return list(found.values())


def test_a_recoloured_icon_keeps_its_place_and_proportions() -> None:
    square = builtin_icons()["square"]
    # A wide box: the square icon sits centred, as tall as the box.
    image = render_png(side(Icon(Box(0, 40, 100, 20), square, "#0000ff")), size_px=(100, 100),
                       dpi=72)
    assert pixel(image, 50, 50) == (0, 0, 255)
    assert pixel(image, 20, 50) == (255, 255, 255)  # left of the centred square


def test_a_multi_colour_svg_keeps_its_colours(tmp_path: Path) -> None:
    path = write(tmp_path, "flag.svg", TWO_COLOURS)
    assert icon_aspect(path) == 2.0
    image = render_png(side(Icon(Box(0, 0, 100, 100), path)), size_px=(100, 100), dpi=72)
    assert pixel(image, 25, 50) == (0, 0, 255)
    assert pixel(image, 75, 50) == (0, 255, 0)


def test_a_one_colour_svg_without_current_colour_is_recoloured(tmp_path: Path) -> None:
    path = write(tmp_path, "dot.svg", '<svg xmlns="http://www.w3.org/2000/svg" '
                 'viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" style="fill: #123456"/></svg>')
    image = render_png(side(Icon(Box(0, 0, 100, 100), path, RED)), size_px=(100, 100), dpi=72)
    assert pixel(image, 50, 50) == (200, 16, 46)


def test_a_png_icon_is_recoloured_through_its_alpha(tmp_path: Path) -> None:
    path = tmp_path / "blob.png"
    art = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    art.paste((10, 200, 10, 255), (5, 5, 15, 15))
    art.save(path)
    assert icon_problem(path) is None
    image = render_png(side(Icon(Box(0, 0, 100, 100), path, RED)), size_px=(100, 100), dpi=72)
    assert pixel(image, 50, 50) == (200, 16, 46)
    assert pixel(image, 10, 10) == (255, 255, 255)
    kept = render_png(side(Icon(Box(0, 0, 100, 100), path)), size_px=(100, 100), dpi=72)
    assert pixel(kept, 50, 50) == (10, 200, 10)


def test_a_turned_icon_turns_its_art(tmp_path: Path) -> None:
    path = write(tmp_path, "flag.svg", TWO_COLOURS)
    # A quarter turn anticlockwise: the left half (blue) ends at the bottom.
    image = render_png(side(Icon(Box(0, 0, 100, 100), path, turns=1)), size_px=(100, 100),
                       dpi=72)
    assert pixel(image, 50, 25) == (0, 0, 255)
    assert pixel(image, 50, 75) == (0, 255, 0)


HOSTILE = {
    "entity.svg": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&x;</text>'
                  '</svg>',
    "bomb.svg": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
                '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"'
                ' viewBox="0 0 10 10"><text>&b;</text></svg>',
    "passwd.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/'
                  'xlink" viewBox="0 0 10 10"><image xlink:href="/etc/passwd" width="10" '
                  'height="10"/></svg>',
    "remote.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image '
                  'href="https://example.com/a.png" width="10" height="10"/></svg>',
    "css.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>@import '
               'url(http://example.com/x.css);</style><rect width="10" height="10"/></svg>',
    "fill-url.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect '
                    'width="10" height="10" fill="url(/etc/passwd#x)"/></svg>',
    "huge.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100000000 100000000">'
                '<rect width="10" height="10"/></svg>',
    "empty-size.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 10"/>',
    "broken.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect',
    "html.svg": '<html><body>not an icon</body></html>',
    "text.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>A</text>'
                '</svg>',
    "script.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>'
                  'alert(1)</script></svg>',
    "icon.gif": "GIF89a",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_or_broken_icons_are_refused_with_a_reason(tmp_path: Path, name: str) -> None:
    problem = icon_problem(write(tmp_path, name, HOSTILE[name]))
    assert problem is not None and name in problem


def test_an_icon_over_two_megabytes_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "big.svg", '<svg xmlns="http://www.w3.org/2000/svg" '
                 'viewBox="0 0 10 10">' + "<!--" + "x" * 2_200_000 + "--></svg>")
    assert "2 MB" in (icon_problem(path) or "")


def test_a_png_that_unpacks_into_a_huge_image_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bomb.png"
    Image.new("L", (5000, 5000)).save(path, optimize=True)
    assert path.stat().st_size < 2 * 1024 * 1024
    assert "pixels" in (icon_problem(path) or "")


def test_a_local_gradient_reference_is_allowed(tmp_path: Path) -> None:
    path = write(tmp_path, "shade.svg", '<svg xmlns="http://www.w3.org/2000/svg" '
                 'viewBox="0 0 10 10"><defs><linearGradient id="g"><stop stop-color="#f00"/>'
                 '</linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>')
    assert icon_problem(path) is None


def test_an_inline_icon_sits_on_the_baseline_sized_with_the_text() -> None:
    heart = builtin_icons()["heart"]
    box = inline_icon_box(10, 100, 10, heart, REGULAR)
    assert 97 < box.y < 98.5 and 106.5 < box.top < 108  # from the descent to the cap height
    assert box.x > 10 and box.right < 10 + inline_advance(heart) * 10  # inside its advance
    assert inline_advance(heart) == pytest.approx(0.95 + 0.2)


def test_preview_redraws_a_card_when_its_icon_file_changes(tmp_path: Path) -> None:
    from generator.preview.sides import picture_stamps

    path = write(tmp_path, "flag.svg", TWO_COLOURS)
    (stamp,) = picture_stamps((Icon(Box(0, 0, 10, 10), path),))
    assert stamp[0] == path and stamp[2] == path.stat().st_size
