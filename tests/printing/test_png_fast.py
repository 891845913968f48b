"""Per-card PNGs drawn fast: a card whose background is copied from the one before has the
pixels drawing it shape by shape gives, a transparent picture still shows the card through it,
and a picture changed on disk is drawn anew."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from generator.printing import png
from generator.printing.design import Composed
from generator.printing.drawing import Clip, Fill, Icon, Item, Outline, Picture, Stroke, Text
from generator.printing.fonts import BOLD, REGULAR
from generator.printing.png import render_png
from generator.printing.units import Box

SIZE = (200, 280)
DPI = 100.0
BLUE, PAPER, INK = "#1f6feb", "#fffdf7", "#1a1a1a"


@pytest.fixture(autouse=True)
def fresh_backgrounds(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with no background kept from another."""
    monkeypatch.setattr(png, "_BACKGROUNDS", png._Backgrounds())
    yield


def side(*items: Item) -> Composed:
    trim = Box(0, 0, 126, 180)
    return Composed(items=items, trim=trim, bleed=trim.inset(-9), safe=trim.inset(9))


def frame(label: str = "TRIGGER") -> tuple[Item, ...]:
    """What every card of a kind starts with: bleed colour, paper panel, the kind's label."""
    return (Fill(Box(-9, -9, 144, 198), BLUE), Fill(Box(6, 10, 114, 140), PAPER, 4),
            Text(30, 160, label, BOLD, 11, "#ffffff"))


def card(*body: str, label: str = "TRIGGER") -> Composed:
    lines = [Text(12, 130 - 14 * n, line, REGULAR, 10, INK) for n, line in enumerate(body)]
    return side(*frame(label), *lines, Outline(Box(8, 12, 110, 136), BLUE, 0.8, 3))


def drawn(composed: Composed) -> Image.Image:
    return render_png(composed, size_px=SIZE, dpi=DPI)


def same_pixels(one: Image.Image, other: Image.Image) -> bool:
    return one.size == other.size and ImageChops.difference(one, other).getbbox() is None


def alone(composed: Composed) -> Image.Image:
    """`composed` drawn by a process that has drawn nothing else."""
    kept = png._BACKGROUNDS
    png._BACKGROUNDS = png._Backgrounds()
    try:
        return drawn(composed)
    finally:
        png._BACKGROUNDS = kept


def test_a_card_after_others_of_its_kind_has_the_pixels_it_has_drawn_alone() -> None:
    deck = [card("when a card is played", "say its name"), card("skip the next player"),
            card("draw two", label="ACTION"), card("the ace counts one", "or eleven")]
    first = [drawn(c) for c in deck]
    again = [drawn(c) for c in deck]  # every background is kept by now
    for composed, one, two in zip(deck, first, again, strict=True):
        expected = alone(composed)
        assert same_pixels(one, expected)
        assert same_pixels(two, expected)
    assert not same_pixels(again[0], again[1])  # the bodies differ: nothing was copied whole
    assert png._BACKGROUNDS.images  # the shared frame was kept


def test_a_kept_background_is_copied_not_drawn_over() -> None:
    drawn(card("one"))
    drawn(card("two"))
    drawn(card("three"))
    fourth = drawn(card("four"))
    assert same_pixels(fourth, alone(card("four")))
    assert not same_pixels(drawn(card("five")), fourth)


def test_a_card_drawn_twice_in_a_row_is_the_same_image_twice() -> None:
    back = card("Benchmark", label="BACK")
    assert same_pixels(drawn(back), drawn(back))
    assert same_pixels(drawn(back), alone(back))


def test_two_sizes_keep_their_own_backgrounds() -> None:
    drawn(card("one"))
    drawn(card("two"))
    big = render_png(card("two"), size_px=(400, 560), dpi=2 * DPI)
    assert big.size == (400, 560)
    assert same_pixels(big, shape_by_shape_at(card("two"), (400, 560), 2 * DPI))


def shape_by_shape_at(composed: Composed, size: tuple[int, int], dpi: float) -> Image.Image:
    kept = png._BACKGROUNDS
    png._BACKGROUNDS = png._Backgrounds()
    try:
        return render_png(composed, size_px=size, dpi=dpi)
    finally:
        png._BACKGROUNDS = kept


def art(path: Path, colour: tuple[int, int, int, int]) -> Path:
    """A 20 × 20 px picture: its left half `colour`, its right half fully transparent."""
    image = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    image.paste(colour, (0, 0, 10, 20))
    image.save(path)
    return path


def at(image: Image.Image, x: float, y: float) -> tuple[int, ...]:
    """The colour at card point (x, y) (points from the trim's bottom left)."""
    scale = DPI / 72
    left = (SIZE[0] - 126 * scale) / 2
    top = (SIZE[1] - 180 * scale) / 2
    return tuple(image.getpixel((round(left + x * scale), round(top + (180 - y) * scale))))


