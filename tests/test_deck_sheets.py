"""A section read from a CSV or XLSX spreadsheet (`from:`) makes the same cards as its YAML
twin, and whatever is wrong is said at the sheet's file, row and column."""

from __future__ import annotations

import csv
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from generator.deck import LoadedDeck, load_deck
from generator.pipeline.faces import faces_for
from tests.sheets_helpers import ROOT, sheet_twin, with_section

WTR = ROOT / "decks" / "what-the-rule.yaml"
MAO = ROOT / "decks" / "mao.yaml"
MINIMAL = ROOT / "tests" / "fixtures" / "decks" / "valid-minimal.yaml"
PIRATES = ROOT / "decks" / "examples" / "pirates" / "pirates.yaml"


def faces(deck: LoadedDeck) -> tuple[list[Any], list[Any]]:
    """The fronts and backs the build prints (without the look object, made anew per load)."""
    fronts, backs = faces_for(deck)
    return [replace(face, look=None) for face in fronts], \
        [replace(back, look=None) for back in backs]


def said(deck: LoadedDeck) -> list[tuple[str, str, int | None, int | None, str]]:
    return [(issue.code, Path(issue.path).name, issue.line, issue.column, issue.message)
            for issue in deck.issues]


# (the deck, the section read from a sheet): a text kind, actions of every kind (lists,
# truth values, a union picked by `kind`), Mao's whole rules (a nested `then`), What the
# Rule?!'s rule cards (levels, starters, a rule parsed at loading)
TWINS = [(MINIMAL, "triggers"), (MINIMAL, "actions"), (MAO, "rules"), (WTR, "rule_cards")]


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
@pytest.mark.parametrize(("source", "section"), TWINS, ids=[twin[1] for twin in TWINS])
def test_a_sheet_makes_the_same_cards_as_its_yaml_twin(tmp_path: Path, source: Path,
                                                        section: str, suffix: str) -> None:
    yaml_deck, twin = sheet_twin(source, tmp_path, section, suffix)
    listed, read = load_deck(yaml_deck), load_deck(twin)
    assert said(read) == said(listed) == []
    assert read.cards_of(section) == listed.cards_of(section) != []
    assert faces(read) == faces(listed)
    assert read.sheets == [tmp_path / "cards" / f"{section}{suffix}"]


def test_shape_cards_with_a_copies_column_are_the_products_cards(tmp_path: Path) -> None:
    # A row a design, no id column: each card's id is its design's code and its copy, as the
    # product numbers them (w1fc-1, w1fc-2, w1ft-1, ...).
    product = load_deck(WTR)
    designs = [dict(card.model_dump(include={"shape", "count", "fill", "colour"}), copies=2)
               for _, card in product.cards_of("shapes")[::2]]
    folder = tmp_path / "deck"
    (folder / "cards").mkdir(parents=True)
    lines = ["Shape;Count;Fill;Colour;Copies"] + [
        f"{d['shape']};{d['count']};{d['fill']};{d['colour']};2" for d in designs]
    (folder / "cards" / "shapes.csv").write_text("\ufeff" + "\n".join(lines) + "\n", "utf-8")
    text = with_section(WTR.read_text("utf-8"), "shapes",
                        "shapes:\n  from: cards/shapes.csv\n  copies: Copies\n\n")
    (folder / "wtr.yaml").write_text(text, "utf-8")
    read = load_deck(folder / "wtr.yaml")
    assert said(read) == []
    assert read.cards_of("shapes") == product.cards_of("shapes")
    assert [card.id for _, card in read.cards_of("shapes")][:3] == ["w1fc-1", "w1fc-2", "w1ft-1"]


# -- what is wrong, said at the file, row and column -----------------------------------------

