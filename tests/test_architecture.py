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
        "import sys, engine, engine.simulate, engine.journal, engine.clarifications\n"
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


# The modules of one base game, and the generic modules that must serve every game without
# naming one (a game is found through `engine.games`). More join GENERIC as the engine is
# taken apart from Up 'N Over.
GAME_MODULES = ("engine.games.upnover", "engine.upnover", "engine.hidden_rules",
                "engine.score_game", "engine.physical", "engine.policies",
                "engine.language.upnover_view")
GENERIC = ("engine/journal.py", "engine/games/__init__.py", "engine/games/base.py",
           "engine/rules_layer.py", "engine/events.py", "engine/language/parse.py",
           "engine/language/compile.py", "engine/language/tally.py",
           "engine/language/enumerate.py", "engine/language/schema.py")


def test_generic_engine_modules_import_no_game() -> None:
    for relative in GENERIC:
        tree = ast.parse((ROOT / relative).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith(GAME_MODULES), f"{relative} imports {name}"
