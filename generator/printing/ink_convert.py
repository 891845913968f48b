"""sRGB to CMYK through an output profile (littleCMS, by Pillow's ImageCms), with greys on
black ink alone and the total ink held under a limit.

The colours hrdeck draws are sRGB (#rrggbb, and pictures as PNG or JPEG files, which carry sRGB
unless they say otherwise), so sRGB is the source profile. The rendering intent is relative
colorimetric: a colour the press can print comes out as measured (a deck's purple stays that
purple) and only colours outside the press's gamut are moved, to the nearest it can print; the
perceptual intent would also shift every in-gamut colour to make room, dulling flat card
colours to save gradations a card rarely has. Black point compensation maps sRGB's black onto
the darkest the inks can make, so dark shades stay apart instead of all clipping to one.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from PIL import Image, ImageCms

Cmyk = tuple[float, float, float, float]
_DIGITS = 4  # CMYK values are written to 1/10,000: finer than any press


def _flags() -> Any:
    """littleCMS's black point compensation flag, where this Pillow names it."""
    named: Any = getattr(ImageCms, "Flags", None)
    return getattr(named, "BLACKPOINTCOMPENSATION", 0) if named is not None else 0


def limited(cmyk: np.ndarray, limit: float) -> np.ndarray:
    """`cmyk` (fractions, last axis C, M, Y, K) with no point's sum over `limit` (a fraction:
    3.0 for 300%).

    The excess comes out of C, M and Y, in proportion, and black is kept, so text and lines
    stay as sharp and as dark as the profile made them. What it costs: the deepest shadows
    (a rich black, a dark navy) print a little lighter and less saturated than the profile
    meant; a profile made for the shop's own limit avoids that, by putting more of the dark
    into black ink instead (its black generation), which this cannot redo.
    """
    total = cmyk.sum(axis=-1)
    excess = np.maximum(total - limit, 0.0)
    colour = cmyk[..., :3].sum(axis=-1)
    safe = np.where(colour > 0, colour, 1.0)
    scale = np.where(excess > 0, np.clip((colour - excess) / safe, 0.0, 1.0), 1.0)
    out = cmyk.astype(np.float64, copy=True)
    out[..., :3] *= scale[..., None]
    return out


