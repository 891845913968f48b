"""Files for print shops: one card side per PDF page with its bleed, or one PNG per side.

PDF profiles (one page = the card plus its bleed on every side; TrimBox = the card, BleedBox =
the page):
  dtc    DriveThruCards-style: one file, each card's front followed by its back
         (front 1, back 1, front 2, back 2...), 2.5 × 3.5 in with 1/8 in bleed.
  split  Two files, <name>-fronts.pdf and <name>-backs.pdf, page n of one behind page n of the
         other, for shops that upload fronts and backs separately.
PNG folders for shops that take one image per side are written by pngs.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from engine.errors import did_you_mean

from .atomic import atomic_path
from .design import Composed
from .errors import PrintError
from .faces import CardBack, CardFace
from .pdf import Painter, new_canvas, save
from .reports import ShopSummary
from .sides import Composer, verify_sides
from .sizes import find_size, verify_bleed
from .units import to_mm

if TYPE_CHECKING:
    from .inks import Inks


@dataclass(frozen=True, slots=True, kw_only=True)
class ShopProfile:
    name: str
    shop: str
    size: str
    bleed_mm: float
    order: str  # "alternate" (front, back, front, back...) or "split" (two files)


SHOP_PROFILES: dict[str, ShopProfile] = {
    "dtc": ShopProfile(name="dtc", shop="DriveThruCards", size="2.5x3.5in", bleed_mm=3.175,
                       order="alternate"),
    "split": ShopProfile(name="split", shop="fronts and backs as two files", size="2.5x3.5in",
                         bleed_mm=3.175, order="split"),
}
T = TypeVar("T")


def profile_named(profiles: dict[str, T], name: str, what: str) -> T:
    found = profiles.get(name.lower())
    if found is None:
        raise PrintError(f'There is no {what} profile "{name}"; the profiles are '
                         f'{", ".join(profiles)}.{did_you_mean(name, profiles)}')
    return found


def _given(side: Composed) -> Callable[[], Composed]:
    return lambda: side


def _write_pages(path: Path, sides: Sequence[tuple[tuple[str, object], Composed]], title: str,
                 subject: str, inks: Inks | None) -> None:
    """One side per page; `sides` pairs a key (equal sides share a form) with the side."""
    first = sides[0][1]
    page = first.bleed
    canvas = new_canvas(path, (page.w, page.h), title=title, subject=subject)
    trim = first.trim.moved(-page.x, -page.y)
    canvas.setTrimBox(trim.corners())
    canvas.setBleedBox((0.0, 0.0, page.w, page.h))
    painter = Painter(canvas, inks)
    for key, side in sides:
        name = painter.form(key, _given(side))
        painter.place(name, (1.0, 0.0, 0.0, 1.0, -page.x, -page.y))
        painter.new_page()
    save(canvas)


def write_shop_pdf(path: Path, fronts: Sequence[CardFace], backs: Sequence[CardBack], *,
                   profile: str = "dtc", size: str | None = None,
                   bleed_mm: float | None = None, deck_name: str = "",
                   inks: Inks | None = None) -> ShopSummary:
    """Write the deck for a print shop; `size` and `bleed_mm` default to the profile's.
    With `inks`, every colour, picture and icon is CMYK through them (the PDF/X-1a target
    makes the file PDF/X around that); without, RGB.

    With the "split" profile `path` names the pair: cards.pdf gives cards-fronts.pdf and
    cards-backs.pdf. Files appear only once all of them are complete.
    """
    chosen = profile_named(SHOP_PROFILES, profile, "shop")
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
            _write_pages(stack.enter_context(atomic_path(target)), sides, title, subject, inks)
    page = composer.front(fronts[0]).bleed
    return ShopSummary(
        paths=tuple(files), profile=chosen.name, order=chosen.order, pages=2 * len(fronts),
        cards=len(fronts), card_size=card.describe(), bleed_mm=bleed,
        page_mm=(round(to_mm(page.w), 3), round(to_mm(page.h), 3)),
        file_bytes=sum(target.stat().st_size for target in files),
        overflow=tuple(composer.overflow), missing_glyphs=tuple(composer.missing))
