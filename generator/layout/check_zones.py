"""Where elements reach on the card: content past the safe zone (`outside-safe`), and a
background that reaches the trim but stops short of the bleed (`bleed-short`).

A rect, pattern or picture reaching the trim is a background, meant to run on into the
bleed; text, icons, shapes and pictures inside the card are content, to be kept inside the
safe zone. Rects and patterns inside the card (panels, frames) are decoration and may go
where the designer puts them.
"""

from __future__ import annotations

from generator.printing.units import Box, mm, to_mm

from .check_sides import DrawnSide
from .findings import Finding, Findings
from .look import Placed
from .paint import Drawn
from .turning import turn_box

CONTENT = ("text", "icon", "shapes", "image")
BACKGROUND = ("rect", "pattern", "image")
NEAR = mm(0.05)  # closer than this is on the edge: lengths are worked out in floating point


def reach(element: Placed, drawn: Drawn) -> Box | None:
    """Where the element's marks reach on the card, its own turn applied."""
    if drawn.ink is None:
        return None
    turns = (element.spec.turn or 0) // 90
    if not turns % 4:
        return drawn.ink
    return turn_box(drawn.ink, turns, (drawn.box.centre_x, drawn.box.centre_y))


def beyond(inner: Box, outer: Box) -> dict[str, float]:
    """How far `inner` reaches past each edge of `outer`, in points, where it does."""
    over = {"left": outer.x - inner.x, "right": inner.right - outer.right,
            "bottom": outer.y - inner.y, "top": inner.top - outer.top}
    return {edge: amount for edge, amount in over.items() if amount > NEAR}


def touching(box: Box, trim: Box) -> list[str]:
    """The edges of the trim that `box` reaches (or passes)."""
    reaches = {"left": box.x <= trim.x + NEAR, "right": box.right >= trim.right - NEAR,
               "bottom": box.y <= trim.y + NEAR, "top": box.top >= trim.top - NEAR}
    return [edge for edge, touches in reaches.items() if touches]


def short_of(box: Box, trim: Box, bleed: Box) -> dict[str, float]:
    """The edges where `box` reaches the trim but not the bleed, and by how much it falls
    short of the bleed there (points)."""
    short = {"left": box.x - bleed.x, "right": bleed.right - box.right,
             "bottom": box.y - bleed.y, "top": bleed.top - box.top}
    return {edge: short[edge] for edge in touching(box, trim) if short[edge] > NEAR}


def _edges(amounts: dict[str, float]) -> str:
    names = list(amounts)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def check_zones(side: DrawnSide, findings: Findings) -> None:
    composed = side.composed
    for element, drawn in side.drawn():
        box = reach(element, drawn)
        if box is None:
            continue
        if drawn.type in BACKGROUND and touching(box, composed.trim):
            short = short_of(box, composed.trim, composed.bleed)
            if short:
                _bleed_short(side, element, short, composed.bleed, composed.trim, findings)
        elif drawn.type in CONTENT:
            past = beyond(box, composed.safe)
            if past:
                worst = to_mm(max(past.values()))
                findings.add(Finding(
                    "outside-safe", element, side.template,
                    f"it reaches up to {worst:.1f} mm past the safe zone at the "
                    f"{_edges(past)} (the safe zone lies "
                    f"{to_mm(composed.safe.x - composed.trim.x):g} mm inside the trim): a "
                    "cut that drifts may trim it. Move it inside the safe box (box: safe, or "
                    "a box measured with of: safe).",
                    data={"beyond_mm": round(worst, 2), "edges": ", ".join(past)},
                    group=tuple(past), weight=worst), side.who)


def _bleed_short(side: DrawnSide, element: Placed, short: dict[str, float], bleed: Box,
                 trim: Box, findings: Findings) -> None:
    worst = to_mm(max(short.values()))
    bleed_mm = to_mm(trim.x - bleed.x)
    reach = ("does not run on into" if worst >= bleed_mm - to_mm(NEAR) else
             f"stops up to {round(worst, 3):g} mm short of the edge of")
    findings.add(Finding(
        "bleed-short", element, side.template,
        f"it reaches the trim but {reach} the {round(bleed_mm, 3):g} mm bleed at the "
        f"{_edges(short)}: a cut that drifts leaves a white sliver there. Draw "
        "it in box: bleed (or measure its box with of: bleed).",
        data={"short_mm": round(worst, 3), "edges": ", ".join(short),
              "bleed_mm": round(bleed_mm, 3)},
        group=tuple(short), weight=worst), side.who)


__all__ = ["beyond", "check_zones", "reach", "short_of", "touching"]
