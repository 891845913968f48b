"""The look of a card: a front and a back composed into shapes, by arithmetic on boxes.

Fronts: the bleed and a frame in the kind's accent colour, an accent band at the top with the
label and number ("TRIGGER 13") large, an optional title and picture, then the text, set as
large as fits: from 16 pt (a little under the label) down to a readable 7 pt floor, so short
rules fill the card and long ones still fit. Backs: the accent with a fine lattice and a
white plaque carrying the label and the deck's name. All text stays inside the safe zone,
and every word is set by `generator.typography.typeset` (quotes, apostrophes, dashes) as the
rulebook sets it.
These fronts are the "text" design (see face_designs.py, which picks a face's design by name).

Every shipped game prints in its own look (templates/layouts/, drawn by `generator.layout`);
this design draws only the cards of a game that declares no look, such as the test suite's
fifth game, and `FaceStyle` is the numbers such a game's own designs may share.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.typography import typeset

from .art import art_size
from .composed import Composed as Composed  # still importable from here
from .drawing import Clip, Fill, Item, Outline, Picture, Stroke, Text, mix, readable_on
from .faces import CardBack, CardFace
from .fonts import BOLD, REGULAR, ascent, descent, missing_glyphs, text_width
from .reports import MissingGlyphs, Overflow
from .sizes import CardSize
from .text import clean, colour_runs, fit, fit_line, one_line
from .units import Box, mm

CAP_HEIGHT = 0.73  # DejaVu Sans capitals, as a share of the font size


@dataclass(frozen=True, slots=True, kw_only=True)
class FaceStyle:
    """The card design's numbers. Sizes in points are (design size, smallest allowed)."""

    frame_mm: float = 4.0  # the panel stays clear of the 1/8 in (3.175 mm) cutting tolerance
    header_mm: float = 10.0
    padding_mm: float = 1.0
    gap_mm: float = 1.5
    corner_mm: float = 1.5
    label_pt: tuple[float, float] = (18.0, 8.0)
    title_pt: tuple[float, float] = (10.0, 7.0)
    text_pt: tuple[float, float] = (16.0, 7.0)  # short rules are set large, long ones smaller
    text_under_label_pt: float = 2.0  # the text stays this much smaller than the label
    back_label_pt: tuple[float, float] = (20.0, 8.0)
    deck_name_pt: tuple[float, float] = (8.0, 5.0)
    leading: float = 1.2
    art_share: float = 0.45
    lattice_mm: float = 4.0
    ink: str = "#1a1a1a"
    red: str = "#c8102e"
    paper: str = "#ffffff"


STYLE = FaceStyle()


def _line(text: str, region: Box, font: str, size: float, colour: str) -> Text:
    """One line of text centred in `region`, capitals centred vertically."""
    x = region.centre_x - text_width(text, font, size) / 2
    return Text(x, region.centre_y - CAP_HEIGHT * size / 2, text, font, size, colour)


def _fitted_line(text: str, region: Box, font: str, sizes: tuple[float, float], colour: str,
                 *, ident: str, kind: str, part: str) -> tuple[Item, Overflow | None]:
    """One line shrunk to fit `region`; if even the floor is too wide, it starts at the left
    edge (so its beginning shows), is clipped to the region and reported."""
    size, fits = fit_line(text, font=font, width=region.w, largest=sizes[0], smallest=sizes[1])
    line = _line(text, region, font, size, colour)
    if fits:
        return line, None
    line = Text(region.x, line.y, text, font, size, colour)
    return Clip(region, (line,)), Overflow(ident=ident, kind=kind, part=part, size_pt=size)


def _picture_box(path: Path, region: Box) -> Box:
    """The largest box with the picture's proportions centred in `region`."""
    width, height = art_size(path)
    scale = min(region.w / width, region.h / height)
    w, h = width * scale, height * scale
    return Box(region.centre_x - w / 2, region.centre_y - h / 2, w, h)


def _body(face: CardFace, text: str, region: Box, style: FaceStyle, label_pt: float
          ) -> tuple[list[Item], Overflow | None]:
    """The text, as large as fits from `style.text_pt` down, but smaller than the label."""
    low = style.text_pt[1]
    high = max(low, min(style.text_pt[0], label_pt - style.text_under_label_pt))
    fitted = fit(text, font=REGULAR, width=region.w, height=region.h, largest=high,
                 smallest=low, leading_ratio=style.leading)
    top = region.top - (region.h - fitted.height) / 2 if fitted.fits else region.top
    baseline = top - ascent(REGULAR, fitted.size)
    items: list[Item] = []
    for line in fitted.lines:
        left = region.centre_x - line.width / 2
        for run in colour_runs(line.text, font=REGULAR, size=fitted.size):
            colour = style.red if run.red else style.ink
            items.append(Text(left + run.x, baseline, run.text, REGULAR, fitted.size, colour))
        baseline -= fitted.leading
    if fitted.fits:
        return items, None
    overflow = Overflow(ident=face.ident, kind=face.kind, part="text", size_pt=fitted.size)
    return [Clip(region, tuple(items))], overflow


