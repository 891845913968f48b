"""Benchmark of the print engine (not a test: run it by hand).

    python3 tests/benchmarks/bench_render.py [--cards 1000] [--repeat 5] [--pngs 100]
                                             [--pngs-only] [--no-accel]

Generates a deck of random trigger and action cards (suits, titles, long and short texts),
drawn through a built-in look as shipped decks are (`--look`, Hidden Rules' by default;
`--look none` for the face designs a game without a look prints in), then times the
print-and-play sheets (the figure to watch: cards per second, target 1,000 or more), the
shop PDF, and per-card PNGs on a smaller deck (`--pngs` cards: The Game Crafter's 825 × 1125
px files, target 200 cards per second on one core), with what one card costs in drawing and
in encoding. Prints each run and the medians; the machine's speed varies between runs, so
compare medians of several repeats.

Everything runs in this one process and one thread, so on one core at a time (`--one-cpu`
also pins it to a single CPU, on Linux). Each run is timed by the clock and by the process's
own CPU time, which other programs on a shared machine inflate less.

reportlab formats numbers and escapes strings in C when the `rl_accel` package is installed,
in pure Python otherwise; the first line printed says which. `--no-accel` hides the package
for this run, to measure the fallback.
"""

from __future__ import annotations

import argparse
import os
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
    rates, cpu_rates = [], []
    for attempt in range(repeat):
        forget_set_texts()  # each run sets its deck's words afresh, as a new build does
        start, cpu = time.perf_counter(), time.process_time()
        run(attempt)
        seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
        rates.append(cards / seconds)
        cpu_rates.append(cards / max(cpu_seconds, 1e-9))
        print(f"{name} run {attempt + 1}: {cards:,} cards in {seconds:.2f} s = "
              f"{cards / seconds:,.0f} cards/s ({cpu_rates[-1]:,.0f} per CPU second)")
    median = statistics.median(rates)
    print(f"{name}: median {median:,.0f} cards/s, best {max(rates):,.0f} cards/s; "
          f"per CPU second: median {statistics.median(cpu_rates):,.0f}")
    return median


def png_costs(fronts: list[CardFace], repeat: int) -> None:
    """What one per-card PNG costs, in CPU milliseconds: laying out its side, drawing it and
    encoding the file (the medians of `repeat` passes over the cards)."""
    from generator.printing.png import png_bytes, render_png, reused_image_memory
    from generator.printing.pngs import PNG_PROFILES
    from generator.printing.sides import Composer
    from generator.printing.sizes import find_size

    profile = PNG_PROFILES["tgc"]
    composer = Composer(size=find_size(profile.size), bleed_mm=3.7)
    stages: dict[str, list[float]] = {"layout": [], "drawing": [], "encoding": []}
    sizes = []
    for _ in range(repeat):
        forget_set_texts()
        spent = dict.fromkeys(stages, 0.0)
        with reused_image_memory():  # as write_shop_pngs draws them, one card at a time
            for face in fronts:
                start = time.process_time()
                side = composer.front(face)
                laid = time.process_time()
                image = render_png(side, size_px=profile.pixels, dpi=profile.dpi)
                drawn = time.process_time()
                sizes.append(len(png_bytes(image, profile.dpi)))
                encoded = time.process_time()
                for stage, seconds in zip(spent, (laid - start, drawn - laid, encoded - drawn),
                                          strict=True):
                    spent[stage] += seconds
        for stage, seconds in spent.items():
            stages[stage].append(seconds * 1000 / len(fronts))
    costs = {stage: statistics.median(values) for stage, values in stages.items()}
    total = sum(costs.values())
    print("per-card PNG, CPU ms a card: " + ", ".join(f"{stage} {ms:.2f}"
                                                        for stage, ms in costs.items())
          + f"; together {total:.2f} ms = {1000 / total:,.0f} cards/s "
          f"({statistics.mean(sizes) / 1000:,.0f} kB a file)")


def one_core(pin: bool) -> str:
    """Pin this process to one CPU (Linux) if `pin`, and say where it runs."""
    if not pin or not hasattr(os, "sched_setaffinity"):
        return "one process, one thread"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu} (one process, one thread)"


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
    parser.add_argument("--pngs-only", action="store_true",
                        help="time only the per-card PNGs")
    parser.add_argument("--one-cpu", action="store_true",
                        help="pin the process to one CPU (Linux)")
    args = parser.parse_args()
    print(f"process: {one_core(args.one_cpu)}")
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

        if not args.pngs_only:
            measure("print-and-play sheets", args.cards, args.repeat, sheets)
            measure("shop PDF (dtc)", args.cards, args.repeat,
                    lambda attempt: write_shop_pdf(out / f"dtc{attempt}.pdf", fronts, backs))
        if args.pngs:
            few = min(args.pngs, len(fronts))
            write_shop_pngs(out / "warm", fronts[:2], backs[:2])  # fonts and icons loaded
            measure("per-card PNGs (tgc, 825 × 1125 px)", few, args.repeat,
                    lambda attempt: write_shop_pngs(out / f"tgc{attempt}", fronts[:few],
                                                    backs[:few]))
            png_costs(fronts[:few], args.repeat)


if __name__ == "__main__":
    main()
