"""Joker's Secret, a shedding game with secret rules: its declaration (see `engine.games`).

`base_game` registers the game: `shedding` holds the card game, `real_cards` the same at a
real table (with `start_question`: the players say who starts), `game` the rules layer over
it and its journal fold, `events` its entries, `policies` its bots and `clarifications` the
rulings hrdeck made.
"""

from engine.games import GameDeclaration

DECLARATION = GameDeclaration(
    name="jokers-secret", title="Joker's Secret", players=(2, 5), policies=("random", "greedy"),
    engine="engine.games.jokers_secret.base_game",
    table="hrdeck.referee.tables.jokers_secret",
    book="generator.rulebook.jokers_secret",
    look="jokers-secret",
    scenario="tests.scenario_jokers_secret",
    docs="docs/games/jokers-secret.md",
    option_help={"face-up": "--face-up '9c 9d 9h / 2s 3s 4s'"})
