"""A rulebook on the paper the sheets are printed on, with its footer on the printable page."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.deck import LoadedDeck
from generator.pipeline.render import Rendered, render_all
from generator.printing.fonts import BOLD, REGULAR, text_width
from generator.printing.units import mm, to_mm
from generator.rulebook import rulebook_filename, rulebook_papers
from generator.rulebook.fonts import MONO, register_rulebook_fonts

from .pdftext import Run, page_runs

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PRINTER_EDGE_MM = 6.35  # what common home printers cannot print along each edge (¼ inch)
FOOTER_MM = 20.0        # the footer lies in the bottom 20 mm


def quiet(step: str) -> None:
    pass


def rulebooks(rendered: Rendered) -> dict[str, Path]:
    return {written.path.name: written.path for written in rendered.files
            if "rulebook" in written.what}


def page_sizes_mm(path: Path) -> set[tuple[float, float]]:
    return {(round(to_mm(float(page.mediabox.width)), 1),
             round(to_mm(float(page.mediabox.height)), 1)) for page in PdfReader(path).pages}


@pytest.fixture(scope="module")
def both(small_deck: LoadedDeck, tmp_path_factory: pytest.TempPathFactory) -> Rendered:
    return render_all(small_deck, tmp_path_factory.mktemp("both"), ("pnp-a4", "pnp-letter"),
                      quiet)


def test_the_papers_follow_the_print_and_play_targets() -> None:
    assert rulebook_papers(("pnp-a4", "pnp-letter", "dtc")) == ("a4", "letter")
    assert rulebook_papers(("pnp-letter",)) == ("letter",)
    assert rulebook_papers(("dtc", "tgc", "mpc")) == ("a4",)
    assert rulebook_papers(()) == ("a4",)


def test_a_letter_build_makes_a_letter_rulebook(small_deck: LoadedDeck, tmp_path: Path) -> None:
    rendered = render_all(small_deck, tmp_path, ("pnp-letter",), quiet)
    books = rulebooks(rendered)
    assert list(books) == ["rulebook-test-rulebook-letter.pdf"]
    assert page_sizes_mm(books["rulebook-test-rulebook-letter.pdf"]) == {PAPERS_MM["letter"]}
    assert [written.what for written in rendered.files if "rulebook" in written.what] == [
        "rulebook, US Letter"]


def test_a_build_on_both_papers_makes_one_rulebook_of_each(both: Rendered) -> None:
    books = rulebooks(both)
    assert list(books) == [rulebook_filename("rulebook-test", "a4"),
                           rulebook_filename("rulebook-test", "letter")]
    for paper in ("a4", "letter"):
        assert page_sizes_mm(books[rulebook_filename("rulebook-test", paper)]) == {
            PAPERS_MM[paper]}


def test_a_print_shop_build_gets_an_a4_rulebook(small_deck: LoadedDeck, tmp_path: Path) -> None:
    rendered = render_all(small_deck, tmp_path, ("tgc",), quiet)
    (book,) = rulebooks(rendered).values()
    assert book.name == "rulebook-test-rulebook-a4.pdf"
    assert page_sizes_mm(book) == {PAPERS_MM["a4"]}


OUR_FONTS = {"DejaVuSans": REGULAR, "DejaVuSans-Bold": BOLD, "DejaVuSansMono": MONO}


def run_width(run: Run) -> float:
    register_rulebook_fonts()
    return text_width(run.text.strip(), OUR_FONTS[run.font], run.size)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_number_and_footer_lies_on_the_printable_page(both: Rendered,
                                                                 paper: str) -> None:
    path = rulebooks(both)[rulebook_filename("rulebook-test", paper)]
    width, height = (mm(side) for side in PAPERS_MM[paper])
    edge = mm(PRINTER_EDGE_MM)
    pages = PdfReader(path).pages
    for number, page in enumerate(pages, start=1):
        runs = page_runs(page)
        footer = " ".join(run.text.strip() for run in sorted(runs, key=lambda run: run.x)
                          if run.y < mm(FOOTER_MM))
        assert footer == f"Rulebook Test Deck page {number} of {len(pages)}", footer
        for run in runs:
            right = run.x + run_width(run)
            assert edge <= run.x and right <= width - edge, (number, run)
            assert edge <= run.y <= height - edge - run.size, (number, run)
