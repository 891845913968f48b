"""The base games hrdeck knows, each declared once, by its own package.

A game's package holds one `GameDeclaration`: its name and title, and the module of each part
it brings (the engine game, the referee's table, the rulebook, its card kinds, what it prints
beside the cards, its commands, its scenario runner) and its docs page. hrdeck finds the
declarations itself:

- every package under `engine/games/` whose `__init__.py` defines `DECLARATION`;
- every declaration another installed package names under the `hrdeck.games` entry-point group
  (`[project.entry-points."hrdeck.games"] mygame = "mygame:DECLARATION"` in its pyproject);
- one a test or a script makes known with `declare`.

Reading the declarations is cheap: a game's `__init__.py` holds its declaration and nothing
else, and a part's module is imported only when that part is first needed (`load_part`), by
the layer that needs it. Each part's module registers the part when it is imported (the
engine game with `engine.games.registry.register`, the table with `register_table`, ...).
This module imports only `engine.errors`, so the command line's help can list the games.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from engine.errors import HrdeckError

DEFAULT_NAME = "up-n-over"  # the game of a deck or journal that names none (engine.events)
ENTRY_POINTS = "hrdeck.games"

Part = Literal["engine", "table", "book", "card_kinds", "printing", "commands", "scenario"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameDeclaration:
    """Everything a base game brings, by module: each named module registers that part of the
    game when it is imported. A part left None is one the game does not have."""

    name: str                      # in deck files, journals and commands: "what-the-rule"
    title: str                     # for people: "What the Rule?!"
    players: tuple[int, int]       # the fewest and most players
    policies: tuple[str, ...]      # its bots' ways of playing, for `hrdeck simulate --policy`
    engine: str                    # registers the `BaseGame`: its rules, journal and bots
    table: str | None = None       # registers the referee's `TableGame`
    book: str | None = None        # registers its rulebook's `BookMaker` (and template folder)
    book_title: str | None = None  # the rulebook's title, when it is not the game's title
    card_kinds: str | None = None  # registers the kinds of card its decks hold
    printing: str | None = None    # registers what a build prints beside the cards
    commands: str | None = None    # registers commands of its own on `hrdeck`
    scenario: str | None = None    # the test suite's scenario runner (tests/scenario.py)
    docs: str | None = None        # its page in the docs, from the repository's root
    look: str | None = None        # the built-in look its cards print in (templates/layouts/)
    # What a command's option means in this game, for the commands' help, by option
    # ("target": "the Maos that end the session"); options it gives no meaning are left out.
    option_help: Mapping[str, str] = field(default_factory=dict)

    def part(self, part: Part) -> str | None:
        module: str | None = getattr(self, part)
        return module


_DECLARED: dict[str, GameDeclaration] = {}  # by `declare`
_FOUND: dict[str, GameDeclaration] | None = None  # by package and entry point, once


class DeclarationError(HrdeckError):
    """A declaration that cannot stand (two games of one name, an entry point that names no
    declaration or cannot be loaded): the command line says so in one line."""


def declare(declaration: GameDeclaration) -> GameDeclaration:
    """Make a game known that neither a package under engine/games nor an entry point
    declares (a test's or a script's game)."""
    known = declared().get(declaration.name)
    if known is not None and known != declaration:
        raise DeclarationError(f'A base game called "{declaration.name}" is declared already.')
    _DECLARED[declaration.name] = declaration
    return declaration


def undeclare(name: str) -> None:
    """Forget a game made known with `declare`."""
    _DECLARED.pop(name, None)


def declared() -> dict[str, GameDeclaration]:
    """Every declared game by name: the default game first, then the others by name."""
    every = {**_found(), **_DECLARED}
    order = sorted(every, key=lambda name: (name != DEFAULT_NAME, name))
    return {name: every[name] for name in order}


def declaration(name: str) -> GameDeclaration | None:
    """The declaration of game `name`, or None when no game of that name is declared."""
    return _DECLARED.get(name) or _found().get(name)


def load_part(name: str, part: Part) -> bool:
    """Import the module of game `name`'s `part` (which registers it); False when the game
    is not declared or has no such part."""
    game = declaration(name)
    module = game.part(part) if game is not None else None
    if module is None:
        return False
    importlib.import_module(module)
    return True


def _found() -> dict[str, GameDeclaration]:
    global _FOUND
    if _FOUND is None:
        found: dict[str, GameDeclaration] = {}
        for game in (*_in_packages(), *_by_entry_points()):
            if game.name in found and found[game.name] != game:
                raise DeclarationError(f'Two base games are declared as "{game.name}".')
            found[game.name] = game
        _FOUND = found  # kept only once every declaration was read: a failure fails again
    return _FOUND


def _in_packages() -> list[GameDeclaration]:
    """The declarations of the packages under engine/games."""
    found = []
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            package = importlib.import_module(f"{__name__}.{module.name}")
            game = getattr(package, "DECLARATION", None)
            if isinstance(game, GameDeclaration):
                found.append(game)
    return found


def _by_entry_points() -> list[GameDeclaration]:
    """The declarations other installed packages name under the `hrdeck.games` group."""
    from importlib.metadata import entry_points

    found = []
    for point in entry_points(group=ENTRY_POINTS):
        where = f'The entry point "{point.name}" of group {ENTRY_POINTS} names {point.value}'
        try:
            game = point.load()
        except Exception as error:  # an installed package's own mistake, in one sentence
            raise DeclarationError(f"{where}, which cannot be loaded ({type(error).__name__}: "
                                   f"{error}); fix or uninstall the package that declares "
                                   "it.") from None
        if not isinstance(game, GameDeclaration):
            raise DeclarationError(f"{where}, which is not a GameDeclaration; fix or uninstall "
                                   "the package that declares it.")
        found.append(game)
    return found


def forget_found() -> None:
    """Look for the packages' and entry points' declarations again (for tests)."""
    global _FOUND
    _FOUND = None


__all__ = ["DEFAULT_NAME", "ENTRY_POINTS", "DeclarationError", "GameDeclaration",
           "Part", "declaration", "declare", "declared", "forget_found", "load_part",
           "undeclare"]
