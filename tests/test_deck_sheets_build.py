"""A deck reading a spreadsheet, built and previewed: an edit of the sheet is an edit of the
deck (the build's cache and the preview's watch both follow the sheet), an XLSX is read only
when one is named, and the JSON Schema accepts the form."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from generator.card_kinds import json_schema
from generator.check.options import CheckOptions
from generator.deck import load_deck
from generator.pipeline import build_deck
from generator.preview.session import Previewer, PreviewOptions
from generator.preview.watch import drawing_files
from tests.sheets_helpers import ROOT, sheet_twin
from tests.test_startup import loaded_after

MINIMAL = ROOT / "tests" / "fixtures" / "decks" / "valid-minimal.yaml"
PIRATES = ROOT / "decks" / "examples" / "pirates" / "pirates.yaml"
FAST = CheckOptions(games=40, players=(3,))


def edit(path: Path, old: str, new: str) -> None:
    """Change `old` to `new` in the file, with a modification time of its own (however fast
    the test runs)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    stamp = path.stat().st_mtime_ns
    os.utime(path, ns=(stamp + 10_000_000, stamp + 10_000_000))


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_an_edited_sheet_is_built_again(tmp_path: Path, suffix: str) -> None:
    _, deck = sheet_twin(MINIMAL, tmp_path, "triggers", suffix, renamed={})
    out = tmp_path / "out"
    first = build_deck(deck, targets=("dtc",), out=out, check_options=FAST)
    assert not first.failed, first.reason
    [pdf] = [built.path for built in first.files if built.path.name.endswith("-dtc.pdf")]
    assert "When a seven is played." in pdf_text(pdf)
    assert build_deck(deck, targets=("dtc",), out=out, check_options=FAST).up_to_date
    sheet = tmp_path / "cards" / f"triggers{suffix}"
    if suffix == ".csv":
        edit(sheet, "When a seven is played.", "When a seven hits the table.")
    else:
        from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

        book = load_workbook(sheet)
        page = book["Cards"]
        [cell] = [cell for row in page.iter_rows() for cell in row
                  if cell.value == "When a seven is played."]
        cell.value = "When a seven hits the table."
        book.save(sheet)
    again = build_deck(deck, targets=("dtc",), out=out, check_options=FAST)
    assert not again.up_to_date and not again.failed
    assert "When a seven hits the table." in pdf_text(pdf)
    assert "When a seven is played." not in pdf_text(pdf)


def test_a_watching_preview_draws_the_card_whose_row_changed(tmp_path: Path) -> None:
    _, deck = sheet_twin(MINIMAL, tmp_path, "triggers", ".csv", renamed={})
    sheet = tmp_path / "cards" / "triggers.csv"
    assert sheet in drawing_files(load_deck(deck))
    previewer = Previewer(deck, PreviewOptions(out=tmp_path / "preview"))
    previewer.run(everything=True)
    assert previewer.poll() is None
    edit(sheet, "When a seven is played.", "When a seven hits the table.")
    run = previewer.poll()
    assert run is not None and run.redrawn == ["seven-played"]


def test_a_missing_sheet_is_watched_until_it_comes(tmp_path: Path) -> None:
    _, deck = sheet_twin(MINIMAL, tmp_path, "triggers", ".csv", renamed={})
    (tmp_path / "cards" / "triggers.csv").rename(tmp_path / "kept.csv")
    loaded = load_deck(deck)
    assert [issue.code for issue in loaded.issues] == ["sheet-unreadable"]
    assert tmp_path / "cards" / "triggers.csv" in drawing_files(loaded)


def test_openpyxl_is_loaded_only_for_a_workbook(tmp_path: Path) -> None:
    _, csv_deck = sheet_twin(MINIMAL, tmp_path / "csv", "triggers", ".csv")
    _, xlsx_deck = sheet_twin(MINIMAL, tmp_path / "xlsx", "triggers", ".xlsx")
    load = "from generator.deck import load_deck\nfrom pathlib import Path\n"
    assert "openpyxl" not in loaded_after(f"{load}load_deck(Path({str(csv_deck)!r}))")
    assert "openpyxl" in loaded_after(f"{load}load_deck(Path({str(xlsx_deck)!r}))")


@pytest.fixture(scope="module")
def validator() -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(json.dumps(json_schema()))
    kind = jsonschema.validators.validator_for(schema)
    kind.check_schema(schema)
    return kind(schema)


def test_the_schema_accepts_a_section_read_from_a_sheet(validator: Any) -> None:
    deck = yaml.safe_load(PIRATES.read_text(encoding="utf-8"))
    assert deck["triggers"]["from"] == "omens.csv"
    assert not list(validator.iter_errors(deck))
    deck["shapes"] = {"from": "shapes.xlsx", "sheet": "Shapes", "copies": "Copies"}
    assert not list(validator.iter_errors(deck))


@pytest.mark.parametrize(("section", "path"), [
    ({"from": "omens.csv", "colums": {"text": "Card text"}}, ["triggers"]),
    ({"from": "omens.txt"}, ["triggers", "from"]),
    ({"from": "omens.csv", "copies": 2}, ["triggers", "copies"]),
])
def test_the_schema_refuses_a_wrong_sheet_section_there(validator: Any, section: Any,
                                                        path: list[str]) -> None:
    deck = yaml.safe_load(PIRATES.read_text(encoding="utf-8"))
    deck["triggers"] = section
    import jsonschema

    best = jsonschema.exceptions.best_match(validator.iter_errors(deck))
    assert best is not None and list(best.absolute_path) == path
