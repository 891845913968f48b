"""The documentation keeps up with the code: every issue code and every trigger field."""

from __future__ import annotations

from pathlib import Path

from engine.games.upnover.view import UPNOVER_SCHEMA
from generator.issues import ISSUE_CODES

DOC = (Path(__file__).resolve().parent.parent / "docs" / "deck-format.md").read_text("utf-8")


def test_every_issue_code_is_documented_with_its_severity() -> None:
    for code, (severity, _) in ISSUE_CODES.items():
        assert f"| `{code}` | {severity.value} |" in DOC, code


def test_every_trigger_field_and_helper_is_documented() -> None:
    for name in UPNOVER_SCHEMA.fields:
        assert f"| `{name}` |" in DOC, name
    for name in UPNOVER_SCHEMA.helpers:
        assert f"`{name}(" in DOC, name
    for attributes in UPNOVER_SCHEMA.attributes.values():
        for name in attributes:
            assert f"`{name}`" in DOC, name
