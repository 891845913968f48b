"""The seeds' own examples, scripted as scenario files and played through the journal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario import SCENARIOS, run

FILES = sorted(SCENARIOS.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_scenario(path: Path) -> None:
    run(path)


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 10
