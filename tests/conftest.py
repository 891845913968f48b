"""The same start for every test, in one process or on several workers (`pytest -n auto`)."""

from __future__ import annotations

import os

import pytest

# A pytest-xdist worker is started with COLUMNS=80 set. hrdeck's consoles, made once per
# process, would keep that width for good, and a test that asks for its own width (COLUMNS in
# CliRunner's env) would not get it: each console reads the width when it prints, as in a
# plain run.
for name in ("COLUMNS", "LINES"):
    os.environ.pop(name, None)



@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """On several workers (`--dist loadgroup`), tests that share an expensive fixture run on
    one worker, so that it is made once, not once per worker: every test that reads a
    shipped deck's book (tests/rulebook/conftest.py, `shipped_books`) together, and each
    module's other tests together (a module's checked deck, its built sheets)."""
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        shares_books = "shipped_books" in getattr(item, "fixturenames", ())
        group = "shipped-books" if shares_books else item.nodeid.split("::", 1)[0]
        item.add_marker(pytest.mark.xdist_group(group))
