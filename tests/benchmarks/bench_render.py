"""Benchmark of the print engine (not a test: run it by hand).

    python3 tests/benchmarks/bench_render.py [--cards 1000] [--repeat 5] [--pngs 100]
                                             [--no-accel]

Generates a deck of random trigger and action cards (suits, titles, long and short texts),
drawn through a built-in look as shipped decks are (`--look`, Hidden Rules' by default;
`--look none` for the face designs a game without a look prints in), then times the
print-and-play sheets (the figure to watch: cards per second, target 1,000 or more), the
shop PDF, and shop PNGs on a smaller deck. Prints each run and the medians; the
machine's speed varies between runs, so compare medians of several repeats.

reportlab formats numbers and escapes strings in C when the `rl_accel` package is installed,
in pure Python otherwise; the first line printed says which. `--no-accel` hides the package
for this run, to measure the fallback.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

# Time the tree this file is in, not the copy of hrdeck that happens to be installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
# Only the card classes: the writers import reportlab, which must wait for `--no-accel`.
from generator.printing.faces import CardBack, CardFace

VOCABULARY = ("when a card is played on the trick total player says name colour before after "
              "sum announced king queen jack ace skip reverse draw two points ♥ ♦ ♠ ♣ every "
              "odd even prime exactly twenty-one over under left right")
KINDS = {"trigger": "#1f6feb", "action": "#c2410c"}


def make_deck(count: int, seed: int = 1, look: str = "hidden-rules"
              ) -> tuple[list[CardFace], list[CardBack]]:
    rng = random.Random(seed)
    drawer = None
    if look != "none":
        from generator.layout.compose import LookDrawer
        from generator.layout.load import LOOKS_DIR, load_look

        loaded, issues = load_look(None, LOOKS_DIR, look)
        if loaded is None:
            raise SystemExit(f"the look {look} cannot be read: {issues}")
        drawer = LookDrawer(loaded)
    words = VOCABULARY.split()
    fronts, backs = [], []
    for number in range(1, count + 1):
        kind = "trigger" if number % 2 else "action"
        text = " ".join(rng.choice(words) for _ in range(rng.randint(6, 70)))
        title = " ".join(rng.choice(words) for _ in range(2)).title() if number % 3 == 0 else None
        fronts.append(CardFace(kind=kind, label=kind.upper(), number=number, text=text,
                               accent=KINDS[kind], title=title, ident=f"{kind[0]}{number}",
                               section=f"{kind}s", deck_name="Benchmark", look=drawer))
        backs.append(CardBack(kind=kind, label=kind.upper(), deck_name="Benchmark",
                              accent=KINDS[kind], section=f"{kind}s", look=drawer))
    return fronts, backs


def forget_set_texts() -> None:
    """Empty the layout's cache of texts already set (it lives as long as a process)."""
    from generator.layout import text_element

    text_element._SET.clear()


def measure(name: str, cards: int, repeat: int, run: Callable[[int], object]) -> float:
    rates = []
    for attempt in range(repeat):
        forget_set_texts()  # each run sets its deck's words afresh, as a new build does
        start = time.perf_counter()
        run(attempt)
        seconds = time.perf_counter() - start
        rates.append(cards / seconds)
        print(f"{name} run {attempt + 1}: {cards:,} cards in {seconds:.2f} s = "
              f"{cards / seconds:,.0f} cards/s")
    median = statistics.median(rates)
    print(f"{name}: median {median:,.0f} cards/s, best {max(rates):,.0f} cards/s")
    return median


def accelerator(hide: bool) -> str:
    """Import reportlab, without its C accelerator if `hide`, and say which helpers it uses."""
    if hide:
        sys.modules["_rl_accel"] = None  # type: ignore[assignment]  # import now fails
    from reportlab.lib import rl_accel  # type: ignore[import-untyped, unused-ignore]

    in_c = sorted(rl_accel._c_funcs)
    return f"C ({', '.join(in_c)})" if in_c else "pure Python (no rl_accel)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--pngs", type=int, default=100, help="cards for the PNG run (0: skip)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--look", default="hidden-rules",
                        help="the built-in look the cards are drawn in, or none")
    parser.add_argument("--no-accel", action="store_true",
                        help="hide reportlab's C accelerator (rl_accel) for this run")
    args = parser.parse_args()
    print(f"reportlab helpers: {accelerator(args.no_accel)}")
    from generator.printing import write_pnp, write_shop_pdf, write_shop_pngs

    fronts, backs = make_deck(args.cards, look=args.look)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        write_pnp(out / "warm.pdf", fronts[:4], backs[:4])  # fonts loaded, caches warm

        def sheets(attempt: int) -> None:
            summary = write_pnp(out / f"pnp{attempt}.pdf", fronts, backs, paper=args.paper,
                                deck_name="Benchmark")
            if attempt == 0:
                print(f"  {summary.layout}; {summary.pages} pages, "
                      f"{summary.file_bytes / 1e6:.1f} MB, {len(summary.overflow)} overflowing")

        measure("print-and-play sheets", args.cards, args.repeat, sheets)
        measure("shop PDF (dtc)", args.cards, args.repeat,
                lambda attempt: write_shop_pdf(out / f"dtc{attempt}.pdf", fronts, backs))
        if args.pngs:
            few = args.pngs
            measure("shop PNGs (tgc)", few, max(1, args.repeat // 2),
                    lambda attempt: write_shop_pngs(out / f"tgc{attempt}", fronts[:few],
                                                    backs[:few]))


if __name__ == "__main__":
    main()
