"""`hrdeck build --target tts` and `--target vtt` as a designer runs them: the saved object
names the images where the build put them (never its staging folder), `--tts-url` names
them on the web, and neither target is a default."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.pipeline import DEFAULT_TARGETS, parse_targets
from generator.pipeline.targets import TARGETS
from tests import in_process

from .tablesread import every_entry, file_of, saved

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "decks"
IDENT = "valid-minimal"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The small deck built for Tabletop Simulator by the real command."""
    folder = tmp_path_factory.mktemp("build")
    deck = folder / "small.yaml"
    shutil.copy(FIXTURES / "valid-minimal.yaml", deck)
    run = [sys.executable, "-m", "hrdeck", "build", str(deck), "--out", str(folder / "out"),
           "--games", "60", "--target", "tts"]
    done = subprocess.run(run, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert "Tabletop Simulator" in done.stdout and f"{IDENT}-tts/" in done.stdout
    return deck, folder / "out"


def test_the_saved_object_names_the_images_where_they_are(built: tuple[Path, Path]) -> None:
    _, out = built
    tts = out / IDENT / f"{IDENT}-tts"
    data = saved(tts, IDENT)
    urls = [url for entry in every_entry(data) for url in (entry["FaceURL"], entry["BackURL"])]
    assert urls and all(url.startswith("file:///") for url in urls)
    for url in urls:
        assert file_of(url, tts).parent == tts.resolve()
        assert file_of(url, tts).is_file()
    assert [state["Nickname"] for state in data["ObjectStates"]] == [
        "Minimal Test Deck: triggers", "Minimal Test Deck: actions"]


def test_a_web_address_rebuilds_the_saved_object_alone(built: tuple[Path, Path]) -> None:
    deck, out = built
    args: list[str | Path] = ["build", deck, "--out", out, "--games", "60", "--target", "tts",
                              "--strict"]
    hosted = in_process.hrdeck(*args, "--tts-url", "https://example.com/decks/minimal")
    assert hosted.returncode == 0, hosted.stderr
    assert "does not fit" not in hosted.stdout and "dpi" not in hosted.stdout
    tts = out / IDENT / f"{IDENT}-tts"
    for entry in every_entry(saved(tts, IDENT)):
        for url in (entry["FaceURL"], entry["BackURL"]):
            assert url.startswith("https://example.com/decks/minimal/")
            assert file_of(url, tts).is_file()
    bad = in_process.hrdeck(*args, "--tts-url", "example.com/decks")
    assert bad.returncode == 2 and "not a web address" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_both_targets_are_known_and_written_only_when_asked() -> None:
    assert "tts" in TARGETS and "vtt" in TARGETS
    assert "tts" not in DEFAULT_TARGETS and "vtt" not in DEFAULT_TARGETS
    assert {"tts", "vtt"} <= set(parse_targets(["all"]))


def test_the_vtt_target_writes_its_folder(built: tuple[Path, Path]) -> None:
    deck, out = built
    done = in_process.hrdeck("build", deck, "--out", out, "--games", "60", "--target", "vtt")
    assert done.returncode == 0, done.stderr
    vtt = out / IDENT / f"{IDENT}-vtt"
    assert (vtt / "manifest.json").is_file() and (vtt / "README.txt").is_file()
    assert len(list(vtt.glob("front-*.png"))) == 12 and len(list(vtt.glob("back-*.png"))) == 2
