"""The book is laid out and drawn once; its contents' page numbers and "page N of M" are put
in last. Read back, every number must still be right: the contents names the page each
heading is on and links to it, and every footer counts the pages, also when the contents
runs over several pages, and when the contents had to be laid out a second time."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from generator.deck import LoadedDeck
from generator.printing.units import mm
from generator.rulebook import document, write_rulebook
from generator.rulebook.contents import Entry
from generator.rulebook.document import RulebookDocument
from generator.rulebook.markup import Converter, parse_document
from generator.rulebook.styles import Palette, paragraph_styles

from .pdftext import all_page_lines

ENTRY = re.compile(r"(?P<title>.+?) ?(?:\. ?){3,}(?P<page>\d+)")  # title, leader, page
FOOTER = re.compile(r"(?P<deck>.*) page (?P<page>\d+) of (?P<total>\d+)")
LONG_BOOK = "A Long Book"


def long_markup(sections: int) -> str:
    """A book whose contents needs several pages: `sections` sections, every third with a
    subsection."""
    parts = ['<rulebook><p class="title">A long book</p><pagebreak/>',
             '<h1 key="contents" contents="no">Contents</h1><contents/><pagebreak/>']
    for n in range(1, sections + 1):
        parts.append(f'<h1 key="s{n}">Section {n}</h1><p>{f"Words of section {n}. " * 30}</p>')
        if n % 3 == 0:
            parts.append(f'<h2 key="s{n}-more">More about section {n}</h2><p>Still {n}.</p>')
    return "".join([*parts, "</rulebook>"])


def build_markup(path: Path, markup: str) -> RulebookDocument:
    pdf = RulebookDocument(path, page_size=(mm(210), mm(297)), deck_name=LONG_BOOK,
                           title=f"{LONG_BOOK} — rulebook", game_title="Hidden Rules")
    palette = Palette()
    converter = Converter(styles=paragraph_styles(palette), palette=palette,
                          width=pdf.frame_width)
    pdf.build_book(converter.story(parse_document(markup)), max_passes=3)
    return pdf


def contents_pages(lines: list[list[str]]) -> range:
    """The pages (1-based) from the one headed "Contents" to the last listing an entry."""
    first = next(number for number, page in enumerate(lines, 1) if "Contents" in page)
    last = first
    while last < len(lines) and any(ENTRY.fullmatch(line) for line in lines[last]):
        last += 1
    return range(first, last + 1)


def listed(lines: list[list[str]], pages: range) -> list[tuple[str, int]]:
    """Each contents entry as read: its title and the page it names."""
    found = []
    for number in pages:
        for line in lines[number - 1]:
            match = ENTRY.fullmatch(line)
            if match:
                found.append((match["title"], int(match["page"])))
    return found


def link_targets(path: Path, pages: range) -> list[int]:
    """The page (1-based) each link on `pages` leads to, in the order they were made."""
    reader = PdfReader(path)
    numbers = {getattr(page.indirect_reference, "idnum", None): index
               for index, page in enumerate(reader.pages, 1)}
    targets = []
    for number in pages:
        for annotation in reader.pages[number - 1].get("/Annots") or []:
            destination: Any = annotation.get_object()["/Dest"]
            targets.append(numbers[destination[0].idnum])
    return targets


def assert_numbered(path: Path, headings: list[str]) -> None:
    """Every page's footer counts right; the contents lists `headings` in order, each with
    the page it first appears on after the contents, and links there."""
    lines = all_page_lines(path)
    for number, page_lines in enumerate(lines, 1):
        footer = FOOTER.fullmatch(page_lines[-1])
        assert footer, page_lines[-1]
        assert (int(footer["page"]), int(footer["total"])) == (number, len(lines))
    pages = contents_pages(lines)
    entries = listed(lines, pages)
    assert [title for title, _ in entries] == headings
    for title, page in entries:
        first = next(number for number, page_lines in enumerate(lines, 1)
                     if number > pages[-1] and title in page_lines)  # the heading's line
        assert page == first, title
    assert link_targets(path, pages) == [page for _, page in entries]


def expected_headings(sections: int) -> list[str]:
    return [title for n in range(1, sections + 1)
            for title in (f"Section {n}", *([f"More about section {n}"] if n % 3 == 0 else []))]


def count_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time a rulebook is laid out."""
    calls: list[int] = []
    original = RulebookDocument.build

    def counted(self: RulebookDocument, *args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(RulebookDocument, "build", counted)
    return calls


def test_a_rulebook_is_laid_out_once(small_deck: LoadedDeck, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    builds = count_builds(monkeypatch)
    summary = write_rulebook(tmp_path / "rulebook.pdf", small_deck)
    assert len(builds) == 1
    assert_numbered(summary.path, [section.title for section in summary.sections
                                   if section.in_contents])


def test_a_contents_over_several_pages_is_numbered_in_one_pass(tmp_path: Path) -> None:
    pdf = build_markup(tmp_path / "long.pdf", long_markup(150))
    assert pdf.passes == 1
    lines = all_page_lines(tmp_path / "long.pdf")
    assert len(contents_pages(lines)) >= 3
    assert_numbered(tmp_path / "long.pdf", expected_headings(150))


@pytest.fixture(scope="module")
def right_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, list[list[str]]]:
    """The 60-section book laid out with the right guess: its passes and its pages' lines."""
    path = tmp_path_factory.mktemp("right") / "right.pdf"
    return build_markup(path, long_markup(60)).passes, all_page_lines(path)


@pytest.mark.parametrize("guess", ["nothing", "one too many", "one too few"])
def test_a_wrong_guess_of_the_headings_costs_a_pass_not_a_wrong_number(
        guess: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        right_book: tuple[int, list[list[str]]]) -> None:
    right_passes, right_lines = right_book
    real = document.contents_entries

    def wrong(story: Any) -> list[Entry]:
        entries = real(story)
        if guess == "nothing":
            return []
        if guess == "one too many":
            return [*entries, (0, "A section that is not there", "nowhere")]
        return entries[:-1]

    monkeypatch.setattr(document, "contents_entries", wrong)
    again = build_markup(tmp_path / "again.pdf", long_markup(60))
    assert again.passes == 2
    assert_numbered(tmp_path / "again.pdf", expected_headings(60))
    assert all_page_lines(tmp_path / "again.pdf") == right_lines
    assert right_passes == 1