def pirates(tmp_path: Path, csv: str | None = None, section: str | None = None) -> Path:
    """The pirate example in `tmp_path`, its omens.csv replaced by `csv`, its triggers
    section by `section`."""
    import shutil

    shutil.copytree(PIRATES.parent, tmp_path, dirs_exist_ok=True)
    deck = tmp_path / "pirates.yaml"
    if csv is not None:
        (tmp_path / "omens.csv").write_text(csv, encoding="utf-8")
    if section is not None:
        deck.write_text(with_section(deck.read_text("utf-8"), "triggers", section + "\n"),
                        encoding="utf-8")
    return deck


OMENS = (PIRATES.parent / "omens.csv").read_text("utf-8")


def test_the_example_reads_its_omens_from_a_csv_and_they_are_todays() -> None:
    deck = load_deck(PIRATES)
    assert said(deck) == []
    assert deck.sheets == [PIRATES.parent / "omens.csv"]
    assert [(card.id, card.number) for _, card in deck.triggers][:2] == [
        ("unlucky-seven", 1), ("jack-tar", 2)]
    seven = deck.triggers[0][1]
    assert (seven.text, seven.when, seven.art, seven.flavour) == (
        "When you play a seven…", 'card.rank == "7"', "kraken.png",
        "Seven bells, and something stirs below the keel.")


def test_a_heading_the_header_lacks_is_named_with_the_columns_there(tmp_path: Path) -> None:
    deck = load_deck(pirates(tmp_path, section="triggers:\n  from: omens.csv\n"
                                               "  columns: {text: Card txt}"))
    [issue] = deck.issues
    assert (issue.code, Path(issue.path).name, issue.field) == (
        "bad-value", "pirates.yaml", "triggers.columns.text")
    assert '"Card txt" is not a column of omens.csv, row 1 (the header)' in issue.message
    assert "id, number, Card text, when, art, Flavour" in issue.message
    assert 'Did you mean "Card text"?' in issue.message


def test_a_field_cards_lack_under_columns_is_an_unknown_key(tmp_path: Path) -> None:
    deck = load_deck(pirates(tmp_path, section="triggers:\n  from: omens.csv\n"
                                               "  columns: {text: Card text, wen: when}"))
    assert [(issue.code, issue.field) for issue in deck.issues] == [
        ("unknown-key", "triggers.columns.wen")]
    assert 'Did you mean "when"?' in deck.issues[0].message


def test_a_sheet_without_a_header_row_says_so(tmp_path: Path) -> None:
    deck = load_deck(pirates(tmp_path, csv="\n\n"))
    assert [(code, file) for code, file, *_ in said(deck)] == [("sheet-unreadable",
                                                                "pirates.yaml")]
    assert '"omens.csv" has no header row' in deck.issues[0].message


def test_a_bad_copies_cell_is_said_at_its_row_and_column(tmp_path: Path) -> None:
    rows = OMENS.splitlines()
    rows[0] += ",Copies"
    rows[1:] = [row + (",two" if number == 2 else ",1") for number, row in
                enumerate(rows[1:], start=1)]
    deck = load_deck(pirates(tmp_path, csv="\n".join(rows) + "\n", section=(
        "triggers:\n  from: omens.csv\n  columns: {text: Card text}\n  copies: Copies")))
    issues = [issue for issue in deck.issues if issue.code == "bad-value"]
    assert [(Path(i.path).name, i.line, i.column) for i in issues] == [("omens.csv", 3, 7)]
    assert issues[0].message.startswith('omens.csv, row 3, column "Copies" (G): the copies '
                                        "of a row must be a whole number from 0 to 999")


