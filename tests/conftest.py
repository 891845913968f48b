"""The same start for every test, in one process or on several workers (`pytest -n auto`)."""

from __future__ import annotations

import os

# A pytest-xdist worker is started with COLUMNS=80 set. hrdeck's consoles, made once per
# process, would keep that width for good, and a test that asks for its own width (COLUMNS in
# CliRunner's env) would not get it: each console reads the width when it prints, as in a
# plain run.
for name in ("COLUMNS", "LINES"):
    os.environ.pop(name, None)
