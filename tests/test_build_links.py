"""`hrdeck build` owns the names it makes (the staging folder, the folder moved aside, the
lock, temporaries, its records, the output folder itself): a link found at one is never
followed, and a build never carries over into its output a file it did not write. Whatever
the link points at is left exactly as it was, and the real output is never deleted nor
redirected."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import HrdeckError
from generator.check.options import CheckOptions
from generator.pipeline import BuildReport, build_deck
from generator.pipeline.publish import MANIFEST
from tests.fuzz_scale import examples
from tests.in_process import hrdeck

FIXTURES = Path(__file__).parent / "fixtures" / "decks"
STATIC = CheckOptions(simulate=False)
TARGETS = ("pnp-a4",)
DECK = "valid-minimal"


def build(deck: Path, out: Path, *, strict: bool = False) -> BuildReport:
    """A build; `strict` changes what the build is asked for without changing a file it
    draws, so a second build keeps every file and carries it over."""
    return build_deck(deck, out=out, check_options=STATIC, targets=TARGETS, strict=strict)


def snapshot(place: Path) -> dict[str, bytes | str]:
    """Everything at `place` (a link by where it points, a file by its bytes)."""
    found: dict[str, bytes | str] = {}
    paths = [place, *sorted(place.rglob("*"))] if place.is_dir() and not place.is_symlink() \
        else [place]
    for path in paths:
        key = str(path.relative_to(place.parent))
        if path.is_symlink():
            found[key] = "-> " + os.readlink(path)
        elif path.is_file():
            found[key] = path.read_bytes()
        elif path.is_dir():
            found[key] = "folder"
    return found


def assert_real_output(folder: Path) -> None:
    """The output folder is a folder of real files the build wrote: no link anywhere."""
    assert stat.S_ISDIR(os.lstat(folder).st_mode)
    for path in folder.rglob("*"):
        assert not path.is_symlink(), path
    assert (folder / f"{DECK}-pnp-a4.pdf").read_bytes().startswith(b"%PDF")
    assert not os.path.lexists(folder.parent / f".{DECK}.staging")


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The deck built once per module in a place of its own, and a copy of that place:
    (place, saved copy)."""
    root = tmp_path_factory.mktemp("built")
    place, saved = root / "place", root / "saved"
    place.mkdir()
    deck = place / f"{DECK}.yaml"
    shutil.copy(FIXTURES / f"{DECK}.yaml", deck)
    assert not build(deck, place / "out").failed
    shutil.copytree(place, saved, symlinks=True)
    return place, saved


@pytest.fixture
def built(built_once: tuple[Path, Path]) -> tuple[Path, Path, Path]:
    """A deck built once into `out`, and a folder elsewhere holding someone's file:
    (deck, out, elsewhere). The build's records name the deck and the output by their full
    paths, so each test gets the module's build put back in the same place, as it was
    (a copy elsewhere would be rebuilt whole, not carried over)."""
    place, saved = built_once
    shutil.rmtree(place)
    shutil.copytree(saved, place, symlinks=True)
    deck, out, elsewhere = place / f"{DECK}.yaml", place / "out", place / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.txt").write_text("keep me", encoding="utf-8")
    return deck, out, elsewhere


def changed(deck: Path) -> None:
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "name: Minimal Test Deck", "name: Minimal Test Deck II"), encoding="utf-8")


def test_a_link_at_the_staging_folder_is_removed_not_written_through(
        built: tuple[Path, Path, Path]) -> None:
    deck, out, elsewhere = built
    before = snapshot(elsewhere)
    os.symlink(elsewhere, out / f".{DECK}.staging")
    changed(deck)
    report = build(deck, out)
    assert not report.failed and not any(f.kept for f in report.files)
    assert snapshot(elsewhere) == before  # nothing written there, nothing deleted
    assert_real_output(out / DECK)
    assert not os.path.lexists(out / f".{DECK}.staging")


@pytest.mark.parametrize("name", [f".{DECK}.previous", f".{DECK}.lock", ".builds"])
def test_a_link_at_a_name_the_build_uses_is_removed_not_followed(
        built: tuple[Path, Path, Path], name: str) -> None:
    deck, out, elsewhere = built
    place = out / name
    remove(place)
    os.symlink(elsewhere / "precious.txt" if name.endswith(".lock") else elsewhere, place)
    before = snapshot(elsewhere)
    assert not build(deck, out, strict=True).failed
    assert snapshot(elsewhere) == before
    assert_real_output(out / DECK)


