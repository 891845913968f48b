"""A folder of PNGs for shops that take one image per card side.

Profiles: The Game Crafter (825 × 1125 px) and MakePlayingCards (822 × 1122 px), both
2.5 × 3.5 in cards at 300 dpi with the rest of the image as bleed.

Every front gets its own file, numbered in deck order ("front-007-trigger-13.png"). Most
cards share a back, so each distinct back is written once ("back-trigger.png") and README.txt
in the folder says which fronts each back goes with.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .atomic import atomic_directory, verify_replaceable
from .design import Composed
from .faces import CardBack, CardFace
from .png import png_bytes, render_png, reused_image_memory
from .reports import PngSummary
from .shop import profile_named
from .sides import Composer, verify_sides
from .sizes import find_size
from .units import MM_PER_INCH


@dataclass(frozen=True, slots=True, kw_only=True)
class PngProfile:
    name: str
    shop: str
    size: str
    pixels: tuple[int, int]
    dpi: int = 300


PNG_PROFILES: dict[str, PngProfile] = {
    "tgc": PngProfile(name="tgc", shop="The Game Crafter", size="2.5x3.5in", pixels=(825, 1125)),
    "mpc": PngProfile(name="mpc", shop="MakePlayingCards", size="2.5x3.5in", pixels=(822, 1122)),
}

README = "README.txt"
OURS = re.compile(r"(front-\d+(-[a-z0-9-]*)?|back-[a-z0-9-]+)\.png|README\.txt")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40]


def png_names(fronts: Sequence[CardFace]) -> list[str]:
    """One file name per front: "front-007-trigger-13.png".

    Numbers are zero-padded so uploaders that sort by name keep the deck's order.
    """
    digits = max(3, len(str(len(fronts))))
    names = []
    for index, face in enumerate(fronts, start=1):
        kind = _slug(face.kind) or "card"
        number = "" if face.number is None else f"-{face.number}"
        names.append(f"front-{index:0{digits}d}-{kind}{number}.png")
    return names


def back_names(backs: Sequence[CardBack]) -> dict[CardBack, str]:
    """One file name per distinct back, by its kind: "back-trigger.png" (then "-2", "-3"...
    for different backs of the same kind)."""
    names: dict[CardBack, str] = {}
    for back in backs:
        if back in names:
            continue
        stem = f"back-{_slug(back.kind) or 'card'}"
        name, n = f"{stem}.png", 1
        while name in names.values():
            n += 1
            name = f"{stem}-{n}.png"
        names[back] = name
    return names


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7] → "1–3, 7"."""
    spans: list[list[int]] = []
    for n in numbers:
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in spans)


def readme(profile: PngProfile, fronts: list[str], backs: Sequence[CardBack],
           names: dict[CardBack, str]) -> str:
    """What the folder holds and how to upload it."""
    width, height = profile.pixels
    lines = [f"Card images for {profile.shop}: {width} × {height} px at {profile.dpi} dpi, "
             f"each with its bleed.", "",
             f"Fronts: {len(fronts)} files, front-…png, in deck order.",
             f"Backs: {len(names)} file(s). Every card whose front is listed after a back "
             f"file gets that back:", ""]
    for back, name in names.items():
        numbers = [n for n, b in enumerate(backs, start=1) if b == back]
        lines.append(f"  {name}: {len(numbers)} card(s), fronts {_ranges(numbers)}")
    lines += ["", "In an uploader that asks for one back per card, give each front the back "
                  "listed for it; in one that takes a single back for a group of cards, make "
                  "one group per back file.", ""]
    return "\n".join(lines)


def write_shop_pngs(directory: Path, fronts: Sequence[CardFace], backs: Sequence[CardBack], *,
                    profile: str = "tgc", size: str | None = None) -> PngSummary:
    """Write a PNG per front, one per distinct back and README.txt into `directory`,
    replacing what an earlier run left there.

    The folder is filled beside its final place and swapped in when every image is written,
    so a failure leaves the old folder as it was. A folder holding other files is refused.
    """
    chosen = profile_named(PNG_PROFILES, profile, "PNG")
    verify_sides(fronts, backs)
    card = find_size(size or chosen.size)
    width, height = chosen.pixels
    bleed = max(width / chosen.dpi * MM_PER_INCH - card.width_mm,
                height / chosen.dpi * MM_PER_INCH - card.height_mm) / 2 + 0.5
    directory = Path(directory)
    verify_replaceable(directory, OURS, "the card images")
    composer = Composer(size=card, bleed_mm=max(bleed, 0.5))

    def encode(side: Composed) -> bytes:
        return png_bytes(render_png(side, size_px=chosen.pixels, dpi=chosen.dpi), chosen.dpi)

    front_files = png_names(fronts)
    back_files = back_names(backs)
    total = 0
    with atomic_directory(directory) as temporary, reused_image_memory():
        for face, name in zip(fronts, front_files, strict=True):
            total += (temporary / name).write_bytes(encode(composer.front(face)))
        for back, name in back_files.items():
            total += (temporary / name).write_bytes(encode(composer.back(back)))
        text = readme(chosen, front_files, backs, back_files)
        total += (temporary / README).write_bytes(text.encode("utf-8"))
    return PngSummary(
        directory=directory, files=(*front_files, *back_files.values(), README),
        fronts=len(front_files), backs=len(back_files), profile=chosen.name,
        pixels=chosen.pixels, dpi=chosen.dpi, file_bytes=total,
        overflow=tuple(composer.overflow), missing_glyphs=tuple(composer.missing))
