"""Mao at the referee's table, played with real cards: every card typed in with what its
player said, calls judged from the journal, and nothing shown to the table but what
happened there: never why, never whose turn it is (`hearing`). What the referee knows of
the rules is for the game master, in private (`master`, `knowledge`).

Setup: the card turned up to start the pile (`NewGame.first`, `--first 9h`), the dealer
(the player on their left goes first), the Maos that end the session (`--target`) and
Mao's settings (`--option calls=dictatorial --option master=Cat`, `sevens=thank you`,
`talking=penalised`, `seconds=N`). The referee deals no secret rules: a player brings one in
when they come back after a Mao, typed in private (`back ben`).

Every move names its player first (`b` for Ben will do), since nobody is told whose turn it
is; what they said follows, phrases apart by semicolons (or each in double quotes), short
forms spelled out (`shorthand`). Penalties are calls in the table's words, judged by the
referee (`call dan on cat bad card`, `call ann on cat in vain`). There are no enforcements
or challenges.

>>> from hrdeck.referee.commands import parse_command
>>> table = ("Ann", "Ben", "Cat", "Dan")
>>> parse_command("p ben 7s: seven of spades; have a nice day", table, MAO)
Play(player=1, card=Card('7s'), said=('seven of spades', 'have a nice day'))
>>> parse_command("b 7s * vnd", table, MAO)
Play(player=1, card=Card('7s'), said=('*', 'have a very nice day'))
>>> parse_command("p ben jh: clubs", table, MAO)
Play(player=1, card=Card('Jh'), said=('clubs',))
>>> parse_command("take cat 2: pc", table, MAO)
Take(player=2, cards=2, said=('penalty card',))
>>> parse_command("pass c", table, MAO)
Pass(player=2, said=())
>>> parse_command("cat passes", table, MAO)
Pass(player=2, said=())
>>> parse_command("c takes 2: pc", table, MAO)
Take(player=2, cards=2, said=('penalty card',))
>>> parse_command("ann says lc", table, MAO)
Say(player=0, words=('last card',))
>>> parse_command("say ann lc", table, MAO)
Say(player=0, words=('last card',))
>>> parse_command("order dan", table, MAO)
Say(player=3, words=('point of order',))
>>> parse_command("call ann on cat failure to say three of spades", table, MAO)
Call(caller=0, offender=2, reason='failure-to-say', phrase='three of spades')
>>> parse_command("call a on c taking the name of the great Chinese leader in vain", table, MAO)
Call(caller=0, offender=2, reason='saying-mao', phrase='')
>>> parse_command("call dan on cat bad-card", table, MAO)
Call(caller=3, offender=2, reason='bad-card', phrase='')
>>> parse_command("call cat on dan bad call", table, MAO)
Call(caller=2, offender=3, reason='bad-call', phrase='')
>>> parse_command("back ben", table, MAO)
Back(player=1, rule='', asked=True)
>>> parse_command("back ben no rule", table, MAO)
Back(player=1, rule='', asked=False)
>>> parse_command("master", table, MAO)
Master(player=None)
"""

from __future__ import annotations

from hrdeck.referee.tables import TableGame, register_table
from hrdeck.referee.tables.mao.hearing import (
    GENERIC,
    HELP_NOTE,
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
    takes=frozenset({"first", "options"}), says_round_ends=True, own_rules=own_rules,
    help_note=HELP_NOTE))