def compose_front(face: CardFace, size: CardSize, bleed_mm: float,
                  style: FaceStyle = STYLE) -> Composed:
    trim, safe, bleed = size.trim, size.safe, size.bleed_box(bleed_mm)
    frame, pad, gap = mm(style.frame_mm), mm(style.padding_mm), mm(style.gap_mm)
    panel = Box(frame, frame, trim.w - 2 * frame, trim.h - 2 * frame - mm(style.header_mm))
    items: list[Item] = [Fill(bleed, face.accent), Fill(panel, style.paper, mm(style.corner_mm))]
    overflow: list[Overflow] = []

    band = Box(safe.x, panel.top, safe.w, safe.top - panel.top)
    heading = typeset(one_line(face.heading))
    title = typeset(one_line(face.title)) if face.title else ""
    text = typeset(clean(face.text))
    label, problem = _fitted_line(heading, band, BOLD, style.label_pt, readable_on(face.accent),
                                  ident=face.ident, kind=face.kind, part="label")
    items.append(label)
    overflow += [problem] if problem else []

    left, right = max(panel.x + pad, safe.x), min(panel.right - pad, safe.right)
    bottom, top = max(panel.y + pad, safe.y), min(panel.top - pad, safe.top)
    if title:
        largest = style.title_pt[0]
        height = ascent(BOLD, largest) + descent(BOLD, largest)
        region = Box(left, top - height, right - left, height)
        line, problem = _fitted_line(title, region, BOLD, style.title_pt, style.ink,
                                     ident=face.ident, kind=face.kind, part="title")
        overflow += [problem] if problem else []
        rule_y = region.y - gap / 2
        items += [line, Stroke(left, rule_y, right, rule_y, face.accent, 0.75)]
        top = rule_y - gap / 2
    if face.art is not None:
        art_h = (top - bottom) * style.art_share
        items.append(Picture(_picture_box(face.art, Box(left, top - art_h, right - left, art_h)),
                             face.art))
        top -= art_h + gap

    label_pt = fit_line(heading, font=BOLD, width=band.w, largest=style.label_pt[0],
                        smallest=style.label_pt[1])[0]
    body, body_overflow = _body(face, text, Box(left, bottom, right - left, top - bottom), style,
                                label_pt)
    items += body
    if body_overflow:
        overflow.append(body_overflow)
    missing = missing_glyphs(heading + title + text, REGULAR)
    return Composed(
        items=tuple(items), trim=trim, bleed=bleed, safe=safe, overflow=tuple(overflow),
        missing=(MissingGlyphs(ident=face.ident, kind=face.kind, characters=missing),)
        if missing else ())


def _lattice(box: Box, spacing: float, colour: str) -> list[Item]:
    """Diagonal lines both ways across `box`, clipped to it."""
    lines: list[Item] = []
    steps = int((box.w + box.h) / spacing) + 2
    for step in range(steps):
        offset = step * spacing
        lines.append(Stroke(box.x + offset - box.h, box.y, box.x + offset, box.top, colour, 0.6))
        lines.append(Stroke(box.x + offset, box.y, box.x + offset - box.h, box.top, colour, 0.6))
    return [Clip(box, tuple(lines))]


def compose_back(back: CardBack, size: CardSize, bleed_mm: float,
                 style: FaceStyle = STYLE) -> Composed:
    trim, safe, bleed = size.trim, size.safe, size.bleed_box(bleed_mm)
    items: list[Item] = [Fill(bleed, back.accent)]
    items += _lattice(bleed, mm(style.lattice_mm), mix(back.accent, style.paper, 0.22))
    plaque_h = min(safe.h, max(trim.h * 0.3, mm(18)))
    plaque = Box(safe.x, trim.centre_y - plaque_h / 2, safe.w, plaque_h)
    corner = mm(style.corner_mm)
    items += [Fill(plaque, style.paper, corner),
              Outline(plaque.inset(mm(1.0)), back.accent, 1.0, corner)]
    inner = plaque.inset(mm(2.5), mm(2.0))
    label_colour = back.accent if readable_on(back.accent) == style.paper else style.ink
    split = inner.y + inner.h * 0.38
    overflow: list[Overflow] = []
    for text, font, sizes, region, colour, part in (
        (back.label, BOLD, style.back_label_pt, Box(inner.x, split, inner.w, inner.top - split),
         label_colour, "back label"),
        (back.deck_name, REGULAR, style.deck_name_pt,
         Box(inner.x, inner.y, inner.w, split - inner.y), style.ink, "deck name"),
    ):
        line, problem = _fitted_line(typeset(one_line(text)), region, font, sizes, colour,
                                     ident=f"{back.kind} back", kind=back.kind, part=part)
        items.append(line)
        overflow += [problem] if problem else []
    missing = missing_glyphs(one_line(f"{back.label} {back.deck_name}"), REGULAR)
    return Composed(
        items=tuple(items), trim=trim, bleed=bleed, safe=safe, overflow=tuple(overflow),
        missing=(MissingGlyphs(ident=f"{back.kind} back", kind=back.kind, characters=missing),)
        if missing else ())
