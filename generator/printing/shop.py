"""Files for print shops: one card side per PDF page with its bleed, or one PNG per side.

PDF profiles (one page = the card plus its bleed on every side; TrimBox = the card, BleedBox =
the page):
  dtc    DriveThruCards-style: one file, each card's front followed by its back
         (front 1, back 1, front 2, back 2...), 2.5 × 3.5 in with 1/8 in bleed.
  split  Two files, <name>-fronts.pdf and <name>-backs.pdf, page n of one behind page n of the
         other, for shops that upload fronts and backs separately.
PNG profiles: The Game Crafter (825 × 1125 px) and MakePlayingCards (822 × 1122 px), both
2.5 × 3.5 in cards at 300 dpi with the rest of the image as bleed.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from engine.errors import did_you_mean

from .atomic import atomic_directory, atomic_path
from .design import Composed
from .errors import PrintError
from .faces import CardBack, CardFace
from .pdf import Painter, new_canvas, save
from .png import render_png
from .reports import PngSummary, ShopSummary
from .sides import Composer, verify_sides
from .sizes import find_size, verify_bleed
from .units import MM_PER_INCH, to_mm


@dataclass(frozen=True, slots=True, kw_only=True)
class ShopProfile:
    name: str
    shop: str
    size: str
    bleed_mm: float
    order: str  # "alternate" (front, back, front, back...) or "split" (two files)


@dataclass(frozen=True, slots=True, kw_only=True)
class PngProfile:
    name: str
    shop: str
    size: str
    pixels: tuple[int, int]
    dpi: int = 300


SHOP_PROFILES: dict[str, ShopProfile] = {
    "dtc": ShopProfile(name="dtc", shop="DriveThruCards", size="2.5x3.5in", bleed_mm=3.175,
                       order="alternate"),
    "split": ShopProfile(name="split", shop="fronts and backs as two files", size="2.5x3.5in",
                         bleed_mm=3.175, order="split"),
}

PNG_PROFILES: dict[str, PngProfile] = {
    "tgc": PngProfile(name="tgc", shop="The Game Crafter", size="2.5x3.5in", pixels=(825, 1125)),
    "mpc": PngProfile(name="mpc", shop="MakePlayingCards", size="2.5x3.5in", pixels=(822, 1122)),
}

PNG_NAME = re.compile(r"(front|back)-\d+(-[a-z0-9-]*)?\.png")
T = TypeVar("T")


def _profile(profiles: dict[str, T], name: str, what: str) -> T:
    found = profiles.get(name.lower())
    if found is None:
        raise PrintError(f'There is no {what} profile "{name}"; the profiles are '
                         f'{", ".join(profiles)}.{did_you_mean(name, profiles)}')
    return found


def _given(side: Composed) -> Callable[[], Composed]:
    return lambda: side


def _write_pages(path: Path, sides: Sequence[tuple[tuple[str, object], Composed]], title: str,
                 subject: str) -> None:
    """One side per page; `sides` pairs a key (equal sides share a form) with the side."""
    first = sides[0][1]
    page = first.bleed
    canvas = new_canvas(path, (page.w, page.h), title=title, subject=subject)
    trim = first.trim.moved(-page.x, -page.y)
    canvas.setTrimBox(trim.corners())
    canvas.setBleedBox((0.0, 0.0, page.w, page.h))
    painter = Painter(canvas)
    for key, side in sides:
        name = painter.form(key, _given(side))
        painter.place(name, (1.0, 0.0, 0.0, 1.0, -page.x, -page.y))
        painter.new_page()
    save(canvas)


def write_shop_pdf(path: Path, fronts: Sequence[CardFace], backs: Sequence[CardBack], *,
                   profile: str = "dtc", size: str | None = None,
                   bleed_mm: float | None = None, deck_name: str = "") -> ShopSummary:
    """Write the deck for a print shop; `size` and `bleed_mm` default to the profile's.

    With the "split" profile `path` names the pair: cards.pdf gives cards-fronts.pdf and
    cards-backs.pdf. Files appear only once all of them are complete.
    """
    chosen = _profile(SHOP_PROFILES, profile, "shop")
    verify_sides(fronts, backs)
    bleed = chosen.bleed_mm if bleed_mm is None else bleed_mm
    verify_bleed(bleed)
    card = find_size(size or chosen.size)
    composer = Composer(size=card, bleed_mm=bleed)
    front_sides: list[tuple[tuple[str, object], Composed]] = [
        (("front", face), composer.front(face)) for face in fronts]
    back_sides: list[tuple[tuple[str, object], Composed]] = [
        (("back", back), composer.back(back)) for back in backs]
    path = Path(path)
    title = deck_name or "Cards"
    subject = f"{chosen.shop}: {card.describe()}, bleed {bleed:g} mm"
    if chosen.order == "alternate":
        files = {path: [side for pair in zip(front_sides, back_sides, strict=True)
                        for side in pair]}
    else:
        files = {path.with_name(f"{path.stem}-fronts{path.suffix}"): front_sides,
                 path.with_name(f"{path.stem}-backs{path.suffix}"): back_sides}
    with ExitStack() as stack:
        for target, sides in files.items():
            _write_pages(stack.enter_context(atomic_path(target)), sides, title, subject)
    page = composer.front(fronts[0]).bleed
    return ShopSummary(
        paths=tuple(files), profile=chosen.name, order=chosen.order, pages=2 * len(fronts),
        cards=len(fronts), card_size=card.describe(), bleed_mm=bleed,
        page_mm=(round(to_mm(page.w), 3), round(to_mm(page.h), 3)),
        file_bytes=sum(target.stat().st_size for target in files),
        overflow=tuple(composer.overflow), missing_glyphs=tuple(composer.missing))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40]


def png_names(fronts: Sequence[CardFace]) -> list[tuple[str, str]]:
    """(front file, back file) for each card: "front-007-trigger-13.png", "back-007-trigger.png".

    Numbers are zero-padded so uploaders that sort by name keep the deck's order, and fronts
    and backs group apart with card n's back named like its front.
    """
    digits = max(3, len(str(len(fronts))))
    names = []
    for index, face in enumerate(fronts, start=1):
        kind = _slug(face.kind) or "card"
        number = "" if face.number is None else f"-{face.number}"
        names.append((f"front-{index:0{digits}d}-{kind}{number}.png",
                      f"back-{index:0{digits}d}-{kind}.png"))
    return names


def _verify_replaceable(directory: Path) -> None:
    if not directory.exists():
        return
    if not directory.is_dir():
        raise PrintError(f"{directory} is a file, not a folder for the card images.")
    foreign = sorted(p.name for p in directory.iterdir() if not PNG_NAME.fullmatch(p.name))
    if foreign:
        raise PrintError(f"{directory} holds files hrdeck did not write ({', '.join(foreign[:3])}"
                         f"{'...' if len(foreign) > 3 else ''}); choose an empty folder.")


def write_shop_pngs(directory: Path, fronts: Sequence[CardFace], backs: Sequence[CardBack], *,
                    profile: str = "tgc", size: str | None = None) -> PngSummary:
    """Write one PNG per card side into `directory`, replacing what an earlier run left there.

    The folder is filled beside its final place and swapped in when every image is written,
    so a failure leaves the old folder as it was. A folder holding other files is refused.
    """
    chosen = _profile(PNG_PROFILES, profile, "PNG")
    verify_sides(fronts, backs)
    card = find_size(size or chosen.size)
    width, height = chosen.pixels
    bleed = max(width / chosen.dpi * MM_PER_INCH - card.width_mm,
                height / chosen.dpi * MM_PER_INCH - card.height_mm) / 2 + 0.5
    directory = Path(directory)
    _verify_replaceable(directory)
    composer = Composer(size=card, bleed_mm=max(bleed, 0.5))
    names = png_names(fronts)
    encoded: dict[CardBack, bytes] = {}

    def encode(side: Composed) -> bytes:
        buffer = io.BytesIO()
        render_png(side, size_px=chosen.pixels, dpi=chosen.dpi).save(
            buffer, format="PNG", dpi=(chosen.dpi, chosen.dpi), compress_level=3)
        return buffer.getvalue()

    total = 0
    with atomic_directory(directory) as temporary:
        for face, back, (front_name, back_name) in zip(fronts, backs, names, strict=True):
            data = encode(composer.front(face))
            (temporary / front_name).write_bytes(data)
            if back not in encoded:
                encoded[back] = encode(composer.back(back))
            (temporary / back_name).write_bytes(encoded[back])
            total += len(data) + len(encoded[back])
    return PngSummary(
        directory=directory, files=tuple(name for pair in names for name in pair),
        profile=chosen.name, pixels=chosen.pixels, dpi=chosen.dpi, file_bytes=total,
        overflow=tuple(composer.overflow), missing_glyphs=tuple(composer.missing))
