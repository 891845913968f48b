"""`hrdeck schema`: the JSON Schema of deck files, for editors that complete YAML."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from generator.printing.atomic import atomic_path
from hrdeck.app import app
from hrdeck.console import out, plain


@app.command("schema")
def schema_command(
    output: Path | None = typer.Option(None, "--out", "-o",
                                       help="Write it to this file instead of printing it."),
) -> None:
    """Print the JSON Schema of deck files (point your editor's YAML plugin at it)."""
    from generator.card_kinds import json_schema

    text = json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        print(text, end="")
        return
    with atomic_path(output) as temporary:
        temporary.write_text(text, encoding="utf-8")
    out.print(f"wrote {plain(output)}")
