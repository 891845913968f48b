"""`hrdeck rule equiv A B`: are two rules of a game the same rule? Decided exactly. Either
side may be a rule card's id in the deck given with `--deck FILE`.
`hrdeck rule read PHRASE`: the rule a phrase in plain words means, in the rule language.

Exit codes as everywhere. equiv: 0 the same rule, 1 different (the counterexample is
printed), 2 a rule that cannot be read, an id the deck does not hold, a deck that cannot
be read, or a game without such rules, 3 too complex to decide
within the comparison's budget (the sentence says what makes it so). read: 0 read (the rule
and the words understood are printed), 1 not read (why, and the closest phrasings the game
knows), 2 a game without such rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from engine.errors import EXIT_DONE, EXIT_PROBLEMS, HrdeckError
from hrdeck.app import app
from hrdeck.console import plain, unusable_on_error

if TYPE_CHECKING:
    from engine.games.base import BaseGame, RuleComparison, RuleReading
    from generator.what_the_rule.deck_rules import Side

rule_app = typer.Typer(help="Work with the secret rules of a game (What the Rule?!).",
                       no_args_is_help=True, rich_markup_mode=None)
app.add_typer(rule_app, name="rule")

GAME = "what-the-rule"
EXIT_TOO_COMPLEX = 3  # equiv: the comparison's budget ran out before a verdict
EQUIV_HELP = ("Decide whether two rules accept exactly the same cards in every situation a "
              "game can reach; if not, print a shortest row and a card that one accepts and "
              "the other refuses. Either rule may be in the rule language or in plain words, or "
              "the id of a rule card in the deck given with --deck. Exit code 0 the same rule, "
              "1 different, 2 a rule or id that cannot be read, 3 too complex to decide within "
              "the comparison's fixed budget.")
READ_HELP = ("Read a rule said in plain words (\"just black ones\", \"no two whites in a "
             "row\") and print it in the rule language with what was understood, or why it "
             "could not be read and the closest phrasings known.")


# short_help: the whole text in `hrdeck rule --help` too, where click would cut it short
@rule_app.command("equiv", help=EQUIV_HELP, short_help=EQUIV_HELP)
def equiv_command(
    first: str = typer.Argument(..., help='The first rule, e.g. \'card.colour == "white"\', '
                                "'white cards only', or a rule card's id (with --deck)."),
    second: str = typer.Argument(..., help="The second rule."),
    game: str = typer.Option(GAME, "--game", "-g", help="The game the rules are for."),
    deck: Path | None = typer.Option(None, "--deck", "-d", metavar="FILE",
                                     help="A deck file whose rule cards either rule may name "
                                          "by its id."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead."),
) -> None:
    """Compare two rules exactly (see EQUIV_HELP)."""
    from engine.games.registry import find_game
    from hrdeck.console import out

    with unusable_on_error():
        base = find_game(game)
        if base.compare_rules is None:
            raise HrdeckError(f"{base.title} has no rules that say which card may come next: "
                              f"hrdeck compares rules of {find_game(GAME).title} only.")
        sides = _sides(first, second, deck, base)
        result = base.compare_rules(sides[0].rule, sides[1].rule)
    if as_json:
        import json

        print(json.dumps({"game": base.name, "same": result.same,
                          "rules": [side.rule for side in sides],
                          "cards": [side.card_id or None for side in sides],
                          "situations": result.situations, "row": list(result.row),
                          "card": result.card or None,
                          "accepted_by": None if result.same or result.too_complex else
                          ("first" if result.first_accepts else "second"),
                          "understood": list(result.understood),
                          "too_complex": result.too_complex or None}))
    else:
        named = [f"The {which} rule, card {side.card_id} (number {side.number}): {side.rule}"
                 for which, side in zip(("first", "second"), sides, strict=True)
                 if side.card_id]
        for line in [*named, *(_capital(said) for said in result.understood),
                     *_lines(result)]:
            out.print(plain(line))
    if result.too_complex:
        raise typer.Exit(EXIT_TOO_COMPLEX)
    raise typer.Exit(EXIT_DONE if result.same else EXIT_PROBLEMS)


@rule_app.command("read", help=READ_HELP, short_help=READ_HELP)
def read_command(
    phrase: str = typer.Argument(..., help="The rule in plain words, e.g. 'just black ones'."),
    game: str = typer.Option(GAME, "--game", "-g", help="The game the rule is for."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead."),
) -> None:
    """Read a rule said in plain words (see READ_HELP)."""
    from engine.games.registry import find_game
    from hrdeck.console import out

    with unusable_on_error():
        base = find_game(game)
        if base.read_rule is None:
            raise HrdeckError(f"{base.title} has no rules that say which card may come next: "
                              f"hrdeck reads rules of {find_game(GAME).title} only.")
        if not phrase.strip():
            raise HrdeckError("The phrase is empty: say the rule, e.g. 'just black ones'.")
        reading = base.read_rule(phrase)
    if as_json:
        import json

        print(json.dumps({"game": base.name, "phrase": phrase, "read": bool(reading.rule),
                          "rule": reading.rule or None, "words": reading.words or None,
                          "reason": reading.reason or None,
                          "closest": list(reading.closest)}))
    else:
        for line in _read_lines(reading):
            out.print(plain(line))
    raise typer.Exit(EXIT_DONE if reading.rule else EXIT_PROBLEMS)


def _sides(first: str, second: str, deck: Path | None, base: BaseGame) -> list[Side]:
    """The two rules to compare: a rule card's rule where a side names one of `deck`'s; a
    side that reads like an id without a deck is refused with the way to give one."""
    import shlex

    from generator.what_the_rule.deck_rules import (
        Side,
        deck_rules,
        looks_like_card_id,
        resolve_side,
    )

    if deck is not None:
        cards = deck_rules(deck)
        return [resolve_side(first, cards, "first"), resolve_side(second, cards, "second")]
    for which, typed in (("first", first), ("second", second)):
        if looks_like_card_id(typed) and base.read_rule is not None \
                and not base.read_rule(typed).rule:
            raise HrdeckError(f'The {which} rule, "{typed.strip()}", reads like a rule card\'s '
                              "id: give the deck that holds it, e.g. `hrdeck rule equiv "
                              f"--deck decks/what-the-rule.yaml {shlex.quote(first)} "
                              f"{shlex.quote(second)}`.")
    return [Side(rule=first), Side(rule=second)]


def _read_lines(reading: RuleReading) -> list[str]:
    if reading.rule and not reading.words:
        return [f"Rule: {reading.rule}", "(written in the rule language already)"]
    if reading.rule:
        return [f"Read as: {reading.words}", f"Rule: {reading.rule}"]
    lines = [f"I could not read that as a rule: {reading.reason.rstrip('.')}."]
    if reading.closest:
        lines.append("The closest phrasings I know:")
        lines += [f"  {known}" for known in reading.closest]
    return lines


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _lines(result: RuleComparison) -> list[str]:
    if result.too_complex:
        return [result.too_complex, "Neither the same rule nor a different one is claimed: "
                "judge the two by hand, or write them more simply."]
    if result.same and not result.situations:
        return ["The same rule: both judge every card alike in any situation, so they accept "
                "exactly the same cards everywhere."]
    if result.same:
        return [f"The same rule: both accept exactly the same cards in all "
                f"{result.situations:,} situations a row can reach."]
    accepts, refuses = ("first", "second") if result.first_accepts else ("second", "first")
    return ["Not the same rule. A shortest counterexample:",
            "  the row so far: " + (", ".join(result.row) if result.row else
                                    "empty (the card would be the first)"),
            f"  the card: {result.card}",
            f"  the {accepts} rule accepts it; the {refuses} refuses it."]
