"""Process inks: a deck's colours and pictures in CMYK, for shops that print from PDF/X-1a.

Every colour the cards use is written as #rrggbb; a CMYK build converts each once through a
real ICC profile (the designer's `--icc FILE`, or a CMYK profile found on the system), unless
the designer gave that colour in CMYK. Neutral colours print on black ink alone, and no point
carries more ink in all than the shop's limit.

The conversion itself is in ink_convert.py, the profile's search and checks in
ink_profiles.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .drawing import rgb
from .errors import PrintError
from .ink_convert import Cmyk, Converter
from .ink_profiles import CmykProfile, given_profile, system_profile

if TYPE_CHECKING:
    from PIL import Image

DEFAULT_INK_LIMIT = 300.0  # per cent: the most ink on any point, C + M + Y + K
MIN_INK_LIMIT, MAX_INK_LIMIT = 200.0, 400.0  # per cent: what a shop may sensibly ask for


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

    def __init__(self, profile: CmykProfile, *, ink_limit: float = DEFAULT_INK_LIMIT,
                 given: tuple[tuple[str, Cmyk], ...] = ()) -> None:
        self.profile_path = profile.path
        self.profile_bytes = profile.data
        self.description = profile.description
        self.ink_limit = ink_limit
        self._given = {colour.lower(): cmyk for colour, cmyk in given}
        self._converter = Converter(profile.profile, ink_limit)
        self._colours: dict[str, Cmyk] = {}

    def colour(self, colour: str) -> Cmyk:
        """`colour` (#rrggbb) in CMYK: given, or converted once and remembered.

        >>> inks = find_inks(InkOptions())  # doctest: +SKIP
        >>> inks.colour("#000000"), inks.colour("#808080")[:3]  # doctest: +SKIP
        ((0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0))
        """
        key = colour.lower()
        found = self._colours.get(key)
        if found is None:
            found = self._given.get(key)
            if found is None:
                found = self._converter.colour(rgb(key))
            self._colours[key] = found
        return found

    def image(self, picture: Image.Image) -> tuple[Image.Image, Image.Image | None]:
        """`picture` as a CMYK image under the ink limit, and its shape as a 1-bit mask
        (None when it is opaque): PDF/X-1a allows no soft transparency."""
        return self._converter.image(picture)


def verify_ink_limit(limit: float) -> float:
    """`limit` (per cent of C+M+Y+K) when a press could mean it; a PrintError otherwise."""
    if not MIN_INK_LIMIT <= limit <= MAX_INK_LIMIT:
        raise PrintError(f"An ink limit of {limit:g}% is not one a press uses: give "
                         f"--ink-limit between {MIN_INK_LIMIT:g} and {MAX_INK_LIMIT:g} (per "
                         f"cent of C+M+Y+K; DriveThruCards asks for {DEFAULT_INK_LIMIT:g}).")
    return limit


def find_inks(options: InkOptions) -> Inks:
    """The inks of a CMYK build; a PrintError saying what to do when no profile is found."""
    verify_ink_limit(options.ink_limit)
    profile = given_profile(options.icc) if options.icc is not None else system_profile()
    return Inks(profile, ink_limit=options.ink_limit, given=options.given)


__all__ = ["DEFAULT_INK_LIMIT", "Cmyk", "InkOptions", "Inks", "find_inks", "verify_ink_limit"]
