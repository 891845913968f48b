"""Up 'N Over for the checker: every game of a batch played at once, as numpy arrays.

The same game as `trick_game` with its bots (`policies`), move for move: the deal from the
top starting on the dealer's left, hands kept in the order their cards came, the greedy
bot's choice with its tie-breaks, refills one card a round from the taker clockwise, taken
tricks shuffled under what is left of the deck, a card drawn by a player whose hand is
empty when their turn comes, the game won at the end of a round by one leader at the
target. Only the dice differ: numpy's generator shuffles and chooses, so a batch's games
are other games than the per-play engine's, drawn from the same game. The per-play engine
stays the reference; `tests/test_batched_simulation.py` compares the two.

Each step, every game still going first turns up a card if its trick is closed, then makes
one play; the plays are recorded as columns of what a trigger reads (`engine.language.arrays`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from engine.cards import STANDARD_DECK, Rank
from engine.games.base import PlayColumns
from engine.games.upnover.trick_game import FULL_HAND, TARGET_SUM, VALUE_BY_RANK
from engine.games.upnover.view import (
    ACE_HIGH_VIEWS,
    ACE_LOW_VIEWS,
    LOWEST_SUM,
    SIMULATED_PATHS,
)
from engine.rules_layer import DEFAULT_TARGET

_CARDS = len(STANDARD_DECK)
_VALUES = np.array([VALUE_BY_RANK[card.rank] for card in STANDARD_DECK], dtype=np.int64)
_IS_ACE = np.array([card.rank is Rank.ACE for card in STANDARD_DECK])
_LOW_VIEW = np.array([view.id for view in ACE_LOW_VIEWS], dtype=np.int16)
_HIGH_VIEW = np.array([view.id for view in ACE_HIGH_VIEWS], dtype=np.int16)
_NONE = 1 << 20  # a key no real sum reaches, for cards a choice passes over

_PLAYER_PARTS = ("score", "tricks", "hand_size", "seat", "is_dealer")

Choice = tuple[Any, Any]  # (slot in the hand, value counted) for each game


def play_batch(players: int, games: int, *, seed: int, policy: str, turn_limit: int,
               needs: frozenset[str], hand_size: int = FULL_HAND, dealer: int = 0,
               target: int = DEFAULT_TARGET) -> PlayColumns:
    """Play `games` games of `players` seats with the bots' `policy`, recording on every play
    the columns `needs` names (paths of `SIMULATED_PATHS`). The same seed plays the same games."""
    unknown = needs - SIMULATED_PATHS
    if unknown or policy not in _CHOOSERS:
        raise ValueError(f"cannot record {sorted(unknown)} or play {policy!r} in a batch")
    table = _Tables(players, games, np.random.default_rng(seed), hand_size, dealer, target)
    choose = _CHOOSERS[policy]
    recorder = _Recorder(table, needs)
    active = np.arange(games)
    step = 0
    while active.size:
        closed = active[table.closed[active]]
        if closed.size:
            table.turn_up(closed)
            active = active[~table.over[active]]
        if step >= turn_limit:  # a game makes one play a step: none can be at it before
            limited = table.plays[active] >= turn_limit
            table.over[active[limited]] = True
            active = active[~limited]
        if active.size:
            recorder.record(active, *table.play(active, choose))
        step += 1
    return recorder.columns(table.plays)


class _Tables:
    """The state of every game of a batch, one row per game."""

    def __init__(self, players: int, games: int, rng: Any, hand_size: int, dealer: int,
                 target: int) -> None:
        self.players, self.size, self.rng = players, hand_size, rng
        self.dealer, self.target = dealer, target
        rows = np.arange(games)
        self.deck = np.argsort(rng.random((games, _CARDS)), axis=1).astype(np.int16)
        self.deck_len = np.full(games, _CARDS, dtype=np.int64)
        self.hands = np.full((games, players, hand_size), -1, dtype=np.int16)
        for dealt in range(players * hand_size):  # one at a time from the top
            seat = (dealer + 1 + dealt % players) % players
            self.hands[rows, seat, dealt // players] = self.deck[rows, _CARDS - 1 - dealt]
        self.deck_len -= players * hand_size
        self.hand_len = np.full((games, players), hand_size, dtype=np.int64)
        self.in_piles = np.zeros((games, _CARDS), dtype=bool)  # taken, to shuffle back in
        self.trick = np.zeros((games, _CARDS), dtype=np.int16)  # card indexes, in order
        self.trick_views = np.zeros((games, _CARDS), dtype=np.int16)
        self.trick_len = np.zeros(games, dtype=np.int64)
        self.total = np.zeros(games, dtype=np.int64)
        self.turn = np.full(games, dealer, dtype=np.int64)
        self.closed = np.ones(games, dtype=bool)  # the next move turns up a card
        self.tricks = np.zeros((games, players), dtype=np.int64)
        self.rounds = np.zeros(games, dtype=np.int64)
        self.plays = np.zeros(games, dtype=np.int64)
        self.over = np.zeros(games, dtype=bool)
        places = np.arange(hand_size)
        self._closing_up = np.minimum(places[None, :] + (places[None, :] >= places[:, None]),
                                      hand_size - 1)  # [slot]: the hand's order without it

    # -- turning up ------------------------------------------------------------------------

    def turn_up(self, games: Any) -> None:
        """Gather the won tricks (ending those games that now have a winner), then open a
        trick in the others with the top card."""
        won = games[self.trick_len[games] > 0]
        if won.size:
            self._gather(won)
            games = games[~self.over[games]]
        if not games.size:
            return
        self._reshuffle(games[self.deck_len[games] == 0])
        card = self._pop(games)
        self.trick[games, 0] = card
        self.trick_views[games, 0] = _LOW_VIEW[card]  # a turned ace counts 1
        self.trick_len[games] = 1
        self.total[games] = _VALUES[card]
        self.closed[games] = False
        self._pass_turn(games, (self.turn[games] + 1) % self.players)

    def _gather(self, games: Any) -> None:
        held = self.trick_len[games]
        rows, places = np.nonzero(np.arange(int(held.max())) < held[:, None])
        self.in_piles[games[rows], self.trick[games[rows], places]] = True
        self.trick_len[games] = 0
        self.total[games] = 0
        need = np.maximum(self.size - self.hand_len[games], 0)  # a grown hand lends none
        short = need.sum(axis=1) > self.deck_len[games]
        self._reshuffle(games[short])
        self._refill(games, need)
        self.rounds[games] += 1
        tricks = self.tricks[games]
        best = tricks.max(axis=1)
        alone = (tricks == best[:, None]).sum(axis=1) == 1
        self.over[games[(best >= self.target) & alone]] = True

    def _refill(self, games: Any, need: Any) -> None:
        """Deal one card a round to each hand short of full, from the taker clockwise."""
        players, size = self.players, self.size
        order = (self.turn[games][:, None] + np.arange(players)) % players  # taker first
        short = np.take_along_axis(need, order, axis=1)
        deals = (short[:, None, :] > np.arange(size)[None, :, None]).reshape(len(games), -1)
        number = np.cumsum(deals, axis=1) - 1              # the how-many-th card off the deck
        row, place = np.nonzero(deals & (number < self.deck_len[games][:, None]))
        game = games[row]
        seat = order[row, place % players]
        card = self.deck[game, self.deck_len[game] - 1 - number[row, place]]
        self.hands[game, seat, self.hand_len[game, seat] + place // players] = card
        np.add.at(self.hand_len, (game, seat), 1)
        self.deck_len[games] -= np.bincount(row, minlength=len(games))

    def _reshuffle(self, games: Any) -> None:
        """The taken tricks, shuffled, go under the cards left in the deck."""
        if not games.size:
            return
        piles = self.in_piles[games]
        keys = self.rng.random((len(games), _CARDS))
        keys[~piles] = 2.0                                # not in a pile: sorted last
        shuffled = np.argsort(keys, axis=1).astype(np.int16)
        count = piles.sum(axis=1)
        place = np.arange(_CARDS)[None, :]
        left = np.take_along_axis(self.deck[games], np.clip(place - count[:, None], 0,
                                                            _CARDS - 1), axis=1)
        self.deck[games] = np.where(place < count[:, None], shuffled, left)
        self.deck_len[games] += count
        self.in_piles[games] = False

    def _pop(self, games: Any) -> Any:
        self.deck_len[games] -= 1
        return self.deck[games, self.deck_len[games]]

    def _pass_turn(self, games: Any, seats: Any) -> None:
        """The turn goes to `seats`; an empty hand draws a card to play."""
        self.turn[games] = seats
        empty = self.hand_len[games, seats] == 0
        if empty.any():
            games, seats = games[empty], seats[empty]
            self._reshuffle(games[self.deck_len[games] == 0])
            self.hands[games, seats, 0] = self._pop(games)
            self.hand_len[games, seats] = 1

    # -- playing ---------------------------------------------------------------------------

    def play(self, games: Any, choose: Callable[..., Choice]) -> tuple[Any, Any, Any]:
        """The player to act in each game plays the card `choose` picks; returns the seats
        that played, the views of their cards and the sums before."""
        seats = self.turn[games]
        hands = self.hands[games, seats]
        slot, value = choose(hands, self.hand_len[games, seats], self.total[games], self.rng)
        rows = np.arange(len(games))
        card = hands[rows, slot]
        hands = hands[rows[:, None], self._closing_up[slot]]  # the cards after it move up
        hands[:, -1] = -1
        self.hands[games, seats] = hands
        self.hand_len[games, seats] -= 1
        view = np.where(value == 11, _HIGH_VIEW[card], _LOW_VIEW[card])
        place = self.trick_len[games]
        self.trick[games, place] = card
        self.trick_views[games, place] = view
        self.trick_len[games] += 1
        before = self.total[games]
        total = self.total[games] = before + value
        self.plays[games] += 1
        taken = total >= TARGET_SUM
        going = ~taken
        self._pass_turn(games[going], (seats[going] + 1) % self.players)
        if taken.any():
            won = games[taken]
            player = seats[taken]
            taker = np.where(total[taken] > TARGET_SUM, (player - 1) % self.players, player)
            self.tricks[won, taker] += 1
            self.turn[won] = taker
            self.closed[won] = True
        return seats, view, before


def _greedy_tables() -> tuple[Any, Any]:
    """`policies.greedy_policy` as two tables by (sum before the play, card; the last column
    for an empty slot): a rank (lower is better: exactly 21, then the lowest sum under 21,
    then the highest card to shed) and the value the card is played at."""
    totals = range(LOWEST_SUM, TARGET_SUM)
    rank = np.full((len(totals), _CARDS + 1), 3 * _NONE, dtype=np.int64)
    played = np.zeros((len(totals), _CARDS + 1), dtype=np.int64)
    for row, total in enumerate(totals):
        for card in range(_CARDS):
            value, ace = int(_VALUES[card]), bool(_IS_ACE[card])
            if ace and total + 11 == TARGET_SUM:
                rank[row, card], played[row, card] = 0, 11
            elif total + value == TARGET_SUM:
                rank[row, card], played[row, card] = 0, value
            elif total + value < TARGET_SUM:
                rank[row, card], played[row, card] = _NONE + total + value, value
            else:
                shed = total + 11 if ace else total + value
                rank[row, card], played[row, card] = 2 * _NONE - shed, 11 if ace else value
    return rank, played


_GREEDY_RANK, _GREEDY_VALUE = _greedy_tables()


def _greedy(hands: Any, held: Any, total: Any, rng: Any) -> Choice:
    """`policies.greedy_policy` for every game: exactly 21 if a card makes it, else the
    lowest sum under 21, else shed the highest card (an ace as 11); ties go to the card
    held longest (the first in the hand)."""
    row = total - LOWEST_SUM
    slot = (_GREEDY_RANK[row[:, None], hands] * 8 + np.arange(hands.shape[1])).argmin(axis=1)
    card = hands[np.arange(len(hands)), slot]
    return slot, _GREEDY_VALUE[row, card]


def _random(hands: Any, held: Any, total: Any, rng: Any) -> Choice:
    """`policies.random_policy` for every game: any card, an ace 1 or 11 at even odds."""
    slot = (rng.random(len(held)) * held).astype(np.int64)
    card = hands[np.arange(len(hands)), slot]
    eleven = _IS_ACE[card] & (rng.random(len(held)) < 0.5)
    return slot, np.where(eleven, 11, _VALUES[card])


_CHOOSERS: dict[str, Callable[..., Choice]] = {"greedy": _greedy, "random": _random}


class _Recorder:
    """The columns of every play, kept step by step and joined at the end."""

    def __init__(self, table: _Tables, needs: frozenset[str]) -> None:
        self._table = table
        self._steps: list[dict[str, Any]] = []
        self._parts = [(path, who, part) for who in ("player", "next_player")
                       for part in _PLAYER_PARTS for path in [f"{who}.{part}"] if path in needs]
        self._fields = [name for name in ("previous", "lead", "total", "total_before",
                                          "trick_size", "deck_size", "round", "trick")
                        if name in needs]

    def record(self, games: Any, seats: Any, view: Any, before: Any) -> None:
        table = self._table
        place = table.trick_len[games] - 1
        step: dict[str, Any] = {"game": games, "seat": seats, "card": view}
        for name in self._fields:
            if name == "previous":
                step[name] = table.trick_views[games, place - 1]
            elif name == "lead":
                step[name] = table.trick_views[games, 0]
            elif name == "total":
                step[name] = table.total[games]
            elif name == "total_before":
                step[name] = before
            elif name == "trick_size":
                step[name] = place + 1
            elif name == "deck_size":
                step[name] = table.deck_len[games]
            elif name == "round":
                step[name] = table.rounds[games] + 1
            else:  # the trick so far; cards past its end read as no card
                trick = table.trick_views[games, :int(place.max()) + 1]
                trick[np.arange(trick.shape[1])[None, :] > place[:, None]] = -1
                step[name] = trick
        next_seats = (seats + 1) % table.players
        for path, who, part in self._parts:
            seat = seats if who == "player" else next_seats
            if part in ("score", "tricks"):  # a bots' game scores a point a trick, no more
                step[path] = table.tricks[games, seat]
            elif part == "hand_size":
                step[path] = table.hand_len[games, seat]
            else:
                step[path] = seat if part == "seat" else seat == table.dealer
        self._steps.append(step)

    def columns(self, plays_per_game: Any) -> PlayColumns:
        steps = self._steps
        joined: dict[str, Any] = {}
        for name in steps[0] if steps else ():
            if name == "trick":
                joined[name] = _rows_joined([step[name] for step in steps])
            else:
                joined[name] = np.concatenate([step[name] for step in steps])
        game = joined.pop("game", np.zeros(0, dtype=np.int64))
        seat = joined.pop("seat", np.zeros(0, dtype=np.int64))
        return PlayColumns(players=self._table.players, plays_per_game=plays_per_game,
                           game=game, seat=seat, fields=joined)


def _rows_joined(parts: list[Any]) -> Any:
    """Rows of different widths, one under the other, the short ones padded with -1."""
    joined = np.full((sum(len(part) for part in parts), max(part.shape[1] for part in parts)),
                     -1, dtype=np.int16)
    start = 0
    for part in parts:
        joined[start:start + len(part), :part.shape[1]] = part
        start += len(part)
    return joined
