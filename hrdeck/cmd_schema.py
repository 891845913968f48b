"""`hrdeck schema`: the JSON Schema of deck files (or, with --layout, of layout files), for
editors that complete YAML."""

from __future__ import annotations

from pathlib import Path

import typer

from hrdeck.app import app
from hrdeck.console import plain


@app.command("schema")
def schema_command(
    output: Path | None = typer.Option(None, "--out", "-o",
                                       help="Write it to this file instead of printing it."),
    layout: bool = typer.Option(False, "--layout",
                                help="The schema of layout files (docs/layout.md) instead."),
) -> None:
    """Print the JSON Schema of deck files (point your editor's YAML plugin at it)."""
    import json

    from generator.card_kinds import json_schema
    from generator.layout.schema import layout_json_schema
    from generator.printing.atomic import atomic_path
    from hrdeck.console import out

    schema = layout_json_schema() if layout else json_schema()
    text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    if output is None:
        print(text, end="")
        return
    with atomic_path(output) as temporary:
        temporary.write_text(text, encoding="utf-8")
    out.print(f"wrote {plain(output)}")
