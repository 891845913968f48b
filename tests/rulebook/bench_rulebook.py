"""How long the rulebook takes for a 45 + 45 card deck. Not a timed test: it prints figures.

    python3 tests/rulebook/bench_rulebook.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from generator.deck import load_deck  # noqa: E402
from generator.rulebook import write_rulebook  # noqa: E402
from tests.rulebook.decks import big_deck_yaml  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cards", type=int, default=45, help="triggers, and as many actions")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.yaml"
        path.write_text(big_deck_yaml(args.cards), encoding="utf-8")
        deck = load_deck(path)
        assert not deck.issues, deck.issues
        write_rulebook(Path(folder) / "warm.pdf", deck)  # fonts, templates, imports
        times, cpu = [], []
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            summary = write_rulebook(Path(folder) / "rulebook.pdf", deck)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    print(f"rulebook for {args.cards} + {args.cards} cards: {summary.pages} pages, "
          f"{summary.file_bytes / 1024:.0f} KiB; median {statistics.median(times):.3f} s, "
          f"best {min(times):.3f} s, worst {max(times):.3f} s over {args.repeat} runs "
          f"(CPU time: median {statistics.median(cpu):.3f} s)")


if __name__ == "__main__":
    main()
