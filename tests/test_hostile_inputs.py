"""A deck or an option from a stranger: every command answers with a sentence and an exit
code, never a traceback, a hang, a file outside its place or an unbounded read."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image

from engine.errors import ConfigError
from generator.check.options import CheckOptions
from generator.deck import load_deck
from tests import in_process

FIXTURES = (Path(__file__).parent / "fixtures" / "decks").resolve()
VALID = FIXTURES / "valid-minimal.yaml"


def real_hrdeck(*args: str | Path, cwd: Path,
                stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The real process: for the wiring, and where a regression could hang (a pipe)."""
    return subprocess.run([sys.executable, "-m", "hrdeck", *map(str, args)], input=stdin,
                          capture_output=True, text=True, timeout=120, cwd=cwd)


def hrdeck(*args: str | Path, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return in_process.hrdeck(*args, cwd=cwd, stdin=stdin)


def no_traceback(done: subprocess.CompletedProcess[str], code: int) -> str:
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-3000:]
    assert done.returncode == code, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    return done.stdout + done.stderr


# -- deck files that are not files -------------------------------------------------------------

@pytest.mark.parametrize("command", ["check", "build"])
@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "folder"])
def test_a_deck_path_that_is_not_a_regular_file_is_refused_before_reading(
        tmp_path: Path, command: str, kind: str) -> None:
    if kind == "fifo":
        path = tmp_path / "deck.yaml"
        os.mkfifo(path)  # opening it would wait for a writer forever
    elif kind == "folder":
        path = tmp_path / "decks.yaml"
        path.mkdir()
    else:
        path = Path(kind)
    run = real_hrdeck if kind == "fifo" else hrdeck
    text = no_traceback(run(command, path, "--out", tmp_path / "out", cwd=tmp_path), 2)
    assert "file-unreadable" in text
    assert not (tmp_path / "out").exists()  # a deck that cannot be read touches no output


def test_the_referee_refuses_a_deck_that_is_a_pipe(tmp_path: Path) -> None:
    pipe = tmp_path / "rules.yaml"
    os.mkfifo(pipe)
    done = real_hrdeck("referee", "new", "--players", "Ann,Ben", "--deck", pipe, "--db",
                  tmp_path / "games.db", cwd=tmp_path)
    assert "not a regular file" in no_traceback(done, 2)


def test_a_deck_larger_than_the_limit_is_refused_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with open(big, "wb") as handle:
        handle.truncate(3_000_000_000)  # sparse: three gigabytes claimed, nothing stored
    deck = load_deck(big)
    assert deck.unusable and "larger than 2 MB" in deck.issues[0].message


@pytest.mark.parametrize("shape", ["[", "{a: ", "- "])
@pytest.mark.parametrize("levels", [70, 500, 5000])
def test_deeply_nested_yaml_is_one_error_with_its_place(tmp_path: Path, shape: str,
                                                        levels: int) -> None:
    if shape == "- ":
        body = "".join("  " * level + "-\n" for level in range(min(levels, 900)))
    else:
        closing = "]" if shape == "[" else "}"
        body = "deck: " + shape * levels + "1" + closing * levels + "\n"
    path = tmp_path / "deep.yaml"
    path.write_text(body, encoding="utf-8")
    deck = load_deck(path)
    assert deck.unusable
    assert [issue.code for issue in deck.issues] == ["yaml-syntax"]
    assert "nested more than 64 levels" in deck.issues[0].message
    assert deck.issues[0].line is not None


def test_deep_yaml_through_the_referee_is_the_checkers_report(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("deck: " + "[" * 800 + "]" * 800 + "\n", encoding="utf-8")
    done = hrdeck("referee", "new", "--players", "Ann,Ben", "--deck", path, "--db",
                  tmp_path / "games.db", cwd=tmp_path)
    assert "nested more than 64 levels" in no_traceback(done, 2)


# -- names and places --------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "ident"), [("...yaml", "deck"), ("..yaml", "deck"),
                                             (".yaml", "deck"), ("My Deck.yaml", "my-deck"),
                                             ("a\x1b[2Jb.yaml", "a-2jb")])
def test_an_id_made_from_a_file_name_is_a_safe_folder_name(tmp_path: Path, name: str,
                                                            ident: str) -> None:
    text = VALID.read_text(encoding="utf-8").replace("  id: valid-minimal\n", "")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert load_deck(path).deck_id == ident


def test_a_deck_named_dots_builds_into_its_own_folder(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "rulebook.pdf").write_bytes(b"mine")
    text = VALID.read_text(encoding="utf-8").replace("  id: valid-minimal\n", "")
    (work / "...yaml").write_text(text, encoding="utf-8")
    done = hrdeck("build", "...yaml", "--games", "10", "-t", "pnp-a4", "--out", ".", cwd=work)
    no_traceback(done, 0)
    assert (work / "rulebook.pdf").read_bytes() == b"mine"
    assert (work / "deck" / "deck-pnp-a4.pdf").exists()


