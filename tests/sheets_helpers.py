"""Decks whose section is read from a spreadsheet written here from a YAML deck's own cards,
for the tests of `from:` sections (tests/test_deck_sheets*.py)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]


def flat(card: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """A card's fields as one row: a nested part's fields dotted (`then.kind`)."""
    row: dict[str, Any] = {}
    for key, value in card.items():
        if isinstance(value, dict):
            row.update(flat(value, f"{prefix}{key}."))
        else:
            row[f"{prefix}{key}"] = value
    return row


def write_sheet(cards: list[dict[str, Any]], path: Path, renamed: dict[str, str],
                sheet: str = "Cards") -> list[str]:
    """Write `cards` as a CSV or an XLSX (by `path`'s suffix), one a row, headed by each
    field's name or its new name in `renamed`; the headings. A CSV says yes and no for truth
    values, an XLSX writes its own truth values and each number as a decimal (3.0)."""
    rows = [flat(card) for card in cards]
    fields = list(dict.fromkeys(key for row in rows for key in row))
    headings = [renamed.get(name, name) for name in fields]

    def cell(value: Any, xlsx: bool) -> Any:
        if isinstance(value, list):
            return "\n".join(map(str, value))
        if isinstance(value, bool):
            return value if xlsx else ("yes" if value else "no")
        if isinstance(value, int):
            return float(value) if xlsx else str(value)
        return "" if value is None else value

    if path.suffix == ".csv":
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(headings)
            for row in rows:
                writer.writerow([cell(row.get(name), False) for name in fields])
    else:
        from openpyxl import Workbook  # type: ignore[import-untyped, unused-ignore]

        book = Workbook()
        book.active.title = "Notes"
        book.active.append(["The cards are on the next sheet."])
        page = book.create_sheet(sheet)
        page.append(headings)
        for row in rows:
            page.append([cell(row[name], True) if name in row else None for name in fields])
        book.save(path)
    return headings


def with_section(text: str, section: str, replacement: str) -> str:
    """The deck text with its top-level `section` (up to the next top-level key) replaced."""
    lines = text.splitlines(keepends=True)
    start = lines.index(f"{section}:\n")
    end = next((number for number in range(start + 1, len(lines))
                if lines[number][:1] not in (" ", "\n", "#", "")), len(lines))
    return "".join(lines[:start]) + replacement + "".join(lines[end:])


def sheet_twin(source: Path, folder: Path, section: str, suffix: str,
               renamed: dict[str, str] | None = None, extra: str = "") -> tuple[Path, Path]:
    """A copy of the deck at `source` in `folder` (with the files beside it), and its twin
    reading `section` from `cards/<section><suffix>` written from the deck's own cards."""
    shutil.copytree(source.parent, folder, dirs_exist_ok=True)
    yaml_deck = folder / source.name
    text = yaml_deck.read_text(encoding="utf-8")
    cards = yaml.safe_load(text)[section]
    renamed = renamed if renamed is not None else {"text": "Card text"}
    (folder / "cards").mkdir(exist_ok=True)
    sheet = folder / "cards" / f"{section}{suffix}"
    write_sheet(cards, sheet, renamed)
    mapped = "".join(f"    {name}: {heading}\n" for name, heading in renamed.items())
    form = (f"{section}:\n  from: cards/{sheet.name}\n"
            + ("  sheet: Cards\n" if suffix == ".xlsx" else "")
            + (f"  columns:\n{mapped}" if mapped else "") + extra + "\n")
    twin = folder / f"twin-{source.name}"
    twin.write_text(with_section(text, section, form), encoding="utf-8")
    return yaml_deck, twin
