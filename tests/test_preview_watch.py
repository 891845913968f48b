"""`hrdeck preview --watch`: after an edit, only the cards whose drawing changed are drawn again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from generator.deck import load_deck
from generator.preview.session import Previewer, PreviewOptions
from generator.preview.sides import compose_sides
from generator.preview.watch import changed_sides
from tests.layout.helpers import pirate_deck
from tests.test_preview import LAYOUT


def drawings(deck: Path) -> dict[str, object]:
    sides, _ = compose_sides(load_deck(deck), backs=True)
    return {side.name: side.drawing for side in sides}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_cards_new_text_changes_that_card_alone(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, LAYOUT)
    before = drawings(deck)
    edit(deck, "When you play a jack…", "When you play a knave…")
    assert changed_sides(before, drawings(deck)) == ["jack"]


def test_a_relabelled_kind_changes_its_cards_and_back_only(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, LAYOUT)
    before = drawings(deck)
    edit(tmp_path / "layout.yaml", "triggers: OMEN", "triggers: SIGN")
    assert changed_sides(before, drawings(deck)) == ["seven", "jack", "queen", "trigger.back"]


def test_nothing_changed_nothing_drawn(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, LAYOUT)
    before = drawings(deck)
    edit(deck, "name: Pirate Omens", "name: Pirate Omens  # a comment")
    assert changed_sides(before, drawings(deck)) == []


def test_a_watching_preview_writes_the_changed_card_alone(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, LAYOUT)
    out = tmp_path / "out"
    previewer = Previewer(deck, PreviewOptions(out=out, hints=True))
    assert len(previewer.run(everything=True).written) == 7  # six cards and the proof sheet
    assert previewer.poll() is None
    seven = (out / "seven.png").stat().st_mtime_ns
    edit(deck, "When you play a jack…", "When you play a knave…")
    run = previewer.poll()
    assert run is not None and run.redrawn == ["jack"]
    assert run.written == [out / "jack.png", out / "proof.png"]
    assert (out / "seven.png").stat().st_mtime_ns == seven
    assert run.seconds < 1.0  # the figure to reach is 0.3 s; this guards a gross slowdown


def test_an_edited_picture_draws_its_card_again(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, LAYOUT)
    Image.new("RGB", (60, 40), "red").save(tmp_path / "ship.png")
    edit(deck, 'flavour: "Sevens', 'art: ship.png, flavour: "Sevens')
    previewer = Previewer(deck, PreviewOptions(out=tmp_path / "out"))
    previewer.run(everything=True)
    Image.new("RGB", (60, 40), "blue").save(tmp_path / "ship.png")
    os.utime(tmp_path / "ship.png", ns=(1, 1))  # a different stamp, however fast the test
    run = previewer.poll()
    assert run is not None and run.redrawn == ["seven"]


def test_a_broken_edit_keeps_the_previews_and_waits(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, LAYOUT)
    previewer = Previewer(deck, PreviewOptions(out=tmp_path / "out"))
    previewer.run(everything=True)
    edit(deck, "{id: jack,", "{idd: jack,")
    broken = previewer.poll()
    assert broken is not None and broken.checked.report.errors and not broken.written
    edit(deck, "{idd: jack,", "{id: jack,")
    mended = previewer.poll()
    assert mended is not None and mended.redrawn == []  # it draws as before the broken edit


def test_watch_in_a_real_process_draws_the_edit_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    deck = pirate_deck(tmp_path, LAYOUT)
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "hrdeck", "preview", str(deck), "--watch", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "COLUMNS": "200"})
    try:
        _wait_for(lambda: (out / "knock.png").exists(), process)
        time.sleep(0.3)  # past the first run, to the watching
        jack, seven = ((out / name).stat().st_mtime_ns for name in ("jack.png", "seven.png"))
        edit(deck, "When you play a jack…", "When you play a knave…")
        _wait_for(lambda: (out / "jack.png").stat().st_mtime_ns != jack, process)
        assert (out / "seven.png").stat().st_mtime_ns == seven
    finally:
        process.send_signal(signal.SIGINT)
        printed, _ = process.communicate(timeout=10)
    assert process.returncode == 0, printed
    assert "changed: jack" in printed and "stopped watching" in printed
    assert "Traceback" not in printed


def _wait_for(done: object, process: subprocess.Popen[str], seconds: float = 20) -> None:
    assert callable(done)
    deadline = time.monotonic() + seconds
    while not done():
        if process.poll() is not None or time.monotonic() > deadline:
            pytest.fail("hrdeck preview --watch did not draw in time")
        time.sleep(0.05)


def test_a_chosen_card_renamed_while_watching_is_said_and_watched_on(tmp_path: Path) -> None:
    from generator.preview.sides import UnknownCard

    deck = pirate_deck(tmp_path, LAYOUT)
    previewer = Previewer(deck, PreviewOptions(out=tmp_path / "out", cards=("jack",)))
    previewer.run(everything=True)
    edit(deck, "{id: jack,", "{id: knave,")
    with pytest.raises(UnknownCard, match='has no card "jack"'):
        previewer.poll()
    edit(deck, "{id: knave,", "{id: jack,")
    back = previewer.poll()
    assert back is not None and back.redrawn == []  # as it was: nothing to draw again
