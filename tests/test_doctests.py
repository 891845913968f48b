"""Every example in the docstrings of engine/, generator/ and hrdeck/ runs and holds."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import engine
import generator
import hrdeck


def _modules() -> list[str]:
    names = []
    for package in (engine, generator, hrdeck):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):
                names.append(info.name)
    return sorted(names)


MODULES = _modules()


def _examples(module: ModuleType) -> int:
    finder = doctest.DocTestFinder()
    return sum(len(test.examples) for test in finder.find(module))


def test_there_are_examples_to_run() -> None:
    counted = sum(_examples(importlib.import_module(name)) for name in MODULES)
    assert counted >= 20, counted


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)
    assert failed == 0, f"{failed} docstring example(s) fail in {name}: run python3 -m doctest"
