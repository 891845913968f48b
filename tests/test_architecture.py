"""The layers keep their shape: `engine` is pure and imports nothing that does I/O for us."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_IN_ENGINE = ("yaml", "reportlab", "jinja2", "typer", "rich", "PIL", "sqlite3", "click")


def test_importing_engine_loads_no_io_library() -> None:
    probe = (
        "import sys, engine, engine.simulate, engine.journal, engine.games.upnover.clarifications\n"
        f"print(sorted(m for m in {FORBIDDEN_IN_ENGINE!r} if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True, cwd=ROOT)
    assert result.stdout.strip() == "[]"


def _imports(package: str) -> set[tuple[str, str]]:
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update((path.name, alias.name.split(".")[0]) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add((path.name, node.module.split(".")[0]))
    return found


def test_imports_point_down_the_layers() -> None:
    """hrdeck -> generator -> engine, never the other way."""
    engine_imports = {module for _, module in _imports("engine")}
    assert not engine_imports & {"generator", "hrdeck", *FORBIDDEN_IN_ENGINE}
    generator_imports = {module for _, module in _imports("generator")}
    assert "hrdeck" not in generator_imports


def test_engine_does_no_file_terminal_or_network_io() -> None:
    banned_calls = {"open", "print", "input"}
    banned_modules = {"os", "socket", "subprocess", "pathlib", "io", "shutil", "urllib"}
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in banned_calls, f"{path.name} calls {node.func.id}()"
        modules = {module for name, module in _imports("engine") if name == path.name}
        assert not modules & banned_modules, f"{path.name} imports {modules & banned_modules}"


# Each base game is a package under engine/games/; everything else in the engine serves every
# game without naming one (a game is found by name through `engine.games`).
GAMES_DIR = ROOT / "engine" / "games"
GAME_PACKAGES = tuple(sorted(path.name for path in GAMES_DIR.iterdir()
                             if (path / "__init__.py").exists()))


def _imported_names(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append(node.module or "")
    return names


def _game_of(name: str) -> str | None:
    parts = name.split(".")
    if parts[:2] == ["engine", "games"] and len(parts) > 2 and parts[2] in GAME_PACKAGES:
        return parts[2]
    return None


def test_generic_engine_modules_import_no_game() -> None:
    assert "upnover" in GAME_PACKAGES
    for path in sorted((ROOT / "engine").rglob("*.py")):
        relative = path.relative_to(ROOT)
        home = relative.parts[2] if relative.parts[:2] == ("engine", "games") else None
        for name in _imported_names(path):
            game = _game_of(name)
            assert game is None or game == home, f"{relative} imports {name}"


def test_loading_the_generic_engine_loads_no_game_until_one_is_asked_for() -> None:
    probe = (
        "import sys, engine, engine.journal, engine.simulate, engine.observe, engine.referee\n"
        "print(sorted(m for m in sys.modules if m.startswith('engine.games.')))\n"
        "import engine.games\n"
        "engine.games.find_game('up-n-over')\n"
        "print('engine.games.upnover' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True, cwd=ROOT)
    assert result.stdout.split("\n")[:2] == ["['engine.games.base']", "True"]


# Outside the engine, a game's own parts live in a file or folder named after its package
# (generator/rulebook/upnover/, hrdeck/referee/tables/upnover.py); the rest serves any game.
def _game_home(relative: Path) -> str | None:
    for part in relative.with_suffix("").parts:
        if part in GAME_PACKAGES:
            return part
    return None


def test_generic_generator_and_command_modules_import_no_game() -> None:
    for folder in ("generator", "hrdeck"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT)
            home = _game_home(relative)
            for name in _imported_names(path):
                game = _game_of(name)
                assert game is None or game == home, f"{relative} imports {name}"
