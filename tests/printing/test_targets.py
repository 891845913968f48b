"""The registry of build targets: what `hrdeck build` can write, in order, read by name."""

from __future__ import annotations

import pytest

from generator.pipeline import DEFAULT_TARGETS, parse_targets
from generator.pipeline.targets import TARGETS, Job, PrintTarget, Written, register_target


def test_the_registry_lists_the_targets_in_order() -> None:
    assert list(TARGETS) == ["pnp-a4", "pnp-letter", "dtc", "tgc", "mpc", "dtc-cmyk", "tts",
                            "vtt"]
    assert DEFAULT_TARGETS == ("pnp-a4", "pnp-letter", "dtc")
    assert {name: target.paper for name, target in TARGETS.items() if target.paper} == {
        "pnp-a4": "a4", "pnp-letter": "letter"}
    for name, target in TARGETS.items():
        assert target.name == name
        assert target.description and "\n" not in target.description


def test_a_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match='already a build target called "dtc"'):
        register_target(TARGETS["dtc"])


def test_targets_are_read_from_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    def write(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
        return [], ()

    monkeypatch.setitem(TARGETS, "toy", PrintTarget(name="toy", description="a toy",
                                                    write=write))
    assert parse_targets(["toy,dtc"]) == ("toy", "dtc")
    assert parse_targets(["all"]) == ("pnp-a4", "pnp-letter", "dtc", "tgc", "mpc", "dtc-cmyk",
                                      "tts", "vtt", "toy")
    with pytest.raises(Exception, match=r'no build target "toi".* Did you mean "toy"\?'):
        parse_targets(["toi"])
