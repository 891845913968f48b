"""What `hrdeck build` prints: every file by its whole name, one preflight line a target, and
where the files went."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures" / "decks"
LONG_ID = "plunder-and-parley-the-pirate-crews-own-secret-rules"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A deck with a long id built for every target, printed to a 50-column pipe."""
    folder = tmp_path_factory.mktemp("summary")
    deck = folder / "pirates.yaml"
    text = (FIXTURES / "valid-minimal.yaml").read_text(encoding="utf-8")
    deck.write_text(text.replace("id: valid-minimal", f"id: {LONG_ID}", 1), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "hrdeck", "build", str(deck), "--out", str(folder / "out"),
         "--games", "40", "--target", "all"],
        capture_output=True, text=True, timeout=180, env={**os.environ, "COLUMNS": "50"})
    assert done.returncode == 0, done.stdout + done.stderr
    return folder / "out", done.stdout.splitlines()


def test_no_file_name_is_cut(built: tuple[Path, list[str]]) -> None:
    out, lines = built
    written = sorted(p for p in (out / LONG_ID).iterdir() if not p.name.startswith("."))
    assert len(written) >= 8
    for path in written:
        name = path.name + ("/" if path.is_dir() else "")
        assert any(name in line.split() for line in lines), (name, lines)
    assert lines[0].startswith(f"{LONG_ID}: built in")
    assert not any("…" in line for line in lines), lines


def test_the_last_line_says_where_the_files_went(built: tuple[Path, list[str]]) -> None:
    out, lines = built
    last = lines[-1]
    assert f"{out / LONG_ID}/" in last
    assert f"{out}/" in last and ".builds/" in last and f".{LONG_ID}.lock" in last
    assert (out / ".builds").is_dir() and (out / f".{LONG_ID}.lock").exists()


def test_the_preflight_has_a_line_a_file_and_names_no_png(built: tuple[Path, list[str]]
                                                          ) -> None:
    out, lines = built
    start = lines.index("preflight")
    preflight = [line for line in lines[start + 1:] if line.startswith("  ")]
    outputs = [path for path in (out / LONG_ID).iterdir()
               if path.suffix == ".pdf" or path.is_dir()]
    screens = [path for path in outputs if path.name.endswith(("-tts", "-vtt"))]
    assert len(screens) == 2  # pictures for virtual tables: no shop's dpi applies to them
    assert len(preflight) == len(outputs) - len(screens), preflight
    assert not any(f"{path.name}/" in line for path in screens for line in preflight)
    assert any(line.startswith(f"  {LONG_ID}-tgc/: ") and " PNGs of 825 × 1125 px" in line
               for line in preflight), preflight
    assert not any(".png" in line for line in preflight)


@pytest.mark.parametrize("width", [40, 200])
def test_a_file_of_one_page_is_counted_as_one_page(monkeypatch: pytest.MonkeyPatch,
                                                   width: int) -> None:
    """The score sheet is one page: the summary says "1 page", narrow or wide."""
    import io

    from rich.console import Console

    import hrdeck.console
    from generator.pipeline import BuildReport, BuiltFile
    from hrdeck.cmd_build import _print_files

    screen = io.StringIO()
    monkeypatch.setattr(hrdeck.console, "out", Console(file=screen, width=width))
    folder = Path("out/deck")
    _print_files(BuildReport(deck_id="deck", folder=folder, check=None, files=[  # type: ignore[arg-type]
        BuiltFile(folder / "deck-score-sheet-a4.pdf", "score sheet, A4", 1, 45_000),
        BuiltFile(folder / "deck-rulebook-a4.pdf", "rulebook, A4", 13, 81_000)]))
    shown = " ".join(screen.getvalue().split())
    assert "1 pages" not in shown
    assert ("1 page," in shown) if width == 40 else (" 1 " in shown)
