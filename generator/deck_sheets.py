"""A deck section whose cards come from a spreadsheet (docs/deck-format.md, "Cards from a
spreadsheet"):

    triggers:
      from: cards/triggers.csv    # beside the deck file or below it; .csv or .xlsx
      sheet: Triggers             # an XLSX's worksheet (default: its first)
      columns: {text: Rule text}  # card field: column heading (default: the field's name)
      copies: Copies              # the column saying how many of each row's card

Each row is a card, its cells made what the card's fields hold (`generator.sheet_fields`);
the cards then go through the same model and checks as a listed section's. Every card keeps
the row it came from (`LoadedDeck.rows`), so whatever is found wrong with it later, by the
loader or the checker, is reported at that row and column of the sheet.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.errors import did_you_mean
from generator.card_kinds import MOST_GENERATED, CardKind
from generator.deck_words import LoadingDeck, unknown_key_message
from generator.issues import make_issue
from generator.sheet_fields import card_fields, cell_value, field_shape
from generator.spreadsheets import RowPlace, SheetError, Table, blank, read_table

SHEET_KEYS = ("from", "sheet", "columns", "copies")


def sheet_cards(deck: LoadingDeck, kind: CardKind, raw: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards a section read from a sheet makes, as plain data for the kind's model, each
    with its row remembered in `deck.rows`; none when the sheet or the mapping is wrong."""
    section = kind.section
    for key in raw:
        if key not in SHEET_KEYS:
            deck.add("unknown-key", unknown_key_message(str(key), SHEET_KEYS,
                                                        f'"{section}" read from a sheet'),
                     (section, key), key=True)
    source = _sheet_path(deck, section, raw.get("from"))
    options = _options(deck, section, raw)
    if source is None or options is None:
        return []
    path, shown = source
    sheet, columns, copies = options
    try:
        table = read_table(path, shown, sheet)
    except SheetError as error:
        deck.add("sheet-unreadable", str(error), (section, "from"))
        return []
    mapped = _columns(deck, kind, table, columns, copies)
    if mapped is None:
        return []
    fields, copies_column = mapped
    if not table.rows:
        deck.add("bad-value", f"{table.row_name(1)} is the header alone: the sheet holds no "
                 f"{kind.noun}s.", (section, "from"))
        return []
    return _rows_to_cards(deck, kind, table, fields, copies_column)


def _sheet_path(deck: LoadingDeck, section: str, name: Any) -> tuple[Path, str] | None:
    """The sheet's file, which must lie in the deck's folder, and its name as written."""
    if not isinstance(name, str) or not name.strip():
        deck.add("wrong-type", f"{section}.from must name a .csv or .xlsx file, relative to "
                 f"the deck file, not {name!r}.", (section, "from"))
        return None
    path = deck.path.parent / name.strip()
    deck.sheets.append(path)
    folder = deck.path.parent.resolve()
    if not path.resolve().is_relative_to(folder):
        deck.add("sheet-unreadable", f'The spreadsheet "{name}" lies outside the deck\'s folder '
                 f"({folder}); keep it beside the deck.", (section, "from"))
        return None
    return path, name.strip()


def _options(deck: LoadingDeck, section: str, raw: dict[str, Any]
             ) -> tuple[str | None, dict[str, str], str | None] | None:
    """`sheet`, `columns` and `copies` as written, or None after saying what is wrong."""
    sheet, columns, copies = raw.get("sheet"), raw.get("columns") or {}, raw.get("copies")
    fine = True
    if sheet is not None and not isinstance(sheet, str):
        deck.add("wrong-type", f"{section}.sheet names a worksheet of the XLSX file, as text, "
                 f"not {sheet!r}.", (section, "sheet"))
        fine = False
    if not isinstance(columns, dict) or not all(isinstance(value, str)
                                                for value in columns.values()):
        deck.add("wrong-type", f"{section}.columns maps each card field to the heading of its "
                 "column, e.g. {text: Rule text}.", (section, "columns"))
        fine = False
    if copies is not None and not isinstance(copies, str):
        deck.add("wrong-type", f"{section}.copies names the column that says how many of each "
                 f"row's card to make (e.g. copies: Copies), not {copies!r}.",
                 (section, "copies"))
        fine = False
    if not fine:
        return None
    return sheet, {str(key): value.strip() for key, value in columns.items()}, copies


