"""How the book reads back: contents entries with their own pages, table headers on every page
of a card list, words too wide for a column hyphenated, the footer read last."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.deck import load_deck
from generator.rulebook import write_rulebook
from generator.rulebook.hyphens import Para
from generator.rulebook.styles import Palette, paragraph_styles

from .conftest import Built
from .decks import small_deck_data, write_deck
from .pdftext import page_runs, pdftotext_lines, stream_lines

CONTENTS_PAGE = 2
ENTRY = re.compile(r"(?P<title>.*?)[ .]*(?P<page>\d+)")
HEADERS = ("No. Card", "No. Card Due Hints for enforcers")
LONG_WORD = "Pneumonoultramicroscopicsilicovolcanoconiosis"


def expected_contents(book: Built) -> dict[str, int | None]:
    return {section.title: section.page for section in book.summary.sections
            if section.in_contents}


def contents_in(lines: list[str], book: Built) -> dict[str, int | None]:
    """Each section's page as read on the line "title . . . page" (None: no such line)."""
    found: dict[str, int] = {}
    for line in lines:
        match = ENTRY.fullmatch(line)
        if match:
            found[match["title"]] = int(match["page"])
    return {title: found.get(title) for title in expected_contents(book)}


def test_each_contents_entry_extracts_with_its_own_page(book: Built) -> None:
    lines = stream_lines(book.path, CONTENTS_PAGE)
    assert contents_in(lines, book) == expected_contents(book)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")
def test_each_contents_entry_extracts_with_its_own_page_in_pdftotext(book: Built) -> None:
    lines = pdftotext_lines(book.path, CONTENTS_PAGE)
    assert contents_in(lines, book) == expected_contents(book)


def test_the_footer_is_read_after_the_page(book: Built) -> None:
    for number in (1, CONTENTS_PAGE, book.summary.page_of("clarifications")):
        lines = stream_lines(book.path, number)
        assert lines[-1].endswith(f"page {number} of {book.summary.pages}")


def card_list_pages(book: Built) -> range:
    """The pages the two card lists run over."""
    start = book.summary.page_of("triggers")
    end = next((section.page for section in book.summary.sections
                if section.page > book.summary.page_of("actions")), book.summary.pages + 1)
    return range(start, end)


def test_card_list_headers_repeat_on_every_page(base_book: Built) -> None:
    pages = card_list_pages(base_book)
    assert len(pages) >= 3  # the base deck's lists run over several pages
    for number in pages:
        lines = base_book.lines[number - 1]
        first_row = next(index for index, line in enumerate(lines) if re.match(r"\d+ \S", line))
        assert any(line.startswith(HEADERS) for line in lines[:first_row]), (
            f"page {number} starts its rows without a header: {lines[:first_row + 1]}")


def words_by_line(para: Para) -> list[str]:
    lines = []
    for line in para.blPara.lines:
        if para.blPara.kind == 0:
            lines.append(" ".join(line[1]))
        else:
            lines.append("".join(frag.text for frag in line.words))
    return lines


def test_a_word_wider_than_its_line_is_broken_with_hyphens() -> None:
    style = paragraph_styles(Palette())["cell-small"]
    para = Para(f"You said {LONG_WORD}, not a city.", style)
    para.wrap(100, 1000)
    lines = words_by_line(para)
    broken = [line for line in lines if line.endswith("-")]
    assert broken, lines
    assert LONG_WORD in "".join(line.removesuffix("-") for line in lines)
    assert lines[0] == "You said" or lines[0].startswith("You said ")


def test_ordinary_words_wrap_whole() -> None:
    style = paragraph_styles(Palette())["body"]
    para = Para("Whoever takes the trick gathers it and turns up the next card. " * 6, style)
    para.wrap(120, 1000)
    assert not [line for line in words_by_line(para) if line.endswith("-")]


def test_code_is_never_given_a_hyphen() -> None:
    style = paragraph_styles(Palette())["cell-mono"]
    code = "count_colour(trick," + "x" * 60 + ")"
    para = Para(code, style)
    para.wrap(80, 1000)
    assert not [line for line in words_by_line(para) if line.endswith("-")]


def hints_column(path: Path) -> str:
    """The text of the action list's hints column, line by line, top to bottom."""
    for page in PdfReader(path).pages:
        runs = page_runs(page)
        starts = [run.x for run in runs if run.text.strip() == "Hints for enforcers"]
        if starts:
            ordered = sorted(runs, key=lambda run: (-round(run.y), run.x))
            return "\n".join(run.text.strip() for run in ordered if run.x >= starts[0] - 1)
    raise AssertionError("no action list")


def test_a_long_word_in_a_narrow_column_prints_hyphenated(tmp_path: Path) -> None:
    data = small_deck_data()
    data["actions"][0]["hints"] = [f"You said {LONG_WORD}, not the phrase."]
    summary = write_rulebook(tmp_path / "rulebook.pdf", load_deck(write_deck(tmp_path, data)))
    column = hints_column(summary.path)
    assert re.search(r"[a-z]-\n", column), column
    assert LONG_WORD in column.replace("-\n", "")


def test_nothing_in_the_base_book_is_hyphenated(base_book: Built) -> None:
    """The book's own prose, set in half-point sizes (the pictures of cards are the cards as
    printed, scaled down, which may hyphenate to keep their lines even)."""
    reader = PdfReader(base_book.path)
    ends = [run.text.strip() for page in reader.pages for run in page_runs(page)
            if re.search(r"[A-Za-z]-$", run.text.strip())
            and abs(run.size * 2 - round(run.size * 2)) < 1e-6]
    assert ends == []


def test_a_card_taller_than_a_page_splits_under_repeated_headers(tmp_path: Path) -> None:
    data = small_deck_data()
    data["actions"][3]["hints"] = [f"You did not draw a card, number {n}." for n in range(120)]
    summary = write_rulebook(tmp_path / "rulebook.pdf", load_deck(write_deck(tmp_path, data)),
                             appendix=True)
    reader = PdfReader(summary.path)
    pages = range(summary.page_of("actions"), summary.page_of("appendix"))
    assert len(pages) >= 3
    for number in pages:
        texts = [run.text.strip() for run in page_runs(reader.pages[number - 1])]
        assert "Hints for enforcers" in texts, number
    hints = " ".join(" ".join(run.text.split()) for page in reader.pages for run in page_runs(page))
    for n in (0, 59, 119):
        assert f"number {n}." in hints
