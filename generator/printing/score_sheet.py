"""A printable score sheet: one landscape page, a column per player and a row per round.

    write_score_sheet(path, ScoreSheet(title="…", players=10, rounds=10), paper="a4")

At the top a line for the date and, over each player's column, a line for their name. Each
round's row has a cell per player split in two: on the left the round's points, on the right
(shaded) the running total; a first column may name who led the round (a game master). Under
the rounds a row for the final totals and one for the places (the final ranking), a line for
the winners, then the game's scoring in a few lines of small type. The sheet is drawn with
the card engine's shapes and fonts, and written atomically like every other output.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.typography import typeset

from .atomic import atomic_path
from .drawing import Fill, Item, Outline, Stroke, Text
from .errors import PrintError
from .fonts import BOLD, REGULAR, ascent, text_width
from .pdf import Painter, new_canvas, save
from .sizes import find_paper
from .text import fit_line, one_line, wrap
from .units import Box, mm

INK = "#1a1a1a"
GREY = "#6b6b6b"
RULE = "#9a9a9a"
SHADE = "#ececec"  # the running-total half of a cell
MARGIN_MM = 12.0  # inside every home printer's unprintable edge
MOST_PLAYERS = 12
MOST_ROUNDS = 20


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheet:
    """What a game's score sheet holds."""

    title: str                    # "What the Rule?! — score sheet"
    players: int = 10             # a column each
    rounds: int = 10              # a row each
    leader: str | None = None     # a column naming who led each round: its heading
    notes: tuple[str, ...] = ()   # how a round is scored, printed small under the grid


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheetSummary:
    path: Path
    pages: int
    paper: str
    players: int
    rounds: int
    file_bytes: int


def write_score_sheet(path: Path, sheet: ScoreSheet, *, paper: str = "a4",
                      deck_name: str = "") -> ScoreSheetSummary:
    """Write `sheet` as a one-page PDF on `paper` (landscape); the file appears only once
    complete. Too many players or rounds for a page is a PrintError."""
    if not 1 <= sheet.players <= MOST_PLAYERS:
        raise PrintError(f"A score sheet has room for 1 to {MOST_PLAYERS} players, not "
                         f"{sheet.players}.")
    if not 1 <= sheet.rounds <= MOST_ROUNDS:
        raise PrintError(f"A score sheet has room for 1 to {MOST_ROUNDS} rounds, not "
                         f"{sheet.rounds}.")
    height_mm, width_mm = find_paper(paper)  # landscape: the long side across
    page = Box(0.0, 0.0, mm(width_mm), mm(height_mm))
    items = compose_score_sheet(sheet, page)
    path = Path(path)
    with atomic_path(path) as temporary:
        canvas = new_canvas(temporary, (page.w, page.h), title=one_line(sheet.title),
                            subject=f"{deck_name or sheet.title}: a score sheet for "
                                    f"{sheet.players} players and {sheet.rounds} rounds, "
                                    f"{paper.upper() if paper == 'a4' else 'US Letter'} "
                                    "landscape")
        Painter(canvas).draw(items)
        canvas.showPage()
        save(canvas)
    return ScoreSheetSummary(path=path, pages=1, paper=paper.lower(), players=sheet.players,
                             rounds=sheet.rounds, file_bytes=path.stat().st_size)


def _text(x: float, y: float, text: str, font: str, size: float,
          colour: str = INK) -> Text:
    """A line of the sheet; the caller has set its words with `typeset`."""
    return Text(x, y, text, font, size, colour)


def _centred(box: Box, text: str, font: str, largest: float, colour: str = INK,
             smallest: float = 5.0) -> Text:
    """`text` (typeset here) on one line in the middle of `box`, as large as fits up to
    `largest`."""
    text = typeset(text)
    size, _ = fit_line(text, font=font, width=box.w - mm(1.5), largest=largest,
                       smallest=smallest)
    width = text_width(text, font, size)
    baseline = box.centre_y - ascent(font, size) * 0.36
    return _text(box.centre_x - width / 2, baseline, text, font, size, colour)


