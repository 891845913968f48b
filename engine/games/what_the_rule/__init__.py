"""What the Rule?!, where a game master's secret rule says which card may come next: its
declaration (see `engine.games`).

`base_game` registers the game: `shapes` holds the 144 cards, `view` what a rule reads,
`rules` a rule in the rule language, `words` a rule said in plain words, `equivalence`
whether two rules are the same, `next_card` the card to try the engine gives as a hint,
`game` the journal fold (with `round`, `scoring`, `hints` and `corrections`), `events` its
entries, `settings` its settings, `real_cards` a real table (hands known by their counts,
cards typed), `starters` the ten rule cards for first rounds, `pool` and `policies` its bots,
and `clarifications` the rulings hrdeck made.
"""

from engine.games import GameDeclaration

DECLARATION = GameDeclaration(
    name="what-the-rule", title="What the Rule?!", players=(2, 10),
    policies=("greedy", "random", "cautious"),
    engine="engine.games.what_the_rule.base_game",
    table="hrdeck.referee.tables.what_the_rule",
    book="generator.rulebook.what_the_rule",
    card_kinds="generator.what_the_rule.card_kinds",
    look="what-the-rule",
    printing="generator.what_the_rule.score_sheet",
    commands="hrdeck.what_the_rule.commands",
    scenario="tests.scenario_what_the_rule",
    docs="docs/games/what-the-rule.md",
    option_help={"target": "the rounds, one per player by default",
                 "dealer": "who leads the first round",
                 "option": "--option points=off"})
