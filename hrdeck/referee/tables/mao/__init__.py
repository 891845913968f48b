"""Mao at the referee's table, played with real cards: every card typed in with what its
player said, calls judged from the journal, and nothing said that the table must find out
for itself (a card that did not fit, a phrase owed).

Setup: the card turned up to start the pile (`NewGame.first`, `--first 9h`), the dealer
(the player on their left goes first), the Maos that end the session (`--target`) and
Mao's settings (`--option calls=dictatorial --option master=Cat`, `sevens=thank you`,
`talking=penalised`, `seconds=N`). The referee deals no secret rules: a player brings one in
when they come back after a Mao, typed in private (`back ben`).

What a player said goes after a colon, phrases apart by semicolons (or each in double
quotes); a card alone is played by whoever's turn it is; `p ben 7s` names its player (any
card, in turn or not). Penalties are calls the referee judges (`call dan on cat bad card`):
a call about something that did not happen costs the caller the card. There are no
enforcements or challenges.

>>> from hrdeck.referee.commands import parse_command
>>> table = ("Ann", "Ben", "Cat", "Dan")
>>> parse_command("p 7s: seven of spades; have a nice day", table, MAO)
Play(player=None, card=Card('7s'), said=('seven of spades', 'have a nice day'))
>>> parse_command("p ben jh: clubs", table, MAO)
Play(player=1, card=Card('Jh'), said=('clubs',))
>>> parse_command("9s", table, MAO)
Play(player=None, card=Card('9s'), said=())
>>> parse_command("take: penalty card", table, MAO)
Take(player=None, said=('penalty card',))
>>> parse_command("pass cat", table, MAO)
Pass(player=2, said=())
>>> parse_command("say ann last card", table, MAO)
Say(player=0, words=('last card',))
>>> parse_command("order dan", table, MAO)
Say(player=3, words=('point of order',))
>>> parse_command("call ann on cat failure to say three of spades", table, MAO)
Call(caller=0, offender=2, reason='failure-to-say', phrase='three of spades')
>>> parse_command("call dan on cat bad-card", table, MAO)
Call(caller=3, offender=2, reason='bad-card', phrase='')
>>> parse_command("back ben", table, MAO)
Back(player=1, rule='', asked=True)
>>> parse_command("back ben no rule", table, MAO)
Back(player=1, rule='', asked=False)
"""

from __future__ import annotations

from hrdeck.referee.tables import TableGame, register_table
from hrdeck.referee.tables.mao.hearing import (
    GENERIC,
    counts,
    game_over,
    next_step,
    note,
    own_rules,
    setup,
    setup_words,
    table_line,
    to_act,
    unused,
)
from hrdeck.referee.tables.mao.verbs import VERBS, parse_bare

MAO = register_table(TableGame(
    name="mao", setup=setup, verbs=VERBS, bare=parse_bare, setup_words=setup_words,
    to_act=to_act, next_step=next_step, game_over=game_over, note=note, columns=("cards",),
    counts=counts, table_line=table_line, generic=GENERIC, unused=unused, deals_rules=False,
    rules_deck="mao.yaml",
    takes=frozenset({"first", "options"}), says_round_ends=True, own_rules=own_rules))
