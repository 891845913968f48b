"""Up 'N Over, the trick game under Hidden Rules: its declaration (see `engine.games`).

`base_game` registers the game: `trick_game` holds the card game, `real_cards` the same game
played with a real deck, `hidden_rules` the rules layer over it, `score_game` score keeping
without cards, `view` what a trigger reads, `policies` its bots and `clarifications` the
rulings hrdeck made.
"""

from engine.games import GameDeclaration

DECLARATION = GameDeclaration(
    name="up-n-over", title="Up 'N Over", players=(2, 5), policies=("random", "greedy"),
    engine="engine.games.upnover.base_game",
    table="hrdeck.referee.tables.upnover",
    book="generator.rulebook.upnover", book_title="Hidden Rules",
    look="hidden-rules",
    scenario="tests.scenario_upnover",
    docs="docs/games/up-n-over.md",
    option_help={"fewer-cards": "one card fewer per player above three",
                 "deck": "decks/base.yaml"})
