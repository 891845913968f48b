"""Benchmark of the checker (not a test: run it by hand).

    python3 tests/benchmarks/bench_check.py [decks/base.yaml] [--games 2000] [--repeat 3]

1. Simulation in ONE process with every simulated trigger of the deck tested on every play,
   against the bare game (random and greedy policies) as the yardstick.
2. `hrdeck check DECK` end to end, as a user runs it (a fresh process each time).
The machine's speed drifts from run to run, so each figure is the median of the repeats.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from engine.games.registry import find_game
from engine.observe import observe, prepare
from engine.simulate import simulate
from generator.check.static import check_triggers
from generator.deck import load_deck


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("deck", nargs="?", default="decks/base.yaml")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    deck = load_deck(Path(args.deck))
    assert deck.info is not None, "the deck does not load"
    game = find_game(deck.info.base_game)
    triggers = [t.parsed for t in check_triggers(deck, game) if t.simulated and t.parsed]
    prepare(triggers, game.schema)
    figures: dict[str, list[float]] = {"bare random": [], "bare greedy": [],
                                       f"{len(triggers)} triggers, greedy": []}
    for repeat in range(args.repeat):
        for policy in ("random", "greedy"):
            report = simulate(games=args.games, players=args.players, seed=repeat, policy=policy)
            figures[f"bare {policy}"].append(report.plays_per_second)
        started = time.perf_counter()
        result = observe(triggers, game.schema, players=args.players, games=args.games,
                         seed=repeat)
        figures[f"{len(triggers)} triggers, greedy"].append(
            result.plays / (time.perf_counter() - started))
    print(f"one process, {args.games:,} games x {args.repeat}, {args.players} players:")
    for name, rates in figures.items():
        print(f"  {name:<22} median {statistics.median(rates):>9,.0f} plays/s  "
              f"(runs: {', '.join(f'{rate:,.0f}' for rate in rates)})")
    walls = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "hrdeck", "check", args.deck, "--no-chart"],
                       check=False, capture_output=True)
        walls.append(time.perf_counter() - started)
    print(f"hrdeck check {args.deck}: median {statistics.median(walls):.2f} s wall "
          f"(runs: {', '.join(f'{wall:.2f}' for wall in walls)})")


if __name__ == "__main__":
    main()
