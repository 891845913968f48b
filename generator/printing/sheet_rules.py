"""The rules of a print-and-play page (`SheetRules`) and one card's place on it
(`Placement`): what the layout, the marks and the furniture all work from."""

from __future__ import annotations

from dataclasses import dataclass

from .units import Box

Matrix = tuple[float, float, float, float, float, float]


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetRules:
    """Where things may go on a print-and-play page, in millimetres (line widths in points).

    Nothing is printed within `printer_margin_mm` of the paper's edge: many home printers
    cannot. Each card's trim stays `trim_edge_mm` inside the edge, which leaves room outside
    it for the ticks beside it (marks.py) and for a printer that places the page a little
    off. Between two cards a gutter carries their bleed and ticks: twice the bleed where the
    paper has room, narrower where it has not, but never less than `gutter_min`.

    Crop marks in the margin start `mark_gap_mm` beyond the bleed and run `mark_length_mm`
    (less where the printable area ends), and are left out where `mark_min_mm` does not fit;
    where the whole bleed leaves no room for them, the bleed is narrowed (layout.py).

    Furniture (the scale bar, the "print at 100%" note and the heading) goes in the margins,
    turned a quarter in the side margins if need be: `furniture_edge_mm` inside the paper,
    `furniture_gap_mm` from the bleed and `clearance_mm` from every mark and each other.
    """

    printer_margin_mm: float = 5.0  # the unprintable border of a home printer
    trim_edge_mm: float = 6.0  # nearest a card's trim (where the cut goes) comes to the edge
    inner_bleed_min_mm: float = 2.5  # the least bleed kept each side of a gutter
    tick_room_mm: float = 2.0  # the narrowest gutter, for the ticks of both cards
    tick_length_mm: float = 4.0  # a tick beside a card edge, at most
    tick_width_pt: float = 0.5  # its black line, flush with the trim line
    tick_halo_pt: float = 1.5  # the white band under it, so that it shows on any colour
    mark_gap_mm: float = 1.0  # between the bleed and a crop mark in the margin
    mark_length_mm: float = 4.0  # a crop mark in the margin, at most
    mark_min_mm: float = 2.0  # the shortest crop mark worth drawing
    mark_width_pt: float = 0.4
    # the least bleed kept where it is narrowed so that the margin can hold the crop marks
    mark_bleed_min_mm: float = 1.0
    clearance_mm: float = 1.5  # kept free around marks, the bar and the notes
    furniture_edge_mm: float = 6.0  # nearest the bar and notes come to the paper's edge
    furniture_gap_mm: float = 0.5  # nearest they come to a card's bleed
    furniture_depth_mm: float = 4.0  # the deepest a note's box is made
    note_min_mm: tuple[float, float] = (20.0, 2.5)  # the smallest box worth a note: long, deep
    bar_depth_mm: float = 2.75  # what the scale bar (ticks and label) needs across it
    bar_lengths_mm: tuple[int, ...] = (50, 40, 30, 20)  # the longest that fits is drawn

    def gutter_min_mm(self, bleed_mm: float) -> float:
        """The narrowest gutter: the bleed each side (up to `inner_bleed_min_mm` of it),
        and room for the ticks."""
        return max(self.tick_room_mm, 2 * min(bleed_mm, self.inner_bleed_min_mm))

    def gutter_max_mm(self, bleed_mm: float) -> float:
        """The widest gutter worth leaving: both cards' whole bleed."""
        return max(self.gutter_min_mm(bleed_mm), 2 * bleed_mm)


RULES = SheetRules()


@dataclass(frozen=True, slots=True, kw_only=True)
class Placement:
    """One card on a page. `quarter_turns` is 0, 1 (its top points left) or -1 (right)."""

    slot: int
    cell: Box  # the bleed box, on the page
    trim: Box  # the trimmed card, on the page
    quarter_turns: int = 0

    def matrix(self) -> Matrix:
        """The affine map from card coordinates (origin at the trim's lower-left) to the page."""
        trim = self.trim
        if self.quarter_turns == 1:
            return (0.0, 1.0, -1.0, 0.0, trim.right, trim.y)
        if self.quarter_turns == -1:
            return (0.0, -1.0, 1.0, 0.0, trim.x, trim.top)
        return (1.0, 0.0, 0.0, 1.0, trim.x, trim.y)
