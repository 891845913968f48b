"""Benchmark of the batched simulator on one core (not a test: run it by hand).

    python3 tests/benchmarks/bench_batched.py [decks/base.yaml] [--games 2000] [--repeat 5]

For each player count the deck is checked at, plays a batch of games with every simulated
trigger of the deck tested on every play and the checker's figures gathered (what one of
the checker's workers does), and prints plays per second: the median of the repeats, and
each run. The per-play engine on the same work is the yardstick (one run, it is slow).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from engine.games.registry import find_game
from engine.observe import observe, prepare
from engine.observe_batched import observe_batched
from generator.check.static import check_triggers
from generator.deck import load_deck


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("deck", nargs="?", default="decks/base.yaml")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    deck = load_deck(Path(args.deck))
    assert deck.info is not None, "the deck does not load"
    game = find_game(deck.info.base_game)
    triggers = [t.parsed for t in check_triggers(deck, game) if t.simulated and t.parsed]
    counts = [int(part) for part in args.players.split(",")]
    observe_batched(triggers, game.schema, players=counts[0], games=50, seed=0)  # warm up
    rates = []
    for repeat in range(args.repeat):
        started, plays = time.perf_counter(), 0
        for players in counts:
            plays += observe_batched(triggers, game.schema, players=players, games=args.games,
                                     seed=repeat, pairs=True).plays
        rates.append(plays / (time.perf_counter() - started))
    print(f"batched, {len(triggers)} triggers, {args.games:,} games x {counts} players, "
          f"one core: median {statistics.median(rates):,.0f} plays/s "
          f"(runs: {', '.join(f'{rate:,.0f}' for rate in rates)})")
    prepare(triggers, game.schema)
    started, plays = time.perf_counter(), 0
    for players in counts:
        plays += observe(triggers, game.schema, players=players, games=args.games,
                         seed=0, pairs=True).plays
    print(f"per-play engine, the same work: {plays / (time.perf_counter() - started):,.0f} "
          "plays/s")


if __name__ == "__main__":
    main()
