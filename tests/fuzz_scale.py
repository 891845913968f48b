"""How many examples a property test tries: a few seconds' worth in CI, more in a longer run
(`HRDECK_FUZZ_SCALE=20`, as tests/benchmarks/bench_fuzz_holes.py sets it)."""

from __future__ import annotations

import os


def examples(count: int) -> int:
    """`count` examples, times the scale the environment asks for (1 when it asks nothing)."""
    try:
        scale = max(1, int(os.environ.get("HRDECK_FUZZ_SCALE", "1")))
    except ValueError:
        scale = 1
    return count * scale