def compose_score_sheet(sheet: ScoreSheet, page: Box) -> list[Item]:
    """The sheet's shapes on a page of `page`'s size (points, y up)."""
    area = page.inset(mm(MARGIN_MM))
    items: list[Item] = []
    top = area.top
    # The title, and a line for the date.
    title_pt = 16.0
    items.append(_text(area.x, top - ascent(BOLD, title_pt), typeset(one_line(sheet.title)),
                       BOLD, title_pt))
    date_x = area.right - mm(60)
    date_y = top - ascent(BOLD, title_pt)
    items.append(_text(date_x, date_y, "Date", REGULAR, 9.0, GREY))
    items.append(Stroke(date_x + mm(10), date_y - mm(0.8), area.right, date_y - mm(0.8),
                        RULE, 0.6))
    top -= mm(11)

    # The notes under the grid, wrapped to the page's width.
    notes_pt = 7.5
    leading = notes_pt * 1.3
    note_lines = [line.text for note in sheet.notes
                  for line in wrap(typeset(note), font=REGULAR, size=notes_pt, width=area.w)]
    notes_h = len(note_lines) * leading
    winners_h = mm(10)
    bottom = area.y + notes_h + (mm(2) if note_lines else 0.0) + winners_h

    # The grid: a heading row of names, a row saying which half is which, the rounds, then
    # the final totals and the places.
    round_w = mm(13)
    leader_w = mm(30) if sheet.leader else 0.0
    player_w = (area.w - round_w - leader_w) / sheet.players
    names_h, halves_h, final_h = mm(13), mm(5), mm(9)
    row_h = min(mm(13), (top - bottom - names_h - halves_h - 2 * final_h) / sheet.rounds)
    if row_h < mm(7):
        raise PrintError(f"{sheet.rounds} rounds do not fit on the page with room to write; "
                         "print fewer rounds.")
    grid_top = top
    grid_bottom = top - names_h - halves_h - sheet.rounds * row_h - 2 * final_h
    columns = [area.x, area.x + round_w]
    if sheet.leader:
        columns.append(columns[-1] + leader_w)
    first_player = columns[-1]
    columns += [first_player + player_w * (index + 1) for index in range(sheet.players)]
    right = columns[-1]

    # Shading first, lines over it: the running-total halves and the heading rows.
    rounds_top = grid_top - names_h - halves_h
    rounds_bottom = rounds_top - sheet.rounds * row_h
    split = 0.45  # the points' share of a player's cell
    for index in range(sheet.players):
        x = first_player + player_w * index
        items.append(Fill(Box(x + player_w * split, rounds_bottom, player_w * (1 - split),
                              rounds_top - rounds_bottom), SHADE))
    items.append(Fill(Box(area.x, grid_bottom, right - area.x, 2 * final_h), "#f6f6f6"))

    # Headings.
    heading = Box(area.x, grid_top - names_h - halves_h, round_w, names_h + halves_h)
    items.append(_centred(heading, "Round", BOLD, 9.0))
    if sheet.leader:
        box = Box(columns[1], heading.y, leader_w, heading.h)
        items.append(_centred(box, one_line(sheet.leader), BOLD, 9.0))
    for index in range(sheet.players):
        x = first_player + player_w * index
        items.append(_text(x + mm(1.2), grid_top - mm(3.2), f"Player {index + 1}", REGULAR,
                           6.0, GREY))
        halves = Box(x, rounds_top, player_w, halves_h)
        items.append(_centred(Box(x, halves.y, player_w * split, halves_h), "points",
                              REGULAR, 6.5, GREY))
        items.append(_centred(Box(x + player_w * split, halves.y, player_w * (1 - split),
                                  halves_h), "total", REGULAR, 6.5, GREY))
    # Round numbers, and the last two rows' names.
    for number in range(1, sheet.rounds + 1):
        box = Box(area.x, rounds_top - number * row_h, round_w, row_h)
        items.append(_centred(box, str(number), BOLD, 11.0))
    for row, label in enumerate(("Final total", "Place")):
        box = Box(area.x, grid_bottom + final_h * (1 - row), round_w + leader_w, final_h)
        items.append(_centred(box, label, BOLD, 9.0))

    # Lines: every row and column, heavier round the grid and under the headings.
    rows = [grid_top, grid_top - names_h, rounds_top]
    rows += [rounds_top - row_h * number for number in range(1, sheet.rounds + 1)]
    rows += [rounds_bottom - final_h, grid_bottom]
    heavy_rows = {grid_top, rounds_top, rounds_bottom, grid_bottom}
    for y in rows:
        start = first_player if y == grid_top - names_h else area.x
        items.append(Stroke(start, y, right, y, INK if y in heavy_rows else RULE,
                            1.2 if y in heavy_rows else 0.5))
    for x in columns:
        heavy = x in (area.x, first_player, right)
        # The round and leader columns share the last two rows' names.
        low = rounds_bottom if area.x < x < first_player else grid_bottom
        items.append(Stroke(x, grid_top, x, low, INK if heavy else RULE,
                            1.2 if x in (area.x, right) else 0.8 if heavy else 0.5))
    for index in range(sheet.players):  # the split between points and total, rounds only
        x = first_player + player_w * (index + split)
        items.append(Stroke(x, rounds_top + halves_h, x, rounds_bottom, RULE, 0.4))
    items.append(Outline(Box(area.x, grid_bottom, right - area.x, grid_top - grid_bottom),
                         INK, 1.2))

    # The winners' line, then the notes.
    winners_y = grid_bottom - mm(7)
    items.append(_text(area.x, winners_y, "Winner(s)", BOLD, 9.0))
    start = area.x + text_width("Winner(s)", BOLD, 9.0) + mm(3)
    items.append(Stroke(start, winners_y - mm(0.8), right, winners_y - mm(0.8), RULE, 0.6))
    y = area.y + notes_h - ascent(REGULAR, notes_pt)
    for line in note_lines:
        items.append(_text(area.x, y, line, REGULAR, notes_pt, GREY))
        y -= leading
    return items


__all__ = ["MOST_PLAYERS", "MOST_ROUNDS", "ScoreSheet", "ScoreSheetSummary",
           "compose_score_sheet", "write_score_sheet"]
