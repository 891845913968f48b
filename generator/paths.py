"""Where hrdeck's own files are: templates and fonts ship beside the packages."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "templates"
FONTS = TEMPLATES / "fonts"
DEFAULT_OUTPUT = Path("output")


def output_dir(deck_id: str, out: Path | None = None) -> Path:
    """The folder a deck's outputs go to: output/<deck id>/ unless told otherwise."""
    return (out if out is not None else DEFAULT_OUTPUT) / deck_id
