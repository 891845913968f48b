"""A book's title page is titled with its deck's own name, the base game named under it
(unless the name already is the game's), for every game's book."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.deck import load_deck
from generator.rulebook import write_rulebook

from .pdftext import page_lines, page_runs

DECKS = Path(__file__).resolve().parents[2] / "decks"


def title_page(deck: Path, pdf: Path) -> tuple[list[str], list[str]]:
    """The first page's lines, and its title: the largest text on it, line by line."""
    write_rulebook(pdf, load_deck(deck), paper="a4")
    page = PdfReader(pdf).pages[0]
    runs = [run for run in page_runs(page) if run.text.strip()]
    largest = max(run.size for run in runs)
    return page_lines(page), [run.text.strip() for run in runs if run.size == largest]


def renamed(deck: str, name: str, folder: Path) -> Path:
    """A shipped deck under a designer's own name."""
    text = (DECKS / deck).read_text(encoding="utf-8")
    path = folder / deck
    path.write_text(re.sub(r"(?m)^  name: .*$", f"  name: {name}", text, count=1),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("deck", "title", "then", "game"), [
    ("mao.yaml", "Mao", "the rules nobody explains", None),
    ("what-the-rule.yaml", "What the Rule?!", None, None),
    ("jokers-secret.yaml", "Joker’s Secret", "Player Aids", None),
    ("jokers-secret-rules.yaml", "Hidden Rules", "Joker’s Secret",
     "Secret rules played over Joker’s Secret"),
    ("base.yaml", "Hidden Rules", "Base Set", "played over a trick game"),
])
def test_a_shipped_deck_titles_its_book(tmp_path: Path, deck: str, title: str,
                                        then: str | None, game: str | None) -> None:
    lines, largest = title_page(DECKS / deck, tmp_path / "book.pdf")
    assert largest == [title]
    assert not any("Printed with the deck" in line for line in lines)
    at = lines.index(title)
    if then is not None:
        assert lines[at + 1] == then
    text = " ".join(lines)
    if game is None:
        assert "A deck for" not in text and "played over" not in text
    else:
        assert game in text


@pytest.mark.parametrize(("deck", "game"), [
    ("mao.yaml", "A deck for Mao"),
    ("what-the-rule.yaml", "A deck for What the Rule?!"),
    ("jokers-secret-rules.yaml", "Secret rules played over Joker’s Secret"),
    ("jokers-secret.yaml", "A deck for Joker’s Secret"),
    ("base.yaml", "The rulebook · version 1.0"),  # "Hidden Rules" stands above it
])
def test_a_designers_deck_gets_a_book_with_its_own_title(tmp_path: Path, deck: str,
                                                         game: str) -> None:
    lines, largest = title_page(renamed(deck, "Plunder and Parley", tmp_path),
                                tmp_path / "book.pdf")
    assert largest == ["Plunder and Parley"]
    at = lines.index("Plunder and Parley")
    assert game in lines[at + 1:at + 4]
    assert not any("Printed with the deck" in line for line in lines)
