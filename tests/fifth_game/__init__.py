"""A fifth base game kept in the test tree, "higher or lower": the worked example of
docs/adding-a-game.md, and the proof that a game is added by adding files.

Numbers 1-10 are drawn from the seed; the player whose turn it is guesses whether the next
number is higher than the last; a right guess is a point and every guess ends a round. The
game brings every part a base game can: its engine game (`game`), the referee's table
(`table`), a rulebook with templates of its own (`book`, `rulebook/`), a card kind and face
(`cards`), a print target and a printed sheet (`printing`), a scenario runner (`scenario`)
and a deck (`deck.yaml`).

This module holds only its declaration. The modules it names (in `parts/`) register each
part when imported; the definitions they register live beside them, so that a test may
import the game's classes without making the game known. Tests make it known with
`declare(DECLARATION)` (see `tests.fifth_game.plugged`), never by default.
"""

from pathlib import Path

from engine.games import GameDeclaration

NAME = "higher-or-lower"
HERE = Path(__file__).parent
DECK = HERE / "deck.yaml"

DECLARATION = GameDeclaration(
    name=NAME, title="Higher or Lower", players=(2, 4), policies=("sensible", "random"),
    engine="tests.fifth_game.parts.engine",
    table="tests.fifth_game.parts.table",
    book="tests.fifth_game.parts.book",
    card_kinds="tests.fifth_game.parts.card_kinds",
    printing="tests.fifth_game.parts.printing",
    scenario="tests.fifth_game.scenario",
    docs="tests/fifth_game/README.md")
