"""The What the Rule?! comparison's budget, measured (issue 25, item 1): many rule pairs built
at random from the rule language's parts (tests/wtr_rule_parts.py) and the issue's hand-made
pairs, each compared with the full budget. Prints how many were the same, different and too
complex, the slowest pair's time, and the largest memory a comparison took (tracemalloc
peak, in a second pass over the ten slowest, since tracing slows the work down).

    python3 tests/benchmarks/bench_rule_budget.py            # 500 pairs
    python3 tests/benchmarks/bench_rule_budget.py 2000 7     # 2000 pairs from seed 7

The figure to reach: every pair decided or refused as too complex in at most 1 s, at most
200 MB.
"""

from __future__ import annotations

import resource
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.games.what_the_rule.equivalence import compare
from engine.games.what_the_rule.rules import Rule
from tests.test_wtr_budget import DEEP, DEEP_REORDERED, ISSUE, ISSUE_TOO, NEAR
from tests.wtr_rule_parts import rule_pair

HAND_MADE = {"issue": (ISSUE, ISSUE_TOO), "near-moduli": NEAR, "deep": (DEEP, DEEP_REORDERED)}


def outcome(first: str, second: str) -> str:
    verdict = compare(Rule.parse(first), Rule.parse(second))
    return "too complex" if verdict.too_complex else "same" if verdict.same else "different"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    pairs = {**HAND_MADE, **{f"seed {seed + n}": rule_pair(seed + n) for n in range(count)}}
    outcomes: Counter[str] = Counter()
    timed: list[tuple[float, str]] = []
    started = time.perf_counter()
    for name, (first, second) in pairs.items():
        begun = time.process_time()   # processor time: the machine's other load aside
        result = outcome(first, second)
        timed.append((time.process_time() - begun, name))
        outcomes[result] += 1
        if name in HAND_MADE:
            print(f"{name}: {result} in {timed[-1][0]:.3f} s")
    total = time.perf_counter() - started
    timed.sort(reverse=True)
    peaks: list[tuple[float, str]] = []
    for _, name in timed[:10]:
        tracemalloc.start()
        outcome(*pairs[name])
        peaks.append((tracemalloc.get_traced_memory()[1] / 1e6, name))
        tracemalloc.stop()
    worst, slowest = timed[0]
    memory, biggest = max(peaks)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{len(pairs)} pairs in {total:.1f} s: " + ", ".join(
        f"{number} {kind}" for kind, number in sorted(outcomes.items())))
    print(f"slowest pair: {worst:.3f} s of processor time "
          f"({slowest}: {' / '.join(pairs[slowest])})")
    print(f"largest memory of a comparison: {memory:.1f} MB traced ({biggest}); "
          f"the whole run's peak resident size {rss:.0f} MB")


if __name__ == "__main__":
    main()
