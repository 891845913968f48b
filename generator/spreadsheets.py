"""Reading a designer's spreadsheet (CSV or XLSX) as a table of cells, safely.

A sheet from a stranger is data. A CSV is read as UTF-8 text (a byte-order mark is dropped);
its separator is the comma, or the semicolon or tab when the header row holds more of those
(spreadsheet programs in many languages save with semicolons). An XLSX is opened with
openpyxl read-only and with values only: a formula reads as the value the spreadsheet
program saved with it (a workbook never saved by one has none, so the cell reads empty), and
macros, links and styles are never run or read. Both are refused before reading when larger
than a deck file may be, and an XLSX whose parts unpack to more than `MAX_UNPACKED` bytes is
refused unopened. openpyxl is imported only when an XLSX is read.

Rows keep their number as the spreadsheet program shows it (the header is row 1), and columns
their letter, so every message can point at the cell.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.deck_file import MAX_BYTES, UnreadableDeck, read_deck_bytes

SHEET_SUFFIXES = (".csv", ".xlsx")
MAX_ROWS = 100_000       # rows looked at, empty ones included; a deck holds far fewer cards
MAX_COLUMNS = 200
MAX_UNPACKED = 100_000_000  # an XLSX is a zip: what its parts may unpack to, in bytes
_SEPARATORS = (",", ";", "\t")

Cell = str | int | float | bool | None


class SheetError(Exception):
    """A spreadsheet hrdeck cannot read; the reason as one sentence."""


@dataclass
class Table:
    """A sheet's header and its rows that hold anything, each with its row number."""

    path: Path                 # the file
    shown: str                 # the file as the deck names it
    sheet: str | None          # an XLSX's worksheet; None for a CSV
    header: list[str]          # each column's heading, "" when the cell is empty
    rows: list[tuple[int, list[Cell]]] = field(default_factory=list)

    def cell_name(self, row: int, column: int, heading: str) -> str:
        """Where a cell is, in words: CSV by row and column, XLSX by its reference."""
        letter = column_letter(column)
        if self.sheet is None:
            return f'{self.shown}, row {row}, column "{heading}" ({letter})'
        return f'{self.shown}, sheet "{self.sheet}", cell {letter}{row} (column "{heading}")'

    def row_name(self, row: int) -> str:
        if self.sheet is None:
            return f"{self.shown}, row {row}"
        return f'{self.shown}, sheet "{self.sheet}", row {row}'


def column_letter(column: int) -> str:
    """1 -> 'A', 27 -> 'AA'.

    >>> column_letter(1), column_letter(3), column_letter(26), column_letter(28)
    ('A', 'C', 'Z', 'AB')
    """
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def read_table(path: Path, shown: str, sheet: str | None) -> Table:
    """The table in `path` (its kind by its suffix); a `SheetError` saying why not."""
    suffix = path.suffix.lower()
    if suffix not in SHEET_SUFFIXES:
        extra = " (an old .xls workbook: save it as .xlsx)" if suffix == ".xls" else ""
        raise SheetError(f'"{shown}" is not a CSV or XLSX file{extra}: cards are read from '
                         "a .csv or an .xlsx file.")
    if not path.exists():
        raise SheetError(f'The spreadsheet "{shown}" does not exist (looked for {path}).')
    try:
        data = read_deck_bytes(path)
    except UnreadableDeck as error:
        raise SheetError(f'The spreadsheet "{shown}" cannot be read: {error}.') from None
    if suffix == ".csv":
        if sheet is not None:
            raise SheetError(f'"{shown}" is a CSV file, which has no sheets: "sheet" is for '
                             "an XLSX workbook.")
        return _csv_table(data, path, shown)
    return _xlsx_table(data, path, shown, sheet)


def _csv_table(data: bytes, path: Path, shown: str) -> Table:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SheetError(f'"{shown}" is not UTF-8 text ({error.reason} at byte {error.start}):'
                         ' save it as "CSV UTF-8".') from None
    if "\0" in text:
        raise SheetError(f'"{shown}" is not a CSV file: it holds binary data.')
    first = text.split("\n", 1)[0]
    separator = max(_SEPARATORS, key=lambda mark: (first.count(mark), mark == ","))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    rows: list[list[Cell]] = []
    try:
        for record in reader:
            rows.append(list(record))
            if len(rows) > MAX_ROWS:
                break
    except csv.Error as error:
        raise SheetError(f'"{shown}" is not a readable CSV file (near row {len(rows) + 1}: '
                         f"{error}).") from None
    return _table(rows, path, shown, None)


