"""`hrdeck schema`: the JSON Schema of deck files, for editors that complete YAML."""

from __future__ import annotations

from pathlib import Path

import typer

from hrdeck.app import app
from hrdeck.console import plain


@app.command("schema")
def schema_command(
    output: Path | None = typer.Option(None, "--out", "-o",
                                       help="Write it to this file instead of printing it."),
) -> None:
    """Print the JSON Schema of deck files (point your editor's YAML plugin at it)."""
    import json

    from generator.card_kinds import json_schema
    from generator.printing.atomic import atomic_path
    from hrdeck.console import out

    text = json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        print(text, end="")
        return
    with atomic_path(output) as temporary:
        temporary.write_text(text, encoding="utf-8")
    out.print(f"wrote {plain(output)}")
