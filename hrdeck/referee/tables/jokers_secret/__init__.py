"""Joker's Secret at the referee's table, played with real cards: plays typed in by card
(`p 7h 7d`, or `7h 7d` alone), the pile picked up (`pick up`), face-down cards flipped with
what turned up (`flip 2 7h`), jokers with their peek and swap (`joker rj peek 2 swap 7h`),
swaps before play (`swap ann 7h kd`); burns, resets, skips and pick-ups announced; each
player's rows counted on the board.

Setup: the plain game, unless `--deck` names a deck of secret rules (then Hidden Rules on
top: a burn scores a point and ends a round). The face-up rows come with the new game
(`NewGame.face_up`); without them the referee learns each face-up card as it is swapped or
played. Who starts: the table knows who holds the 3 of clubs and the referee does not, so
before play it asks, card by card, and the table answers with a name alone (`ben`) or
`nobody`, unless the face-up rows already show who must start.

A joker's swap names the hand card that goes face down: the referee checks it, and never
shows it again (not in the acknowledgement, the history or the board).

>>> from hrdeck.referee.commands import parse_command
>>> table = ("Ann", "Ben")
>>> parse_command("p ann 7h 7d", table, JOKERS_SECRET)
Play(player=0, cards=(Card('7h'), Card('7d')))
>>> parse_command("flip 2 7h", table, JOKERS_SECRET)
Flip(player=None, place=2, card=Card('7h'))
>>> parse_command("joker rj peek 3 swap kd", table, JOKERS_SECRET)
Joker(player=None, joker=Card('RJ'), peek=3, swap=Card('Kd'), swap_asked=False)
>>> parse_command("pick up ben", table, JOKERS_SECRET)
PickUp(player=1, bare=False)
>>> parse_command("ben", table, JOKERS_SECRET), parse_command("nobody", table, JOKERS_SECRET)
(Holder(player=1), Holder(player=None))
"""

from __future__ import annotations

from engine.rules_layer import DEFAULT_TARGET
from hrdeck.referee.tables import TableGame, register_table
from hrdeck.referee.tables.jokers_secret.hearing import (
    after_points,
    after_round,
    ask,
    counts,
    game_over,
    next_step,
    note,
    on_entry,
    ready,
    setup,
    setup_words,
    table_line,
    to_act,
    unscored,
    unused,
)
from hrdeck.referee.tables.jokers_secret.verbs import VERBS, parse_bare

JOKERS_SECRET = register_table(TableGame(
    name="jokers-secret", setup=setup, verbs=VERBS, bare=parse_bare, setup_words=setup_words,
    to_act=to_act, next_step=next_step, ready=ready, on_entry=on_entry,
    after_points=after_points, after_round=after_round, note=note,
    columns=("hand", "face-up", "face-down"), counts=counts, table_line=table_line,
    game_over=game_over, rules_optional=True, unscored=unscored, ask=ask, unused=unused,
    goal=lambda target: f"first to {target} or first out of cards",
    default_target=lambda players: DEFAULT_TARGET))  # the rulebook's (`Rules.target`)
