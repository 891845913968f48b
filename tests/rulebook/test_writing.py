"""Writing the file: atomically, on A4 or Letter, and refusing what cannot be printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.deck import LoadedDeck, load_deck
from generator.printing.errors import PrintError
from generator.printing.units import to_mm
from generator.rulebook import write_rulebook
from generator.rulebook.contents import Contents
from generator.rulebook.markup import Heading

from .conftest import Built
from .decks import small_deck_data, write_deck


def page_sizes_mm(path: Path) -> set[tuple[float, float]]:
    return {(to_mm(float(page.mediabox.width)), to_mm(float(page.mediabox.height)))
            for page in PdfReader(path).pages}


def test_a4_by_default(book: Built) -> None:
    ((width, height),) = page_sizes_mm(book.path)
    assert width == pytest.approx(210.0, abs=0.1) and height == pytest.approx(297.0, abs=0.1)
    assert book.summary.paper == "a4"


def test_letter_when_asked(small_deck: LoadedDeck, tmp_path: Path) -> None:
    summary = write_rulebook(tmp_path / "letter.pdf", small_deck, paper="letter")
    ((width, height),) = page_sizes_mm(summary.path)
    assert width == pytest.approx(215.9, abs=0.1) and height == pytest.approx(279.4, abs=0.1)
    assert summary.page_mm == (215.9, 279.4) and summary.paper == "letter"
    assert summary.page_of("quick-reference") + 1 == summary.page_of("cards")
    assert len(PdfReader(summary.path).pages) == summary.pages


def test_unknown_paper_is_refused(small_deck: LoadedDeck, tmp_path: Path) -> None:
    with pytest.raises(PrintError, match=r'no paper size "a5".*a4, letter'):
        write_rulebook(tmp_path / "rulebook.pdf", small_deck, paper="a5")
    assert list(tmp_path.iterdir()) == []


def test_a_failure_midway_leaves_no_file(small_deck: LoadedDeck, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the contents could not be drawn")

    monkeypatch.setattr(Contents, "drawOn", explode)
    with pytest.raises(RuntimeError, match="could not be drawn"):
        write_rulebook(tmp_path / "rulebook.pdf", small_deck)
    assert list(tmp_path.iterdir()) == []  # no rulebook, no temporary file


def test_a_failure_keeps_the_previous_rulebook(small_deck: LoadedDeck, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "rulebook.pdf"
    path.write_bytes(b"the old rulebook")
    calls = 0

    def draw_then_explode(self: Heading) -> None:
        nonlocal calls
        calls += 1
        if calls > 12:  # well into the book
            raise RuntimeError("a heading could not be drawn")

    monkeypatch.setattr(Heading, "draw", draw_then_explode)
    with pytest.raises(RuntimeError, match="heading"):
        write_rulebook(path, small_deck)
    assert path.read_bytes() == b"the old rulebook"
    assert [child.name for child in tmp_path.iterdir()] == ["rulebook.pdf"]


def test_a_missing_folder_is_refused(small_deck: LoadedDeck, tmp_path: Path) -> None:
    with pytest.raises(PrintError, match="does not exist"):
        write_rulebook(tmp_path / "nowhere" / "rulebook.pdf", small_deck)


def test_too_few_cards_to_deal_is_refused(tmp_path: Path) -> None:
    data = small_deck_data()
    data["triggers"] = data["triggers"][:3]
    deck = load_deck(write_deck(tmp_path, data))
    with pytest.raises(PrintError, match=r"at least 4 trigger cards.*has 3 triggers"):
        write_rulebook(tmp_path / "rulebook.pdf", deck)
    assert not (tmp_path / "rulebook.pdf").exists()


def test_a_deck_without_details_is_refused(tmp_path: Path) -> None:
    data = small_deck_data()
    del data["deck"]
    deck = load_deck(write_deck(tmp_path, data))
    with pytest.raises(PrintError, match="details could not be read"):
        write_rulebook(tmp_path / "rulebook.pdf", deck)


def test_fewer_cards_mean_fewer_players(tmp_path: Path) -> None:
    data = small_deck_data()
    data["actions"] = data["actions"][:6]  # rules for three players
    deck = load_deck(write_deck(tmp_path, data))
    summary = write_rulebook(tmp_path / "rulebook.pdf", deck)
    text = " ".join(page.extract_text() for page in PdfReader(summary.path).pages)
    assert summary.players == (2, 3)
    assert "For 2 to 3 players" in text
    assert "rules for at most 3 players" in " ".join(text.split())
    assert "Variant: fewer cards" not in text  # it only changes hands of four or five


def test_the_example_makes_up_its_cards_when_the_deck_has_none(tmp_path: Path) -> None:
    data = small_deck_data()
    data["triggers"] = [card for card in data["triggers"] if card["id"] != "total-zero"]
    deck = load_deck(write_deck(tmp_path, data))
    summary = write_rulebook(tmp_path / "rulebook.pdf", deck)
    assert not summary.example_uses_deck_cards
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(summary.path).pages)
                    .split())
    assert "these two are made up for the example" in text
    assert "“Robin Hood was named already.”" in text


def test_extreme_text_is_laid_out_and_missing_glyphs_reported(tmp_path: Path) -> None:
    data = small_deck_data()
    data["deck"]["name"] = "W" * 80
    data["deck"]["description"] = "A long description. " * 300  # runs over the title page
    data["triggers"][0]["text"] = "X" * 400  # one word wider than any column
    data["triggers"][0]["when"] = "card.rank==" + '"7"' + "and(total>0)" * 30
    data["actions"][0]["hints"] = ["H" * 200, "A unicorn 🦄 is not a hint."]
    deck = load_deck(write_deck(tmp_path, data))
    summary = write_rulebook(tmp_path / "rulebook.pdf", deck)
    assert summary.pages == len(PdfReader(summary.path).pages)
    assert [(item.ident, item.characters) for item in summary.missing_glyphs] == [
        ("say-zero", "🦄")]
    text = "".join("".join(page.extract_text().split()) for page in PdfReader(summary.path).pages)
    assert "X" * 400 in text.replace("X-X", "XX")  # hyphenated where it meets a column's edge
    assert "X-X" in text


def test_the_same_deck_gives_the_same_bytes(book: Built, small_deck: LoadedDeck,
                                            tmp_path: Path) -> None:
    again = write_rulebook(tmp_path / "again.pdf", small_deck)
    assert again.path.read_bytes() == book.path.read_bytes()
