"""The arithmetic of Tabletop Simulator's face sheets: how big a cell is, how many cells a
sheet has across and down.

TTS cuts a face sheet into a grid of at most 10 × 7 equal cells and reads the last cell
(bottom right) as the picture to show for a card hidden in a hand, so a sheet holds at most
69 cards. A sheet's sides stay within 4096 pixels, which every graphics card can load.

>>> cell_pixels(find_size("poker"))
(409, 571)
>>> sheet_grid(69), sheet_grid(44), sheet_grid(3), sheet_grid(1)
((10, 7), (9, 5), (2, 2), (2, 2))
>>> sheet_sizes(72)
[69, 3]
"""

from __future__ import annotations

import math

from .sizes import CardSize
from .sizes import find_size as find_size  # for the examples above

MAX_SIDE = 4096  # pixels, either way
MAX_COLUMNS = 10
MAX_ROWS = 7
MIN_CELLS_ACROSS = 2  # TTS's own deck maker asks for at least 2 × 2
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last cell is the hidden card's


def cell_pixels(size: CardSize) -> tuple[int, int]:
    """The largest cell with the card's proportions that lets 10 × 7 of them fit in
    4096 × 4096 pixels."""
    ratio = size.height_mm / size.width_mm
    width = MAX_SIDE // MAX_COLUMNS
    while width > 1 and round(width * ratio) * MAX_ROWS > MAX_SIDE:
        width -= 1
    return width, max(1, round(width * ratio))


def sheet_grid(cards: int, cell: tuple[int, int] = (409, 571)) -> tuple[int, int]:
    """(columns, rows) for a sheet of `cards` cards and the hidden card: the fewest cells
    that hold them, and of those the sheet nearest a square (a full sheet is 10 × 7)."""
    if not 1 <= cards <= PER_SHEET:
        raise ValueError(f"A sheet holds 1 to {PER_SHEET} cards, not {cards}.")
    grids = [(columns, rows) for columns in range(MIN_CELLS_ACROSS, MAX_COLUMNS + 1)
             for rows in range(MIN_CELLS_ACROSS, MAX_ROWS + 1) if columns * rows > cards]
    return min(grids, key=lambda grid: (grid[0] * grid[1],
                                        abs(math.log(grid[0] * cell[0] / (grid[1] * cell[1])))))


def sheet_sizes(cards: int) -> list[int]:
    """How many cards each sheet of a deck holds: full sheets, then what is left."""
    return [min(PER_SHEET, cards - start) for start in range(0, cards, PER_SHEET)]
