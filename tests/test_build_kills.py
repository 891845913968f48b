"""A build killed at any moment of putting its files in place leaves the whole old set or the
whole new set, never a mix; the next build cleans up and finishes; no cache hides a damaged
set, and a check is never taken from another deck's record."""

from __future__ import annotations

import os
import shutil
import signal
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.check.options import CheckOptions
from generator.pipeline import build_deck
from generator.pipeline.cache import content_digest
from generator.pipeline.publish import clean_leftovers, staging_path

FIXTURES = Path(__file__).parent / "fixtures" / "decks"
FAST = CheckOptions(games=30, players=(3,))
NOT_OUTPUTS = {".check.json", ".hrdeck-files.json"}  # the check's record, the list of names

def contents(folder: Path) -> dict[str, str]:
    """Each output in the folder (a PNG folder as one) by its content digest."""
    if not folder.is_dir():
        return {}
    return {entry.name: content_digest(entry) for entry in folder.iterdir()
            if entry.name not in NOT_OUTPUTS}


def _build_counting(deck: Path, out: Path, kill_at: int, targets: str,
                    exchange: bool) -> int:
    """In a forked child only: the build, which kills its process with SIGKILL right after
    the N-th file operation of the step that puts the files in place (counted from
    `carry_over`; a whole folder removal counts as one). With N = 0 it finishes and returns
    how many there were."""
    build: Any = sys.modules["generator.pipeline"]
    publish: Any = sys.modules["generator.pipeline.publish"]
    counted = [0]
    active = [False]

    def step(function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            result = function(*args, **kwargs)
            if active[0]:
                counted[0] += 1
                if counted[0] == kill_at:
                    os.kill(os.getpid(), signal.SIGKILL)
            return result
        return wrapped

    for module, names in ((os, ("replace", "rename", "link", "symlink")),
                          (shutil, ("rmtree", "copy2", "move"))):
        for name in names:
            setattr(module, name, step(getattr(module, name)))
    publish.exchange = step(publish.exchange if exchange else lambda *_: False)
    carry_over = build.carry_over

    def start_counting(*args: Any) -> Any:
        active[0] = True
        return carry_over(*args)

    build.carry_over = start_counting
    report = build.build_deck(deck, out=out, check_options=FAST, targets=targets.split(","))
    assert not report.failed, report.reason
    return counted[0]


def kill_build(deck: Path, out: Path, kill_at: int, targets: str,
               exchange: bool = True) -> int:
    """Run a build killed after the `kill_at`-th file operation (0: never); 0 if it was
    killed, else how many operations it made. The build runs in a forked copy of this
    process (a real process, really killed), without starting Python and loading the
    generator again."""
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:  # the copy: build, say how many operations, leave without this one's exits
        os.close(reading)
        status = 1
        try:
            count = _build_counting(deck, out, kill_at, targets, exchange)
            os.write(writing, f"finished after {count}".encode())
            status = 0
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(status)
    os.close(writing)
    with os.fdopen(reading, "rb") as pipe:
        said = pipe.read().decode()
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        return 0
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and "finished" in said, said
    return int(said.split()[-1])


def steps(deck: Path, pristine: Path, tmp_path: Path, targets: str,
          exchange: bool = True) -> int:
    """How many file operations the build makes while putting its files in place."""
    trial = tmp_path / "trial"
    shutil.copytree(pristine, trial, symlinks=True)
    count = kill_build(deck, trial, 0, targets, exchange)
    shutil.rmtree(trial)
    return count


def leftovers(out: Path) -> list[Path]:
    return [path for path in out.rglob("*") if path.name.endswith((".tmp", ".staging",
                                                                   ".previous"))]


@pytest.fixture
def versions(tmp_path: Path) -> tuple[Path, Path]:
    """The same deck file, first as it was built and then edited: every output changes."""
    deck = tmp_path / "decks" / "small.yaml"
    deck.parent.mkdir()
    text = (FIXTURES / "valid-minimal.yaml").read_text(encoding="utf-8")
    edited = tmp_path / "edited.yaml"
    edited.write_text(text.replace("name: Minimal Test Deck", "name: Minimal Test Deck II"),
                      encoding="utf-8")
    deck.write_text(text, encoding="utf-8")
    return deck, edited


@pytest.mark.parametrize("exchange", [True, False], ids=["exchange", "rename-aside"])
def test_a_build_killed_while_placing_its_files_leaves_the_old_set_or_the_new(
        versions: tuple[Path, Path], tmp_path: Path, exchange: bool) -> None:
    deck, edited = versions
    targets = "pnp-a4,tgc"
    pristine = tmp_path / "pristine"
    old = build_deck(deck, out=pristine, check_options=FAST, targets=targets.split(","))
    old_set = contents(old.folder)
    reference = tmp_path / "reference"
    shutil.copy(edited, deck)
    new_set = contents(build_deck(deck, out=reference, check_options=FAST,
                                  targets=targets.split(",")).folder)
    assert old_set.keys() == new_set.keys() and all(
        old_set[name] != new_set[name] for name in old_set), "every output should change"

    count = steps(deck, pristine, tmp_path, targets, exchange)
    assert count >= 2, "the kills should fall inside the placing of the files"
    for kill_at in range(1, count + 1):  # every one of them
        out = tmp_path / f"killed-{kill_at}"
        shutil.copytree(pristine, out, symlinks=True)
        folder = out / old.folder.name
        assert kill_build(deck, out, kill_at, targets, exchange) == 0
        found = contents(folder)
        if exchange:
            assert found in (old_set, new_set), f"a mix after the kill at step {kill_at}"
        else:  # between its two renames the folder is aside, whole, and put back next time
            aside = out / f".{folder.name}.previous"
            assert found in (old_set, new_set) or (not found and contents(aside) == old_set)
        again = build_deck(deck, out=out, check_options=FAST, targets=targets.split(","))
        assert not again.failed
        assert contents(folder) == new_set, f"not repaired after the kill at step {kill_at}"
        assert not leftovers(out), leftovers(out)
        shutil.rmtree(out)


def test_a_build_killed_while_keeping_unchanged_files_loses_none_of_them(
        versions: tuple[Path, Path], tmp_path: Path) -> None:
    """Adding a target keeps the old files (linked into the new set, one operation per
    PNG): kills at the first, middle and last of those leave the old set whole."""
    deck, _ = versions
    pristine = tmp_path / "pristine"
    old = build_deck(deck, out=pristine, check_options=FAST, targets=["pnp-a4", "tgc"])
    old_set = contents(old.folder)
    targets = "pnp-a4,tgc,dtc"
    count = steps(deck, pristine, tmp_path, targets)
    assert count > len(list((old.folder / "valid-minimal-tgc").iterdir()))
    for kill_at in sorted({1, 2, count // 2, count - 1, count}):
        out = tmp_path / f"killed-{kill_at}"
        shutil.copytree(pristine, out, symlinks=True)
        assert kill_build(deck, out, kill_at, targets) == 0
        found = contents(out / old.folder.name)
        assert found == old_set or (found.keys() == old_set.keys() | {"valid-minimal-dtc.pdf"}
                                    and all(found[n] == old_set[n] for n in old_set)), kill_at
        shutil.rmtree(out)


def test_an_up_to_date_build_checks_the_files_themselves(versions: tuple[Path, Path],
                                                         tmp_path: Path) -> None:
    deck, _ = versions
    out = tmp_path / "out"
    first = build_deck(deck, out=out, check_options=FAST, targets=["pnp-a4", "tgc"])
    sheet = first.folder / "valid-minimal-pnp-a4.pdf"
    pngs = first.folder / "valid-minimal-tgc"
    # Same sizes, other bytes: as a half-copied or mixed file would look.
    sheet.write_bytes(bytes(sheet.stat().st_size))
    again = build_deck(deck, out=out, check_options=FAST, targets=["pnp-a4", "tgc"])
    assert not again.up_to_date
    assert content_digest(sheet) == contents(first.folder)["valid-minimal-pnp-a4.pdf"]
    assert sheet.read_bytes().startswith(b"%PDF")
    one = sorted(pngs.iterdir())[0]
    one.unlink()
    repaired = build_deck(deck, out=out, check_options=FAST, targets=["pnp-a4", "tgc"])
    assert not repaired.up_to_date and one.exists()


def test_leftovers_of_a_killed_build_are_cleaned_and_a_moved_folder_put_back(
        tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    aside = tmp_path / ".deck.previous"
    aside.mkdir()
    (aside / "deck-pnp-a4.pdf").write_bytes(b"%PDF old")
    staging_path(folder).mkdir()
    (staging_path(folder) / "half.pdf").write_bytes(b"%PDF half")
    clean_leftovers(folder)
    assert (folder / "deck-pnp-a4.pdf").read_bytes() == b"%PDF old"
    assert not aside.exists() and not staging_path(folder).exists()
    (folder / ".deck-pnp-a4.pdf.abc123.tmp").write_bytes(b"half")
    clean_leftovers(folder)
    assert sorted(p.name for p in folder.iterdir()) == ["deck-pnp-a4.pdf"]


def test_force_never_takes_the_check_from_a_cache(versions: tuple[Path, Path],
                                                  tmp_path: Path) -> None:
    deck, _ = versions
    out = tmp_path / "out"
    build_deck(deck, out=out, check_options=FAST, targets=["pnp-a4"])
    assert build_deck(deck, out=out, check_options=FAST, targets=["pnp-a4"]).check.cached
    assert not build_deck(deck, out=out, check_options=FAST, targets=["pnp-a4"],
                          force=True).check.cached


def test_another_deck_with_the_same_text_and_id_gets_its_own_check(
        versions: tuple[Path, Path], tmp_path: Path) -> None:
    deck, _ = versions
    twin = tmp_path / "elsewhere" / "small.yaml"
    twin.parent.mkdir()
    shutil.copy(deck, twin)
    out = tmp_path / "out"
    build_deck(deck, out=out, check_options=FAST, targets=["pnp-a4"])
    report = build_deck(twin, out=out, check_options=FAST, targets=["pnp-a4"])
    assert not report.check.cached and report.check.path == str(twin)


def test_a_second_build_of_the_same_deck_at_once_is_refused(versions: tuple[Path, Path],
                                                            tmp_path: Path) -> None:
    import fcntl

    from engine.errors import HrdeckError

    deck, _ = versions
    out = tmp_path / "out"
    out.mkdir()
    with open(out / ".valid-minimal.lock", "a+b") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        with pytest.raises(HrdeckError, match="Another build"):
            build_deck(deck, out=out, check_options=FAST, targets=["pnp-a4"])
    assert os.path.exists(out / ".valid-minimal.lock")