def test_a_dangling_link_at_the_lock_creates_nothing_where_it_points(
        built: tuple[Path, Path, Path]) -> None:
    deck, out, elsewhere = built
    lock = out / f".{DECK}.lock"
    lock.unlink()
    os.symlink(elsewhere / "made-by-a-build", lock)
    assert not build(deck, out, strict=True).failed
    assert not os.path.lexists(elsewhere / "made-by-a-build")
    assert stat.S_ISREG(os.lstat(lock).st_mode)


def test_a_linked_previous_folder_is_not_put_back_as_the_output(
        built: tuple[Path, Path, Path]) -> None:
    """A killed build may leave the old folder aside, to be put back: a link there is not."""
    deck, out, elsewhere = built
    shutil.rmtree(out / DECK)
    os.symlink(elsewhere, out / f".{DECK}.previous")
    before = snapshot(elsewhere)
    assert not build(deck, out, strict=True).failed
    assert snapshot(elsewhere) == before
    assert_real_output(out / DECK)


@pytest.mark.parametrize("form", ["link to a folder", "dangling link", "file"])
def test_an_output_folder_that_is_a_link_or_a_file_is_refused_with_a_sentence(
        built: tuple[Path, Path, Path], form: str) -> None:
    deck, out, elsewhere = built
    folder = out / DECK
    shutil.rmtree(folder)
    if form == "file":
        folder.write_text("mine", encoding="utf-8")
    else:
        os.symlink(elsewhere if form == "link to a folder" else elsewhere / "gone", folder)
    before, here = snapshot(elsewhere), snapshot(folder)
    changed(deck)
    with pytest.raises(HrdeckError, match=r"symbolic link|is a file"):
        build(deck, out)
    assert snapshot(elsewhere) == before and snapshot(folder) == here
    assert not os.path.lexists(out / f".{DECK}.staging")


def test_the_command_refuses_a_linked_output_folder_in_one_sentence(
        built: tuple[Path, Path, Path]) -> None:
    deck, out, elsewhere = built
    shutil.rmtree(out / DECK)
    os.symlink(elsewhere, out / DECK)
    done = hrdeck("build", deck, "--out", out, "-t", "pnp-a4")
    assert done.returncode != 0 and "Traceback" not in done.stdout + done.stderr
    assert "is a symbolic link" in done.stdout + done.stderr
    assert sorted(os.listdir(elsewhere)) == ["precious.txt"]


def test_a_kept_file_replaced_by_a_link_is_drawn_again_not_kept(
        built: tuple[Path, Path, Path]) -> None:
    deck, out, elsewhere = built
    sheet = out / DECK / f"{DECK}-pnp-a4.pdf"
    shutil.copy(sheet, elsewhere / "copy.pdf")  # the same bytes: only where it is differs
    sheet.unlink()
    os.symlink(elsewhere / "copy.pdf", sheet)
    before = snapshot(elsewhere)
    report = build(deck, out, strict=True)
    assert {f.path.name: f.kept for f in report.files}[sheet.name] is False
    assert snapshot(elsewhere) == before
    assert_real_output(out / DECK)


def test_a_file_no_build_wrote_is_refused_by_name_and_left_alone(
        built: tuple[Path, Path, Path]) -> None:
    deck, out, _ = built
    notes = out / DECK / "notes.txt"
    notes.write_text("my notes", encoding="utf-8")
    with pytest.raises(HrdeckError, match=r"notes\.txt, which no build put there"):
        build(deck, out, strict=True)
    assert notes.read_text(encoding="utf-8") == "my notes"


def test_what_a_desktop_leaves_in_the_output_folder_does_not_stop_the_build(
        built: tuple[Path, Path, Path]) -> None:
    """Opening the folder in Finder or Explorer leaves .DS_Store or Thumbs.db behind: the next
    build goes ahead and does not carry them into the new set."""
    deck, out, _ = built
    litter = {".DS_Store", "Thumbs.db", f"._{DECK}-pnp-a4.pdf"}
    for name in litter:
        (out / DECK / name).write_bytes(b"desktop")
    assert not build(deck, out, strict=True).failed
    assert not litter & set(os.listdir(out / DECK))


def test_a_link_inside_the_output_is_not_carried_and_its_target_is_kept(
        built: tuple[Path, Path, Path]) -> None:
    deck, out, elsewhere = built
    os.symlink(elsewhere, out / DECK / "photos")
    os.symlink(elsewhere, out / DECK / f".{DECK}-pnp-a4.pdf.x.tmp")
    before = snapshot(elsewhere)
    assert not build(deck, out, strict=True).failed
    assert snapshot(elsewhere) == before
    assert_real_output(out / DECK)
    assert not os.path.lexists(out / DECK / "photos")


