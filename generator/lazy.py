"""Packages whose names load on first use, so that a command only imports what it needs."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_exports(package: str, namespace: dict[str, Any],
                 homes: dict[str, tuple[str, ...]]) -> Callable[[str], Any]:
    """A module `__getattr__` that imports each name from its module (`homes`: module ->
    names) on first use and keeps it, hiding a submodule of the same name."""
    module_of = {name: module for module, names in homes.items() for name in names}

    def load(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    return load
