"""The fifth game made known for one test, and forgotten after it: `declared_fifth_game()`.

Declaring it makes every part loadable; each part registers itself when first loaded.
Forgetting it undeclares it, takes each registered part back out of its registry, and drops
the parts' registering modules (tests.fifth_game.parts.*), so the next declaration loads and
registers them afresh; the definitions stay imported, so their classes stay the same.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from engine.games import declare, undeclare
from tests.fifth_game import DECLARATION, NAME


@contextmanager
def declared_fifth_game() -> Iterator[None]:
    declare(DECLARATION)
    try:
        yield
    finally:
        forget_fifth_game()


def forget_fifth_game() -> None:
    """Undo everything declaring and loading the fifth game did."""
    from engine.games.registry import unregister

    undeclare(NAME)
    unregister(NAME)
    loaded = {name for name in sys.modules if name.startswith("tests.fifth_game.parts.")}
    if "tests.fifth_game.parts.table" in loaded:
        from hrdeck.referee.tables import unregister_table

        unregister_table(NAME)
    if "tests.fifth_game.parts.book" in loaded:
        from generator.rulebook.books import unregister_book

        unregister_book(NAME)
    if "tests.fifth_game.parts.card_kinds" in loaded:
        from generator.card_kinds import unregister_kind
        from tests.fifth_game.cards import NUMBERS

        unregister_kind(NUMBERS.section)
    if "tests.fifth_game.parts.printing" in loaded:
        from generator.pipeline.targets import unregister_game_sheet, unregister_target
        from generator.printing.face_designs import unregister_face_design
        from tests.fifth_game.printing import DESIGN, TALLY_SHEET, TARGET

        unregister_face_design(DESIGN)
        unregister_target(TARGET.name)
        unregister_game_sheet(NAME, TALLY_SHEET.name)
    for name in loaded:
        del sys.modules[name]