# -- any of the build's own names as a link, a file or a folder ----------------------------------

NAMES = {
    "staging": f".{DECK}.staging", "previous": f".{DECK}.previous", "lock": f".{DECK}.lock",
    "records": ".builds", "temporary": f"{DECK}/.{DECK}-pnp-a4.pdf.abc.tmp",
    "old staging": f"{DECK}/.staging", "kept sheet": f"{DECK}/{DECK}-pnp-a4.pdf",
    "check record": f"{DECK}/.check.json", "manifest": f"{DECK}/{MANIFEST}",
    "output": DECK,
}
FORMS = ("link to a folder", "link to a file", "dangling link", "file", "folder")


def remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif os.path.lexists(path):
        path.unlink()


def put(place: Path, form: str, elsewhere: Path) -> None:
    remove(place)
    if form == "link to a folder":
        os.symlink(elsewhere, place)
    elif form == "link to a file":
        os.symlink(elsewhere / "precious.txt", place)
    elif form == "dangling link":
        os.symlink(elsewhere / "nothing-yet", place)
    elif form == "file":
        place.write_text("in the way", encoding="utf-8")
    else:
        place.mkdir()
        (place / "inside.txt").write_text("in the way", encoding="utf-8")


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pristine")
    deck = root / f"{DECK}.yaml"
    shutil.copy(FIXTURES / f"{DECK}.yaml", deck)
    assert not build(deck, root / "out").failed
    return root


@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(places=st.lists(st.sampled_from(sorted(NAMES)), min_size=1, max_size=3, unique=True),
       forms=st.lists(st.sampled_from(FORMS), min_size=3, max_size=3))
def test_whatever_stands_at_the_build_s_own_names_nothing_outside_is_touched(
        pristine: Path, tmp_path: Path, places: list[str], forms: list[str]) -> None:
    work = tmp_path / f"w{len(list(tmp_path.iterdir()))}"
    shutil.copytree(pristine, work, symlinks=True)
    deck, out, elsewhere = work / f"{DECK}.yaml", work / "out", work / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.txt").write_text("keep me", encoding="utf-8")
    for place, form in zip(places, forms, strict=False):
        if (out / NAMES[place]).parent.is_dir():
            put(out / NAMES[place], form, elsewhere)
    before = snapshot(elsewhere)
    try:
        report = build(deck, out, strict=True)
    except HrdeckError as error:  # refused in a sentence: then nothing changed at all
        assert str(error).endswith(".") and "\n" not in str(error)
    else:
        assert not report.failed, report.reason
        assert_real_output(out / DECK)
        assert not os.path.lexists(out / f".{DECK}.staging")
    assert snapshot(elsewhere) == before
    shutil.rmtree(work)


def test_check_draws_its_chart_over_a_link_not_through_it(built: tuple[Path, Path, Path]) -> None:
    deck, out, elsewhere = built
    chart = out / DECK / "fire-rates.png"
    remove(chart)
    os.symlink(elsewhere / "precious.txt", chart)
    done = hrdeck("check", deck, "--out", out, "--games", "10")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert (elsewhere / "precious.txt").read_text(encoding="utf-8") == "keep me"
    assert not chart.is_symlink() and chart.read_bytes().startswith(b"\x89PNG")


def test_a_picture_in_a_kept_folder_replaced_by_a_link_is_drawn_again(tmp_path: Path) -> None:
    deck = tmp_path / f"{DECK}.yaml"
    shutil.copy(FIXTURES / f"{DECK}.yaml", deck)
    out = tmp_path / "out"
    first = build_deck(deck, out=out, check_options=STATIC, targets=("tgc",))
    pngs = out / DECK / f"{DECK}-tgc"
    one = sorted(pngs.glob("*.png"))[0]
    shutil.copy(one, tmp_path / "copy.png")
    one.unlink()
    os.symlink(tmp_path / "copy.png", one)
    again = build_deck(deck, out=out, check_options=STATIC, targets=("tgc",), strict=True)
    assert not first.failed and not again.failed and not again.up_to_date
    assert {f.path.name: f.kept for f in again.files}[pngs.name] is False
    assert not one.is_symlink() and one.read_bytes() == (tmp_path / "copy.png").read_bytes()


def test_each_test_s_build_is_carried_over_as_a_second_build_would_be(
        built: tuple[Path, Path, Path]) -> None:
    """The shared build put back in place is the build itself: a second build keeps every
    file (so the tests above that see a file drawn again see it because of the link)."""
    deck, out, _ = built
    report = build(deck, out, strict=True)
    assert report.files and all(f.kept for f in report.files)
