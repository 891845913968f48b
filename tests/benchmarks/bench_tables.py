"""Benchmark of the virtual-table exports (not a test: run it by hand, or under farm-bench).

    python3 tests/benchmarks/bench_tables.py [--deck decks/what-the-rule.yaml]
                                             [--target tts|vtt] [--out FOLDER]

Loads the deck, then writes one export, and prints how long each step took and how many
cards a second that makes. The issue's figure: What the Rule?!'s `tts` export within 2 s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

# Time the tree this file is in, not the copy of hrdeck that happens to be installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default="decks/what-the-rule.yaml")
    parser.add_argument("--target", choices=("tts", "vtt"), default="tts")
    parser.add_argument("--out", type=Path, default=None)
    options = parser.parse_args()
    started = time.perf_counter()
    from engine.games import load_part
    from generator.deck import load_deck
    from generator.pipeline.faces import faces_for

    loaded = load_deck(Path(options.deck))
    if loaded.info is None:
        raise SystemExit(f"{options.deck} cannot be read")
    load_part(loaded.info.base_game, "printing")
    fronts, backs = faces_for(loaded)
    from generator.printing.tts import write_tts
    from generator.printing.vtt import write_vtt

    writer = write_tts if options.target == "tts" else write_vtt
    loaded_at = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        folder = (options.out or Path(scratch)) / f"{loaded.deck_id}-{options.target}"
        summary = writer(folder, fronts, backs, ident=loaded.deck_id,
                         deck_name=loaded.info.name, size=loaded.info.card_size)
    done = time.perf_counter()
    print(f"{options.target}: {summary.cards} cards, {summary.images} pictures, "
          f"{len(summary.files)} files, {summary.file_bytes / 1e6:.1f} MB; "
          f"loading {loaded_at - started:.2f} s, writing {done - loaded_at:.2f} s "
          f"({summary.cards / (done - loaded_at):.0f} cards/s)")


if __name__ == "__main__":
    main()
