"""No module of the program grows past 500 lines: a module that does is split by concept."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "generator", "hrdeck")
MOST_LINES = 500


def test_no_module_is_over_500_lines() -> None:
    too_long = {}
    for package in PACKAGES:
        for module in sorted((ROOT / package).rglob("*.py")):
            with module.open("rb") as text:
                lines = sum(1 for _ in text)
            if lines > MOST_LINES:
                too_long[str(module.relative_to(ROOT))] = lines
    assert not too_long, f"split these modules by concept (at most {MOST_LINES} lines): {too_long}"


def test_the_check_sees_the_packages() -> None:
    assert all((ROOT / package / "__init__.py").is_file() for package in PACKAGES)
