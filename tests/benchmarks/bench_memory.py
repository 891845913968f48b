"""Benchmark: memory stays flat over a long simulation (not a test: run it by hand).

    python3 tests/benchmarks/bench_memory.py [--games 100000] [--players 4]

Prints the resident memory after a warm-up and at checkpoints, and the growth in between.
Linux only (reads /proc/self/status).
"""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path

from engine.simulate import simulate

WARM_UP = 1_000


def resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    checkpoints = {args.games * step // 10 for step in range(1, 11)}
    simulate(games=WARM_UP, players=args.players, seed=1)
    gc.collect()
    start = resident_mb()
    print(f"after {WARM_UP:,} warm-up games: {start:.1f} MB")
    started = time.perf_counter()

    def progress(done: int) -> None:
        if done in checkpoints:
            print(f"{done:>9,} games: {resident_mb():.1f} MB")

    report = simulate(games=args.games, players=args.players, seed=2, progress=progress)
    gc.collect()
    end = resident_mb()
    print(f"{report.plays:,} plays in {time.perf_counter() - started:.1f} s; "
          f"growth over {args.games:,} games: {end - start:+.1f} MB")


if __name__ == "__main__":
    main()
