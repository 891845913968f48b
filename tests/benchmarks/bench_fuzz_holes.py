"""A longer run of the property tests grown for issue 25: every card kind with every printed
field and picture, the build's own names as links, files and folders, and Mao rule pairs whose
contradiction is known. In CI each runs a few seconds; here twenty times as many examples.

    python3 tests/benchmarks/bench_fuzz_holes.py [scale]

Prints each test's time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = {
    "tests/test_printable_kinds.py": "every_printed_field or every_picture",
    "tests/test_build_links.py": "whatever_stands",
    "tests/test_rules_contradict.py": "known_contradiction or too_large",
}


def main() -> None:
    scale = sys.argv[1] if len(sys.argv) > 1 else "20"
    env = {**os.environ, "HRDECK_FUZZ_SCALE": scale, "PYTHONPATH": str(ROOT)}
    for path, chosen in TESTS.items():
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               path, "-k", chosen], cwd=ROOT, env=env, capture_output=True,
                              text=True)
        verdict = "passed" if done.returncode == 0 else "FAILED\n" + done.stdout[-3000:]
        print(f"{path} ({chosen}) ×{scale}: {time.perf_counter() - started:.1f} s, {verdict}")


if __name__ == "__main__":
    main()
