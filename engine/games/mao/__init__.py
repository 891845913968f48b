"""Mao, the game of rules nobody explains: its declaration (see `engine.games`).

`base_game` registers the game: `table` holds the cards and turns, `state` and `game` the
journal fold, `open_calls` what can still be called and until when, `judging` how a call is
judged, `speech` the phrases, `offences` the penalty calls, `settings` the variants, `events`
its entries, `policies` its bots, `view` what a trigger reads, and `clarifications` the
rulings hrdeck made.
"""

from engine.games import GameDeclaration

DECLARATION = GameDeclaration(
    name="mao", title="Mao", players=(2, 12), policies=("random", "careful", "sloppy"),
    engine="engine.games.mao.base_game",
    table="hrdeck.referee.tables.mao",
    book="generator.rulebook.mao",
    card_kinds="generator.mao.card_kinds",
    look="mao",
    scenario="tests.scenario_mao",
    docs="docs/games/mao.md",
    option_help={"target": "the Maos that end the session, 1 by default",
                 "first": "--first 9h",
                 "option": "--option calls=dictatorial --option master=Cat, and "
                           "sevens='thank you', talking=penalised, seconds=N"})