# -- art ---------------------------------------------------------------------------------------

def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def _bomb(path: Path) -> None:
    """A tiny PNG whose header claims 40,000 × 40,000 pixels."""
    header = struct.pack(">IIBBBBB", 40_000, 40_000, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
                     + _chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + _chunk(b"IEND", b""))


def _truncated(path: Path) -> None:
    Image.effect_noise((300, 300), 60).save(path)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _huge(path: Path) -> None:
    Image.new("L", (6000, 5000)).save(path)  # 30 megapixels, a small file


def _art_deck(tmp_path: Path, make: object) -> Path:
    """The minimal deck with the picture `make` draws on its first trigger."""
    folder = tmp_path / "deck"
    folder.mkdir()
    make(folder / "bad.png")  # type: ignore[operator]
    deck = folder / "with-art.yaml"
    text = VALID.read_text(encoding="utf-8")
    deck.write_text(text.replace("    when: total == 0\n", "    when: total == 0\n"
                                 "    art: bad.png\n", 1), encoding="utf-8")
    return deck


@pytest.mark.parametrize(("make", "words"), [(_bomb, "million pixels"),
                                             (_truncated, "truncated"),
                                             (_huge, "6,000 × 5,000 pixels")])
def test_unprintable_art_is_reported_by_check_and_stops_the_build(
        tmp_path: Path, make: object, words: str) -> None:
    deck = _art_deck(tmp_path, make)
    checked = no_traceback(hrdeck("check", deck, "--games", "10", "--no-chart",
                                  cwd=tmp_path), 1)
    assert "art-unusable" in checked and words in checked
    built = no_traceback(hrdeck("build", deck, "--games", "10", "--out", tmp_path / "out",
                                cwd=tmp_path), 1)
    assert "nothing was written" in built
    assert not list((tmp_path / "out").glob("*/*.pdf"))


def test_the_renderer_refuses_unprintable_art_on_its_own(tmp_path: Path) -> None:
    from generator.printing import CardBack, CardFace, PrintError, write_pnp

    back = CardBack(kind="trigger", label="TRIGGER", deck_name="D", accent="#336699")
    for make in (_bomb, _truncated, _huge):
        picture = tmp_path / f"{make.__name__}.png"
        make(picture)
        face = CardFace(kind="trigger", label="TRIGGER", number=1, text="x",
                        accent="#336699", art=picture)
        target = tmp_path / "sheet.pdf"
        with pytest.raises(PrintError, match="cannot be printed"):
            write_pnp(target, [face], [back])
        assert not target.exists() and list(tmp_path.glob(".*.tmp")) == []


# -- options -----------------------------------------------------------------------------------

@pytest.mark.parametrize("offset", ["nan,nan", "inf,0", "0,-inf", "1e400,1"])
def test_a_back_offset_that_is_not_a_number_is_refused(tmp_path: Path, offset: str) -> None:
    done = hrdeck("build", VALID, "--back-offset", offset, "--out", tmp_path, cwd=tmp_path)
    assert "offset" in no_traceback(done, 2)


@pytest.mark.parametrize("command", [["simulate"], ["check", str(VALID)],
                                     ["build", str(VALID)]])
def test_an_enormous_number_of_games_is_refused_at_once(tmp_path: Path,
                                                        command: list[str]) -> None:
    done = hrdeck(*command, "--games", "99999999999999999999999", cwd=tmp_path)
    assert "--games" in no_traceback(done, 2)


def test_workers_are_bounded_on_the_command_line_and_in_the_library(tmp_path: Path) -> None:
    assert "--workers" in no_traceback(hrdeck("check", VALID, "--workers", "1000",
                                              cwd=tmp_path), 2)
    with pytest.raises(ConfigError, match="1 to 64"):
        CheckOptions(workers=1000)
    with pytest.raises(ConfigError, match="10 to 200,000"):
        CheckOptions(games=10**23)


# -- terminal escapes --------------------------------------------------------------------------

def test_control_characters_from_a_deck_never_reach_the_terminal(tmp_path: Path) -> None:
    deck = tmp_path / "escape.yaml"
    deck.write_text('deck:\n  name: "Clear \\e[2J screen"\ntriggers:\n  - id: t1\n'
                    '    number: 1\n    text: "When \\e]0;pwned\\a it."\n'
                    '    when: "total == \\e[2J 1"\nactions: []\n', encoding="utf-8")
    for command in (["check", deck, "--no-chart"], ["build", deck, "--out", tmp_path]):
        done = real_hrdeck(*command, cwd=tmp_path)
        printed = no_traceback(done, 1)
        assert "\x1b" not in printed and "\x07" not in printed
        assert "expr-syntax" in printed
