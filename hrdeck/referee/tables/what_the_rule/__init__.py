"""What the Rule?! at the referee's table, played with real cards: the referee as the game
master (each round's rule drawn from the rule cards, given by a card's number or typed in
the rule language in private; every card, revealed hand and guess judged), or a score
keeper for a master who judges in person (their verdicts typed: `--mode score`, or
`lead judge` for one round). `verbs` reads the moves, `talk` hints and corrected counts,
`hearing` says what happened.

Setup: who leads the first round (`--dealer`), the rounds (`--target`, one per player by
default), points off (`--option points=off`; two players always play without). The
referee deals no secret rules and knows no hands: every card is typed as it is played or
revealed, and the hands and the draw pile are counted.

>>> from hrdeck.referee.commands import parse_command
>>> table = ("Ann", "Ben", "Cat")
>>> parse_command("w2ft", table, WHAT_THE_RULE)
Play(player=None, card='w2ft', fits=None)
>>> parse_command("p ben 2 white filled triangles does not fit", table, WHAT_THE_RULE)
Play(player=1, card='w2ft', fits=False)
>>> parse_command("show w1fc, b2us", table, WHAT_THE_RULE)
Show(player=None, cards=('w1fc', 'b2us'), placed='', none=False, count=0)
>>> parse_command("show cat 9 place b2us", table, WHAT_THE_RULE)
Show(player=2, cards=(), placed='b2us', none=False, count=9)
>>> parse_command("show 10 none", table, WHAT_THE_RULE)
Show(player=None, cards=(), placed='', none=True, count=10)
>>> parse_command("count ben 7", table, WHAT_THE_RULE)
Count(player=1, cards=7)
>>> parse_command("pile empty", table, WHAT_THE_RULE)
Count(player=None, cards=0)
>>> parse_command('guess ben card.colour == "white"', table, WHAT_THE_RULE)
Guess(player=1, rule='card.colour == "white"', right=None)
>>> parse_command("guess wrong: white cards only", table, WHAT_THE_RULE)
Guess(player=None, rule='white cards only', right=False)
>>> parse_command("lead: first or card.fill != previous.fill", table, WHAT_THE_RULE)
Lead(master=None, how='rule', rule='first or card.fill != previous.fill', level='')
>>> parse_command("lead 7", table, WHAT_THE_RULE)
Lead(master=None, how='card', rule='7', level='')
"""

from __future__ import annotations

from hrdeck.referee.tables import TableGame, register_table
from hrdeck.referee.tables.what_the_rule.hearing import (
    GENERIC,
    after_round,
    counts,
    game_over,
    goal,
    machines,
    next_step,
    note,
    on_entry,
    own_rules,
    setup,
    setup_words,
    table_line,
    to_act,
    unused,
    winners,
)
from hrdeck.referee.tables.what_the_rule.talk import TALK_VERBS
from hrdeck.referee.tables.what_the_rule.verbs import VERBS, parse_bare

WHAT_THE_RULE = register_table(TableGame(
    name="what-the-rule", setup=setup, verbs=(*VERBS, *TALK_VERBS), bare=parse_bare,
    setup_words=setup_words,
    to_act=to_act, next_step=next_step, game_over=game_over, winners=winners, goal=goal,
    default_target=lambda players: players, on_entry=on_entry, after_round=after_round,
    note=note, columns=("hand",), counts=counts, table_line=table_line, generic=GENERIC,
    unused=unused, deals_rules=False, rules_deck="what-the-rule.yaml",
    takes=frozenset({"options"}), says_round_ends=True, own_rules=own_rules,
    machines=machines))
