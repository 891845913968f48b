"""Text that does not fit its box even at its smallest size (`text-overflow`), and text a
card sets under 7 pt (`text-too-small`: DESIGN.md's least size for card text)."""

from __future__ import annotations

from generator.issues import plural
from generator.printing.text import most_lines
from generator.printing.units import to_mm

from .check_sides import DrawnSide
from .findings import Finding, Findings
from .look import Look, Placed
from .paint import Drawn
from .text_element import SetText

LEAST_PT = 7.0  # the smallest text a card may print


def check_fit(side: DrawnSide, look: Look, findings: Findings) -> None:
    for element, drawn in side.drawn():
        text = drawn.text
        if text is None:
            continue
        if not text.fits:
            findings.add(_overflow(side, look, element, drawn, text), side.who)
        if text.size < LEAST_PT:
            findings.add(Finding(
                "text-too-small", element, side.template,
                f"its text is set at {text.size:g} pt to fit (its size is {text.largest:g} pt, "
                f"its min_size {text.smallest:g} pt): under {LEAST_PT:g} pt, card text is "
                f"hard to read across a table. Shorten the text, give it a larger box, or "
                f"raise min_size to {LEAST_PT:g} pt.",
                data={"size_pt": text.size, "min_size_pt": text.smallest},
                group=text.size, weight=-text.size), side.who)


def _overflow(side: DrawnSide, look: Look, element: Placed, drawn: Drawn,
              text: SetText) -> Finding:
    """How far the text runs past its box at its smallest size, in lines and millimetres."""
    spec = element.spec
    tried = (f"tried {text.largest:g} pt down to {text.smallest:g} pt"
             if text.largest > text.smallest else f"set at {text.smallest:g} pt")
    ink, region = text.ink, text.region
    data: dict[str, float | int | str] = {"largest_pt": text.largest,
                                          "smallest_pt": text.smallest}
    if spec.one_line or ink is None:
        over = to_mm(max(0.0, (ink.w if ink else 0.0) - region.w))
        group: tuple[float, ...] = (round(over, 1),)
        how = f"at {text.smallest:g} pt its one line is {over:.1f} mm wider than the box"
    else:
        font = text.font
        leading = text.smallest * (spec.leading or 1.2)
        room = most_lines(font, text.smallest, leading, region.h) or 0
        over = to_mm(max(0.0, region.y - ink.y))
        how = (f"at {text.smallest:g} pt it takes {plural(text.lines, 'line')} where "
               f"{room} fit: {plural(text.lines - room, 'line')} ({over:.1f} mm) too many")
        data["lines"], data["lines_that_fit"] = text.lines, room
        group = (text.lines, room)
    data["overflow_mm"] = round(over, 2)
    advice = ("Shorten the text or give it a larger box" +
              (f", or lower min_size (not under {LEAST_PT:g} pt)"
               if text.smallest > LEAST_PT else "") + ".")
    return Finding("text-overflow", element, side.template,
                   f"its text does not fit its box even at its min_size ({tried}); {how}, "
                   f"and is cut off when printed. {advice}", data=data,
                   group=group, weight=over)


__all__ = ["LEAST_PT", "check_fit"]
