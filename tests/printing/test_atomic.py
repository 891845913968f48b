"""Atomic writes: complete files or none, never a partial file or a stray temporary."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.printing import (
    CardFace,
    PrintError,
    atomic_directory,
    atomic_open,
    atomic_path,
    design,
    write_pnp,
    write_shop_pdf,
    write_shop_pngs,
)
from generator.printing.face_designs import FACE_DESIGNS

from .conftest import deck


class Boom(Exception):
    pass


def test_atomic_path_renames_into_place(tmp_path: Path) -> None:
    target = tmp_path / "out.bin"
    with atomic_path(target) as temporary:
        assert temporary.parent == tmp_path and temporary != target
        temporary.write_bytes(b"done")
        assert not target.exists()
    assert target.read_bytes() == b"done"
    assert list(tmp_path.iterdir()) == [target]
    assert target.stat().st_mode & 0o777 == 0o644


def test_atomic_path_failure_leaves_nothing_and_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.bin"
    with pytest.raises(Boom), atomic_path(target) as temporary:
        temporary.write_bytes(b"half")
        raise Boom
    assert list(tmp_path.iterdir()) == []
    target.write_bytes(b"old")
    with pytest.raises(Boom), atomic_open(target) as handle:
        handle.write(b"new but unfinished")
        raise Boom
    assert target.read_bytes() == b"old"
    assert list(tmp_path.iterdir()) == [target]


def test_atomic_directory(tmp_path: Path) -> None:
    target = tmp_path / "pngs"
    with atomic_directory(target) as temporary:
        (temporary / "a.png").write_bytes(b"a")
    assert [p.name for p in target.iterdir()] == ["a.png"]
    with pytest.raises(Boom), atomic_directory(target) as temporary:
        (temporary / "b.png").write_bytes(b"b")
        raise Boom
    assert [p.name for p in target.iterdir()] == ["a.png"]
    with atomic_directory(target) as temporary:
        (temporary / "c.png").write_bytes(b"c")
    assert [p.name for p in target.iterdir()] == ["c.png"]
    assert [p.name for p in tmp_path.iterdir()] == ["pngs"]


def _explode_on(ident: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = design.compose_front

    def compose(face: CardFace, *args: object, **kwargs: object) -> object:
        if face.ident == ident:
            raise Boom(f"drawing {ident} failed")
        return real(face, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setitem(FACE_DESIGNS, "text", compose)  # type: ignore[arg-type]


@pytest.mark.parametrize("writer", ["pnp", "shop", "split"])
def test_a_build_failing_midway_leaves_no_partial_pdf(tmp_path: Path, writer: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    fronts, backs = deck(30)
    target = tmp_path / "cards.pdf"
    _explode_on("t21", monkeypatch)
    with pytest.raises(Boom):
        if writer == "pnp":
            write_pnp(target, fronts, backs)
        else:
            write_shop_pdf(target, fronts, backs, profile="dtc" if writer == "shop" else "split")
    assert list(tmp_path.iterdir()) == []


def test_a_failing_build_keeps_the_previous_pdf(tmp_path: Path) -> None:
    fronts, backs = deck(12)
    target = tmp_path / "cards.pdf"
    write_pnp(target, fronts, backs)
    before = target.read_bytes()
    broken = tmp_path / "broken.png"
    broken.write_text("not an image")
    fronts[10] = CardFace(kind="trigger", label="TRIGGER", number=11, text="x",
                          accent="#1f6feb", art=broken, ident="t11")
    with pytest.raises(PrintError, match=r"broken\.png"):
        write_pnp(target, fronts, backs)
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.png", "cards.pdf"]


def test_pngs_failing_midway_leave_the_old_folder(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    fronts, backs = deck(4)
    folder = tmp_path / "tgc"
    write_shop_pngs(folder, fronts[:2], backs[:2])
    before = sorted(p.name for p in folder.iterdir())
    _explode_on("a4", monkeypatch)
    with pytest.raises(Boom):
        write_shop_pngs(folder, fronts, backs)
    assert sorted(p.name for p in folder.iterdir()) == before
    assert [p.name for p in tmp_path.iterdir()] == ["tgc"]