def test_a_cell_the_card_refuses_is_said_at_its_row_and_column(tmp_path: Path) -> None:
    # a level that is not one, and a number that is not a number, in What the Rule?!'s rules
    _, twin = sheet_twin(WTR, tmp_path, "rule_cards", ".csv",
                         {"text": "Rule text", "level": "Level"})
    sheet = tmp_path / "cards" / "rule_cards.csv"
    with open(sheet, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][1::3] == ["number", "Level"]
    rows[6][4], rows[7][1] = "hardest", "eight"  # rows 7 and 8 of the sheet
    with open(sheet, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    deck = load_deck(twin)
    level, number = sorted(deck.issues, key=lambda issue: issue.line or 0)
    assert (level.code, Path(level.path).name, level.line, level.column) == (
        "bad-value", "rule_cards.csv", 7, 5)
    assert level.message.startswith('cards/rule_cards.csv, row 7, column "Level" (E): ')
    assert level.message.endswith(
        'level "hardest" is not easy, medium or hard. Did you mean "hard"?')
    assert (number.code, number.line, number.column) == ("wrong-type", 8, 2)
    assert number.message == ('cards/rule_cards.csv, row 8, column "number" (B): number '
                              "must be a whole number, not 'eight'.")


def test_a_rule_the_checker_cannot_read_is_said_at_its_xlsx_cell(tmp_path: Path) -> None:
    _, twin = sheet_twin(WTR, tmp_path, "rule_cards", ".xlsx", {"rule": "Rule"})
    from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

    path = tmp_path / "cards" / "rule_cards.xlsx"
    book = load_workbook(path)
    book["Cards"]["D5"] = "card.colur == 'white'"
    assert book["Cards"]["D1"].value == "Rule"
    book.save(path)
    issues = [issue for issue in load_deck(twin).issues if issue.path == str(path)]
    assert [(issue.code, issue.line, issue.column) for issue in issues] == [
        ("expr-unknown-attribute", 5, 4)]
    assert issues[0].message.startswith(
        'cards/rule_cards.xlsx, sheet "Cards", cell D5 (column "Rule"), character 1: ')
    assert 'Did you mean "colour"?' in issues[0].message


def test_an_id_given_twice_names_the_first_row(tmp_path: Path) -> None:
    deck = load_deck(pirates(tmp_path, csv=OMENS.replace("jack-tar,", "unlucky-seven,", 1)))
    [issue] = deck.issues
    assert (issue.code, Path(issue.path).name, issue.line, issue.column) == (
        "duplicate-id", "omens.csv", 3, 1)
    assert "(first at omens.csv, row 2)" in issue.message


@pytest.mark.parametrize(("name", "content", "words"), [
    ("missing.csv", None, 'The spreadsheet "missing.csv" does not exist'),
    ("omens.txt", "id,number\n", '"omens.txt" is not a CSV or XLSX file'),
    ("omens.xls", "", "an old .xls workbook: save it as .xlsx"),
    ("broken.xlsx", "not a zip at all", '"broken.xlsx" is not an XLSX workbook'),
    ("latin.csv", b"id,text\nx,caf\xe9\n", 'save it as "CSV UTF-8"'),
    ("../outside.csv", "id\n", "lies outside the deck's folder"),
])
def test_a_file_that_cannot_be_read_is_one_sentence(tmp_path: Path, name: str,
                                                    content: str | bytes | None,
                                                    words: str) -> None:
    deck_file = pirates(tmp_path / "deck", section=f"triggers:\n  from: {name}")
    if content is not None:
        target = deck_file.parent / name
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, "utf-8")
    [issue] = load_deck(deck_file).issues
    assert (issue.code, issue.field) == ("sheet-unreadable", "triggers.from")
    assert words in issue.message and issue.message.count(". ") <= 1
    assert "Traceback" not in issue.message


def test_a_sheet_the_workbook_lacks_is_named_with_its_sheets(tmp_path: Path) -> None:
    _, twin = sheet_twin(MINIMAL, tmp_path, "triggers", ".xlsx")
    twin.write_text(twin.read_text("utf-8").replace("sheet: Cards", "sheet: Card"), "utf-8")
    [issue] = load_deck(twin).issues
    assert issue.code == "sheet-unreadable"
    assert issue.message == ('"cards/triggers.xlsx" has no sheet "Card"; its sheets are '
                             "'Notes', 'Cards'. Did you mean \"Cards\"?")


