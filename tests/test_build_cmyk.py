"""`hrdeck build --target dtc-cmyk [--icc FILE] [--ink-limit PERCENT]`: bad choices are one
clear sentence before anything is drawn; a machine without a CMYK profile still builds `all`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest

from generator.check.options import CheckOptions
from generator.pipeline import SheetOptions, build_deck, parse_targets
from generator.pipeline.cmyk_target import CMYK_TARGET, cmyk_targets
from generator.printing import inks
from generator.printing.errors import PrintError
from generator.printing.inks import InkOptions
from generator.printing.pdfx_preflight import preflight_pdfx
from tests import in_process

DECK = Path(__file__).resolve().parent.parent / "decks" / "examples" / "pirates" / "pirates.yaml"
NO_PROFILE = ("no CMYK colour profile was found: install ghostscript's profiles "
              "(Debian/Ubuntu: apt install libgs-common) or give one with --icc FILE")


@pytest.fixture
def no_profile(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with no CMYK profile anywhere."""
    def nothing(options: InkOptions) -> inks.Inks:
        raise PrintError(NO_PROFILE)

    monkeypatch.setattr(inks, "find_inks", nothing)


def test_a_missing_profile_file_is_one_sentence_and_nothing_is_built(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "hrdeck", "build", str(DECK), "--target", "dtc-cmyk",
         "--icc", str(tmp_path / "missing.icc"), "--out", str(out)],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout
    assert "missing.icc: there is no such file" in " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr and not out.exists()


def test_a_file_that_is_no_cmyk_profile_is_one_sentence(tmp_path: Path) -> None:
    fake = tmp_path / "shop.icc"
    fake.write_text("not a profile", encoding="utf-8")
    done = in_process.hrdeck("build", DECK, "--target", "dtc-cmyk", "--icc", fake,
                             "--out", tmp_path / "out")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "shop.icc" in done.stderr and not (tmp_path / "out").exists()


@pytest.mark.parametrize("limit", ["150", "420", "nan"])
def test_an_ink_limit_no_press_uses_is_refused(tmp_path: Path, limit: str) -> None:
    done = in_process.hrdeck("build", DECK, "--target", "dtc-cmyk", "--ink-limit", limit,
                             "--out", tmp_path / "out")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "between 200 and 400" in " ".join(done.stderr.split())
    assert not (tmp_path / "out").exists()


def test_all_leaves_the_cmyk_target_out_without_a_profile_and_says_how_to_get_it(
        no_profile: None) -> None:
    everything = parse_targets(["all"])
    assert CMYK_TARGET in everything
    chosen, line = cmyk_targets(everything, ["all"], InkOptions())
    assert chosen == tuple(name for name in everything if name != CMYK_TARGET)
    assert line == f"{CMYK_TARGET} left out: {NO_PROFILE}"


def test_naming_the_cmyk_target_without_a_profile_is_the_clear_error(
        no_profile: None, tmp_path: Path) -> None:
    with pytest.raises(PrintError, match="apt install libgs-common"):
        cmyk_targets(parse_targets(["pnp-a4,dtc-cmyk"]), ["pnp-a4,dtc-cmyk"], InkOptions())
    done = in_process.hrdeck("build", DECK, "--target", "dtc-cmyk", "--out", tmp_path / "out")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "apt install libgs-common" in " ".join(done.stderr.split())


def test_the_cmyk_target_is_not_a_default_one() -> None:
    assert CMYK_TARGET not in parse_targets([])
    assert cmyk_targets(parse_targets([]), [], InkOptions()) == (parse_targets([]), None)


SWOP = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
needs_profiles = pytest.mark.skipif(not SWOP.is_file(), reason="needs ghostscript's CMYK "
                                    "profile (apt install libgs-common)")
SMALL = Path(__file__).parent / "fixtures" / "decks" / "valid-minimal.yaml"
FAST = CheckOptions(games=60, players=(3, 4))


