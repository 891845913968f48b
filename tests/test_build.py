"""`hrdeck build` as a designer uses it: check first, all outputs or none, instant rebuilds."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from engine.errors import HrdeckError
from generator.check.options import CheckOptions
from generator.pipeline import build_deck, parse_targets
from tests import in_process

FIXTURES = Path(__file__).parent / "fixtures" / "decks"
FAST = CheckOptions(games=60, players=(3, 4))


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    path = tmp_path / "small.yaml"
    shutil.copy(FIXTURES / "valid-minimal.yaml", path)
    return path


def build(deck: Path, out: Path, **options: object) -> object:
    return build_deck(deck, out=out, check_options=FAST, **options)  # type: ignore[arg-type]


def test_a_build_writes_every_default_output(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    report = build_deck(deck, out=out, check_options=FAST)
    assert not report.failed and not report.up_to_date
    names = sorted(path.name for path in report.folder.iterdir())
    ident = report.deck_id
    for expected in (f"{ident}-pnp-a4.pdf", f"{ident}-pnp-letter.pdf", f"{ident}-dtc.pdf",
                     f"{ident}-rulebook-a4.pdf", f"{ident}-rulebook-letter.pdf",
                     "fire-rates.png"):
        assert expected in names
    assert not (report.folder / ".staging").exists()
    for built in report.files:
        assert built.path.exists() and built.size == built.path.stat().st_size
        if built.path.suffix == ".pdf":
            assert len(PdfReader(built.path).pages) == built.pages
    assert any("fonts embedded: DejaVuSans" in line for line in report.preflight)


def test_an_unchanged_rebuild_does_nothing_and_a_change_rebuilds(deck: Path,
                                                                 tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build_deck(deck, out=out, check_options=FAST)
    stamp = {p: p.stat().st_mtime_ns for p in first.folder.iterdir() if p.is_file()}
    again = build_deck(deck, out=out, check_options=FAST)
    assert again.up_to_date and again.check.cached and again.seconds < 1.0
    assert {p: p.stat().st_mtime_ns for p in first.folder.iterdir() if p.is_file()} == stamp
    deck.write_text(deck.read_text(encoding="utf-8").replace("name:", "name: New", 1),
                    encoding="utf-8")
    changed = build_deck(deck, out=out, check_options=FAST)
    assert not changed.up_to_date
    forced = build_deck(deck, out=out, check_options=FAST, force=True)
    assert not forced.up_to_date


def test_checker_errors_stop_the_build_and_write_nothing(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    deck.write_text(deck.read_text(encoding="utf-8").replace("when: ", "when: totl + ", 1),
                    encoding="utf-8")
    report = build_deck(deck, out=out, check_options=FAST)
    assert report.failed and "error" in report.reason and report.check.errors
    assert not list(report.folder.glob("*.pdf"))


def test_a_build_that_fails_midway_leaves_the_old_outputs_untouched(
        deck: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    first = build_deck(deck, out=out, check_options=FAST)
    before = {p.name: p.read_bytes() for p in first.folder.glob("*.pdf")}
    import generator.pipeline.render as render

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the rulebook writer fell over")

    monkeypatch.setattr(render, "write_rulebook", broken)
    deck.write_text(deck.read_text(encoding="utf-8") + "\n# a change\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="fell over"):
        build_deck(deck, out=out, check_options=FAST)
    after = {p.name: p.read_bytes() for p in first.folder.glob("*.pdf")}
    assert after == before
    leftovers = [p for p in first.folder.rglob("*") if ".tmp" in p.name or "staging" in p.name]
    assert leftovers == []


def test_targets_are_chosen_by_name(deck: Path, tmp_path: Path) -> None:
    assert parse_targets(["pnp-a4,tgc"]) == ("pnp-a4", "tgc")
    assert parse_targets(["all"]) == ("pnp-a4", "pnp-letter", "dtc", "tgc", "mpc", "dtc-cmyk",
                                      "tts", "vtt")
    with pytest.raises(HrdeckError, match='Did you mean "dtc"'):
        parse_targets(["dct"])
    report = build_deck(deck, out=tmp_path / "out", check_options=FAST, targets=("mpc",))
    folder = next(f for f in report.files if f.path.is_dir())
    from PIL import Image

    pngs = sorted(folder.path.glob("*.png"))
    assert pngs and Image.open(pngs[0]).size == (822, 1122)
    assert [f.path.name for f in report.files if f.path.suffix == ".pdf"] == [
        f"{report.deck_id}-rulebook-a4.pdf"]


def test_the_command_prints_a_summary_and_fails_cleanly(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = [sys.executable, "-m", "hrdeck", "build", str(deck), "--out", str(out),
           "--games", "60"]
    done = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "-rulebook-a4.pdf" in done.stdout and "pages" in done.stdout
    args = run[3:]  # the same command again, in-process: the real one is proven above
    again = in_process.hrdeck(*args)
    assert "up to date" in again.stdout
    missing = in_process.hrdeck(*args[:1], tmp_path / "nope.yaml")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    bad = in_process.hrdeck(*args, "--target", "dct")
    assert bad.returncode == 2 and 'Did you mean "dtc"' in bad.stderr


def test_watch_rebuilds_when_the_deck_changes(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "hrdeck", "build", str(deck), "--out", str(out), "--games", "60",
         "--target", "pnp-a4", "--watch"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, env={**os.environ, "COLUMNS": "200"})
    try:
        record = out / ".builds"
        deadline = time.monotonic() + 90
        while not list(record.glob("*.json")) and time.monotonic() < deadline:
            time.sleep(0.2)
        first = json.loads(next(record.glob("*.json")).read_text())["key"]
        deck.write_text(deck.read_text(encoding="utf-8").replace("name:", "name: Changed", 1),
                        encoding="utf-8")
        while time.monotonic() < deadline:
            if json.loads(next(record.glob("*.json")).read_text())["key"] != first:
                break
            time.sleep(0.2)
        else:
            pytest.fail("the watcher did not rebuild after the deck changed")
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_back_offset_moves_the_backs_and_rebuilds(deck: Path, tmp_path: Path) -> None:
    from generator.pipeline import SheetOptions

    out = tmp_path / "out"
    plain = build_deck(deck, out=out, check_options=FAST, targets=("pnp-a4",))
    pdf = plain.folder / f"{plain.deck_id}-pnp-a4.pdf"
    before = PdfReader(pdf).pages[1].extract_text()
    moved = build_deck(deck, out=out, check_options=FAST, targets=("pnp-a4",),
                       sheets=SheetOptions(back_offset_mm=(2.0, -1.0)))
    assert not moved.up_to_date
    from generator.printing.layout import sheet_layout
    from generator.printing.sizes import find_size

    layout = sheet_layout(paper="a4", size=find_size("poker"), bleed_mm=3.0,
                          back_offset_mm=(2.0, -1.0))
    plain_layout = sheet_layout(paper="a4", size=find_size("poker"), bleed_mm=3.0)
    shift = layout.backs[0].trim.x - plain_layout.backs[0].trim.x
    assert abs(shift - 2.0 * 72 / 25.4) < 0.01
    after = PdfReader(pdf).pages[1].extract_text()
    assert [after.count(word) for word in ("TRIGGER", "ACTION")] == [
        before.count(word) for word in ("TRIGGER", "ACTION")]  # the same backs, moved
    bad = in_process.hrdeck("build", deck, "--out", out, "--back-offset", "two,three")
    assert bad.returncode == 2 and "is not an offset" in bad.stderr


def test_the_back_offset_is_in_the_pdf_metadata_the_summary_and_every_back_note(
        deck: Path, tmp_path: Path) -> None:
    from generator.pipeline import SheetOptions

    report = build_deck(deck, out=tmp_path / "out", check_options=FAST,
                        targets=("pnp-a4", "pnp-letter"),
                        sheets=SheetOptions(back_offset_mm=(1.5, -0.5)))
    sheets = [f for f in report.files if "-pnp-" in f.path.name]
    assert len(sheets) == 2
    notes = []
    for built in sheets:
        assert built.what.endswith("; backs moved +1.5 mm across and -0.5 mm up")
        reader = PdfReader(built.path)
        assert reader.metadata is not None
        assert "hrdeck-back-offset-mm=1.5,-0.5" in str(reader.metadata.get("/Keywords"))
        for number, page in enumerate(reader.pages[1::2], start=1):
            text = " ".join(page.extract_text().split())
            assert f"Backs of sheet {number} of {len(reader.pages) // 2}" in text
            # Printed with a true minus (the summary above is plain text for a terminal).
            assert "moved +1.5 mm across and \u22120.5 mm up" in text
            note = text[text.index("Backs of sheet"):]
            notes.append(note[:note.index(" up.") + 4])
    assert notes[:2] == notes[2:], notes  # A4 and Letter word the note alike


def test_changing_the_targets_keeps_the_files_that_did_not_change(deck: Path,
                                                                   tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build_deck(deck, out=out, check_options=FAST, targets=("pnp-a4", "dtc"))
    stamps = {f.path.name: f.path.stat().st_mtime_ns for f in first.files}
    time.sleep(0.05)
    second = build_deck(deck, out=out, check_options=FAST, targets=("pnp-a4", "dtc", "pnp-letter"))
    kept = {f.path.name for f in second.files if f.kept}
    assert kept == set(stamps)  # the A4 sheets, the shop PDF and the A4 rulebook
    assert all(out.joinpath(first.deck_id, name).stat().st_mtime_ns == stamp
               for name, stamp in stamps.items())
    assert {f.path.name for f in second.files if not f.kept} == {
        f"{first.deck_id}-pnp-letter.pdf", f"{first.deck_id}-rulebook-letter.pdf"}
    # A changed deck rebuilds them all; --force too.
    deck.write_text(deck.read_text(encoding="utf-8").replace("name:", "name: New", 1),
                    encoding="utf-8")
    third = build_deck(deck, out=out, check_options=FAST, targets=("pnp-a4", "dtc"))
    assert not any(f.kept for f in third.files)
    forced = build_deck(deck, out=out, check_options=FAST, targets=("pnp-a4",), force=True)
    assert not any(f.kept for f in forced.files)


def test_png_targets_write_each_back_once_and_say_how_to_use_them(deck: Path,
                                                                  tmp_path: Path) -> None:
    report = build_deck(deck, out=tmp_path / "out", check_options=FAST, targets=("tgc",))
    folder = next(f for f in report.files if f.path.is_dir())
    backs = sorted(p.name for p in folder.path.glob("back-*.png"))
    fronts = list(folder.path.glob("front-*.png"))
    assert backs == ["back-action.png", "back-trigger.png"] and len(fronts) == 12
    assert "2 distinct backs" in folder.what and "README.txt" in folder.what
    assert "back-trigger.png" in (folder.path / "README.txt").read_text(encoding="utf-8")
