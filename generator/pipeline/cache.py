"""Remember what was built from what, so an unchanged rebuild does no work.

Two records are kept: the checker's report in the deck's output folder, keyed by the deck's
text and the check settings; and, in `<out>/.builds/`, a record of the last build of each
deck file, keyed by everything that shapes the files (deck text, art, templates, fonts,
hrdeck's own code, the targets and sheet choices). A key covers hrdeck's code, and every
file of a declared game kept outside it (its code and templates), by the size and
modification time of each file, so editing hrdeck or a game invalidates old results too.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.paths import ROOT, TEMPLATES
from generator.printing.atomic import atomic_path, make_folder

if TYPE_CHECKING:
    from generator.printing.inks import InkOptions

CHECK_RECORD = ".check.json"
_CODE_FOLDERS = ("engine", "generator", "hrdeck")


def digest(*parts: object) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(repr(part).encode("utf-8"))
        hasher.update(b"\0")
    return hasher.hexdigest()


def files_digest(paths: Iterable[Path]) -> str:
    """A digest of files by name, size and modification time (cheap: no reading)."""
    entries = []
    for path in sorted(paths):
        try:
            stat = path.stat()
            entries.append((str(path), stat.st_size, stat.st_mtime_ns))
        except OSError:
            entries.append((str(path), -1, -1))
    return digest(*entries)


def content_digest(path: Path) -> str:
    """A digest of what a built file holds (a folder: its files' names and contents);
    "" when it is missing or unreadable, or is or holds a link (a build writes none), which
    matches no record."""
    hasher = hashlib.sha256()
    try:
        files = sorted(path.iterdir()) if path.is_dir() else [path]
        for file in files:
            if file.is_symlink() or path.is_symlink():
                return ""
            hasher.update(file.name.encode("utf-8", "surrogateescape") + b"\0")
            with open(file, "rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    hasher.update(block)
    except OSError:
        return ""
    return hasher.hexdigest()


def code_digest() -> str:
    """hrdeck's code, and every file of the declared games kept outside it."""
    sources = [path for folder in _CODE_FOLDERS for path in (ROOT / folder).rglob("*.py")]
    return files_digest([*sources, *outside_game_files()])


def outside_game_files() -> list[Path]:
    """The files of each declared game kept outside hrdeck's own folders (in the test tree, or
    an installed package): its code and its own templates, which shape its builds too."""
    from engine.games import declared

    folders = {folder for game in declared().values()
               if (folder := _package_folder(game.engine, game.table, game.book,
                                             game.card_kinds, game.printing, game.commands,
                                             game.scenario)) is not None}
    return [path for folder in sorted(folders) for path in folder.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts]


def _package_folder(*modules: str | None) -> Path | None:
    """The folder of the package holding all of a game's part `modules`; None for a game of
    hrdeck's own (its engine is under engine/)."""
    import importlib.util

    named = [module.split(".") for module in modules if module is not None]
    if not named or named[0][0] in _CODE_FOLDERS:
        return None
    common = named[0]
    for parts in named[1:]:
        same = 0
        while same < min(len(common), len(parts)) and common[same] == parts[same]:
            same += 1
        common = common[:same]
    spec = importlib.util.find_spec(".".join(common)) if common else None
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


def inks_digest(options: InkOptions | None) -> str:
    """What shapes the CMYK target's file beyond the deck: the bytes of the profile a build
    would convert through, and the ink limit ("" when no profile is found: that build fails
    or leaves the target out)."""
    from engine.errors import HrdeckError
    from generator.printing.inks import InkOptions, find_inks

    try:
        inks = find_inks(options or InkOptions())
    except HrdeckError:
        return ""
    return digest(hashlib.sha256(inks.profile_bytes).hexdigest(), inks.ink_limit)


def templates_digest() -> str:
    return files_digest(path for path in TEMPLATES.rglob("*") if path.is_file())


def read_record(folder: Path, name: str, key: str) -> dict[str, Any] | None:
    """The record saved under `key`, or None when there is none, it is for other inputs or
    it is a link (a record is a file the build wrote, never read through a link)."""
    if (folder / name).is_symlink():
        return None
    try:
        data = json.loads((folder / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    return data


def write_record(folder: Path, name: str, key: str, body: dict[str, Any]) -> None:
    make_folder(folder)
    if (folder / name).is_symlink():  # a record is the build's own file: never written through
        (folder / name).unlink()
    with atomic_path(folder / name) as temporary:
        temporary.write_text(json.dumps({"key": key, **body}), encoding="utf-8")