def test_a_bad_omen_in_the_sheet_is_found_by_a_real_check(tmp_path: Path) -> None:
    deck = pirates(tmp_path, csv=OMENS.replace('"card.rank == ""J"""',
                                               '"card.rnk == ""J"""', 1))
    done = subprocess.run([sys.executable, "-m", "hrdeck", "check", str(deck), "--no-chart",
                           "--workers", "1", "--games", "20", "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 1, done.stdout + done.stderr
    printed = " ".join(done.stdout.split())
    assert (f"{tmp_path / 'omens.csv'}:3:4 expr-unknown-attribute omens.csv, row 3, column "
            '"when" (D), character 1: trigger "jack-tar": card has no "rnk". Did you mean '
            '"rank"?') in printed
    assert "Traceback" not in done.stderr


def test_a_zip_that_is_no_workbook_and_a_sheet_of_a_csv_are_one_sentence(
        tmp_path: Path) -> None:
    import zipfile

    deck_file = pirates(tmp_path, section="triggers:\n  from: omens.xlsx")
    with zipfile.ZipFile(tmp_path / "omens.xlsx", "w") as packed:
        packed.writestr("hello.txt", "not a workbook")
    [issue] = load_deck(deck_file).issues
    assert issue.code == "sheet-unreadable"
    assert issue.message.startswith('"omens.xlsx" is not a readable XLSX workbook (')
    deck_file = pirates(tmp_path, section="triggers:\n  from: omens.csv\n  sheet: Omens")
    [issue] = load_deck(deck_file).issues
    assert issue.message == ('"omens.csv" is a CSV file, which has no sheets: "sheet" is '
                             "for an XLSX workbook.")


def test_a_formula_reads_as_its_saved_value_and_none_as_empty(tmp_path: Path) -> None:
    # openpyxl saves no value with a formula: the cell reads empty, as a workbook never
    # opened in a spreadsheet program would
    _, twin = sheet_twin(MINIMAL, tmp_path, "triggers", ".xlsx", {})
    from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

    path = tmp_path / "cards" / "triggers.xlsx"
    book = load_workbook(path)
    assert book["Cards"]["B1"].value == "number"
    book["Cards"]["B3"] = "=1+1"
    book.save(path)
    [issue] = load_deck(twin).issues
    assert (issue.code, issue.line, issue.column) == ("missing-field", 3, None)
    assert issue.message == ('cards/triggers.xlsx, sheet "Cards", row 3: trigger '
                             '"seven-played" has no "number".')


def test_a_sheet_of_more_cards_than_a_section_holds_is_refused(tmp_path: Path) -> None:
    rows = ["id,Card text,when"] + [f"t{number},When a seven is played.,card.rank == \"7\""
                               for number in range(1, 1001)]
    deck = load_deck(pirates(tmp_path, csv="\n".join(rows) + "\n"))
    assert [issue.code for issue in deck.issues] == ["bad-value"]
    assert deck.issues[0].message == ("omens.csv, row 1001 brings the triggers to 1,000; a "
                                      "section holds at most 999 (each card needs a number "
                                      "from 1 to 999).")
    assert deck.triggers == []


def test_copies_number_a_rows_cards_in_order_and_zero_leaves_it_out(tmp_path: Path) -> None:
    rows = ["id,Card text,when,Copies",
            'unlucky-seven,When you play a seven…,"card.rank == ""7""",3',
            'jack-tar,When you play a jack…,"card.rank == ""J""",0',
            'queen-of-the-seas,When you play a queen…,"card.rank == ""Q""",']
    deck = load_deck(pirates(tmp_path, csv="\n".join(rows) + "\n", section=(
        "triggers:\n  from: omens.csv\n  columns: {text: Card text}\n  copies: Copies")))
    assert said(deck) == []
    assert [(card.id, card.number) for _, card in deck.triggers] == [
        ("unlucky-seven-1", 1), ("unlucky-seven-2", 2), ("unlucky-seven-3", 3),
        ("queen-of-the-seas-1", 4)]
