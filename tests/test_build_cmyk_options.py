"""`hrdeck build --target dtc-cmyk [--icc FILE] [--ink-limit PERCENT]`: bad choices are one
clear sentence before anything is drawn; a machine without a CMYK profile still builds `all`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.pipeline import parse_targets
from generator.pipeline.cmyk_target import CMYK_TARGET, cmyk_targets
from generator.printing import inks
from generator.printing.errors import PrintError
from generator.printing.inks import InkOptions
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