@needs_profiles
def test_the_command_builds_a_pdfx_file_that_passes(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "hrdeck", "build", str(SMALL), "--target", "dtc-cmyk",
         "--icc", str(SWOP), "--ink-limit", "280", "--games", "60", "--out", str(out)],
        capture_output=True, text=True, timeout=180, env={**os.environ, "COLUMNS": "250"})
    assert done.returncode == 0, done.stderr
    (pdf,) = out.glob("*/*-dtc-cmyk.pdf")
    report = preflight_pdfx(pdf, ink_limit=280)
    assert report.passed and report.most_ink <= 281
    assert f"{pdf.name}: " in done.stdout and "PDF/X-1a:2001, CMYK through Artifex CMYK SWOP " \
        "Profile" in done.stdout and ": passes" in done.stdout


@needs_profiles
def test_a_changed_profile_or_ink_limit_redraws_only_the_cmyk_file(tmp_path: Path) -> None:
    profile = tmp_path / "shop.icc"
    shutil.copy(SWOP, profile)
    out = tmp_path / "out"

    def build(limit: float = 300.0) -> dict[str, bool]:
        report = build_deck(SMALL, out=out, check_options=FAST, targets=("pnp-a4", CMYK_TARGET),
                            sheets=SheetOptions(inks=InkOptions(icc=profile, ink_limit=limit)))
        assert not report.failed, report.reason
        return {built.path.name.removeprefix(f"{report.deck_id}-"): built.kept
                for built in report.files}

    first = build()
    assert first == {"dtc-cmyk.pdf": False, "pnp-a4.pdf": False, "rulebook-a4.pdf": False}
    assert build_deck(SMALL, out=out, check_options=FAST, targets=("pnp-a4", CMYK_TARGET),
                      sheets=SheetOptions(inks=InkOptions(icc=profile))).up_to_date
    newer = bytearray(SWOP.read_bytes())
    newer[100] = 1  # a byte of the header no colour depends on: the same press, a new file
    profile.write_bytes(bytes(newer))  # the shop sent a new profile, under the same name
    assert build() == {"dtc-cmyk.pdf": False, "pnp-a4.pdf": True, "rulebook-a4.pdf": True}
    (pdf,) = out.glob("*/*-dtc-cmyk.pdf")
    with pikepdf.open(pdf) as opened:
        embedded = opened.Root.OutputIntents[0].DestOutputProfile.read_bytes()
    assert embedded == bytes(newer)
    assert build(260) == {"dtc-cmyk.pdf": False, "pnp-a4.pdf": True, "rulebook-a4.pdf": True}


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """The targets each `hrdeck build` hands on to the build, which is not run."""
    from hrdeck import cmd_build

    seen: list[tuple[str, ...]] = []

    def build_once(deck: Path, targets: tuple[str, ...], *args: object) -> int:
        seen.append(targets)
        return 0

    monkeypatch.setattr(cmd_build, "_build_once", build_once)
    return seen


def test_the_command_says_when_all_leaves_the_cmyk_target_out(
        no_profile: None, asked: list[tuple[str, ...]]) -> None:
    done = in_process.hrdeck("build", DECK, "--target", "all")
    assert done.returncode == 0, done.stderr
    assert asked and CMYK_TARGET not in asked[0] and "dtc" in asked[0]
    assert f"{CMYK_TARGET} left out: no CMYK colour profile was found" in " ".join(
        done.stderr.split())


@needs_profiles
def test_the_command_says_when_icc_shapes_nothing_it_builds(
        asked: list[tuple[str, ...]]) -> None:
    done = in_process.hrdeck("build", DECK, "--target", "dtc", "--icc", SWOP)
    assert done.returncode == 0 and asked == [("dtc",)]
    assert "--icc and --ink-limit shape only the dtc-cmyk target" in " ".join(
        done.stderr.split())
