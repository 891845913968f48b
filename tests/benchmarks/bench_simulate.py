"""Benchmark of the bare Up 'N Over simulation (not a test: run it by hand).

    python3 tests/benchmarks/bench_simulate.py [--games 20000] [--players 4] [--repeat 5]

Prints plays per second for each repeat and the median. The machine's speed varies from run
to run, so compare medians of several repeats, never a single figure.
"""

from __future__ import annotations

import argparse
import statistics

from engine.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rates = []
    for repeat in range(args.repeat):
        report = simulate(games=args.games, players=args.players, seed=repeat, policy=args.policy)
        rates.append(report.plays_per_second)
        print(f"run {repeat + 1}: {report.plays:,} plays in {report.seconds:.2f} s = "
              f"{report.plays_per_second:,.0f} plays/s")
    print(f"median {statistics.median(rates):,.0f} plays/s, best {max(rates):,.0f} plays/s "
          f"({args.games:,} games x {args.repeat}, {args.players} players, {args.policy})")


if __name__ == "__main__":
    main()
