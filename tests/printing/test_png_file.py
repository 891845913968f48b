"""Every PNG a target writes (`png_bytes`): read back, it has exactly the pixels it was given,
declares its dpi, and keeps what was transparent transparent; a run of card PNGs reuses its
images' memory and gives it back afterwards."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw
from PIL import _imaging as pillow_core

from generator.printing import write_shop_pngs
from generator.printing.design import Composed
from generator.printing.faces import CardFace
from generator.printing.png import png_bytes, render_png, reused_image_memory
from generator.printing.sides import Composer
from generator.printing.sizes import find_size

from .conftest import deck


def read_back(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def card_like(mode: str) -> Image.Image:
    """Flat colours, a smooth ramp and antialiased text: what card art is made of."""
    image = Image.new("RGBA", (300, 420), (31, 111, 235, 255))
    for x in range(300):
        image.paste((x % 256, 255 - x % 256, 128, 255 - x % 200), (x, 200, x + 1, 260))
    ImageDraw.Draw(image).text((20, 40), "Hidden Rules ♥", fill=(26, 26, 26, 255),
                               font_size=36)
    image.paste((0, 0, 0, 0), (250, 350, 300, 420))  # a clear corner
    return image.convert(mode)


def same_pixels(one: Image.Image, other: Image.Image) -> bool:
    return (one.mode == other.mode and one.size == other.size
            and ImageChops.difference(one, other).getbbox() is None)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "LA"])
def test_a_png_has_exactly_the_pixels_it_was_given(mode: str) -> None:
    image = card_like(mode)
    back = read_back(png_bytes(image, 300))
    assert back.format == "PNG"
    assert same_pixels(back, image)


@pytest.mark.parametrize("dpi", [300, 150, 72])
def test_a_png_declares_its_dpi_as_pillow_does(dpi: int) -> None:
    image = card_like("RGB")
    back = read_back(png_bytes(image, dpi))
    pillows = io.BytesIO()
    image.save(pillows, format="PNG", dpi=(dpi, dpi))
    assert back.info["dpi"] == read_back(pillows.getvalue()).info["dpi"]  # pixels a metre
    assert back.info["dpi"] == pytest.approx((dpi, dpi), abs=0.02)


def test_a_palette_picture_with_a_clear_colour_stays_clear() -> None:
    image = card_like("RGBA").convert("P", palette=Image.Palette.ADAPTIVE, colors=64)
    image.info["transparency"] = image.getpixel((0, 0))  # the background's colour is clear
    back = read_back(png_bytes(image, 300))
    assert back.mode == "RGBA"
    assert same_pixels(back, image.convert("RGBA"))
    assert back.getpixel((0, 0))[3] == 0  # type: ignore[index]


def test_a_card_png_is_about_as_small_as_pillows_own() -> None:
    """Rows go unfiltered at a fast level: for a card of flat colours and text that costs
    nothing in size."""
    face = CardFace(kind="trigger", label="TRIGGER", number=7, accent="#1f6feb",
                    text="When a king is played on a queen, say ♥ before the next card.")
    side = Composer(size=find_size("2.5x3.5in"), bleed_mm=3.7).front(face)
    image = render_png(side, size_px=(825, 1125), dpi=300)
    ours = png_bytes(image, 300)
    pillows = io.BytesIO()
    image.save(pillows, format="PNG", dpi=(300, 300), compress_level=3)
    assert len(ours) <= len(pillows.getvalue()) * 1.25


def test_writing_card_pngs_reuses_image_memory_then_gives_it_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long run of card images draws into memory kept from the last card (fresh memory
    costs a page fault every 4 kB); afterwards a long-lived process (the web pages) keeps
    nothing more than it did."""
    seen: list[int] = []
    real = Composer.front

    def front(self: Composer, face: CardFace) -> Composed:
        seen.append(pillow_core.get_blocks_max())
        return real(self, face)

    monkeypatch.setattr(Composer, "front", front)
    before = pillow_core.get_blocks_max()
    fronts, backs = deck(3)
    write_shop_pngs(tmp_path / "tgc", fronts, backs)
    assert seen and all(blocks >= 8 for blocks in seen)
    assert pillow_core.get_blocks_max() == before


def test_a_larger_memory_setting_of_the_designers_own_is_kept() -> None:
    """PILLOW_BLOCKS_MAX (read by Pillow at start-up) may already keep more."""
    before = pillow_core.get_blocks_max()
    pillow_core.set_blocks_max(32)
    try:
        with reused_image_memory():
            assert pillow_core.get_blocks_max() == 32
        assert pillow_core.get_blocks_max() == 32
    finally:
        pillow_core.set_blocks_max(before)
