"""Typographic quotes, apostrophes, dashes and minus on every sheet hrdeck prints, read back
from the real PDFs (the cards, aids and rulebooks have theirs in tests/rulebook/
test_deck_quotes.py)."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader

from generator.printing import CardBack, CardFace, write_pnp
from generator.printing.score_sheet import ScoreSheet, write_score_sheet

STRAIGHT = re.compile(r"""['"]""")


def pdf_text(path: Path) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


def test_the_score_sheet_sets_its_title_columns_and_notes(tmp_path: Path) -> None:
    sheet = ScoreSheet(title="Joker's \"big\" night", players=4, rounds=5,
                       leader="Dealer's pick",
                       notes=("Lose -4 for each card left; 3-9 players -- 'tis the rule.",))
    path = tmp_path / "score.pdf"
    write_score_sheet(path, sheet, paper="a4", deck_name="Joker's")
    (text,) = pdf_text(path)
    for words in ("Joker’s “big” night", "Dealer’s pick",
                  "Lose −4 for each card left; 3–9 players — ’tis the rule."):
        assert words in text, words
    assert STRAIGHT.findall(text) == []


def test_a_moved_back_prints_a_true_minus_and_the_deck_name_curly(tmp_path: Path) -> None:
    front = CardFace(kind="trigger", label="TRIGGER", number=1, text="Say \"hi\".",
                     accent="#1f6feb", ident="t1")
    back = CardBack(kind="trigger", label="TRIGGER", deck_name="Joker's Pirates",
                    accent="#1f6feb")
    path = tmp_path / "cards.pdf"
    write_pnp(path, [front], [back], back_offset_mm=(1.5, -0.5), deck_name="Joker's Pirates")
    fronts, backs = pdf_text(path)
    assert "Joker’s Pirates · fronts, sheet 1 of 1" in fronts
    assert "moved +1.5 mm across and −0.5 mm up" in backs
    assert "Joker’s Pirates · backs, sheet 1 of 1" in backs
    assert STRAIGHT.findall(fronts + backs) == []