class Converter:
    """One output profile's transforms, built once, and the greys' black-ink ramp."""

    def __init__(self, profile: ImageCms.ImageCmsProfile, ink_limit: float) -> None:
        srgb = ImageCms.createProfile("sRGB")
        intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
        self._limit = ink_limit / 100
        self._to_cmyk = ImageCms.buildTransform(srgb, profile, "RGB", "CMYK",
                                                renderingIntent=intent, flags=_flags())
        self._profile = profile
        self._grey_k: np.ndarray | None = None  # K (0 to 1) for each sRGB grey level 0..255

    def _grey_ramp(self) -> np.ndarray:
        """K for each grey level, so that the grey printed in black ink alone is as light
        as the grey on screen.

        The profile's black-only ramp (0 to 100% K) is read back through littleCMS as L*.
        Black ink alone is not as dark as sRGB's black (about L* 20 against 0 on the SWOP
        profile), so a grey's L* is scaled onto the ramp's range, as black point
        compensation does: black is 100% K, the darker greys stay apart, and the light and
        middle greys match within a few per cent of K.
        """
        if self._grey_k is None:
            lab = ImageCms.createProfile("LAB")
            intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
            read_k = ImageCms.buildTransform(self._profile, lab, "CMYK", "LAB",
                                             renderingIntent=intent)
            read_grey = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB",
                                                "LAB", renderingIntent=intent)
            levels = np.arange(256, dtype=np.uint8)
            ramp = np.zeros((1, 256, 4), dtype=np.uint8)
            ramp[0, :, 3] = levels
            k_lightness = _lightness(read_k.apply(_image("CMYK", ramp)))
            greys = _image("RGB", np.repeat(levels[None, :, None], 3, axis=2))
            grey_lightness = _lightness(read_grey.apply(greys))
            # Scaled as littleCMS scales for black point compensation: in luminance (Y).
            white, black = _luminance(k_lightness[0]), _luminance(k_lightness[-1])
            wanted = _lightness_of(black + (white - black) * _luminance(grey_lightness))
            # np.interp wants rising lightness: the ramp read from 100% K back to none.
            k = np.interp(wanted, k_lightness[::-1], levels[::-1] / 255.0)
            k[0], k[-1] = 1.0, 0.0  # black is all black ink, white none
            self._grey_k = k
        return self._grey_k

    def colour(self, rgb: tuple[int, int, int]) -> Cmyk:
        """One sRGB colour (0..255 each) in CMYK (0 to 1 each)."""
        red, green, blue = rgb
        if red == green == blue:
            return 0.0, 0.0, 0.0, round(float(self._grey_ramp()[red]), _DIGITS)
        pixel = self._to_cmyk.apply(Image.new("RGB", (1, 1), rgb))
        values = np.asarray(pixel, dtype=np.float64).reshape(4) / 255.0
        values = limited(values, self._limit)
        # Rounded down, so rounding never lifts the sum over the limit.
        c, m, y, k = (math.floor(float(value) * 10**_DIGITS + 1e-9) / 10**_DIGITS
                      for value in values)
        return c, m, y, k

    def image(self, picture: Image.Image) -> tuple[Image.Image, Image.Image | None]:
        """`picture` in CMYK under the limit, flattened onto white, and a 1-bit mask of where
        it is at least half opaque (None when it is opaque everywhere)."""
        mask: Image.Image | None = None
        if picture.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in picture.info:
            rgba = picture.convert("RGBA")
            alpha = rgba.getchannel("A")
            if int(np.asarray(alpha).min()) < 255:
                mask = alpha.point(lambda value: 255 if value >= 128 else 0).convert("1")
            white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
            grey = picture.mode in ("LA", "La")
            flat = Image.alpha_composite(white, rgba).convert("L" if grey else "RGB")
        elif picture.mode in ("1", "L", "I", "I;16", "F"):
            flat = picture.convert("L")
        elif picture.mode == "CMYK":
            flat = picture
        else:
            flat = picture.convert("RGB")
        return self._cmyk(flat), mask

    def _cmyk(self, flat: Image.Image) -> Image.Image:
        """An opaque L, RGB or CMYK image in CMYK under the limit; greys on black alone."""
        if flat.mode == "L":  # a grey picture prints in black ink, as grey colours do
            lut = np.round(self._grey_ramp() * 255).astype(np.uint8)
            values = np.zeros((flat.height, flat.width, 4), dtype=np.uint8)
            values[..., 3] = lut[np.asarray(flat)]
            return _image("CMYK", values)
        converted = flat if flat.mode == "CMYK" else self._to_cmyk.apply(flat)
        inks = np.asarray(converted, dtype=np.float64) / 255.0
        if inks.sum(axis=-1).max(initial=0.0) <= self._limit:
            return converted
        # Rounded down, so no pixel's sum rises over the limit again.
        out = np.floor(limited(inks, self._limit) * 255.0 + 1e-6).astype(np.uint8)
        return _image("CMYK", out)


def _lightness(lab: Image.Image) -> np.ndarray:
    """The L* (0 to 100) of each pixel of a one-row LAB image (Pillow stores L as 0..255)."""
    lightness: np.ndarray = np.asarray(lab.getchannel("L"), dtype=np.float64)[0] * 100.0 / 255.0
    return lightness


def _image(mode: str, values: np.ndarray) -> Image.Image:
    """A Pillow image of `mode` from an array of bytes shaped (height, width, bands)."""
    height, width = values.shape[:2]
    return Image.frombytes(mode, (width, height), np.ascontiguousarray(values).tobytes())


def _luminance(lightness: Any) -> Any:
    """CIE L* (0 to 100) to relative luminance Y (0 to 1)."""
    l_star = np.asarray(lightness, dtype=np.float64)
    cube = ((l_star + 16.0) / 116.0) ** 3
    return np.where(l_star > 8.0, cube, l_star / 903.3)


def _lightness_of(luminance: Any) -> Any:
    """Relative luminance Y (0 to 1) to CIE L* (0 to 100)."""
    y = np.asarray(luminance, dtype=np.float64)
    return np.where(y > 216 / 24389, 116.0 * np.cbrt(y) - 16.0, y * 903.3)
