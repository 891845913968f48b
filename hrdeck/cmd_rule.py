"""`hrdeck rule equiv A B`: are two rules of a game the same rule? Decided exactly.

Exit codes as everywhere: 0 the same rule, 1 different (the counterexample is printed),
2 a rule that cannot be read or a game without such rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from engine.errors import EXIT_DONE, EXIT_PROBLEMS, HrdeckError
from hrdeck.app import app
from hrdeck.console import plain, unusable_on_error

if TYPE_CHECKING:
    from engine.games.base import RuleComparison

rule_app = typer.Typer(help="Work with the secret rules of a game (What the Rule?!).",
                       no_args_is_help=True, rich_markup_mode=None)
app.add_typer(rule_app, name="rule")

GAME = "what-the-rule"
EQUIV_HELP = ("Decide whether two rules accept exactly the same cards in every situation a "
              "game can reach; if not, print a shortest row and a card that one accepts and "
              "the other refuses.")


# short_help: the whole text in `hrdeck rule --help` too, where click would cut it short
@rule_app.command("equiv", help=EQUIV_HELP, short_help=EQUIV_HELP)
def equiv_command(
    first: str = typer.Argument(..., help='The first rule, e.g. \'card.colour == "white"\'.'),
    second: str = typer.Argument(..., help="The second rule."),
    game: str = typer.Option(GAME, "--game", "-g", help="The game the rules are for."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead."),
) -> None:
    """Compare two rules exactly (see EQUIV_HELP)."""
    from engine.games import find_game
    from hrdeck.console import out

    with unusable_on_error():
        base = find_game(game)
        if base.compare_rules is None:
            raise HrdeckError(f"{base.title} has no rules that say which card may come next: "
                              f"hrdeck compares rules of {find_game(GAME).title} only.")
        result = base.compare_rules(first, second)
    if as_json:
        import json

        print(json.dumps({"game": base.name, "same": result.same,
                          "situations": result.situations, "row": list(result.row),
                          "card": result.card or None,
                          "accepted_by": None if result.same else
                          ("first" if result.first_accepts else "second")}))
    else:
        for line in _lines(result):
            out.print(plain(line))
    raise typer.Exit(EXIT_DONE if result.same else EXIT_PROBLEMS)


def _lines(result: RuleComparison) -> list[str]:
    if result.same:
        return [f"The same rule: both accept exactly the same cards in all "
                f"{result.situations:,} situations a row can reach."]
    accepts, refuses = ("first", "second") if result.first_accepts else ("second", "first")
    return ["Not the same rule. A shortest counterexample:",
            "  the row so far: " + (", ".join(result.row) if result.row else
                                    "empty (the card would be the first)"),
            f"  the card: {result.card}",
            f"  the {accepts} rule accepts it; the {refuses} refuses it."]
