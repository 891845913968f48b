"""Print-and-play PDFs for home printers: a page of fronts, then a page of their backs.

Backs are mirrored across the page's vertical centre line, so printing double-sided with
"flip on long edge" puts each back behind its front; `back_offset_mm` moves the back pages for
printers whose duplex is off. Each page carries ticks beside every card edge and crop marks in
the margins (see marks.py), all inside the margin a home printer prints, and each front page a
scale bar to measure and a "print at 100%" note, turned into a side margin when the top and
bottom ones are too narrow (see layout.py and furniture.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path

from generator.typography import typeset

from .atomic import atomic_path
from .drawing import Item, Stroke, Text
from .faces import CardBack, CardFace
from .fonts import REGULAR, text_width
from .furniture import Spot
from .layout import SheetLayout, sheet_layout
from .pdf import Painter, new_canvas, save
from .reports import SheetSummary
from .sides import Composer, verify_sides
from .sizes import DEFAULT_BLEED_MM, find_paper, find_size, verify_bleed
from .text import one_line
from .units import mm

NOTE_PT = (6.5, 4.5)
INK = "#000000"


def scale_bar(spot: Spot, length_mm: int) -> list[Item]:
    """A bar of exactly `length_mm` along `spot`, ticked every 10 mm and labelled.

    The label sits on the bar between two ticks, so the whole is 2.7 mm deep: it fits the
    narrowest margins (`SheetRules.bar_depth_mm`).
    """
    y = mm(0.3)
    items: list[Item] = [Stroke(0.0, y, mm(length_mm), y, INK, 0.6)]
    for tick in range(0, length_mm + 1, 10):
        x = mm(tick)
        tall = tick in (0, length_mm)
        items.append(Stroke(x, y, x, y + mm(2.3 if tall else 1.0), INK, 0.4))
    label = f"{length_mm} mm"
    size = 5.5
    middle = mm(length_mm / 2 + (0 if length_mm // 10 % 2 else 5))
    items.append(Text(middle - text_width(label, REGULAR, size) / 2, y + mm(0.5), label,
                      REGULAR, size, INK))
    return spot.place(items)


def note(variants: Sequence[str], spot: Spot | None) -> list[Item]:
    """The first of `variants` that fits `spot` on one line (shrinking to 4.5 pt), centred,
    set by `typeset` (a back offset's "-0.5 mm" prints with a true minus)."""
    if spot is None:
        return []
    box = spot.frame
    for text in variants:
        text = typeset(one_line(text))
        size = NOTE_PT[0]
        while size >= NOTE_PT[1]:
            width = text_width(text, REGULAR, size)
            if width <= box.w:
                baseline = box.centre_y - 0.36 * size
                return spot.place([Text(box.centre_x - width / 2, baseline, text, REGULAR, size,
                                        INK)])
            size -= 0.5
    return []


def back_offset_keywords(offset_mm: tuple[float, float]) -> str:
    """The back offset as the PDF records it (its Keywords): `hrdeck-back-offset-mm=dx,dy`."""
    return f"hrdeck-back-offset-mm={offset_mm[0]:g},{offset_mm[1]:g}"


def back_offset_note(offset_mm: tuple[float, float]) -> str:
    """How the backs were moved for a printer whose duplex is off, in words ("" if not)."""
    dx, dy = offset_mm
    if not dx and not dy:
        return ""
    return f"moved {dx:+g} mm across and {dy:+g} mm up"


def _front_furniture(layout: SheetLayout, deck: str, sheet: int, sheets: int) -> list[Item]:
    """The scale bar and the notes of a front page (its marks are drawn before them)."""
    items: list[Item] = []
    if layout.bar is not None:
        items += scale_bar(layout.bar, layout.bar_mm)
        check = f"the bar must measure {layout.bar_mm} mm"
        items += note([f"Print at 100% (actual size): {check}.",
                       f"Print at 100% / actual size; {check}.",
                       f"Print at 100%: the bar is {layout.bar_mm} mm.",
                       "Print at 100% (actual size).", "Print at 100%."], layout.note)
    else:
        items += note(["Print at 100% (actual size).", "Print at 100%."], layout.note)
    name = f"{deck} · " if deck else ""
    items += note([f"{name}fronts, sheet {sheet} of {sheets} · {layout.describe()}",
                   f"{name}fronts, sheet {sheet} of {sheets}", f"fronts {sheet}/{sheets}"],
                  layout.heading)
    return items


def _back_furniture(layout: SheetLayout, deck: str, sheet: int, sheets: int) -> list[Item]:
    """The notes of a back page (its marks are drawn before them)."""
    items: list[Item] = []
    moved = back_offset_note(layout.back_offset_mm)
    whose = f"Backs of sheet {sheet} of {sheets}"
    if moved:  # worded alike on every paper; the offset and the sheet are never dropped
        variants = [f"{whose}; {moved}.", f"Backs {sheet}/{sheets}; {moved}."]
    else:
        variants = [f"{whose}: print double-sided, flip on long edge.",
                    f"{whose}: flip on long edge.", f"{whose}.", f"Backs {sheet}/{sheets}."]
    items += note(variants, layout.back_spot(layout.note) if layout.note else None)
    name = f"{deck} · " if deck else ""
    items += note([f"{name}backs, sheet {sheet} of {sheets}", f"backs {sheet}/{sheets}"],
                  layout.back_spot(layout.heading) if layout.heading else None)
    return items


def write_pnp(path: Path, fronts: Sequence[CardFace], backs: Sequence[CardBack], *,
              paper: str = "a4", size: str = "poker", bleed_mm: float = DEFAULT_BLEED_MM,
              per_page: int | None = None, back_offset_mm: tuple[float, float] = (0.0, 0.0),
              deck_name: str = "") -> SheetSummary:
    """Write a print-and-play PDF of `fronts` with `backs[i]` behind `fronts[i]`.

    `per_page` picks a sheet with that many cards (9, 8, 6...), or None for the most that fit
    the paper with this card size and bleed; a PrintError says what fits when the choice does
    not. The file appears only once complete.
    """
    verify_sides(fronts, backs)
    verify_bleed(bleed_mm)
    find_paper(paper)
    card = find_size(size)
    layout = sheet_layout(paper=paper.lower(), size=card, bleed_mm=bleed_mm, per_page=per_page,
                          back_offset_mm=back_offset_mm)
    composer = Composer(size=card, bleed_mm=bleed_mm)
    per = layout.per_page
    sheets = -(-len(fronts) // per)
    path = Path(path)
    with atomic_path(path) as temporary:
        moved = back_offset_note(layout.back_offset_mm)
        canvas = new_canvas(temporary, (layout.page.w, layout.page.h),
                            title=f"{deck_name or 'Cards'}: print and play",
                            subject=layout.describe() + (f"; backs {moved}" if moved else ""),
                            keywords=back_offset_keywords(layout.back_offset_mm))
        painter = Painter(canvas)
        # The same marks on every page of a side: one tuple each, so that `draw_again` can
        # repeat what it wrote the first time.
        front_marks, back_marks = layout.front_marks.strokes, layout.back_marks.strokes
        for sheet in range(sheets):
            chunk = range(sheet * per, min((sheet + 1) * per, len(fronts)))
            for slot, index in enumerate(chunk):
                face = fronts[index]
                form = painter.form(("front", face), partial(composer.front, face))
                painter.place(form, layout.fronts[slot].matrix(), clip=layout.fronts[slot].cell)
            painter.draw_again(front_marks)
            painter.draw(_front_furniture(layout, deck_name, sheet + 1, sheets))
            painter.new_page()
            for slot, index in enumerate(chunk):
                back = backs[index]
                form = painter.form(("back", back), partial(composer.back, back))
                painter.place(form, layout.backs[slot].matrix(), clip=layout.backs[slot].cell)
            painter.draw_again(back_marks)
            painter.draw(_back_furniture(layout, deck_name, sheet + 1, sheets))
            painter.new_page()
        save(canvas)
    return SheetSummary(
        path=path, pages=2 * sheets, cards=len(fronts), paper=paper.lower(),
        per_page=per, layout=layout.describe(), card_size=card.describe(), bleed_mm=bleed_mm,
        back_offset_mm=back_offset_mm, file_bytes=path.stat().st_size,
        overflow=tuple(composer.overflow), missing_glyphs=tuple(composer.missing))
