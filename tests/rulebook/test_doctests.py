"""The examples in the rulebook modules' docstrings are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import generator.rulebook

MODULES = sorted(f"generator.rulebook.{info.name}"
                 for info in pkgutil.iter_modules(generator.rulebook.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