def test_a_transparent_picture_shows_the_card_through_it(tmp_path: Path) -> None:
    picture = art(tmp_path / "art.png", (200, 16, 46, 255))
    composed = side(*frame(), Picture(Box(20, 40, 80, 80), picture))
    image = drawn(composed)
    assert image.mode == "RGB"
    assert at(image, 30, 80) == (200, 16, 46)  # the picture's opaque half
    assert at(image, 90, 80) == (0xFF, 0xFD, 0xF7)  # its clear half: the paper panel
    assert at(image, 3, 3) == (0x1F, 0x6F, 0xEB)  # outside it: the bleed colour


def test_a_half_clear_picture_blends_as_laying_it_over_the_card_does(tmp_path: Path) -> None:
    """The colour is what Pillow's alpha compositing gives over the opaque card (how cards
    were drawn before they were drawn straight onto an RGB image)."""
    picture = art(tmp_path / "art.png", (200, 16, 46, 128))
    image = drawn(side(*frame(), Picture(Box(20, 40, 80, 80), picture)))
    under = Image.new("RGBA", (1, 1), (0xFF, 0xFD, 0xF7, 255))
    over = Image.new("RGBA", (1, 1), (200, 16, 46, 128))
    expected = Image.alpha_composite(under, over).getpixel((0, 0))
    assert at(image, 30, 80) == tuple(expected)[:3]  # type: ignore[index]
    assert at(image, 30, 80) not in ((200, 16, 46), (0xFF, 0xFD, 0xF7))


def test_a_picture_changed_on_disk_is_drawn_anew(tmp_path: Path) -> None:
    """`build --watch` draws in one process: a kept background must not outlive its art."""
    picture = art(tmp_path / "back.png", (200, 16, 46, 255))

    def back(word: str) -> Composed:
        return side(Picture(Box(-9, -9, 144, 198), picture), Text(30, 90, word, BOLD, 14, INK))

    for word in ("one", "two", "three"):
        assert at(drawn(back(word)), 5, 60) == (200, 16, 46)
    art(picture, (16, 200, 46, 255))
    assert at(drawn(back("four")), 5, 60) == (16, 200, 46)


def test_an_icon_changed_on_disk_is_drawn_anew_in_png_and_pdf(tmp_path: Path) -> None:
    """The same for an icon: its pixels, the kept background holding it and its vectors for
    the PDF all follow the file (an SVG's fill edited while `build --watch` runs)."""
    from generator.printing.icon_art import svg_drawing

    icon = tmp_path / "sun.svg"

    def paint(fill: str) -> None:
        icon.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                        f'<rect width="10" height="10" fill="{fill}"/></svg>', encoding="utf-8")
        stamp = icon.stat().st_mtime_ns + 10_000_000  # a stamp of its own, however fast
        os.utime(icon, ns=(stamp, stamp))

    def card(word: str) -> Composed:
        return side(Icon(Box(0, 0, 126, 180), icon), Text(30, 90, word, BOLD, 14, INK))

    paint("#c8102e")
    for word in ("one", "two", "three"):
        assert at(drawn(card(word)), 5, 60) == (0xC8, 0x10, 0x2E)
    assert svg_drawing(icon, None).contents
    before = svg_drawing(icon, None)
    paint("#10c82e")
    assert at(drawn(card("four")), 5, 60) == (0x10, 0xC8, 0x2E)
    assert svg_drawing(icon, None) is not before


def test_clipped_shapes_and_strokes_draw_as_before() -> None:
    """A clip (text that overflowed) is laid over the RGB card through its own alpha."""
    clipped = Clip(Box(10, 20, 50, 30), (Fill(Box(0, 0, 126, 180), "#c8102e"),))
    image = drawn(side(*frame(), clipped, Stroke(0, 0, 126, 180, INK, 1)))
    assert at(image, 30, 30) == (0xC8, 0x10, 0x2E)  # inside the clip
    assert at(image, 100, 30) == (0xFF, 0xFD, 0xF7)  # outside it: the panel is untouched


def test_cards_drawn_on_several_threads_at_once_each_get_their_own_pixels() -> None:
    """The web pages draw cards on a pool of threads, all through the one set of kept
    backgrounds."""
    deck = [card(f"rule {n}", label="TRIGGER" if n % 2 else "ACTION") for n in range(6)]
    expected = [alone(c) for c in deck]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns as often as they can
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            drawn_again = list(pool.map(drawn, deck * 8))
    finally:
        sys.setswitchinterval(interval)
    for n, image in enumerate(drawn_again):
        assert same_pixels(image, expected[n % len(deck)])
