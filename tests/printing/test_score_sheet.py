"""The printable score sheet: one landscape page on A4 or Letter, a column per player, a row
per round, written atomically, and read back as a player would read it."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.printing import PrintError, preflight
from generator.printing.drawing import Fill, Outline, Stroke, Text
from generator.printing.pdf import Painter
from generator.printing.score_sheet import (
    MARGIN_MM,
    ScoreSheet,
    compose_score_sheet,
    write_score_sheet,
)
from generator.printing.units import Box, mm, to_mm
from generator.what_the_rule.score_sheet import NOTES, score_sheet

SHEET = score_sheet("What the Rule?!")
PAGES = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}  # landscape, mm


def runs(path: Path) -> list[tuple[str, float, float]]:
    """Every run of text on the one page with where it starts (points)."""
    found: list[tuple[str, float, float]] = []
    page = PdfReader(path).pages[0]

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: object) -> None:
        if text.strip():
            found.append((text.strip(), tm[4], tm[5]))

    page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_sheet_for_ten_players_and_ten_rounds_reads_back(tmp_path: Path, paper: str) -> None:
    path = tmp_path / f"score-{paper}.pdf"
    summary = write_score_sheet(path, SHEET, paper=paper, deck_name="What the Rule?!")
    assert summary.pages == 1 and summary.file_bytes == path.stat().st_size
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(to_mm(float(box.width)), 1), round(to_mm(float(box.height)), 1)) == \
        PAGES[paper]
    report = preflight([path])
    (line,) = report.lines()
    assert report.ok and line.startswith(f"{path.name}: 1 page of ")
    assert "fonts embedded: DejaVuSans" in line
    lines = reader.pages[0].extract_text().split("\n")
    assert lines[:2] == ["What the Rule?! — score sheet Date", "Round Game master"]
    assert [line for line in lines if line.startswith("Player ")] == [
        f"Player {n}" for n in range(1, 11)]
    assert lines.count("points total") == 10  # the two halves of each player's cells
    rows = [line for line in lines if line.isdigit()]
    assert rows == [str(n) for n in range(1, 11)]
    assert lines[lines.index("10") + 1:][:3] == ["Final total", "Place", "Winner(s)"]
    # The rounds: one numbered row each, 1 to 10 down the first column.
    numbers = [(int(text), y) for text, x, y in runs(path) if re.fullmatch(r"\d+", text)
               and x < mm(MARGIN_MM + 13)]
    assert [number for number, _ in numbers] == list(range(1, 11))
    ys = [y for _, y in numbers]
    assert ys == sorted(ys, reverse=True)
    gaps = {round(a - b, 1) for a, b in itertools.pairwise(ys)}
    assert len(gaps) == 1 and mm(7) <= gaps.pop() <= mm(13)  # equal rows, room to write
    assert "10 points, less 1 for each card" in " ".join(lines)
    assert reader.metadata is not None and reader.metadata.title == SHEET.title


def test_everything_is_inside_the_printable_area() -> None:
    for width, height in PAGES.values():
        page = Box(0.0, 0.0, mm(width), mm(height))
        area = page.inset(mm(MARGIN_MM) - 0.01)
        for item in compose_score_sheet(SHEET, page):
            if isinstance(item, Text):
                assert area.contains(item.box), item.text
            elif isinstance(item, Fill | Outline):
                assert area.contains(item.box)
            elif isinstance(item, Stroke):
                for x, y in ((item.x1, item.y1), (item.x2, item.y2)):
                    assert area.x <= x <= area.right and area.y <= y <= area.top


def test_fewer_players_and_rounds_and_no_leader_column(tmp_path: Path) -> None:
    path = tmp_path / "small.pdf"
    write_score_sheet(path, ScoreSheet(title="Quick game", players=4, rounds=5), paper="a4")
    lines = PdfReader(path).pages[0].extract_text().split("\n")
    assert [line for line in lines if line.startswith("Player ")] == [
        f"Player {n}" for n in range(1, 5)]
    assert "Round" in lines and not any("Game master" in line for line in lines)
    assert [line for line in lines if line.isdigit()] == ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize(("players", "rounds", "words"), [
    (0, 10, "1 to 12 players, not 0"), (13, 10, "not 13"), (4, 0, "1 to 20 rounds, not 0"),
    (4, 21, "not 21")])
def test_a_sheet_too_big_for_a_page_is_refused(tmp_path: Path, players: int, rounds: int,
                                               words: str) -> None:
    with pytest.raises(PrintError, match=words):
        write_score_sheet(tmp_path / "x.pdf", ScoreSheet(title="x", players=players,
                                                         rounds=rounds))
    assert not list(tmp_path.iterdir())


def test_a_failed_write_leaves_no_file_and_keeps_the_old_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "score.pdf"
    write_score_sheet(path, SHEET)
    before = path.read_bytes()

    def broken(self: Painter, items: object) -> None:
        raise RuntimeError("the pen ran dry")

    monkeypatch.setattr(Painter, "draw", broken)
    with pytest.raises(RuntimeError, match="pen ran dry"):
        write_score_sheet(path, SHEET, paper="letter")
    assert path.read_bytes() == before
    assert [entry.name for entry in tmp_path.iterdir()] == ["score.pdf"]


def test_the_notes_say_how_what_the_rule_is_scored() -> None:
    text = " ".join(NOTES)
    for words in ("10 points", "less 1 for each card", "5 more", "2 more", "hints",
                  "best player", "halved", "two turns", "10 cards", "nobody guessed",
                  "everyone has been game master once", "share the win"):
        assert words in text, words


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm")
def test_the_running_total_halves_are_shaded(tmp_path: Path) -> None:
    path = tmp_path / "score.pdf"
    write_score_sheet(path, SHEET)
    subprocess.run(["pdftoppm", "-r", "72", "-png", "-singlefile", str(path),
                    str(tmp_path / "page")], check=True)
    with Image.open(tmp_path / "page.png") as page:
        image = page.convert("L")
    row_y = round(image.height / 2)
    values = [image.getpixel((x, row_y)) for x in range(image.width)]
    shaded = sum(1 for value in values if isinstance(value, int) and 225 <= value <= 245)
    assert shaded > image.width * 0.3  # about half of each player's cell
