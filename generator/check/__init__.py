"""`hrdeck check`: prove every card of a deck can be enforced at a real table.

Static checks first (expressions, actions, every trigger × action pair), then thousands of
simulated games on the engine to see how often each trigger really fires.

    report, deck = check_deck(Path("decks/base.yaml"), CheckOptions(games=500))

The names load on first use (the checker pulls in pydantic and the engine's simulation),
so that commands which do not check stay quick to start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.lazy import lazy_exports

if TYPE_CHECKING:
    from generator.check.options import CheckOptions as CheckOptions
    from generator.check.run import check_deck as check_deck
    from generator.check.run import settings_for as settings_for

_HOMES = {"options": ("CheckOptions",), "run": ("check_deck", "settings_for")}
__all__ = sorted(name for names in _HOMES.values() for name in names)
__getattr__ = lazy_exports(__name__, globals(), _HOMES)