def _columns(deck: LoadingDeck, kind: CardKind, table: Table, columns: dict[str, str],
             copies: str | None) -> tuple[dict[str, tuple[str, int]], int | None] | None:
    """Each card field's (heading, column number), and the copies column's number; None after
    saying what is wrong."""
    section = kind.section
    known = card_fields(kind.model)
    numbers = {heading: number for number, heading in reversed(list(enumerate(table.header,
                                                                              start=1)))}
    headings = [heading for heading in table.header if heading]
    fine = True
    fields: dict[str, tuple[str, int]] = {}

    def column_of(heading: str, at: tuple[str | int, ...]) -> int | None:
        if heading in numbers:
            return numbers[heading]
        deck.add("bad-value", f'"{heading}" is not a column of {table.row_name(1)} (the '
                 f"header): its columns are {', '.join(headings) or 'none'}."
                 f"{did_you_mean(heading, headings)}", at)
        return None

    for name, heading in columns.items():
        if name not in known:
            deck.add("unknown-key", unknown_key_message(name, known, f"a {kind.noun}"),
                     (section, "columns", name), key=True)
            fine = False
            continue
        column = column_of(heading, (section, "columns", name))
        fine = fine and column is not None
        if column is not None:
            fields[name] = (heading, column)
    copies_column = None
    if copies is not None:
        copies_column = column_of(copies, (section, "copies"))
        fine = fine and copies_column is not None
    taken = {heading for heading, _ in fields.values()} | ({copies} if copies else set())
    lowered = {heading.lower(): heading for heading in reversed(headings)}
    for name in known:
        same = lowered.get(name.lower())
        if name not in fields and same is not None and same not in taken:
            fields[name] = (same, numbers[same])
    for heading, column in fields.values():
        if table.header.count(heading) > 1:
            again = table.header.index(heading, column) + 1
            _add_at_cell(deck, table, again, "bad-value", f'The heading "{heading}" is given '
                         f"twice (columns {column} and {again}); name each column once.",
                         1, heading)
            fine = False
    return (fields, copies_column) if fine else None


def _rows_to_cards(deck: LoadingDeck, kind: CardKind, table: Table,
                   fields: dict[str, tuple[str, int]], copies_column: int | None
                   ) -> list[dict[str, Any]]:
    """One card per row (`copies` of it with a copies column), each with its row's place."""
    section = kind.section
    ordered = sorted(fields.items(), key=lambda item: item[0].rsplit(".", 1)[-1] != "kind")
    cards: list[dict[str, Any]] = []
    for row, cells in table.rows:
        card: dict[str, Any] = {}
        fine = True
        for name, (heading, column) in ordered:
            cell = cells[column - 1] if column <= len(cells) else None
            if blank(cell):
                continue
            value, wanted = cell_value(cell, field_shape(kind.model, name, card))
            if wanted is not None:
                _add_at_cell(deck, table, column, "wrong-type", f"{name} must be {wanted}, not "
                             f"{cell!r}.", row, heading)
                fine = False
                continue
            _put(card, name, value)
        copies = _copies(deck, table, row, cells, copies_column, "number" in card)
        if not fine or copies is None:
            continue
        if "id" not in card and kind.attributes and all(
                card.get(name) in allowed for name, allowed in kind.attributes.items()):
            card["id"] = kind.design_of(card)
        place = RowPlace(table=table, row=row, columns=fields)
        for copy in range(1, copies + 1):
            made = dict(card)
            if copies_column is not None and isinstance(made.get("id"), str):
                made["id"] = f"{made['id']}-{copy}"
            if "number" not in fields:
                made["number"] = len(cards) + 1
            deck.rows[(section, len(cards))] = place
            cards.append(made)
        if len(cards) > MOST_GENERATED:
            deck.add("bad-value", f"{table.row_name(row)} brings the {kind.noun}s to "
                     f"{len(cards):,}; a section holds at most {MOST_GENERATED} (each card "
                     f"needs a number from 1 to {MOST_GENERATED}).", (section, "from"))
            return []
    return cards


def _copies(deck: LoadingDeck, table: Table, row: int, cells: list[Any],
            column: int | None, numbered: bool) -> int | None:
    """How many of a row's card to make: its copies cell (empty: 1; 0 leaves the row out),
    or None after saying what is wrong with it."""
    if column is None:
        return 1
    cell = cells[column - 1] if column <= len(cells) else None
    heading = table.header[column - 1]
    if blank(cell):
        return 1
    value, _ = cell_value(cell, "int")
    if value is None or not 0 <= value <= MOST_GENERATED:
        _add_at_cell(deck, table, column, "bad-value", f"the copies of a row must be a whole "
                     f"number from 0 to {MOST_GENERATED}, not {cell!r}.", row, heading)
        return None
    if numbered and value > 1:
        _add_at_cell(deck, table, column, "bad-value", f"a row with a number makes one card, "
                     f"not {value}: leave out the number column, and the cards are numbered "
                     "in order, a row's copies one after the other.", row, heading)
        return None
    return int(value)


def _put(card: dict[str, Any], name: str, value: Any) -> None:
    """Set a (dotted) field of a card: `then.kind` sets the `kind` of its `then`."""
    *outer, last = name.split(".")
    for part in outer:
        inner = card.setdefault(part, {})
        card = inner
    card[last] = value


def _add_at_cell(deck: LoadingDeck, table: Table, column: int, code: str, message: str,
                 row: int, heading: str) -> None:
    """An issue at a cell of the sheet (its file, row and column)."""
    deck.issues.append(make_issue(code, f"{table.cell_name(row, column, heading)}: {message}",
                                  str(table.path), row, column))


__all__ = ["SHEET_KEYS", "sheet_cards"]
