"""The seeds' own examples, scripted as scenario files and played through the journal,
for every base game that has scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario import GAMES, SCENARIOS, run, scenario_files

FILES = scenario_files()


@pytest.mark.parametrize("path", FILES, ids=[f"{path.parent.name}/{path.stem}" for path in FILES])
def test_scenario(path: Path) -> None:
    run(path)


def test_every_scenario_folder_is_a_game_with_scenarios() -> None:
    folders = {path.name for path in SCENARIOS.iterdir() if path.is_dir()}
    assert folders == set(GAMES)
    assert len([path for path in FILES if path.parent.name == "up-n-over"]) >= 10