def _xlsx_table(data: bytes, path: Path, shown: str, sheet: str | None) -> Table:
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            unpacked = sum(info.file_size for info in packed.infolist())
    except zipfile.BadZipFile:
        raise SheetError(f'"{shown}" is not an XLSX workbook (it is not a zip file); save it '
                         "from the spreadsheet program as .xlsx, or as CSV.") from None
    if unpacked > MAX_UNPACKED:
        raise SheetError(f'"{shown}" unpacks to more than {MAX_UNPACKED // 1_000_000} MB, '
                         "more than any deck needs.")
    from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True,
                             keep_links=False)
    except Exception as error:  # openpyxl raises many kinds on a broken workbook
        raise SheetError(f'"{shown}" is not a readable XLSX workbook ({type(error).__name__}: '
                         f"{error}).") from None
    try:
        names = list(book.sheetnames)
        if sheet is not None and sheet not in names:
            from engine.errors import did_you_mean

            raise SheetError(f'"{shown}" has no sheet "{sheet}"; its sheets are '
                             f"{', '.join(repr(name) for name in names)}."
                             f"{did_you_mean(sheet, names)}")
        if not names:
            raise SheetError(f'"{shown}" has no sheets.')
        title = sheet if sheet is not None else names[0]
        rows: list[list[Cell]] = []
        try:
            page = book[title]
            page.reset_dimensions()  # the size a file states may be wrong: read every row
            for values in page.iter_rows(max_col=MAX_COLUMNS, values_only=True):
                rows.append([_xlsx_cell(value) for value in values])
                if len(rows) > MAX_ROWS:
                    break
        except Exception as error:
            raise SheetError(f'The sheet "{title}" of "{shown}" cannot be read '
                             f"({type(error).__name__}: {error}).") from None
    finally:
        book.close()
    return _table(rows, path, shown, title)


def _xlsx_cell(value: Any) -> Cell:
    """A cell's value as text, a number or a truth value (a date as its ISO text)."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if hasattr(value, "isoformat"):
        text: str = value.isoformat()
        return text.removesuffix("T00:00:00")
    return str(value)


def _table(rows: list[list[Cell]], path: Path, shown: str, sheet: str | None) -> Table:
    if len(rows) > MAX_ROWS:
        raise SheetError(f'"{shown}" has more than {MAX_ROWS:,} rows; a deck section holds '
                         "far fewer cards.")
    if not rows or all(blank(cell) for cell in rows[0]):
        where = f'the sheet "{sheet}" of "{shown}"' if sheet else f'"{shown}"'
        raise SheetError(f"{where[0].upper()}{where[1:]} has no header row: its first row "
                         "must name the columns (id, number, text, …).")
    header = ["" if blank(cell) else str(cell).strip() for cell in rows[0]]
    while header and not header[-1]:
        header.pop()
    table = Table(path=path, shown=shown, sheet=sheet, header=header)
    table.rows = [(number, cells) for number, cells in enumerate(rows[1:], start=2)
                  if not all(blank(cell) for cell in cells)]
    return table


def blank(cell: Cell) -> bool:
    return cell is None or (isinstance(cell, str) and not cell.strip())




@dataclass(frozen=True)
class RowPlace:
    """Where a card read from a sheet came from: its file, row and each field's column."""

    table: Table
    row: int
    columns: dict[str, tuple[str, int]]         # card field: (heading, column number)

    def where(self, inner: tuple[str | int, ...]) -> tuple[str, int | None]:
        """The words for a place inside the card (('then', 'kind'), ('hints', 0)) and its
        column number, or the row alone when no column holds it."""
        names = []
        for part in inner:
            if not isinstance(part, str):
                break
            names.append(part)
        for length in range(len(names), 0, -1):
            found = self.columns.get(".".join(names[:length]))
            if found is not None:
                heading, column = found
                return self.table.cell_name(self.row, column, heading), column
        return self.table.row_name(self.row), None


__all__ = ["MAX_BYTES", "SHEET_SUFFIXES", "Cell", "RowPlace", "SheetError", "Table", "blank",
           "column_letter", "read_table"]
