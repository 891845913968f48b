"""Benchmark of the referee as What the Rule?!'s game master (not a test: run it by hand).

    python3 tests/benchmarks/bench_wtr_referee.py [--games 5] [--players 4] [--seed 1] [--dir D]

Plays seeded games at a real table through the real command language and store: each round
led with a rule card of decks/what-the-rule.yaml (by its number), cards typed from a
shuffled pack (so no design is typed more than twice in a round), a hand shown now and then,
and after a card that fits a guess from the bots' pool, or one time in twenty the secret
rule written another way (`not (not (RULE))`: right, and the slowest to judge, every
situation explored). Each figure is the time from a typed line to its outcome (parse,
apply, judge, commit to SQLite with synchronous=FULL, announce): the master's response the
issue asks to keep under 50 ms (median). Guesses are judged with the equivalence cache
emptied first, so none is answered from memory; "right" are the right ones. "board" is
drawing the scoreboard the keyboard shows after each line, timed apart.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import tempfile
import time
from pathlib import Path

from rich.console import Console

from engine.games.what_the_rule.game import WhatTheRuleGame, judge_guess
from engine.games.what_the_rule.pool import POOL
from engine.games.what_the_rule.shapes import DECK
from hrdeck.referee.rule_deck import RuleDeck, load_rule_deck
from hrdeck.referee.screen import render_board
from hrdeck.referee.session import Session
from hrdeck.referee.store import Store
from hrdeck.referee.tables import NewGame

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")
KINDS = ("card", "show", "guess", "right", "lead", "board")


class Bench:
    def __init__(self, store: Store, deck: RuleDeck, players: int, seed: int) -> None:
        self.session = Session.create(store, NewGame(
            players=NAMES[:players], game="what-the-rule", seed=seed, target=players,
            deck=deck), name=f"bench-{seed}")
        self.deck = deck
        self.rng = random.Random(seed)
        self.times: dict[str, list[float]] = {kind: [] for kind in KINDS}
        self.pack: list[str] = []
        self.console = Console(file=io.StringIO(), width=100)

    @property
    def game(self) -> WhatTheRuleGame:
        game = self.session.game
        assert isinstance(game, WhatTheRuleGame)
        return game

    def run(self, kind: str, line: str) -> None:
        if kind in ("guess", "right"):
            judge_guess.cache_clear()
        started = time.perf_counter()
        outcome = self.session.execute(self.session.parse(line))
        self.times[kind].append(time.perf_counter() - started)
        assert outcome.error is None, (line, outcome.error)
        started = time.perf_counter()  # what the keyboard shows next: the board, drawn
        self.console.print(render_board(self.session.board()))
        self.times["board"].append(time.perf_counter() - started)

    def next_card(self) -> str:
        """A card nobody has typed yet this round (the pack holds exactly those)."""
        return self.pack.pop()

    def play(self) -> None:
        rng = self.rng
        while not self.game.over:
            round_ = self.game.under_way
            if round_ is None:
                card = rng.choice(self.deck.masters)
                self.pack = [design.code for design in DECK]
                rng.shuffle(self.pack)
                self.run("lead", f"lead {card.number}")
                continue
            if round_.guesser is not None:
                assert round_.rule is not None
                if rng.random() < 0.05:
                    self.run("right", f"guess not (not ({round_.rule.source}))")
                else:
                    self.run("guess", f"guess {rng.choice(POOL)}")
                continue
            hand = round_.hands[round_.turn]
            known = [card.code for card in hand if card.code != "?"]
            unseen = len(hand) - len(known)
            if rng.random() < 0.08:  # the whole hand: the cards known, and the others typed
                typed = known + [self.next_card() for _ in range(unseen)]
                self.run("show", "show " + " ".join(typed))
                continue
            if not unseen or (known and rng.random() < 0.5):
                self.run("card", rng.choice(known))
            else:
                self.run("card", self.next_card())


def figures(times: list[float]) -> str:
    if not times:
        return "none"
    ms = sorted(time * 1000 for time in times)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    return (f"{len(ms):5d} lines · median {statistics.median(ms):6.2f} ms · 90% "
            f"{p90:6.2f} ms · worst {ms[-1]:7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, default=None,
                        help="Where the database goes (default: a temporary folder; give "
                             "one on the disk a table would use, as fsync costs differ).")
    options = parser.parse_args()
    deck = load_rule_deck(ROOT / "decks" / "what-the-rule.yaml")
    totals: dict[str, list[float]] = {kind: [] for kind in KINDS}
    with tempfile.TemporaryDirectory(dir=options.dir) as folder:
        store = Store(Path(folder) / "bench.sqlite3")
        for game in range(options.games):
            bench = Bench(store, deck, options.players, options.seed + game)
            bench.play()
            for kind in KINDS:
                totals[kind] += bench.times[kind]
            print(f"game {game + 1}: {len(bench.session.journal.entries)} entries, "
                  f"{len(bench.game.results)} rounds")
    for kind in KINDS:
        print(f"{kind:>5}: {figures(totals[kind])}")
    every = [time for kind in ("card", "show", "guess", "right") for time in totals[kind]]
    print(f"  all: {figures(every)}  (cards, hands and guesses; the board not counted)")


if __name__ == "__main__":
    main()
