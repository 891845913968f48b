"""`hrdeck check`: prove every card of a deck can be enforced at a real table.

Static checks first (expressions, actions, every trigger × action pair), then thousands of
simulated games on the engine to see how often each trigger really fires.

    report, deck = check_deck(Path("decks/base.yaml"), CheckOptions(games=500))

The names load on first use (the checker pulls in pydantic and the engine's simulation),
so that commands which do not check stay quick to start.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.check.options import CheckOptions as CheckOptions
    from generator.check.run import check_deck as check_deck
    from generator.check.run import settings_for as settings_for

_MODULE_OF = {"CheckOptions": "options", "check_deck": "run", "settings_for": "run"}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # also hides a submodule of the same name (preflight)
    return value
