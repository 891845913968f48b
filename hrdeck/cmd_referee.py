"""`hrdeck referee`: the tabletop referee (new, resume, list, export); see hrdeck/referee/."""

from __future__ import annotations

from hrdeck.app import app
from hrdeck.referee.cli import referee_app

app.add_typer(referee_app, name="referee")
