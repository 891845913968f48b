"""Process inks: a deck's colours and pictures in CMYK, for shops that print from PDF/X-1a.

Every colour the cards use is written as #rrggbb; a CMYK build converts each once through a
real ICC profile (the designer's `--icc FILE`, or a CMYK profile found on the system), unless
the designer gave that colour in CMYK. Neutral colours print on black ink alone, and no point
carries more ink in all than the shop's limit.

(Interface written first for issue 30; the conversion is filled in by its colour work.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

# C, M, Y, K, each 0.0 to 1.0
Cmyk = tuple[float, float, float, float]

DEFAULT_INK_LIMIT = 300.0  # per cent: the most ink on any point, C + M + Y + K


@dataclass(frozen=True, slots=True, kw_only=True)
class InkOptions:
    """What the designer asked of a CMYK build."""

    icc: Path | None = None  # a CMYK output profile; None: look for one on the system
    ink_limit: float = DEFAULT_INK_LIMIT  # per cent
    # colours the designer gave in CMYK, by #rrggbb (lower case): printed exactly so
    given: tuple[tuple[str, Cmyk], ...] = field(default=())


class Inks:
    """Converts #rrggbb colours and Pillow images to CMYK through one output profile."""

    profile_path: Path
    profile_bytes: bytes  # the ICC profile, to embed as the PDF's OutputIntent
    description: str  # the profile's own name: "Artifex CMYK SWOP Profile"
    ink_limit: float  # per cent

    def colour(self, colour: str) -> Cmyk:
        """`colour` (#rrggbb) in CMYK: given, or converted once and remembered."""
        raise NotImplementedError

    def image(self, picture: Image.Image) -> tuple[Image.Image, Image.Image | None]:
        """`picture` as a CMYK image under the ink limit, and its shape as a 1-bit mask
        (None when it is opaque): PDF/X-1a allows no soft transparency."""
        raise NotImplementedError


def find_inks(options: InkOptions) -> Inks:
    """The inks of a CMYK build; a PrintError saying what to do when no profile is found."""
    raise NotImplementedError
