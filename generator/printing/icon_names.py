"""Icon names as a deck writes them, and hrdeck's own set, known without loading any drawing
code (the checker reads them for every deck)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

ICON_FOLDER = Path(__file__).resolve().parents[2] / "templates" / "icons"
INLINE = re.compile(r":([a-z][a-z0-9-]*):")  # `:name:` in a card's or a book's text


@functools.cache
def builtin_icons() -> dict[str, Path]:
    """The icons every deck can use by name, from templates/icons/*.svg."""
    return {path.stem: path for path in sorted(ICON_FOLDER.glob("*.svg"))}
