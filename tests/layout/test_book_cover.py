"""A layout's cover dresses the rulebook's title page: its logo, its art, its subtitle and its
own title, the designer's words printed as words."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from generator.deck import load_deck
from generator.rulebook import write_rulebook

BASE = Path(__file__).resolve().parents[2] / "decks" / "base.yaml"


def _deck_with(folder: Path, layout: str) -> Path:
    text = BASE.read_text(encoding="utf-8").replace(
        '  card_size: poker\n', '  card_size: poker\n  layout: layout.yaml\n', 1)
    (folder / "layout.yaml").write_text(layout, encoding="utf-8")
    Image.new("RGB", (800, 450), "#1b3a4b").save(folder / "cover.png")
    Image.new("RGB", (300, 100), "#8b1e3f").save(folder / "logo.png")
    path = folder / "base.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _title_page(folder: Path, layout: str) -> tuple[str, int]:
    deck = load_deck(_deck_with(folder, layout))
    assert not [issue for issue in deck.issues if issue.severity.value == "error"]
    pdf = folder / "book.pdf"
    write_rulebook(pdf, deck)
    page = PdfReader(pdf).pages[0]
    return " ".join(page.extract_text().split()), len(page.images)


def test_the_cover_puts_logo_art_subtitle_and_title_on_the_title_page(tmp_path: Path) -> None:
    text, images = _title_page(tmp_path, """\
cover:
  title: "Omens of the Deep — pirate rules"
  subtitle: 'Ninety-one "superstitions" <b>for sailors</b>'
  art: cover.png
  logo: logo.png
""")
    assert images == 2
    assert "Omens of the Deep" in text and "pirate rules" in text
    assert "Hidden Rules — Base Set" not in text  # the cover's title replaced the deck's name
    assert "Ninety-one “superstitions” <b>for sailors</b>" in text  # typeset, never markup


def test_without_a_cover_the_title_page_is_as_before(tmp_path: Path) -> None:
    text, images = _title_page(tmp_path, "labels: {triggers: OMEN}\n")
    assert images == 0
    assert "Hidden Rules" in text and "Base Set" in text
