"""The documentation keeps up with the code: every issue code, and for every base game each
name a trigger can read, in the page its declaration names (`docs`: docs/games/<game>.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.games import declared
from engine.games.registry import GAMES
from engine.language.helpers import HELPERS
from generator.issues import ISSUE_CODES

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
DOC = (DOCS / "deck-format.md").read_text("utf-8")


def test_every_issue_code_is_documented_with_its_severity() -> None:
    for code, (severity, _) in ISSUE_CODES.items():
        assert f"| `{code}` | {severity.value} |" in DOC, code


def test_every_helper_is_documented() -> None:
    for name in HELPERS:
        assert f"`{name}(" in DOC, name


@pytest.mark.parametrize("name", list(declared()))
def test_every_game_documents_what_a_trigger_reads(name: str) -> None:
    docs = declared()[name].docs
    assert docs is not None, f"{name} declares no docs page"
    page = ROOT / docs
    assert page.is_file(), f"{name}'s declared docs page {docs} is missing"
    text = page.read_text("utf-8")
    schema = GAMES[name].schema
    for field in schema.fields:
        assert f"| `{field}` |" in text, field
    for attributes in schema.attributes.values():
        for attribute in attributes:
            assert f"`{attribute}`" in text, attribute
    for helper in schema.helpers:
        assert f"`{helper}(" in DOC, helper
    for timing in GAMES[name].timings:
        assert f"`{timing}`" in text, timing
    for subject in GAMES[name].subjects:
        assert f"`{subject}`" in text, subject
