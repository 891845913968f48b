"""Benchmark of `hrdeck preview --watch` (not a test: run it by hand).

    python3 tests/benchmarks/bench_preview.py [--deck decks/base.yaml] [--edits 10]

Copies the deck into a temporary folder with a layout file beside it (the classic look with
one change), previews every card once, then edits one card's text `--edits` times and times
each watching run: from the change noticed (`Previewer.poll`) to the last PNG written. The
figure to reach: 0.3 s or less. Prints each run and the median; the cold start of the whole
command is `farm-bench -- python3 -m hrdeck preview decks/base.yaml --card ID`.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

# Time the tree this file is in, not the copy of hrdeck that happens to be installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

LAYOUT = "labels:\n  triggers: OMEN\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deck", type=Path, default=Path("decks/base.yaml"))
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--hints", action="store_true", help="keep the proof sheet too")
    args = parser.parse_args()
    from generator.preview.session import Previewer, PreviewOptions

    with tempfile.TemporaryDirectory() as folder:
        deck = Path(folder) / args.deck.name
        text = re.sub(r"^deck:\n", "deck:\n  layout: layout.yaml\n",
                      args.deck.read_text(encoding="utf-8"), count=1, flags=re.MULTILINE)
        deck.write_text(text, encoding="utf-8")
        (Path(folder) / "layout.yaml").write_text(LAYOUT, encoding="utf-8")
        first = re.search(r"^ +text: \"?(\w[^\"\n]{8,}?)[.…\"]*$", text, flags=re.MULTILINE)
        assert first is not None, "the deck needs a card with a text"
        previewer = Previewer(deck, PreviewOptions(out=Path(folder) / "out", hints=args.hints))
        cold = previewer.run(everything=True)
        print(f"first run: {cold.sides} sides in {cold.seconds:.3f} s")
        seconds = []
        for edit in range(1, args.edits + 1):
            changed = text.replace(first[1], first[1] + "!" * edit, 1)
            deck.write_text(changed, encoding="utf-8")
            run = previewer.poll()
            assert run is not None and len(run.redrawn) == 1, run and run.redrawn
            seconds.append(run.card_seconds)
            print(f"edit {edit}: {', '.join(run.redrawn)} drawn again in {run.card_seconds:.3f} s"
                  + (f", the proof sheet too in {run.seconds:.3f} s" if args.hints else ""))
        print(f"median from the change noticed to the PNG written: "
              f"{statistics.median(seconds):.3f} s (target 0.3 s)")


if __name__ == "__main__":
    main()
